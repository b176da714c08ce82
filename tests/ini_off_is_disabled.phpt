--TEST--
nsscache.enabled accepts the usual php.ini booleans (Off arrives as "")
--INI--
nsscache.enabled=
--FILE--
<?php
var_dump(nsscache_status()['enabled'], getenv('NSS_SDB_USE_CACHE'));
?>
--EXPECT--
bool(false)
bool(false)
