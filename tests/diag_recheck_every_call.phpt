--TEST--
The DB and temp dir are looked at again on every call: a cert9.db created, a temp dir removed later, show at once
--EXTENSIONS--
nsscache
--FILE--
<?php
$base = sys_get_temp_dir() . '/nsscache-recheck-' . getmypid();
@mkdir($base);
@mkdir("$base/db");
@mkdir("$base/tmp");
putenv("SSL_DIR=$base/db");
putenv('SQLITE_TMPDIR');
putenv("TMPDIR=$base/tmp");
$s = nsscache_status();
var_dump($s['db']['cert9'], $s['tempdir']['path'] === "$base/tmp");
// Same environment strings, different filesystem.
touch("$base/db/cert9.db");
rmdir("$base/tmp");
$s = nsscache_status();
var_dump($s['db']['cert9'], $s['tempdir']['path'] === "$base/tmp", $s['tempdir']['source']);
echo $s['tempdir']['note'], "\n";
// And back.
unlink("$base/db/cert9.db");
var_dump(nsscache_status()['db']['cert9']);
putenv('SSL_DIR');
putenv('TMPDIR');
rmdir("$base/db");
rmdir($base);
?>
--EXPECTF--
bool(false)
bool(true)
bool(true)
bool(false)
string(%d) "%s"
TMPDIR=%s/tmp skipped by sqlite (No such file or directory)
bool(false)
