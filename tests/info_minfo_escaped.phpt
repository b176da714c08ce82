--TEST--
MINFO escapes every byte outside printable ASCII in the variable, SSL_DIR, TMPDIR and SQLITE_TMPDIR, as nsscache_status() does (\xHH, \\): php --ri cannot be made to print terminal escapes or extra lines
--FILE--
<?php
require __DIR__ . '/status.inc';
$env = [
    'NSS_SDB_USE_CACHE' => "a\x1b[31m\nFake => row\xe2\x80\xa8",
    'SSL_DIR' => "/srv/\x1b]0;title\x07\rFake => row",
    // TMPDIR is set in the child (below): valgrind itself needs a usable one to start
    'ODD_TMPDIR' => "\x9b2J\xc2\x85\t\"\\",
    'SQLITE_TMPDIR' => str_repeat("\xc3\xa9", 40),
];
$out = nsscache_test_child($env, ['nsscache.override' => 'never'],
    'putenv("TMPDIR=" . getenv("ODD_TMPDIR")); (new ReflectionExtension("nsscache"))->info(); echo json_encode(nsscache_status()["env"]), "\n";');
foreach (explode("\n", $out) as $line) {
    if (preg_match('/^(env|previous|Fake|ssl_dir|tmpdir|sqlite_tmpdir) =>|^"/', $line)) {
        echo $line, "\n";
    }
}
$section = substr($out, 0, strrpos($out, "\n", -2));
echo preg_match('/[^\x20-\x7e\n]/', $section) ? "raw bytes in MINFO\n" : "MINFO is printable ASCII\n";
?>
--EXPECT--
env => a\x1b[31m\x0aFake => row\xe2\x80\xa8
previous => a\x1b[31m\x0aFake => row\xe2\x80\xa8
ssl_dir => /srv/\x1b]0;title\x07\x0dFake => row
tmpdir => \x9b2J\xc2\x85\x09\x22\\
sqlite_tmpdir => \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9
"a\\x1b[31m\\x0aFake => row\\xe2\\x80\\xa8"
MINFO is printable ASCII
