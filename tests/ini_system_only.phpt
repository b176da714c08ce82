--TEST--
The nsscache.* directives are PHP_INI_SYSTEM: a script cannot change them
--FILE--
<?php
var_dump(ini_set('nsscache.value', 'no'));
var_dump(ini_set('nsscache.enabled', '0'));
var_dump(ini_set('nsscache.override', 'never'));
var_dump(ini_get('nsscache.value'), nsscache_status()['value']);
?>
--EXPECT--
bool(false)
bool(false)
bool(false)
string(3) "yes"
string(3) "yes"
