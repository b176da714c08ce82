--TEST--
NSS compares case-insensitively, so YES is kept as written
--ENV--
NSS_SDB_USE_CACHE=YES
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: true
value: 'yes'
override: 'probing'
env: 'YES'
previous: 'YES'
action: 'kept'
phase: 'load'
getenv: 'YES'
