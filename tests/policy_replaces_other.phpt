--TEST--
Any value but yes/no makes NSS probe: replaced
--ENV--
NSS_SDB_USE_CACHE=true
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
previous: 'true'
action: 'replaced'
phase: 'load'
getenv: 'yes'
