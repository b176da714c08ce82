--TEST--
A libnss3 that is unloaded again (FFI) is no longer reported: no stale version, path or initialized
--SKIPIF--
<?php
if (PHP_VERSION_ID < 70400) die('skip FFI exists from PHP 7.4');
if (!is_file(PHP_EXTENSION_DIR . '/ffi.so')) die('skip no ext/ffi to load libnss3 with (php8.2-cli)');
if (!glob('/{usr/,}lib{,64,/*-linux-gnu}/libnss3.so', GLOB_BRACE)) die('skip no libnss3 installed (scripts/test installs libnss3)');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$code = <<<'PHP'
$show = function () {
    $n = nsscache_status()['nss'];
    echo json_encode([$n['version'] !== null, $n['initialized'], $n['path'] !== null]), "\n";
};
$show();
$nss = FFI::cdef('const char *NSS_GetVersion(void);', 'libnss3.so');
$show();
unset($nss);
gc_collect_cycles();
echo preg_match('#/libnss3\.so#', file_get_contents('/proc/self/maps')) ? "still mapped\n" : "unmapped\n";
$show();
PHP;
echo nsscache_test_child([], [], $code, [PHP_EXTENSION_DIR . '/ffi.so']);
?>
--EXPECT--
[false,null,false]
[true,false,true]
unmapped
[false,null,false]
