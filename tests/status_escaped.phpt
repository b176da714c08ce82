--TEST--
Every string in nsscache_status() and nsscache_versions() is printable ASCII, escaped reversibly (\xHH, \\): a libnss3 in a directory whose name is not UTF-8, and a variable that is not, still json_encode(), and stripcslashes() gives the bytes back
--SKIPIF--
<?php
if (PHP_VERSION_ID < 70400) die('skip FFI exists from PHP 7.4');
if (!is_file(PHP_EXTENSION_DIR . '/ffi.so')) die('skip no ext/ffi to map libnss3 with (php8.2-cli)');
if (!glob('/{usr/,}lib{,64,/*-linux-gnu}/libnss3.so', GLOB_BRACE)) die('skip no libnss3 installed (scripts/test installs libnss3)');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$dir = sys_get_temp_dir() . "/nsscache-esc-\xff\\x41-" . getmypid();
@mkdir($dir);
symlink(glob('/{usr/,}lib{,64,/*-linux-gnu}/libnss3.so', GLOB_BRACE)[0], "$dir/libnss3.so");
$code = '$nss = FFI::cdef("const char *NSS_GetVersion(void);", getenv("NSS_LIB"));'
    . '$s = nsscache_status(); $j = json_encode($s); $je = "json error " . json_last_error(); $v = json_encode(nsscache_versions());'
    . 'echo $j === false ? $je : "json ok", " ", $v === false ? "versions: json error " . json_last_error() : "versions ok", "\n";'
    . 'echo stripcslashes($s["nss"]["path"]) === getenv("NSS_LIB") ? "path reversible" : "path " . $s["nss"]["path"], "\n";'
    . 'echo stripcslashes($s["env"]) === getenv("NSS_SDB_USE_CACHE") ? "env reversible" : "env " . $s["env"], "\n";'
    . 'echo stripcslashes($s["ssl_dir"]) === getenv("SSL_DIR") ? "ssl_dir reversible" : "ssl_dir " . $s["ssl_dir"], "\n";'
    . 'echo $s["env"], "\n";'
    . 'echo preg_match("/[^\x20-\x7e]/", $j) ? "raw bytes" : "printable ASCII", "\n";';
echo nsscache_test_child(['NSS_LIB' => "$dir/libnss3.so", 'NSS_SDB_USE_CACHE' => "1\xff\\x41\xc3\xa9", 'SSL_DIR' => "/x\x1b\n"],
    ['nsscache.override' => 'never'], $code, [PHP_EXTENSION_DIR . '/ffi.so']);
@unlink("$dir/libnss3.so");
@rmdir($dir);
?>
--EXPECT--
json ok versions ok
path reversible
env reversible
ssl_dir reversible
1\xff\\x41\xc3\xa9
printable ASCII
