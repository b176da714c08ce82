--TEST--
override=always keeps a value that already matches (any case)
--INI--
nsscache.override=always
--ENV--
NSS_SDB_USE_CACHE=Yes
--FILE--
<?php
require __DIR__ . '/status.inc';
nsscache_test_dump();
?>
--EXPECT--
enabled: true
value: 'yes'
override: 'always'
env: 'Yes'
previous: 'Yes'
action: 'kept'
phase: 'load'
getenv: 'Yes'
