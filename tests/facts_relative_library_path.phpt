--TEST--
A relative LD_LIBRARY_PATH entry: libnss3 and softokn mapped under a relative name are still seen (identified by their mapping, whatever the spelling of their name), the relative name is never resolved against the cwd, and before NSS loads its softokn none is named (the one beside libnss3 cannot be known): softokn_unknown
--SKIPIF--
<?php
if (PHP_VERSION_ID < 70400) die('skip FFI exists from PHP 7.4');
if (!is_file(PHP_EXTENSION_DIR . '/ffi.so')) die('skip no ext/ffi to load libnss3 with (php8.2-cli)');
if (!glob('/{usr/,}lib{,64,/*-linux-gnu}/libsoftokn3.so', GLOB_BRACE)) die('skip no libnss3 installed (scripts/test installs libnss3)');
if (!glob('/{usr/,}lib{,64,/*-linux-gnu}/libcurl-nss.so.4', GLOB_BRACE)) die('skip no libcurl-nss here (scripts/test installs libcurl3-nss)');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$dir = sys_get_temp_dir() . '/nsscache-rel-' . getmypid();
@mkdir("$dir/rel", 0755, true);
foreach (['libnss3.so', 'libsoftokn3.so'] as $lib) {
    symlink(glob('/{usr/,}lib{,64,/*-linux-gnu}/' . $lib, GLOB_BRACE)[0], "$dir/rel/$lib");
}
// NSS_NoDB_Init loads softokn (beside libnss3: rel/libsoftokn3.so) and opens no database
$curl = glob('/{usr/,}lib{,64,/*-linux-gnu}/libcurl-nss.so.4', GLOB_BRACE);
// libcurl-nss by its full name: its libnss3 comes through LD_LIBRARY_PATH, as rel/libnss3.so
$code = '$curl = FFI::cdef("void *curl_version_info(int);", ' . var_export($curl[0], true) . ');'
    . '$s = nsscache_status();'
    . 'echo "before: softokn ", $s["softokn"]["how"], " ", var_export($s["softokn"]["path"], true), " ", var_export($s["in_effect"], true), " ", $s["in_effect_reason"], "\n";'
    . '$nss = FFI::cdef("int NSS_NoDB_Init(const char *); const char *NSS_GetVersion(void);", "libnss3.so");'
    . 'echo "init ", $nss->NSS_NoDB_Init(null), "\n";'
    . '$s = nsscache_status();'
    . 'echo "nss: ", $s["nss"]["path"], " ", $s["nss"]["version"] === $nss->NSS_GetVersion() ? "version read" : "version " . var_export($s["nss"]["version"], true), " initialized=", var_export($s["nss"]["initialized"], true), "\n";'
    . 'echo "softokn: ", $s["softokn"]["how"], " ", $s["softokn"]["path"], " ", var_export($s["softokn"]["system_build"], true), "\n";';
list($p, $pipes) = nsscache_test_spawn(['LD_LIBRARY_PATH' => 'rel'], ['extension' => PHP_EXTENSION_DIR . '/ffi.so'], $code, $dir);
fclose($pipes[0]);
list($status, $out) = nsscache_test_collect($p, $pipes, 20);
echo $status, "\n", $out;
foreach (['libnss3.so', 'libsoftokn3.so'] as $lib) {
    @unlink("$dir/rel/$lib");
}
@rmdir("$dir/rel");
@rmdir($dir);
?>
--EXPECT--
exit 0
before: softokn none NULL NULL softokn_unknown
init 0
nss: rel/libnss3.so version read initialized=true
softokn: loaded rel/libsoftokn3.so false
