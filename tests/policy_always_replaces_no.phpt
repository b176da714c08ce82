--TEST--
override=always enforces nsscache.value over an admin's no
--INI--
nsscache.override=always
--ENV--
NSS_SDB_USE_CACHE=no
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: true
value: 'yes'
override: 'always'
env: 'yes'
previous: 'no'
action: 'replaced'
phase: 'load'
getenv: 'yes'
