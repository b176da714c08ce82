--TEST--
php.ini turns unquoted yes/no into "1"/"": nsscache.value still means what was written
--INI--
nsscache.value=no
--FILE--
<?php
$ini = parse_ini_string("a = no\nb = yes\nc = \"no\"", false, INI_SCANNER_NORMAL);
var_dump($ini['a'], $ini['b']);
var_dump(ini_get('nsscache.value'), nsscache_status()['value'], getenv('NSS_SDB_USE_CACHE'));
?>
--EXPECT--
string(0) ""
string(1) "1"
string(0) ""
string(2) "no"
string(2) "no"
