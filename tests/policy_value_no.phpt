--TEST--
nsscache.value=no sets no
--INI--
nsscache.value=no
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: true
value: 'no'
override: 'probing'
env: 'no'
previous: NULL
action: 'set'
phase: 'load'
getenv: 'no'
