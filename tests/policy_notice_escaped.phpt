--TEST--
The logged replacement escapes control characters and caps the length: an environment value cannot forge a log line
--EXTENSIONS--
nsscache
--FILE--
<?php
require __DIR__ . '/status.inc';
$log = tempnam(sys_get_temp_dir(), 'nsscache');
foreach (["x\nPHP Fatal error:  forged\x1b[31m", str_repeat('v', 70000)] as $v) {
    file_put_contents($log, '');
    nsscache_test_child(['NSS_SDB_USE_CACHE' => $v], ['log_errors' => '1', 'error_log' => $log, 'error_reporting' => 'E_ALL'], ';');
    $text = file_get_contents($log);
    echo substr_count($text, "\n"), " line(s)\n", preg_replace('/^\[[^]]*\] /m', '', $text);
}
unlink($log);
?>
--EXPECT--
1 line(s)
PHP Notice:  nsscache: replaced NSS_SDB_USE_CACHE="x\nPHP Fatal error:  forged\x1b[31m" with "yes" at load (NSS treats that value as "measure" and probes the filesystem)
1 line(s)
PHP Notice:  nsscache: replaced NSS_SDB_USE_CACHE="vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv... (70000 bytes)" with "yes" at load (NSS treats that value as "measure" and probes the filesystem)
