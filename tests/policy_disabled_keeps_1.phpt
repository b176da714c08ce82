--TEST--
enabled=0: nsscache never touches the environment, even a probing value
--INI--
nsscache.enabled=0
--ENV--
NSS_SDB_USE_CACHE=1
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: false
value: 'yes'
override: 'probing'
env: '1'
previous: '1'
action: 'disabled'
phase: 'load'
getenv: '1'
