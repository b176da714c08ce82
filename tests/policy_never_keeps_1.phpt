--TEST--
override=never keeps a probing value
--INI--
nsscache.override=never
--ENV--
NSS_SDB_USE_CACHE=1
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: true
value: 'yes'
override: 'never'
env: '1'
previous: '1'
action: 'kept'
phase: 'load'
getenv: '1'
