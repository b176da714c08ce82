--TEST--
php-fpm: a request that putenv()s a probing value and has NSS open its database (softokn loaded meanwhile) says in_effect false, reason opened_under_putenv, from that moment on in that worker; a putenv() alone is a prediction (probing_value); one after NSS opened under yes (with iconv's gconv modules loaded and unloaded around it) changes nothing, and the README's hand fix, putenv() of yes or no before NSS opens, is in effect
--SKIPIF--
<?php
require __DIR__ . '/status.inc';
if (PHP_VERSION_ID < 70400) die('skip FFI exists from PHP 7.4');
if (nsscache_test_fpm_binary() === null) die('skip needs this PHP\'s php-fpm (php8.2-fpm)');
if (!is_file(PHP_EXTENSION_DIR . '/ffi.so')) die('skip no ext/ffi to map libcurl-nss with (php8.2-cli)');
if (!glob('/{usr/,}lib{,64,/*-linux-gnu}/libcurl-nss.so.4', GLOB_BRACE)) die('skip no libcurl-nss here (scripts/test installs libcurl3-nss)');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$dir = sys_get_temp_dir() . '/nsscache-fpm-putenv-' . getmypid();
@mkdir($dir);
$lib = glob('/{usr/,}lib{,64,/*-linux-gnu}/libcurl-nss.so.4', GLOB_BRACE)[0];
$show = '$s = nsscache_status(); echo json_encode([getenv("NSS_SDB_USE_CACHE", true), $s["in_effect"], $s["in_effect_reason"]]), "\n";';
// libcurl-nss (and libnss3 with it) mapped for the worker's life, as ext/curl would map it
file_put_contents("$dir/map.php", '<?php $GLOBALS["keep"] = FFI::cdef("void *curl_version_info(int);", ' . var_export($lib, true) . ');'
    . ' $n = FFI::cdef("int NSS_NoDB_Init(const char *);", "libnss3.so");');
file_put_contents("$dir/putenv.php", '<?php putenv("NSS_SDB_USE_CACHE=1");' . $show);
file_put_contents("$dir/open.php", '<?php putenv("NSS_SDB_USE_CACHE=1"); $n->NSS_NoDB_Init(null);' . $show);
file_put_contents("$dir/init.php", '<?php $n->NSS_NoDB_Init(null);' . $show);
file_put_contents("$dir/s.php", '<?php ' . $show);
// the README's hand fix (putenv yes or no in the script), and a putenv("1") with iconv after NSS opened under yes
file_put_contents("$dir/openyes.php", '<?php putenv("NSS_SDB_USE_CACHE=yes"); $n->NSS_NoDB_Init(null);' . $show);
file_put_contents("$dir/openno.php", '<?php putenv("NSS_SDB_USE_CACHE=no"); $n->NSS_NoDB_Init(null);' . $show);
file_put_contents("$dir/openq.php", '<?php putenv("NSS_SDB_USE_CACHE=1"); $n->NSS_NoDB_Init(null); echo "no look\n";');
file_put_contents("$dir/conv.php", '<?php iconv("UTF-8", "UTF-16", "x"); putenv("NSS_SDB_USE_CACHE=1");'
    . ' iconv("UTF-8", "IBM037", "x");' . $show);
// a fresh worker each time; the second one has NSS opened before any putenv()
foreach ([['s', 'putenv', 's', 'open', 's', 's'], ['init', 'putenv', 's', 'conv', 's'], ['openyes', 's', 'putenv', 's'],
        ['openno', 's'], ['openq', 's']] as $requests) {
    $p = nsscache_test_fpm_start($dir, ['extension' => PHP_EXTENSION_DIR . '/ffi.so', 'ffi.enable' => 1,
        'auto_prepend_file' => "$dir/map.php"],
        is_file(PHP_EXTENSION_DIR . '/iconv.so') ? ['php_admin_value[extension] = ' . PHP_EXTENSION_DIR . '/iconv.so'] : []);
    foreach ($requests as $r) {
        echo str_pad($r, 8), nsscache_test_fpm_request($dir, "$dir/$r.php");
    }
    nsscache_test_fpm_stop($p);
    @unlink("$dir/fpm.sock");
    echo "--\n";
}
foreach (['map.php', 'putenv.php', 'open.php', 'init.php', 's.php', 'openyes.php', 'openno.php', 'openq.php', 'conv.php', 'fpm.conf',
        'fpm.log', 'php-error.log'] as $f) {
    @unlink("$dir/$f");
}
@rmdir($dir);
?>
--EXPECT--
s       ["yes",true,"in_effect"]
putenv  ["1",false,"probing_value"]
s       ["yes",true,"in_effect"]
open    ["1",false,"opened_under_putenv"]
s       ["yes",false,"opened_under_putenv"]
s       ["yes",false,"opened_under_putenv"]
--
init    ["yes",true,"in_effect"]
putenv  ["1",true,"in_effect"]
s       ["yes",true,"in_effect"]
conv    ["1",true,"in_effect"]
s       ["yes",true,"in_effect"]
--
openyes ["yes",true,"in_effect"]
s       ["yes",true,"in_effect"]
putenv  ["1",true,"in_effect"]
s       ["yes",true,"in_effect"]
--
openno  ["no",true,"in_effect"]
s       ["yes",true,"in_effect"]
--
openq   no look
s       ["yes",false,"opened_under_putenv"]
--
