<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: the view. Where a target's files are seen from (its process's root and mounts, its pool
// master's, or the doctor's own) and what is seen there: the DB libcurl-NSS would open, sqlite's temp dir,
// the softokn file. Every read of the host that judging needs happens here (judge.php is given a View).
declare(strict_types=1);

namespace NsscacheDoctor;

const NSSDB_DEFAULT = '/etc/pki/nssdb';

// A target's view of the host, as data: what judge() is given.
final class View
{
    public ?string $root = '';      // the target's root as a path of the doctor's ('' its own); null: not seen
    public ?array $mounts = null;   // nsscache_ep_mounts() rows relative to that root; null: unreadable
    public ?array $creds = null;    // the process's effective ['uid', 'gid', 'groups'] (proc_creds()); null: unknown
    public ?bool $secure = null;    // secure execution (AT_SECURE); null: unknown
    public ?array $maps = null;     // library name => path mapped in the answering process (nsscache_ep_maps())
    public array $distro = [];      // read_distro() of that root
    public array $notes = [];       // notes for the target (remote_target, process_gone, mountinfo_unreadable, ...)
    public array $db = [];          // db_dir() for the target's SSL_DIR and cwd
    public array $tempdir = [];     // temp_dir() for the target's environment and cwd
    public array $softokn = [];     // softokn_file(); 'how' => 'none' if none or not looked for
    public ?string $build = null;   // the distribution's build that softokn file is (softokn_build()); null: none
}

// Where a target's files are seen from, FROM (main.php vantage_of()): 'from' ours (the doctor's own view),
// answerer (the process that answered, or its pool's master) or none (nothing of the host); an answerer's
// 'check' (what its cmdline must hold to be the one asked, '' anything), a pool's 'master_pid' (whose root
// and mounts its workers share), 'chroot' (inside that root) and 'user' (its workers' credentials when the
// worker is gone). PID: the process that answered (a pool's worker, an Apache child). A pool's master is
// preferred for its root and mounts, since a worker may exit right after its request (the worker still
// gives its credentials and libraries when it is there). HOST: ['distro' => the doctor's own].
function view_of(array $from, ?int $pid, array $host): View
{
    $from += ['check' => '', 'master_pid' => null, 'chroot' => null, 'user' => null];
    $v = new View();
    $v->distro = $host['distro'];
    if ($from['from'] === 'none') {
        $v->root = null;
        $v->distro = ['id' => null, 'version' => null, 'id_like' => null, 'family' => 'other', 'source' => null,
            'notes' => []];
        $v->notes = ['prometheus_text'];
        return $v;
    }
    $worker = null;
    if ($from['from'] === 'answerer') {
        // an answer without its pid, or from a process that is not the one asked: it is not seen
        $cmd = $pid !== null ? read_bounded("/proc/$pid/cmdline", 4096) : null;
        if ($cmd !== null
                && ($from['check'] === '' || strpos(str_replace("\0", ' ', $cmd), $from['check']) !== false)) {
            $worker = "/proc/$pid";
        } else {
            $v->notes[] = 'process_gone';
        }
    }
    // the worker's root and mount namespace, whatever they are (chroot, PrivateTmp=, a container)
    $space = $worker ?? '/proc/self';
    $chroot = '';
    $master = $from['master_pid'];
    if ($master !== null && is_dir("/proc/$master")) {
        $space = "/proc/$master";
        $chroot = rtrim((string) $from['chroot'], '/');
        $v->root = "$space/root$chroot";
        if ($worker === null) {
            $v->notes[] = 'judged_from_master';
        }
    } elseif ($worker !== null) {
        $v->root = "$worker/root";
    }
    $mi = read_bounded("$space/mountinfo", 4 << 20);
    $v->mounts = $mi !== null ? mounts_under(\nsscache_ep_mounts($mi), $chroot) : null;
    if ($v->mounts === null) {
        $v->notes[] = 'mountinfo_unreadable';
    }
    // judged from the master alone: it runs as root; its workers as the pool's user, when named
    $by_master = $worker === null && $space !== '/proc/self';
    $pw = $by_master && $from['user'] !== null && function_exists('posix_getpwnam') ? @posix_getpwnam($from['user'])
        : false;
    $v->creds = !$by_master ? proc_creds($worker ?? '/proc/self')
        : ($pw ? ['uid' => $pw['uid'], 'gid' => $pw['gid'], 'groups' => []] : null);
    $v->secure = $by_master ? null : proc_secure_exec($worker ?? '/proc/self');
    if ($worker !== null) {
        $maps = read_bounded("$worker/maps", 4 << 20);
        $v->maps = $maps !== null ? \nsscache_ep_maps($maps) : null;
    }
    if ($space !== '/proc/self') {
        $v->distro = read_distro($v->root);
    }
    // a worker that exited while we looked: what was read through it may be wrong
    if ($worker !== null && $v->root === "$worker/root" && !is_dir($worker)) {
        $v->notes[] = 'process_exited_while_read';
    }
    return $v;
}

