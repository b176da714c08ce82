--TEST--
/proc/sys/fs/dentry-state unreadable or empty: null and a reason, no warning
--EXTENSIONS--
nsscache
--SKIPIF--
<?php
if (trim((string) shell_exec('id -u')) !== '0') die('skip needs root to bind-mount over /proc in a private mount namespace');
if (!is_executable('/usr/bin/unshare')) die('skip unshare(1) missing');
// run-tests -m traces children with valgrind, which refuses setuid mount(8).
if (getenv('USE_ZEND_ALLOC') === '0' && !getenv('SKIP_ASAN')) die('skip under valgrind: mount(8) is setuid');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$code = 'var_dump(nsscache_dentry_state()); $s = nsscache_status(); var_dump($s["dentry"]); '
      . '(new ReflectionExtension("nsscache"))->info();';
// A private mount namespace: the host's /proc is untouched. unshare(1) would
// make all of / private, which fails where / is not a mount point (a chroot):
// making /proc private is enough for a bind mount under it.
$garbage = tempnam(sys_get_temp_dir(), 'nsscache');
file_put_contents($garbage, "not numbers\n");
foreach (['/dev/null' => 'empty file', $garbage => 'garbage'] as $src => $what) {
    $cmd = sprintf('mount --make-rprivate /proc && mount --bind %s /proc/sys/fs/dentry-state && exec %s -n -d extension=%s -r %s',
        escapeshellarg($src), escapeshellarg(PHP_BINARY), escapeshellarg(nsscache_test_so()), escapeshellarg($code));
    $out = (string) shell_exec('unshare -m --propagation unchanged sh -c ' . escapeshellarg($cmd) . ' 2>&1');
    echo "== $what\n";
    if (strpos($out, 'Negative dentries') === false) {
        echo $out; // the namespace or the mount failed: show why
    }
    foreach (explode("\n", $out) as $line) {
        if (strncmp($line, 'NULL', 4) === 0 || strncmp($line, 'Negative dentries', 17) === 0 || stripos($line, 'warning') !== false) {
            echo $line, "\n";
        }
    }
}
unlink($garbage);
?>
--EXPECTF--
== empty file
NULL
NULL
Negative dentries => unknown: %s
== garbage
NULL
NULL
Negative dentries => unknown: %s
