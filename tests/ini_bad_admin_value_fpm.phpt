--TEST--
php-fpm: a bad php_admin_value for an nsscache directive is warned about with the value actually in force (the master's php.ini value the worker keeps), not the built-in default
--SKIPIF--
<?php
require __DIR__ . '/status.inc';
if (nsscache_test_fpm_binary() === null) die('skip needs this PHP\'s php-fpm (php8.2-fpm)');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$dir = sys_get_temp_dir() . '/nsscache-fpm-ini-' . getmypid();
@mkdir($dir);
file_put_contents("$dir/s.php", '<?php $s = nsscache_status(); echo json_encode([$s["value"], $s["override"], $s["action"], $s["env"]]), "\n";');
$p = nsscache_test_fpm_start($dir, ['nsscache.override' => 'never', 'nsscache.value' => 'no', 'html_errors' => 0],
    ['env[NSS_SDB_USE_CACHE] = auto', 'php_admin_value[nsscache.override] = sometimes', 'php_admin_value[nsscache.value] = maybe']);
echo nsscache_test_fpm_request($dir, "$dir/s.php");
nsscache_test_fpm_stop($p);
$log = @file_get_contents("$dir/fpm.log") . @file_get_contents("$dir/php-error.log");
preg_match_all('/Invalid value "[^"]*" for nsscache\.\w+: [^\n]*?"\w+"/', $log, $m);
$w = array_unique($m[0]);
sort($w);
echo implode("\n", $w), "\n";
foreach (['s.php', 'fpm.conf', 'fpm.log', 'php-error.log'] as $f) {
    @unlink("$dir/$f");
}
@rmdir($dir);
?>
--EXPECT--
["no","never","kept","auto"]
Invalid value "maybe" for nsscache.value: expected yes or no; keeping "no"
Invalid value "sometimes" for nsscache.override: expected probing, never or always; keeping "never"
