--TEST--
An admin's no is kept: it skips the probe as well
--ENV--
NSS_SDB_USE_CACHE=no
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: true
value: 'yes'
override: 'probing'
env: 'no'
previous: 'no'
action: 'kept'
phase: 'load'
getenv: 'no'
