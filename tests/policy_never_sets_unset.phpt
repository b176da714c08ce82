--TEST--
override=never still fills in an unset variable
--INI--
nsscache.override=never
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: true
value: 'yes'
override: 'never'
env: 'yes'
previous: NULL
action: 'set'
phase: 'load'
getenv: 'yes'
