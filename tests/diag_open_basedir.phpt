--TEST--
open_basedir: paths outside it are reported as not checked and never looked at (no exists/dir/readable oracle)
--EXTENSIONS--
nsscache
--INI--
open_basedir={PWD}
--FILE--
<?php
$in = __DIR__ . '/basedir-' . getmypid();
@mkdir($in);
touch("$in/cert9.db");
putenv('SQLITE_TMPDIR');
// Outside: an existing directory, a file, a missing path. A script must not
// be able to tell them apart through nsscache_status().
$seen = [];
foreach (['/root', '/etc/passwd', '/nonexistent-' . getmypid()] as $outside) {
    putenv("SSL_DIR=$outside");
    putenv("TMPDIR=$outside");
    $s = nsscache_status();
    $seen[] = str_replace($outside, 'OUTSIDE', var_export([$s['db'], $s['tempdir'], $s['probe'], $s['reason']], true));
}
var_dump(count(array_unique($seen)));
$db = $s['db'];
var_dump($db['source'], $db['exists'], $db['directory'], $db['readable'], $db['writable'], $db['cert9'], $db['fs'], $db['fs_class']);
echo $db['note'], "\n", $db['reason'], "\n";
$t = $s['tempdir'];
var_dump($t['source'], $t['fs'], $t['fs_class']);
echo $t['reason'], "\n";
ob_start();
(new ReflectionExtension('nsscache'))->info();
echo implode("\n", preg_grep('/^(NSS database|Temp dir)/', explode("\n", ob_get_clean()))), "\n";
// Inside: looked at as usual.
putenv("SSL_DIR=$in");
putenv("TMPDIR=$in");
$s = nsscache_status();
var_dump($s['db']['source'], $s['db']['exists'], $s['db']['cert9'], $s['db']['note'], $s['tempdir']['path'] === $in);
putenv('SSL_DIR');
putenv('TMPDIR');
unlink("$in/cert9.db");
rmdir($in);
?>
--EXPECTF--
int(1)
string(7) "SSL_DIR"
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
NULL
string(7) "unknown"
SSL_DIR=%s is outside open_basedir, so nsscache did not look at it
not checked: open_basedir hides sql:%s (from SSL_DIR) from this script, so nsscache did not look at it
string(6) "TMPDIR"
NULL
string(7) "unknown"
not checked: open_basedir hides %s (TMPDIR) from this script, so nsscache did not look at it
NSS database => %s (SSL_DIR, not checked: open_basedir)
Temp dir for the probe => %s (TMPDIR, not checked: open_basedir)
string(7) "SSL_DIR"
bool(true)
bool(true)
NULL
bool(true)
