--TEST--
The logged replacement escapes every byte outside printable ASCII and caps the length at a character boundary: an environment value cannot forge a log line
--FILE--
<?php
require __DIR__ . '/status.inc';
$log = tempnam(sys_get_temp_dir(), 'nsscache');
// NEL (U+0085), LINE SEPARATOR (U+2028) and a bare CSI (0x9b) split lines in
// some log viewers; the last value is cut inside U+00E9 (\xc3\xa9) at byte 64, escaped all the same.
foreach (["x\nPHP Fatal error:  forged\x1b[31m", str_repeat('v', 70000), "a\xc2\x85b\xe2\x80\xa8c\x9bd\\\"",
        str_repeat('v', 63) . "\xc3\xa9tail"] as $v) {
    file_put_contents($log, '');
    nsscache_test_child(['NSS_SDB_USE_CACHE' => $v], ['log_errors' => '1', 'error_log' => $log, 'error_reporting' => 'E_ALL'], ';');
    $text = file_get_contents($log);
    echo substr_count($text, "\n"), " line(s)\n", preg_replace('/^\[[^]]*\] /m', '', $text);
}
unlink($log);
?>
--EXPECT--
1 line(s)
PHP Notice:  nsscache: replaced NSS_SDB_USE_CACHE="x\x0aPHP Fatal error:  forged\x1b[31m" with "yes" at load [probing_value]
1 line(s)
PHP Notice:  nsscache: replaced NSS_SDB_USE_CACHE="vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv... (70000 bytes)" with "yes" at load [probing_value]
1 line(s)
PHP Notice:  nsscache: replaced NSS_SDB_USE_CACHE="a\xc2\x85b\xe2\x80\xa8c\x9bd\\\x22" with "yes" at load [probing_value]
1 line(s)
PHP Notice:  nsscache: replaced NSS_SDB_USE_CACHE="vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv\xc3... (69 bytes)" with "yes" at load [probing_value]
