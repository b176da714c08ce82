--TEST--
nsscache.value=no replaces 1 with no
--INI--
nsscache.value=no
--ENV--
NSS_SDB_USE_CACHE=1
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: true
value: 'no'
override: 'probing'
env: 'no'
previous: '1'
action: 'replaced'
phase: 'load'
getenv: 'no'
