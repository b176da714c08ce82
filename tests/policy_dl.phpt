--TEST--
dl("nsscache.so") at run time: the policy acts at load, the views work, and the module unloads cleanly at the end of the request (MSHUTDOWN unregisters its INI entries)
--FILE--
<?php
require __DIR__ . '/status.inc';
$so = nsscache_test_so();
// The 0.1.x defect was a use-after-free at module shutdown, after the script:
// memcheck sees it every time, a plain run only sometimes. Under run-tests -m
// (USE_ZEND_ALLOC=0) this child is traced by the outer valgrind already.
$vg = getenv('USE_ZEND_ALLOC') !== '0' && is_executable('/usr/bin/valgrind')
    ? ['/usr/bin/valgrind', '-q', '--error-exitcode=99'] : [];
$cmd = array_merge($vg, [PHP_BINARY, '-n', '-d', 'enable_dl=1', '-d', 'extension_dir=' . dirname($so), '-r',
    'var_dump(extension_loaded("nsscache")); dl("' . basename($so) . '"); $s = nsscache_status();'
    . ' echo json_encode([$s["action"], $s["phase"], getenv("NSS_SDB_USE_CACHE"), ini_get("nsscache.value")]), "\n";'
    . ' ob_start(); phpinfo(); ob_end_clean(); nsscache_versions(); nsscache_in_effect(); echo "done\n";']);
$p = nsscache_test_open([], $cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
echo stream_get_contents($pipes[1]), stream_get_contents($pipes[2]);
echo 'exit ', proc_close($p), "\n";
?>
--EXPECT--
bool(false)
["set","load","yes","yes"]
done
exit 0
