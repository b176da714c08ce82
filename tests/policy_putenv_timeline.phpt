--TEST--
A request's putenv() calls are part of the variable's timeline: in_effect judges the value NSS opened its database under (softokn loaded by NSS_NoDB_Init), whatever the variable holds later, a putenv() of another variable or of yes/no is no reason, a value put back by the request itself hides nothing, and a change made below PHP (FFI setenv) is never in effect
--SKIPIF--
<?php
if (PHP_VERSION_ID < 70400) die('skip FFI exists from PHP 7.4');
if (!is_file(PHP_EXTENSION_DIR . '/ffi.so')) die('skip no ext/ffi to map libcurl-nss and NSS with (php8.2-cli; PHP >= 7.4)');
if (!glob('/{usr/,}lib{,64,/*-linux-gnu}/libcurl-nss.so.4', GLOB_BRACE)) die('skip no libcurl-nss here (scripts/test installs libcurl3-nss)');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$lib = glob('/{usr/,}lib{,64,/*-linux-gnu}/libcurl-nss.so.4', GLOB_BRACE);
// libcurl-nss mapped as ext/curl maps it; "open" is NSS opening its database: softokn loaded
$pre = '$c = FFI::cdef("void *curl_version_info(int);", getenv("NSS_CURL"));'
    . '$n = FFI::cdef("int NSS_NoDB_Init(const char *);", "libnss3.so");'
    . '$libc = FFI::cdef("int setenv(const char *, const char *, int);");'
    . 'function show($at) { $s = nsscache_status(); echo $at, ": ", var_export(getenv("NSS_SDB_USE_CACHE"), true), " ",'
    . ' var_export($s["in_effect"], true), " ", $s["in_effect_reason"], "\n"; }';
$open = '$n->NSS_NoDB_Init(null);';
// glibc loads and unloads gconv modules: objects come and go around the open
$churn = 'iconv("UTF-8", "UTF-16", "x"); iconv("UTF-8", "IBM037", "x"); iconv("UTF-8", "EUC-JP", "x");';
$cases = array(
    'putenv yes' => 'putenv("NSS_SDB_USE_CACHE=yes");' . $open . 'show("after");',
    'putenv no' => 'putenv("NSS_SDB_USE_CACHE=no");' . $open . 'show("after");',
    'open, then putenv 1' => $open . 'putenv("NSS_SDB_USE_CACHE=1"); show("after");',
    'putenv TZ' => 'putenv("TZ=UTC");' . $open . 'show("after");',
    'putenv 1 (a prediction)' => 'putenv("NSS_SDB_USE_CACHE=1"); show("after");',
    'putenv 1, open' => 'putenv("NSS_SDB_USE_CACHE=1");' . $open . 'show("after");',
    'putenv 1, open, put back' => '$old = getenv("NSS_SDB_USE_CACHE"); putenv("NSS_SDB_USE_CACHE=1");' . $open
        . 'putenv("NSS_SDB_USE_CACHE=$old"); show("after");',
    'the same with iconv' => $churn . '$old = getenv("NSS_SDB_USE_CACHE"); putenv("NSS_SDB_USE_CACHE=1");' . $churn
        . $open . $churn . 'putenv("NSS_SDB_USE_CACHE=$old");' . $churn . 'show("after");',
    'putenv unset, open' => 'putenv("NSS_SDB_USE_CACHE");' . $open . 'putenv("NSS_SDB_USE_CACHE=yes"); show("after");',
    'FFI setenv 1, open' => '$libc->setenv("NSS_SDB_USE_CACHE", "1", 1);' . $open . 'show("after");',
    'FFI setenv 1, open, putenv yes' => '$libc->setenv("NSS_SDB_USE_CACHE", "1", 1);' . $open
        . 'putenv("NSS_SDB_USE_CACHE=yes"); show("after");',
);
$ext = array(PHP_EXTENSION_DIR . '/ffi.so');
if (is_file(PHP_EXTENSION_DIR . '/iconv.so')) {
    $ext[] = PHP_EXTENSION_DIR . '/iconv.so';   // Debian's is shared; php -n loads none
}
foreach ($cases as $name => $code) {
    echo "$name\n", nsscache_test_child(array('NSS_CURL' => $lib[0]), array(), $pre . $code, $ext);
}
?>
--EXPECT--
putenv yes
after: 'yes' true in_effect
putenv no
after: 'no' true in_effect
open, then putenv 1
after: '1' true in_effect
putenv TZ
after: 'yes' true in_effect
putenv 1 (a prediction)
after: '1' false probing_value
putenv 1, open
after: '1' false opened_under_putenv
putenv 1, open, put back
after: 'yes' false opened_under_putenv
the same with iconv
after: 'yes' false opened_under_putenv
putenv unset, open
after: 'yes' false opened_under_putenv
FFI setenv 1, open
after: '1' NULL changed_below_php
FFI setenv 1, open, putenv yes
after: 'yes' NULL changed_below_php