// The mounts a process chroot'ed into CHROOT sees, with their points relative to it ('' = all).
function mounts_under(array $mounts, string $chroot): array
{
    if ($chroot === '') {
        return $mounts;
    }
    $out = [];
    $top = \nsscache_ep_mount_of($mounts, $chroot);
    if ($top !== null) {
        $out[] = ['mount' => '/'] + $top;
    }
    foreach ($mounts as $m) {
        if (strncmp($m['mount'], "$chroot/", strlen($chroot) + 1) === 0) {
            $out[] = ['mount' => substr($m['mount'], strlen($chroot))] + $m;
        }
    }
    return $out;
}

// V with what is seen in its root for the answered FACTS: the DB dir, the temp dir and, where
// nsscache there did not read the softokn's version itself, the softokn file.
function see(View $v, array $facts): View
{
    clearstatcache();
    $env = $facts['env'] ?? [];
    $cwd = is_string($facts['cwd'] ?? null) ? $facts['cwd'] : '/';
    $v->db = db_dir($v->root, $env['SSL_DIR'] ?? null, $cwd, $v->mounts, $v->creds);
    $v->tempdir = temp_dir($v->root, $env, $cwd, $v->mounts, $v->creds);
    $st = $facts['nsscache']['status'] ?? null;
    $v->softokn = is_array($st) && is_string($st['softokn']['version'] ?? null) ? SOFTOKN_NONE
        : softokn_file($v->root, is_array($facts['maps'] ?? null) ? $facts['maps'] : $v->maps);
    if ($v->softokn['untrusted'] ?? false) {
        $v->notes[] = 'softokn_untrusted';
    }
    $path = is_array($st) && is_string($st['softokn']['path'] ?? null) ? $st['softokn']['path'] : $v->softokn['path'];
    $v->build = $v->root !== null && $path !== null ? softokn_build($v->root, $path, $v->distro) : null;
    return $v;
}

// Which distribution build the softokn file PATH in ROOT is: "ID VERSION_ID PACKAGE VERSION" when dpkg's
// checksum of libnss3 (the package Debian ships softokn in) matches the file itself, else null (another
// file under that name, or a packaging the doctor does not check: rpm's database is not read).
function softokn_build(string $root, string $path, array $distro): ?string
{
    static $memo = [];
    $key = "$root\0$path\0" . ($distro['id'] ?? '') . "\0" . ($distro['version'] ?? '');
    return array_key_exists($key, $memo) ? $memo[$key] : ($memo[$key] = softokn_build_read($root, $path, $distro));
}

