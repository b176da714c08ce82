--TEST--
dl("nsscache.so") after NSS opened its database under "1": the replacement comes too late, and nsscache says so (set_after_nss_init); before NSS opened, it is in time (in_effect)
--SKIPIF--
<?php
if (PHP_VERSION_ID < 70400) die('skip FFI exists from PHP 7.4');
if (!is_file(PHP_EXTENSION_DIR . '/ffi.so')) die('skip no ext/ffi to map libcurl-nss and NSS with (php8.2-cli; PHP >= 7.4)');
if (!glob('/{usr/,}lib{,64,/*-linux-gnu}/libcurl-nss.so.4', GLOB_BRACE)) die('skip no libcurl-nss here (scripts/test installs libcurl3-nss)');
if (PHP_ZTS) die('skip dl() is for NTS builds');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$so = nsscache_test_so();
$lib = glob('/{usr/,}lib{,64,/*-linux-gnu}/libcurl-nss.so.4', GLOB_BRACE);
$pre = '$c = FFI::cdef("void *curl_version_info(int);", ' . var_export($lib[0], true) . ');'
    . '$n = FFI::cdef("int NSS_NoDB_Init(const char *);", "libnss3.so");';
$show = '$s = nsscache_status(); echo $s["action"], " ", getenv("NSS_SDB_USE_CACHE"), " ", var_export($s["in_effect"], true), " ", $s["in_effect_reason"], "\n";';
foreach (array('open, then dl' => '$n->NSS_NoDB_Init(null); dl(' . var_export(basename($so), true) . ');',
        'dl, then open' => 'dl(' . var_export(basename($so), true) . '); $n->NSS_NoDB_Init(null);') as $name => $code) {
    $cmd = 'env -i NSS_SDB_USE_CACHE=1 ' . escapeshellarg(PHP_BINARY) . ' -n -d extension=' . escapeshellarg(PHP_EXTENSION_DIR . '/ffi.so')
        . ' -d enable_dl=1 -d extension_dir=' . escapeshellarg(dirname($so)) . ' -r ' . escapeshellarg($pre . $code . $show) . ' 2>&1';
    echo "$name: ", shell_exec($cmd);
}
?>
--EXPECT--
open, then dl: replaced yes false set_after_nss_init
dl, then open: replaced yes true in_effect
