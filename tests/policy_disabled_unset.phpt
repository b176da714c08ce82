--TEST--
enabled=0: an unset variable stays unset
--INI--
nsscache.enabled=0
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: false
value: 'yes'
override: 'probing'
env: NULL
previous: NULL
action: 'disabled'
phase: 'load'
getenv: false
