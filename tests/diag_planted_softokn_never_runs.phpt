--TEST--
A libsoftokn3.so planted in the current directory, reachable through an empty LD_LIBRARY_PATH entry, is never loaded by nsscache_status() or phpinfo()
--EXTENSIONS--
nsscache
--FILE--
<?php
require __DIR__ . '/status.inc';
$dir = sys_get_temp_dir() . '/nsscache-planted-' . getmypid();
@mkdir($dir);
$marker = "$dir/constructor-ran";
// What an attacker drops into a web root: a constructor is enough.
file_put_contents("$dir/planted.c", <<<'C'
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
const char planted_version[] = "Version: NSS 9.9.9 Planted";
__attribute__((constructor)) static void planted(void)
{
	const char *m = getenv("PLANTED_MARKER");
	if (m != NULL) close(open(m, O_WRONLY | O_CREAT, 0644));
}
C);
exec('cc -shared -fPIC -o ' . escapeshellarg("$dir/libsoftokn3.so") . ' ' . escapeshellarg("$dir/planted.c") . ' 2>&1', $o, $rc);
if ($rc !== 0) {
    echo "cannot build the planted library: ", implode("\n", $o), "\n";
}
// ":/usr/local/lib": the empty first entry means the current directory.
$code = '$s = nsscache_status(); echo $s["softokn"]["how"] ?? "none", "|", $s["softokn"]["path"] ?? "", "\n";'
      . 'ob_start(); phpinfo(); ob_end_clean(); (new ReflectionExtension("nsscache"))->info();';
[$p, $pipes] = nsscache_test_spawn(['LD_LIBRARY_PATH' => ':/usr/local/lib', 'PLANTED_MARKER' => $marker], [], $code, $dir);
fclose($pipes[0]);
[$status, $out] = nsscache_test_collect($p, $pipes, 20);
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
file in system lib dir|/%s/libsoftokn3.so
planted file not reported
constructor never ran
