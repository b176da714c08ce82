--TEST--
INI values are case-insensitive
--INI--
nsscache.value=NO
nsscache.override=Always
nsscache.enabled=ON
--ENV--
NSS_SDB_USE_CACHE=yes
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: true
value: 'no'
override: 'always'
env: 'no'
previous: 'yes'
action: 'replaced'
phase: 'load'
getenv: 'no'
