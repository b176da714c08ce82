--TEST--
nsscache_status() with nsscache disabled and the variable unset: nulls, not errors
--INI--
nsscache.enabled=0
--FILE--
<?php
$s = nsscache_status();
var_dump($s['enabled'], $s['env'], $s['previous'], $s['action'], $s['phase']);
?>
--EXPECT--
bool(false)
NULL
NULL
string(8) "disabled"
string(4) "load"
