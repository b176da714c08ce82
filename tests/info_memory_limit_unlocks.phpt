--TEST--
A memory_limit bailout in the middle of nsscache's MINFO section leaves getenv()/putenv() usable afterwards (ZTS: the environment lock is released)
--EXTENSIONS--
nsscache
--FILE--
<?php
require __DIR__ . '/status.inc';
$marker = tempnam(sys_get_temp_dir(), 'nsscache');
unlink($marker);
// The output handler allocates past memory_limit as soon as nsscache's first
// row reaches it: "Allowed memory size exhausted" bails out from inside MINFO.
$code = <<<'PHP'
register_shutdown_function(function () {
    getenv('NSS_SDB_USE_CACHE');
    putenv('NSSCACHE_T=1');
    nsscache_status();
    file_put_contents(getenv('MARKER'), getenv('NSSCACHE_T') === '1' ? "shutdown ran\n" : "putenv lost\n");
});
$GLOBALS['hog'] = [];
ini_set('memory_limit', (string) (memory_get_usage() + (4 << 20)));
ob_start(function ($buf) {
    if (strpos($buf, 'nsscache support') !== false || $GLOBALS['hog']) {
        $GLOBALS['hog'][] = str_repeat('x', 1 << 20);
    }
    return '';
}, 1);
(new ReflectionExtension('nsscache'))->info();
ob_end_clean();
file_put_contents(getenv('MARKER'), "no bailout\n");
PHP;
[$p, $pipes] = nsscache_test_spawn(['MARKER' => $marker], [], $code);
fclose($pipes[0]);
$out = stream_get_contents($pipes[1]);
fclose($pipes[1]);
echo nsscache_test_wait($p, 20), "\n";
echo strpos($out, 'Allowed memory size') !== false ? "memory limit hit\n" : $out;
echo is_file($marker) ? file_get_contents($marker) : "no marker\n";
@unlink($marker);
?>
--EXPECT--
exit 255
memory limit hit
shutdown ran
