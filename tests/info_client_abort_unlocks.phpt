--TEST--
A client abort in the middle of nsscache's MINFO section leaves getenv()/putenv() usable in shutdown functions (ZTS: the environment lock is released)
--FILE--
<?php
require __DIR__ . '/status.inc';
$marker = tempnam(sys_get_temp_dir(), 'nsscache');
unlink($marker);
// ReflectionExtension::info() prints the section as it goes; phpinfo() buffers
// the whole page and writes it after all modules, so an abort there never
// lands inside nsscache's section (the child runs it first, to be sure it
// is harmless). The child learns where its first row starts, says "ready", and once the
// parent has closed its stdout prints the section through a buffer that
// flushes exactly at that row: the write fails (EPIPE), the CLI sees an
// aborted connection and bails out from inside nsscache's MINFO.
$code = <<<'PHP'
register_shutdown_function(function () {
    getenv('NSS_SDB_USE_CACHE');
    putenv('NSSCACHE_T=1');
    file_put_contents(getenv('MARKER'), getenv('NSSCACHE_T') === '1' ? "shutdown ran\n" : "putenv lost\n");
});
ob_start();
phpinfo();
ob_end_clean();
$r = new ReflectionExtension('nsscache');
ob_start();
$r->info();
$at = strpos(ob_get_clean(), 'nsscache support');
echo "ready\n";
fgets(STDIN);
ob_start(null, $at + 4);
for ($i = 0; $i < 100; $i++) {
    $r->info();
}
file_put_contents(getenv('MARKER'), "no abort\n");
exit(3);
PHP;
list($p, $pipes) = nsscache_test_spawn(['MARKER' => $marker], [], $code);
echo fgets($pipes[1]);
fclose($pipes[1]);
fwrite($pipes[0], "go\n");
fclose($pipes[0]);
echo nsscache_test_collect($p, [], 20)[0], "\n";
echo is_file($marker) ? file_get_contents($marker) : "no marker\n";
@unlink($marker);
?>
--EXPECTF--
ready
exit %d
shutdown ran
