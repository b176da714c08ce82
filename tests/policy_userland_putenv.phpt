--TEST--
A userland putenv() changes env but not what nsscache recorded
--FILE--
<?php
putenv('NSS_SDB_USE_CACHE=auto');
$s = nsscache_status();
var_dump($s['env'], $s['previous'], $s['action'], $s['phase']);
putenv('NSS_SDB_USE_CACHE');
var_dump(nsscache_status()['env']);
?>
--EXPECT--
string(4) "auto"
NULL
string(3) "set"
string(4) "load"
NULL
