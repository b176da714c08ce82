--TEST--
override=never keeps auto
--INI--
nsscache.override=never
--ENV--
NSS_SDB_USE_CACHE=auto
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: true
value: 'yes'
override: 'never'
env: 'auto'
previous: 'auto'
action: 'kept'
phase: 'load'
getenv: 'auto'
