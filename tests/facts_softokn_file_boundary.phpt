--TEST--
A softokn read as a file: its version string is found whole wherever it falls, across a 64 KiB read too, and a string cut by the end of the file is not taken
--SKIPIF--
<?php
if (PHP_VERSION_ID < 70400) die('skip FFI exists from PHP 7.4');
if (!is_file(PHP_EXTENSION_DIR . '/ffi.so')) die('skip no ext/ffi to map a libnss3 with (php8.2-cli)');
if (!glob('/{usr/,}lib{,64,/*-linux-gnu}/libnss3.so', GLOB_BRACE)) die('skip no libnss3 installed (scripts/test installs libnss3)');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
// A private NSS as LD_LIBRARY_PATH builds have it: a copy of libnss3 and,
// beside it, a libsoftokn3.so that nsscache reads (never runs) for its version.
$sys = glob('/{usr/,}lib{,64,/*-linux-gnu}/libnss3.so', GLOB_BRACE)[0];
$dir = sys_get_temp_dir() . '/nsscache-boundary-' . getmypid();
@mkdir($dir);
copy($sys, "$dir/libnss3.so");
$code = '$nss = FFI::cdef("const char *NSS_GetVersion(void);", getenv("NSS_LIB"));'
      . '$s = nsscache_status()["softokn"]; echo $s["how"], " ", var_export($s["version"], true), "\n";';
$tag = "Version: NSS 3.87.1 Basic ECC\0";
// 65516: the first 64 KiB read ends right after "Version: NSS 3.8"
foreach ([0, 65516, 65536 - 16, 65536 - 13, 65536 - 4, 3 * 65536 + 7] as $pad) {
    file_put_contents("$dir/libsoftokn3.so", "\x7fELF" . str_repeat('x', $pad) . $tag);
    echo $pad, ': ', nsscache_test_child(['NSS_LIB' => "$dir/libnss3.so"], [], $code, [PHP_EXTENSION_DIR . '/ffi.so']);
}
file_put_contents("$dir/libsoftokn3.so", "\x7fELF" . str_repeat('x', 100) . 'Version: NSS 3.8');
echo 'cut: ', nsscache_test_child(['NSS_LIB' => "$dir/libnss3.so"], [], $code, [PHP_EXTENSION_DIR . '/ffi.so']);
unlink("$dir/libsoftokn3.so");
unlink("$dir/libnss3.so");
rmdir($dir);
?>
--EXPECT--
0: file '3.87.1'
65516: file '3.87.1'
65520: file '3.87.1'
65523: file '3.87.1'
65532: file '3.87.1'
196615: file '3.87.1'
cut: file NULL