function softokn_build_read(string $root, string $path, array $distro): ?string
{
    $real = resolve($root, $path)['path'];
    if ($real === null || $distro['id'] === null || !trusted_in($root, $real)) {
        return null;
    }
    foreach (glob("$root/var/lib/dpkg/info/libnss3{,:*}.md5sums", GLOB_BRACE) ?: [] as $f) {
        $sums = trusted_in($root, substr($f, strlen($root))) ? read_bounded($f, 1 << 16) : null;
        // the file read bounded (read_bounded(): a /proc/PID/root path stays in that root)
        $bytes = $sums !== null && preg_match('/^([0-9a-f]{32})  ' . preg_quote(ltrim($real, '/'), '/') . '$/m', $sums,
            $m) ? read_bounded($root . $real, SOFTOKN_FILE_MAX) : null;
        if ($bytes === null || md5($bytes) !== $m[1]) {
            continue;
        }
        $status = read_bounded("$root/var/lib/dpkg/status", 1 << 24);
        $arch = preg_match('/:(\w+)\.md5sums$/', $f, $a) ? $a[1] : null;
        foreach (explode("\n\n", (string) $status) as $stanza) {
            if (preg_match('/^Package: libnss3$/m', $stanza) && preg_match('/^Version: (\S+)$/m', $stanza, $ver)
                    && ($arch === null || preg_match('/^Architecture: ' . $arch . '$/m', $stanza))) {
                return "{$distro['id']} {$distro['version']} libnss3 $ver[1]";
            }
        }
    }
    error_clear_last();
    return null;
}

// libcurl-NSS's database (curl lib/vtls/nss.c nss_setup/nss_init_core): SSL_DIR when stat() says
// it is a directory, else /etc/pki/nssdb when that is a directory, else none (NSS_INIT_NOCERTDB:
// softoken opens no database and nothing probes). ROOT null: not visible from here.
function db_dir(?string $root, ?string $ssl_dir, string $cwd, ?array $mounts, ?array $creds): array
{
    $db = ['path' => null, 'source' => $root === null ? 'unknown' : 'none', 'resolved' => null, 'cert9' => null,
        'writable' => null, 'fs' => null, 'fs_class' => 'unknown', 'notes' => []];
    foreach ($root === null ? [] : ['SSL_DIR' => $ssl_dir, 'default' => NSSDB_DEFAULT] as $source => $dir) {
        [$path, $st] = $dir !== null && $dir !== '' ? dir_in($root, $dir, $cwd) : [null, null];
        if ($st !== null) {
            $db = ['path' => $dir, 'source' => $source, 'resolved' => $path] + $db;
            break;
        }
        if ($source === 'SSL_DIR' && $dir !== null) {
            $db['notes'][] = 'ssl_dir_not_a_directory';
        }
    }
    if ($db['path'] === null) {
        return $db;
    }
    if ($db['path'][0] !== '/') {
        $db['notes'][] = 'ssl_dir_relative';
    }
    $c9 = resolve($root, $db['resolved'] . '/cert9.db');
    $c9_st = $c9['exists'] ? stat_in($root, $c9['path']) : null;
    $db['cert9'] = $c9_st !== null && ($c9_st['mode'] & 0170000) === 0100000;
    // sdb_init statfs()es the DB file itself, so a cert9.db linked elsewhere counts where it lies
    $m = $mounts !== null ? \nsscache_ep_mount_of($mounts, $db['cert9'] ? $c9['path'] : $db['resolved']) : null;
    $db['fs'] = $m['fstype'] ?? null;
    $db['fs_class'] = fs_class($db['fs']);
    $db['writable'] = dir_writable(stat_in($root, $db['resolved']), $creds, $m['ro'] ?? null);
    return $db;
}

