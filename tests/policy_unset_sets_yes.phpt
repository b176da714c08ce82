--TEST--
Default policy: an unset variable is set to yes when the .so loads
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
previous: NULL
action: 'set'
phase: 'load'
getenv: 'yes'
