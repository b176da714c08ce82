--TEST--
A setuid copy of the CLI (AT_SECURE set by the kernel): softokn >= 3.23 reads NSS_SDB_USE_CACHE with secure_getenv() and sees none, so nsscache says in_effect false, secure_exec; the same copy without the setuid bit says in_effect
--SKIPIF--
<?php
if (PHP_VERSION_ID < 70400) die('skip FFI exists from PHP 7.4');
if (trim((string) shell_exec('id -u')) !== '0') die('skip needs root to make a setuid copy of the CLI (scripts/test runs it as root)');
if (!is_file(PHP_EXTENSION_DIR . '/ffi.so')) die('skip no ext/ffi to map libcurl-nss with (php8.2-cli; PHP >= 7.4)');
if (!glob('/{usr/,}lib{,64,/*-linux-gnu}/libcurl-nss.so.4', GLOB_BRACE)) die('skip no libcurl-nss here (scripts/test installs libcurl3-nss)');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
// everything the copy reads lies in a dir the user nobody (its effective user) can read
$dir = sys_get_temp_dir() . '/nsscache-secure-' . getmypid();
mkdir($dir, 0755);
chmod($dir, 0755);
copy(PHP_BINARY, "$dir/php");
copy(nsscache_test_so(), "$dir/nsscache.so");
$lib = glob('/{usr/,}lib{,64,/*-linux-gnu}/libcurl-nss.so.4', GLOB_BRACE);
$code = '$c = FFI::cdef("void *curl_version_info(int);", ' . var_export($lib[0], true) . '); $s = nsscache_status();'
    . ' echo getenv("NSS_SDB_USE_CACHE"), " ", var_export($s["in_effect"], true), " ", $s["in_effect_reason"], "\n";';
foreach (array('plain' => 0755, 'setuid nobody' => 04755) as $name => $mode) {
    chown("$dir/php", 'nobody');
    chmod("$dir/php", $mode);
    echo "$name: ", shell_exec('cd / && env -i ' . escapeshellarg("$dir/php") . ' -n -d extension=' . escapeshellarg(PHP_EXTENSION_DIR . '/ffi.so')
        . ' -d extension=' . escapeshellarg("$dir/nsscache.so") . ' -r ' . escapeshellarg($code) . ' 2>&1');
}
unlink("$dir/php");
unlink("$dir/nsscache.so");
rmdir($dir);
?>
--EXPECT--
plain: yes true in_effect
setuid nobody: yes false secure_exec
