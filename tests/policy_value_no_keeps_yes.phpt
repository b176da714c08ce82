--TEST--
nsscache.value=no keeps an admin's yes under probing
--INI--
nsscache.value=no
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
override: 'probing'
env: 'yes'
previous: 'yes'
action: 'kept'
phase: 'load'
getenv: 'yes'
