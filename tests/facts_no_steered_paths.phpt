--TEST--
Syscall trace: nsscache_status(), nsscache_versions(), nsscache_in_effect(), MINFO and phpinfo() never stat, open or statfs SSL_DIR, TMPDIR, SQLITE_TMPDIR, the variable, or any cwd-relative path, nor the distribution's files
--SKIPIF--
<?php
if (PHP_VERSION_ID < 70400) die('skip FFI exists from PHP 7.4');
if (!is_executable('/usr/bin/strace')) die('skip no strace (scripts/test installs it)');
if (!is_file(PHP_EXTENSION_DIR . '/ffi.so')) die('skip no ext/ffi to map libnss3 with (php8.2-cli)');
if (!glob('/{usr/,}lib{,64,/*-linux-gnu}/libnss3.so', GLOB_BRACE)) die('skip no libnss3 installed (scripts/test installs libnss3)');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$dir = sys_get_temp_dir() . '/nsscache-trace-' . getmypid();
@mkdir("$dir/rel-tmp", 0755, true);
@mkdir("$dir/rel-db", 0755, true);
@mkdir("$dir/vg", 0700, true);
touch("$dir/rel-db/cert9.db");
$mark = "/nsscache-mark-" . getmypid();
// libnss3 mapped as libcurl-nss would map it: the views then look for softokn
// TMPDIR is set in the child: valgrind (the valgrind suite traces children) needs a usable one
$code = 'putenv("TMPDIR=" . getenv("STEERED_TMPDIR")); $nss = FFI::cdef("const char *NSS_GetVersion(void);", "libnss3.so");'
      . 'file_exists("' . $mark . '-begin"); nsscache_status(); nsscache_versions(); nsscache_in_effect();'
      . '(new ReflectionExtension("nsscache"))->info(); ob_start(); phpinfo(); ob_end_clean(); nsscache_status();'
      . 'file_exists("' . $mark . '-end");';
$cases = [
    'absolute' => ['SSL_DIR' => '/nonexistent-ssl-dir', 'STEERED_TMPDIR' => '/nonexistent-tmpdir',
                   'SQLITE_TMPDIR' => '/nonexistent-sqlite', 'NSS_SDB_USE_CACHE' => '/nonexistent-value'],
    'relative' => ['SSL_DIR' => 'rel-db', 'STEERED_TMPDIR' => 'rel-tmp', 'SQLITE_TMPDIR' => '.', 'NSS_SDB_USE_CACHE' => 'rel-db/x'],
];
foreach ($cases as $name => $env) {
    $log = "$dir/trace-$name";
    // TMPDIR (not a steered one: the script sets that itself) keeps the FIFOs of the valgrind
    // suite's memcheck, which traces this child, in the scratch dir instead of /tmp
    $cmd = ['/usr/bin/strace', '-f', '-qq', '-e', 'trace=%file', '-o', $log, PHP_BINARY, '-n',
        '-d', 'extension=' . PHP_EXTENSION_DIR . '/ffi.so', '-d', 'extension=' . nsscache_test_so(), '-r', $code];
    $p = nsscache_test_open($env + ['PATH' => '/usr/bin:/bin', 'TMPDIR' => "$dir/vg"], $cmd,
        [1 => ['file', '/dev/null', 'w'], 2 => ['pipe', 'w']], $pipes, $dir);
    $err = stream_get_contents($pipes[2]);
    $rc = proc_close($p);
    $lines = file($log, FILE_IGNORE_NEW_LINES) ?: [];
    $in = false;
    $paths = [];
    foreach ($lines as $l) {
        if (strpos($l, "$mark-begin") !== false) { $in = true; continue; }
        if (strpos($l, "$mark-end") !== false) { $in = false; continue; }
        if ($in && preg_match('/^\d+\s+\w+\((?:AT_FDCWD, )?"([^"]*)"/', $l, $m)) {
            $paths[] = $m[1];
        }
    }
    $steered = array_filter($paths, function ($p) use ($env) {
        if ($p === '' || $p[0] !== '/') return true;
        foreach ($env as $v) {
            if ($v !== '.' && strpos($p, $v) !== false) return true;
        }
        return false;
    });
    echo "$name: exit $rc, ", count($paths) > 0 ? 'traced' : 'NOTHING TRACED', ', ',
        array_intersect(['/etc/os-release', '/usr/lib/os-release', '/etc/redhat-release'], $paths)
            ? 'a distribution file READ' : 'no distribution file', ', ',
        preg_grep('#/libsoftokn3\.so$#', $paths) ? 'softokn file read' : 'softokn file NOT read', ', ',
        $steered ? 'STEERED: ' . implode(' ', array_unique($steered)) : 'no steered path', "\n";
    if ($rc !== 0) echo $err;
    @unlink($log);
}
@unlink("$dir/rel-db/cert9.db");
@rmdir("$dir/rel-db");
@rmdir("$dir/rel-tmp");
array_map('unlink', glob("$dir/vg/*") ?: []);
@rmdir("$dir/vg");
@rmdir($dir);
?>
--EXPECT--
absolute: exit 0, traced, no distribution file, softokn file read, no steered path
relative: exit 0, traced, no distribution file, softokn file read, no steered path
