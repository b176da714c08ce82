--TEST--
MINFO under an output handler that calls getenv()/putenv() completes (ZTS: no environment lock held while printing)
--FILE--
<?php
require __DIR__ . '/status.inc';
// Chunk size 1: the handler runs at every write, inside nsscache's section.
$code = <<<'PHP'
ob_start(function ($buf) { getenv('NSS_SDB_USE_CACHE'); putenv('NSSCACHE_T=1'); getenv('NSSCACHE_T'); return ''; }, 1);
phpinfo(INFO_MODULES);
(new ReflectionExtension('nsscache'))->info();
nsscache_status();
ob_end_clean();
echo "done\n";
PHP;
list($p, $pipes) = nsscache_test_spawn([], [], $code);
fclose($pipes[0]);
list($status, $out) = nsscache_test_collect($p, $pipes, 20);
echo $status, "\n", $out;
?>
--EXPECT--
exit 0
done
