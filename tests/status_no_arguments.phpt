--TEST--
The nsscache_* functions take no arguments (PHP 8 throws ArgumentCountError)
--EXTENSIONS--
nsscache
--SKIPIF--
<?php if (PHP_VERSION_ID < 80000) die('skip PHP 7 warns instead of throwing'); ?>
--FILE--
<?php
foreach (['nsscache_status', 'nsscache_versions', 'nsscache_in_effect'] as $f) {
    try {
        $f(1);
    } catch (ArgumentCountError $e) {
        echo $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
nsscache_status() expects exactly 0 arguments, 1 given
nsscache_versions() expects exactly 0 arguments, 1 given
nsscache_in_effect() expects exactly 0 arguments, 1 given
