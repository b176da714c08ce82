--TEST--
The nsscache_* functions take no arguments: PHP 8 throws ArgumentCountError, an older PHP warns and returns NULL, each in its own words
--FILE--
<?php
set_error_handler(function ($no, $msg) {
    $GLOBALS['warning'] = $msg;
    return true;
});
foreach (['nsscache_status', 'nsscache_versions', 'nsscache_in_effect'] as $f) {
    $GLOBALS['warning'] = null;
    try {
        $r = $f(1);
        $got = $GLOBALS['warning'] . ', returned ' . var_export($r, true);
        $want = "$f() expects exactly 0 parameters, 1 given, returned NULL";
    } catch (ArgumentCountError $e) {
        $got = $e->getMessage();
        $want = "$f() expects exactly 0 arguments, 1 given";
    }
    echo $f, ': ', $got === $want && (PHP_VERSION_ID >= 80000) === isset($e) ? 'refused' : "got $got", "\n";
}
?>
--EXPECT--
nsscache_status: refused
nsscache_versions: refused
nsscache_in_effect: refused
