--TEST--
auto means measure: replaced
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
override: 'probing'
env: 'yes'
previous: 'auto'
action: 'replaced'
phase: 'load'
getenv: 'yes'