// sqlite's temp directory (src/os_unix.c unixTempFileDir), where softoken's sdb_getTempDir
// measures too: SQLITE_TMPDIR, TMPDIR, /var/tmp, /usr/tmp, /tmp, ".", the first that is a
// directory the process may write and search (access(dir, 03)).
function temp_dir(?string $root, array $env, string $cwd, ?array $mounts, ?array $creds): array
{
    $t = ['path' => null, 'source' => $root === null ? 'unknown' : 'none', 'resolved' => null, 'fs' => null,
        'fs_class' => 'unknown', 'notes' => []];
    $cands = ['SQLITE_TMPDIR' => $env['SQLITE_TMPDIR'] ?? null, 'TMPDIR' => $env['TMPDIR'] ?? null,
        '/var/tmp' => '/var/tmp', '/usr/tmp' => '/usr/tmp', '/tmp' => '/tmp', '.' => '.'];
    foreach ($root === null ? [] : $cands as $source => $dir) {
        if ($dir === null || $dir === '') {
            continue;
        }
        [$path, $st] = dir_in($root, $dir, $cwd);
        $m = $mounts !== null && $path !== null ? \nsscache_ep_mount_of($mounts, $path) : null;
        $w = $st !== null ? dir_writable($st, $creds, $m['ro'] ?? null) : false;
        if ($w === null) {
            $t['notes'][] = 'tempdir_access_unknown';
        }
        if ($w !== false) {
            $fs = $m['fstype'] ?? null;
            return ['path' => $dir, 'source' => (string) $source, 'resolved' => $path, 'fs' => $fs,
                'fs_class' => fs_class($fs)] + $t;
        }
        if ($source === 'SQLITE_TMPDIR' || $source === 'TMPDIR') {
            $t['notes'][] = strtolower($source) . '_skipped';
        }
    }
    return $t;
}

// DIR (relative to CWD) in ROOT: its path there (resolve()), and its stat() when it is a directory.
function dir_in(string $root, string $dir, string $cwd): array
{
    $r = resolve($root, $dir, $cwd);
    $st = $r['exists'] ? stat_in($root, $r['path']) : null;
    return [$r['path'], $st !== null && ($st['mode'] & 0170000) === 0040000 ? $st : null];
}

// No softokn found (or not looked for).
const SOFTOKN_NONE = ['version' => null, 'path' => null, 'how' => 'none', 'system_build' => null, 'source' => 'doctor'];

// The softokn the doctor finds in ROOT (null: not seen): the mapped libsoftokn3 (MAPS), the one
// beside the mapped libnss3 (or beside its resolved symlink), or one in a system library directory,
// each read as a file inside the root, bounded, never loaded, and only where root's and writable by
// nobody else (trusted_in()): a user's own softokn is not read, and its version stays unknown.
function softokn_file(?string $root, ?array $maps): array
{
    $none = SOFTOKN_NONE;
    if ($root === null) {
        return $none;
    }
    $cands = [];
    $mapped = fn(string $lib): ?string => isset($maps[$lib]) ? preg_replace('/ \(deleted\)$/', '', $maps[$lib]) : null;
    if (isset($maps['libsoftokn3.so'])) {
        $cands[] = ['path' => $mapped('libsoftokn3.so'), 'how' => 'loaded'];
    }
    $nss = $mapped('libnss3.so');
    $libc = $mapped('libc') !== null ? dirname($mapped('libc')) : null;
    foreach (softokn_candidates($nss, $nss !== null ? resolve($root, $nss)['path'] : null, $libc) as $d) {
        $cands[] = ['path' => "$d/libsoftokn3.so", 'how' => 'file'];
    }
    foreach ($libc === null ? glob($root . '/usr/lib/*-linux-*/libsoftokn3.so') ?: [] : [] as $f) {
        $cands[] = ['path' => substr($f, strlen($root)), 'how' => 'file'];
    }
    $system = array_map(fn(string $d): ?string => resolve($root, $d)['path'], system_lib_dirs($libc));
    foreach ($cands as ['path' => $path, 'how' => $how]) {
        $r = resolve($root, $path);
        if (!$r['exists']) {
            continue;
        }
        $trusted = trusted_in($root, $r['path']);
        $why = "not read: not root's, or writable by others";
        $v = $trusted ? softokn_file_version($root . $r['path'], SOFTOKN_FILE_MAX, $why) : null;
        if ($v === null) {
            $none['notes'][] = "$path: $why";
            // the loaded one is the one NSS uses: another file's version would say nothing of it
            if ($how === 'loaded') {
                $none['untrusted'] = !$trusted;
                return $none;
            }
            continue;
        }
        $sys = $libc === null ? is_system_lib_dir(dirname($r['path'])) : in_array(dirname($r['path']), $system, true);
        return ['version' => $v, 'path' => $path, 'how' => $how, 'system_build' => $sys, 'source' => 'doctor'];
    }
    return $none;
}
