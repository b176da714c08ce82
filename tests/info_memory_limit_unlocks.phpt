--TEST--
A memory_limit bailout in the middle of nsscache's MINFO section leaves getenv()/putenv() usable afterwards (ZTS: the environment lock is released)
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
    // 8.2.32 ZTS reports the limit hit in a handler as "Cannot use output
    // buffering in output buffering display handlers": a fatal error too.
    $e = error_get_last();
    file_put_contents(getenv('MARKER'), (getenv('NSSCACHE_T') === '1' ? "shutdown ran" : "putenv lost")
        . ($e !== null && $e['type'] === E_ERROR ? " after a fatal error\n" : " after: " . ($e === null ? '' : $e['message']) . "\n"));
});
$GLOBALS['hog'] = [];
ini_set('memory_limit', (string) (memory_get_usage() + (4 << 20)));
ob_start(function ($buf) {
    if (strpos($buf, 'nsscache support') !== false || $GLOBALS['hog']) {
        $GLOBALS['hog'][] = str_repeat('x', 4 << 20);
    }
    return '';
}, 1);
(new ReflectionExtension('nsscache'))->info();
ob_end_clean();
file_put_contents(getenv('MARKER'), "no bailout\n");
PHP;
// display_errors=0: the message would be printed through the very handler.
list($p, $pipes) = nsscache_test_spawn(['MARKER' => $marker], ['display_errors' => '0'], $code);
fclose($pipes[0]);
list($status, $out) = nsscache_test_collect($p, $pipes, 20);
echo $status, "\n";
echo is_file($marker) ? file_get_contents($marker) : "no marker\n";
@unlink($marker);
?>
--EXPECT--
exit 255
shutdown ran after a fatal error
