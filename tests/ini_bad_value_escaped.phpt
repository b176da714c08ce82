--TEST--
An invalid INI value is quoted escaped and capped in its startup warning, NUL and all
--FILE--
<?php
require __DIR__ . '/status.inc';
$ini = tempnam(sys_get_temp_dir(), 'nsscache');
$log = tempnam(sys_get_temp_dir(), 'nsscache');
foreach (["\"a\x1b[31m\nPHP Fatal error:  b\"", '"a' . "\0" . 'tail"', str_repeat('w', 70000)] as $v) {
    file_put_contents($ini, "nsscache.value = $v\nlog_errors = 1\nerror_log = $log\ndisplay_startup_errors = 0\n");
    file_put_contents($log, '');
    // -c: the ini file instead of -n (nsscache_test_child adds -n, so run it here); an empty
    // PHP_INI_SCAN_DIR keeps the PHP's own conf.d out (it may load nsscache, or warn itself).
    $p = nsscache_test_open(['PHP_INI_SCAN_DIR' => ''], [PHP_BINARY, '-c', $ini, '-d', 'extension=' . nsscache_test_so(), '-r', ';'],
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    stream_get_contents($pipes[1]);
    stream_get_contents($pipes[2]);
    proc_close($p);
    $text = file_get_contents($log);
    echo substr_count($text, "\n"), " line(s)\n", preg_replace('/^\[[^]]*\] /m', '', $text);
}
unlink($ini);
unlink($log);
?>
--EXPECT--
1 line(s)
PHP Warning:  PHP Startup: Invalid value "a\x1b[31m\x0aPHP Fatal error:  b" for nsscache.value: expected yes or no; using the default "yes" in Unknown on line 0
1 line(s)
PHP Warning:  PHP Startup: Invalid value "a\x00tail" for nsscache.value: expected yes or no; using the default "yes" in Unknown on line 0
1 line(s)
PHP Warning:  PHP Startup: Invalid value "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww... (70000 bytes)" for nsscache.value: expected yes or no; using the default "yes" in Unknown on line 0
