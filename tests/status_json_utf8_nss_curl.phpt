--TEST--
With an NSS libcurl in the process, nsscache_status() still quotes no value in its reason: json_encode() works for any valid UTF-8 value (0.1.x cut the value at byte 32 inside its sentences)
--SKIPIF--
<?php
if (PHP_VERSION_ID < 70400) die('skip FFI exists from PHP 7.4');
if (!is_file(PHP_EXTENSION_DIR . '/ffi.so')) die('skip no ext/ffi to map libcurl-nss with (php8.2-cli)');
if (!glob('/{usr/,}lib{,64,/*-linux-gnu}/libcurl-nss.so.4', GLOB_BRACE)) die('skip no libcurl-nss here (Debian has it up to bookworm, where scripts/test installs libcurl3-nss)');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
// libcurl-nss mapped through FFI, as ext/curl would map it (and libnss3 with it)
$lib = glob('/{usr/,}lib{,64,/*-linux-gnu}/libcurl-nss.so.4', GLOB_BRACE)[0];
$code = '$lib = FFI::cdef("void *curl_version_info(int);", getenv("NSS_CURL"));'
      . '$s = nsscache_status(); $j = json_encode($s); '
      . 'echo $j === false ? "json error " . json_last_error() : "json ok", " ", stripcslashes($s["previous"]) === getenv("NSS_SDB_USE_CACHE") ? "exact" : "changed",'
      . ' " ", $s["libcurl"]["nss"] ? "nss curl" : "no nss curl", " ", $s["in_effect_reason"], "\n";';
foreach (["1\xc3\xa9\xe2\x80\xa6", '1' . str_repeat("\xc3\xa9", 20) . "\xe2\x80\xa6", str_repeat("\xe2\x80\xa6", 40), "\xc3\xa9" . str_repeat('x', 5000)] as $v) {
    echo nsscache_test_child(['NSS_SDB_USE_CACHE' => $v, 'NSS_CURL' => $lib], ['nsscache.override' => 'never'],
        $code, [PHP_EXTENSION_DIR . '/ffi.so']);
}
?>
--EXPECT--
json ok exact nss curl probing_value
json ok exact nss curl probing_value
json ok exact nss curl probing_value
json ok exact nss curl probing_value
