--TEST--
An admin's yes is kept
--ENV--
NSS_SDB_USE_CACHE=yes
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: true
value: 'yes'
override: 'probing'
env: 'yes'
previous: 'yes'
action: 'kept'
phase: 'load'
getenv: 'yes'
