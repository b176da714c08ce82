--TEST--
A libsoftokn3.so planted in the current directory, reachable through an empty LD_LIBRARY_PATH entry, is never loaded by nsscache_status() or phpinfo(): the softokn beside the loaded libnss3 is read instead
--SKIPIF--
<?php
if (PHP_VERSION_ID < 70400) die('skip FFI exists from PHP 7.4');
if (!is_file(PHP_EXTENSION_DIR . '/ffi.so')) die('skip no ext/ffi to load libnss3 with (php8.2-cli)');
if (!glob('/{usr/,}lib{,64,/*-linux-gnu}/libnss3.so', GLOB_BRACE)) die('skip no libnss3 installed: nothing for nsscache to look beside (scripts/test installs libnss3)');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$dir = sys_get_temp_dir() . '/nsscache-planted-' . getmypid();
@mkdir($dir);
$marker = "$dir/constructor-ran";
// What an attacker drops into a web root: a constructor is enough.
$c = <<<'C'
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
const char planted_version[] = "Version: NSS 9.9.9 Planted";
__attribute__((constructor)) static void planted(void)
{
	const char *m = getenv("PLANTED_MARKER");
	if (m != NULL) close(open(m, O_WRONLY | O_CREAT, 0644));
}
C;
file_put_contents("$dir/planted.c", $c);
exec('cc -shared -fPIC -o ' . escapeshellarg("$dir/libsoftokn3.so") . ' ' . escapeshellarg("$dir/planted.c") . ' 2>&1', $o, $rc);
if ($rc !== 0) {
    echo "cannot build the planted library: ", implode("\n", $o), "\n";
}
// ":/usr/local/lib": the empty first entry means the current directory. FFI
// maps the system libnss3 (as libcurl-nss would): nsscache then looks for the
// softokn NSS would load.
$code = '$nss = FFI::cdef("const char *NSS_GetVersion(void);", "libnss3.so");'
      . '$s = nsscache_status(); echo $s["softokn"]["how"], "|", (string) $s["softokn"]["path"], "|",'
      . ' var_export($s["softokn"]["system_build"], true), "\n";'
      . 'ob_start(); phpinfo(); ob_end_clean(); (new ReflectionExtension("nsscache"))->info();';
list($p, $pipes) = nsscache_test_spawn(['LD_LIBRARY_PATH' => ':/usr/local/lib', 'PLANTED_MARKER' => $marker],
    ['extension' => PHP_EXTENSION_DIR . '/ffi.so'], $code, $dir);
fclose($pipes[0]);
list($status, $out) = nsscache_test_collect($p, $pipes, 20);
echo $status, "\n";
echo strtok($out, "\n"), "\n";
echo strpos($out, $dir) === false ? "planted file not reported\n" : "planted file reported\n";
echo file_exists($marker) ? "CONSTRUCTOR RAN\n" : "constructor never ran\n";
foreach (['planted.c', 'libsoftokn3.so', 'constructor-ran'] as $f) {
    @unlink("$dir/$f");
}
rmdir($dir);
?>
--EXPECTF--
exit 0
file|/%s/libsoftokn3.so|true
planted file not reported
constructor never ran
