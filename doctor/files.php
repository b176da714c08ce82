<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: reading the host. Every file is read bounded and only when stat() says it
// is a regular file (procfs files are), so a FIFO, a device or a huge file costs nothing.
// Paths of a target are resolved inside its own root (/proc/PID/root), symlinks included,
// so that a chroot'ed or containerised pool is judged by what it sees.
declare(strict_types=1);

namespace NsscacheDoctor;

// The readers below give their result, or null and WHY not (why is null on success).

// The contents of PATH, MAX bytes at most; a FIFO or device is refused before open(). CUT: 'bound'
// when MAX bytes were read (there may be more), 'deadline' when DEADLINE passed before the end.
// PHP's fopen() resolves symlinks itself, so /proc/PID/root (a magic link to a process's root,
// in its own mount namespace) would be read in ours; stat() and readlink() are passed to the
// kernel as they are. Paths through it are read by head(1), whose open() the kernel resolves.
function read_bounded(string $path, int $max = 65536, ?string &$why = null, float $deadline = INF,
    ?string &$cut = null): ?string
{
    $why = $cut = $p = null;
    $st = @stat($path);
    if ($st === false) {
        $why = last_error('cannot stat');
        return null;
    }
    if (($st['mode'] & 0170000) !== 0100000) {
        $why = 'not a regular file (' . ([0140000 => 'socket', 0120000 => 'symlink', 0060000 => 'block device',
            0040000 => 'directory', 0020000 => 'character device', 0010000 => 'FIFO'][$st['mode'] & 0170000]
            ?? 'unknown type') . ')';
        return null;
    }
    if (!preg_match('~^/proc/[0-9]+/(root|cwd)(/|$)~', $path)) {
        $h = @fopen($path, 'rb');
    } else {
        $p = @proc_open(['head', '-c', (string) $max, '--', $path], [0 => ['file', '/dev/null', 'r'],
            1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
        $h = is_resource($p) ? $pipes[1] : false;
        $head_until = microtime(true) + 20;
    }
    if ($h === false) {
        $why = last_error($p === null ? 'cannot open' : 'cannot run head');
        return null;
    }
    $data = '';
    while ($cut === null && !feof($h)) {
        if ($p !== null) {
            // head is given 20 s in all
            $left = $head_until - microtime(true);
            $rd = [$h];
            $w = $e = null;
            if ($left <= 0 || !@stream_select($rd, $w, $e, (int) $left, (int) (fmod($left, 1) * 1e6))) {
                break;
            }
        }
        $chunk = @fread($h, min(1 << 20, $max - strlen($data)));
        if ($chunk === false || $chunk === '') {
            break;
        }
        $data .= $chunk;
        $cut = strlen($data) >= $max ? 'bound' : (microtime(true) > $deadline ? 'deadline' : null);
    }
    fclose($h);
    if ($p !== null) {
        proc_terminate($p);
        proc_close($p);
    }
    return $data;
}

function last_error(string $what): string
{
    $e = error_get_last();
    $msg = $e !== null ? preg_replace('/^[a-z_]+\([^)]*\): /i', '', $e['message']) : '';
    error_clear_last();
    return $msg !== '' ? "$what: $msg" : $what;
}

// A path as the process with root ROOT ('' = ours) and working directory CWD sees it, with every
// symlink resolved inside ROOT: a missing component gives the path as far as it goes, not existing.
// ['path' (null: error), 'exists' (every component), 'error' (an empty path, a symlink loop, an
// unreadable link)].
function resolve(string $root, string $path, string $cwd = '/'): array
{
    if ($path === '') {
        return ['path' => null, 'exists' => false, 'error' => 'empty path'];
    }
    if ($path[0] !== '/') {
        $path = rtrim($cwd, '/') . '/' . $path;
    }
    $queue = explode('/', $path);
    $stack = [];
    $hops = 0;
    while ($queue) {
        $c = array_shift($queue);
        if ($c === '' || $c === '.') {
            continue;
        }
        if ($c === '..') {
            array_pop($stack);
            continue;
        }
        $cand = '/' . implode('/', array_merge($stack, [$c]));
        $st = @lstat($root . $cand);
        if ($st === false) {
            error_clear_last();
            $rest = array_values(array_filter($queue, 'strlen'));
            return ['path' => $cand . ($rest ? '/' . implode('/', $rest) : ''), 'exists' => false, 'error' => null];
        }
        if (($st['mode'] & 0170000) === 0120000) {
            if (++$hops > 40) {
                return ['path' => null, 'exists' => false, 'error' => 'too many symlinks'];
            }
            $t = @readlink($root . $cand);
            if ($t === false || $t === '') {
                return ['path' => null, 'exists' => false, 'error' => last_error('cannot read link ' . $cand)];
            }
            if ($t[0] === '/') {
                $stack = [];
            }
            $queue = array_merge(explode('/', $t), $queue);
            continue;
        }
        $stack[] = $c;
    }
    return ['path' => '/' . implode('/', $stack), 'exists' => true, 'error' => null];
}

// stat() of a resolved path inside ROOT, or null.
function stat_in(string $root, ?string $path): ?array
{
    if ($path === null) {
        return null;
    }
    $st = @stat($root . $path);
    error_clear_last();
    return $st === false ? null : $st;
}

// May root execute FILE: it (symlinks resolved) and every directory above it owned by root and
// writable by nobody else (group-writable only for group root); a root-owned sticky directory
// (/tmp) counts, since others cannot replace root's entries in it. The launcher holds to the same.
// OWNER: a uid trusted besides root (the tests' scratch roots; 0 on a host); see trusted_in().
function trusted_file(string $file, int $owner = 0): bool
{
    $p = realpath($file);
    return $p !== false && trusted_in('', $p, $owner);
}

// trusted_file()'s rule for PATH inside ROOT ('' = ours, or a process's /proc/PID/root), PATH
// already resolved there (resolve()): realpath() would leave a process's root, and the walk ends
// with ROOT's own / (a process's root directory, never /proc/PID, which is the process's). Root
// reads a library's version only from such a file: anyone else's file could say any version. The
// doctor's own uid counts as root's: run by a user (the quick tier), its own files are as safe.
function trusted_in(string $root, string $path, int $owner = 0): bool
{
    // (without posix, as under php -n: /proc/self is owned by the effective uid, root if not dumpable)
    $me = function_exists('posix_geteuid') ? posix_geteuid() : (int) (@stat('/proc/self')['uid'] ?? 0);
    for ($p = $path; $p !== '' && $p[0] === '/'; $p = dirname($p)) {
        $st = stat_in($root, $p);
        if ($st === null || !in_array($st['uid'], [0, $owner, $me], true)) {
            return false;
        }
        // writable by others: only a sticky directory above (the file itself: never)
        $m = $st['mode'];
        if ((($m & 0002) || (($m & 0020) && $st['gid'] !== 0)) && ($p === $path || !($m & 01000))) {
            return false;
        }
        if ($p === '/') {
            return true;
        }
    }
    return false;
}

// May root write the doctor's JSON to FILE (--save-json): an absolute *.json path in a directory
// that trusted_file() accepts as if it were a file (no sticky exception: in /tmp another user can
// take the name first), and FILE, if it is there, root's own regular file, not a symlink. Readers
// of FILE (the Ansible fact) then know that only root wrote what they read. WHY says what is wrong.
function save_json_path_ok(string $file, ?string &$why = null): bool
{
    $why = null;
    if ($file === '' || $file[0] !== '/' || substr($file, -5) !== '.json'
        || preg_match('/[\x00-\x1f\x7f]/', $file)) {
        $why = 'an absolute path ending in .json';
    } elseif (!is_dir(dirname($file)) || !trusted_file(dirname($file))) {
        $why = 'a directory that is root\'s and that nobody else may write (nor any directory above it)';
    } elseif (($st = @lstat($file)) !== false && (($st['mode'] & 0170000) !== 0100000 || $st['uid'] !== 0)) {
        $why = 'a file that, if it is there, is root\'s and a regular file (not a symlink)';
    }
    error_clear_last();
    return $why === null;
}

// ---------------------------------------------------------------- mounts and filesystems

// The filesystem class NSS's softoken gives the DB (sdb_init, NSS >= 3.38, Mozilla 1456888):
// its statfs() f_type NFS, SMB or CIFS -> network ("we assume these are slow": cache on, no probe);
// FUSE, CODA or NCP -> measure ("uncertain": probe the temp dir); everything else -> local.
// Named by mountinfo's fstype, which maps to those magic numbers one to one.
function fs_class(?string $fstype): string
{
    if ($fstype === null) {
        return 'unknown';
    }
    if (in_array($fstype, ['nfs', 'nfs4', 'smbfs', 'smb', 'cifs', 'smb3'], true)) {
        return 'network';
    }
    return in_array($fstype, ['fuse', 'fuseblk', 'coda', 'ncpfs', 'ncp'], true) || strncmp($fstype, 'fuse.', 5) === 0
        ? 'measure' : 'local';
}

// ---------------------------------------------------------------- processes

// The uids and gids of a process (/proc/PID/status): [uid, gid, groups] (effective ids), or null;
// STATUS: the text read, for what else a caller needs from it.
function proc_creds(string $proc, ?string &$status = null): ?array
{
    $s = $status = read_bounded("$proc/status", 16384);
    if ($s === null || !preg_match('/^Uid:\s+\d+\s+(\d+)/m', $s, $u) || !preg_match('/^Gid:\s+\d+\s+(\d+)/m', $s, $g)) {
        return null;
    }
    $groups = preg_match('/^Groups:[ \t]*([0-9 \t]*)$/m', $s, $gr) ? array_map('intval', preg_split('/\s+/',
        trim($gr[1]), -1, PREG_SPLIT_NO_EMPTY)) : [];
    return ['uid' => (int) $u[1], 'gid' => (int) $g[1], 'groups' => $groups];
}

// The only variables the doctor takes from another process's environment: environments hold
// secrets, and the rest is never stored or printed.
const ENV_KEEP = ['NSS_SDB_USE_CACHE', 'SSL_DIR', 'TMPDIR', 'SQLITE_TMPDIR', 'LD_LIBRARY_PATH'];

// A process's exec-time environment (PROC/environ), ENV_KEEP only; null when unreadable.
function proc_env(string $proc): ?array
{
    $e = read_bounded("$proc/environ", 1 << 20);
    if ($e === null) {
        return null;
    }
    $out = [];
    foreach (explode("\0", $e) as $kv) {
        $p = strpos($kv, '=');
        if ($p !== false && in_array(substr($kv, 0, $p), ENV_KEEP, true)) {
            $out[substr($kv, 0, $p)] = substr($kv, $p + 1);
        }
    }
    return $out;
}

// Secure execution (setuid, setgid, file capabilities): AT_SECURE (23) in /proc/PID/auxv. softokn
// >= 3.23 reads the variable with secure_getenv() and then sees none. null when unreadable.
function proc_secure_exec(string $proc): ?bool
{
    $a = read_bounded("$proc/auxv", 8192);
    if ($a === null || $a === '') {
        return null;
    }
    $v = array_values(unpack(PHP_INT_SIZE === 8 ? 'P*' : 'V*', $a));
    for ($i = 0; isset($v[$i + 1]) && $v[$i] !== 0; $i += 2) {
        if ($v[$i] === 23) {
            return $v[$i + 1] !== 0;
        }
    }
    return false;
}

// Can a process with CREDS create an entry in directory ST (mode bits and the mount's ro flag;
// ACLs and capabilities other than root's are not looked at)? null when unknown.
function dir_writable(?array $st, ?array $creds, ?bool $ro): ?bool
{
    if ($st === null || $creds === null) {
        return null;
    }
    return $ro !== true && ($creds['uid'] === 0 || mode_allows($st, 3, $creds));
}

// Whether a process with CREDS (uid, gid, groups) may do BITS (4 read, 2 write, 1 search) on a file
// with stat ST, by the owner, group or other bits that apply to it (mode bits alone).
function mode_allows(array $st, int $bits, array $creds): bool
{
    $shift = $st['uid'] === $creds['uid'] ? 6
        : ($st['gid'] === $creds['gid'] || in_array($st['gid'], $creds['groups'], true) ? 3 : 0);
    return ($st['mode'] & ($bits << $shift)) === $bits << $shift;
}

// ---------------------------------------------------------------- distribution

// The distribution of the root ROOT ('' = ours): /etc/os-release, else /etc/redhat-release.
function read_distro(string $root): array
{
    $notes = [];
    foreach (['/etc/os-release' => 'os-release', '/usr/lib/os-release' => 'os-release',
            '/etc/redhat-release' => 'redhat-release'] as $p => $kind) {
        $r = resolve($root, $p);
        $text = $r['exists'] ? read_bounded($root . $r['path'], 65536, $why) : null;
        $d = $text !== null ? \nsscache_ep_distro($text, $kind === 'redhat-release') : null;
        if ($d !== null && $d['id'] !== null) {
            return array_merge($d, ['source' => $p, 'notes' => $notes]);
        }
        if ($r['exists']) {
            $notes[] = "$p: " . ($text === null ? $why : 'no distribution named in it');
        }
    }
    return ['id' => null, 'version' => null, 'id_like' => null, 'family' => 'other', 'source' => null,
        'notes' => $notes ?: ['no /etc/os-release or /etc/redhat-release']];
}

// ---------------------------------------------------------------- libraries

// The system library directories of a process whose libc lies in LIBC_DIR (null: not known), in
// the order softokn is looked for there: that directory and its /usr twin (so /usr/lib32 only for a
// 32-bit process), then the fixed ones. The rule nsscache's C applies too (data/system-lib-dirs.tsv).
function system_lib_dirs(?string $libc_dir): array
{
    $own = $libc_dir === null || $libc_dir === '' || $libc_dir[0] !== '/' ? [] : [$libc_dir,
        strncmp($libc_dir, '/usr/', 5) === 0 ? substr($libc_dir, 4) : "/usr$libc_dir"];
    return array_values(array_unique(array_merge($own, ['/usr/lib64', '/lib64', '/usr/lib', '/lib'])));
}

// The directories softokn is looked for in when it is not loaded, in order (data/softokn-candidates.tsv):
// beside libnss3 NSS (an absolute path), beside its resolved path NSS_REAL, then system_lib_dirs();
// none for a relative NSS, relative to the cwd the loader had.
function softokn_candidates(?string $nss, ?string $nss_real, ?string $libc_dir): array
{
    if ($nss !== null && $nss !== '' && $nss[0] !== '/') {
        return [];
    }
    $beside = $nss !== null && $nss !== '' && $nss[0] === '/' ? [dirname($nss), dirname($nss_real ?? $nss)] : [];
    return array_values(array_unique(array_merge($beside, system_lib_dirs($libc_dir))));
}

// Without the process's libc directory (the maps of an older endpoint): any multiarch directory.
function is_system_lib_dir(string $dir): bool
{
    return in_array($dir, system_lib_dirs(null), true) || preg_match('~^(/usr)?/lib/[^/]*-linux-[^/]*$~', $dir);
}

// The version in NSS's built-in string (lib/softoken/softkver.c, lib/nss/nssver.c): after "Version:
// NSS " or "$Header: NSS ", major.minor[.patch[.build]] (major and minor at most 999), complete only
// when a byte that is neither a digit nor a dot follows in BUF: at its end the string may go on. null:
// none. nsscache's C rule (nsscache_parse_nss_version()); both read data/nss-version.tsv.
function nss_version_in(string $buf): ?string
{
    // each part a whole digit run; patch and build at most 6 digits past leading zeros (the C's cap)
    $v = '(0*\d{1,3}(?!\d)\.0*\d{1,3}(?!\d)(?:\.0*\d{1,6}(?!\d)){0,2})(?=[^\d.])';
    foreach (['Version: NSS ', '$Header: NSS '] as $tag) {
        if (preg_match('/' . preg_quote($tag, '/') . $v . '/', $buf, $m)) {
            return $m[1];
        }
    }
    return null;
}

const SOFTOKN_FILE_MAX = 1 << 25;

// The version string softokn builds in (nss_version_in()) in FILE's first MAX bytes; one at the very end
// of what was read is taken as cut, as nsscache's C takes it.
function softokn_file_version(string $file, int $max = SOFTOKN_FILE_MAX, ?string &$why = null): ?string
{
    $bytes = read_bounded($file, $max, $why, INF, $cut);
    $v = $bytes !== null ? nss_version_in($bytes) : null;
    if ($v === null && $why === null) {
        $why = $cut !== null ? "no version string in the first $max bytes" : 'no "Version: NSS" string';
    }
    return $v;
}

// ---------------------------------------------------------------- kernel

// dentry-state: nr_dentry nr_unused age_limit want_pages nr_negative dummy (fs/dcache.c);
// field 5 counts negative dentries from Linux 5.0, before that it is always 0.
function parse_dentry_state(string $text, ?string $kernel): ?array
{
    if (!preg_match('/^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)(?:\s+(\d+))?/', $text, $m)) {
        return null;
    }
    $five = preg_match('/^(\d+)\.\d+/', (string) $kernel, $k) && (int) $k[1] >= 5;
    $has_neg = isset($m[5]) && $m[5] !== '' && ($five || $m[5] !== '0');
    return ['nr_dentry' => (int) $m[1], 'nr_unused' => (int) $m[2],
        'nr_negative' => $has_neg ? (int) $m[5] : null];
}

// The dentry cache's slab (/proc/slabinfo, root only): objects and bytes.
function parse_slabinfo(string $text): ?array
{
    if (!preg_match('/^dentry\s+(\d+)\s+(\d+)\s+(\d+)\s/m', $text, $m)) {
        return null;
    }
    return ['active_objects' => (int) $m[1], 'objects' => (int) $m[2], 'object_size_bytes' => (int) $m[3],
        'bytes' => (int) $m[2] * (int) $m[3]];
}

// The host's dentry counters now.
function read_dentries(string $proc = '/proc', ?string $kernel = null): array
{
    $kernel = $kernel ?? php_uname('r');
    $d = ['nr_dentry' => null, 'nr_unused' => null, 'nr_negative' => null, 'slab' => null, 'notes' => []];
    $ds = parse_dentry_state((string) read_bounded("$proc/sys/fs/dentry-state", 4096), $kernel);
    $d = array_merge($d, $ds ?? []);
    if ($ds === null || $ds['nr_negative'] === null) {
        $d['notes'][] = $ds === null ? 'dentry_state_unreadable' : 'no_nr_negative';
    }
    $d['slab'] = parse_slabinfo((string) read_bounded("$proc/slabinfo", 1 << 20));
    if ($d['slab'] === null) {
        $d['notes'][] = 'slabinfo_unreadable';
    }
    return $d;
}
