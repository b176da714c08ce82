--TEST--
An unquoted FPM env[] yes arrives as 1, which makes NSS probe: replaced
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
override: 'probing'
env: 'yes'
previous: '1'
action: 'replaced'
phase: 'load'
getenv: 'yes'
