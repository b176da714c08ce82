<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: which PHPs to ask. Discovery finds every PHP CLI (Debian's php X.Y, /usr/bin/php,
// Remi's /opt/remi/*/root/usr/bin/php, Red Hat's SCL), every php-fpm pool of Debian's, RHEL's and
// Remi's configurations and of every running master, and the ini files that mod_php and php-cgi
// load; --php, --pool and --url name targets instead. Config files are read bounded; a file
// that cannot be read or makes no sense becomes a target of its own with the reason.
declare(strict_types=1);

namespace NsscacheDoctor;

const FPM_MAIN_GLOBS = ['/etc/php/*/fpm/php-fpm.conf', '/etc/php-fpm.conf', '/etc/opt/remi/*/php-fpm.conf',
    '/etc/opt/rh/*/php-fpm.conf'];
const CONF_MAX = 1 << 20;
const CONF_FILES_MAX = 256;

// One target's Address, the part discovery makes (record.php names the keys; a Target holds it).
function target(string $kind, string $name, array $more = []): array
{
    return array_merge(['name' => $name, 'kind' => $kind, 'address' => null, 'counted' => true, 'status' => null,
        'error' => null, 'notes' => []], $more);
}

// ---------------------------------------------------------------- CLIs

// SKIPPED: the candidates not run, being not root's or writable by others (trusted_file()).
function discover_clis(string $root = '', array &$skipped = []): array
{
    $cands = array_merge(['/usr/bin/php', '/usr/local/bin/php'],
        preg_grep('~/php\d+\.\d+$~', glob("$root/usr/bin/php*") ?: []),
        glob("$root/opt/remi/*/root/usr/bin/php") ?: [], glob("$root/opt/rh/*/root/usr/bin/php") ?: []);
    $seen = $out = [];
    foreach ($cands as $c) {
        $c = $root !== '' && strncmp($c, $root, strlen($root)) === 0 ? substr($c, strlen($root)) : $c;
        $real = realpath($root . $c);
        if ($real === false || isset($seen[$real]) || !is_file($real) || !is_executable($real)) {
            continue;
        }
        $seen[$real] = true;
        if (!trusted_file($real)) {
            $skipped[] = $c;
            continue;
        }
        $out[] = target('cli', $c, ['address' => $c]);
    }
    return $out;
}

// ---------------------------------------------------------------- php-fpm

// Running php-fpm masters: conf path => ['pid' => int, 'as' => how to read it], from their process
// titles ("php-fpm: master process (/etc/php/8.2/fpm/php-fpm.conf)"). Any user can run such a title,
// or php-fpm with a config of theirs. A master whose real and effective uid are 0 is read through
// its own root (/proc/PID/root; '' when that is ours); any other only as far as its uid could read
// itself (creds), so that a title naming /etc/shadow, or an include of it, reads nothing root-only.
function fpm_masters(string $proc = '/proc'): array
{
    $out = [];
    $our_ns = @readlink("$proc/self/ns/mnt");
    foreach (glob("$proc/[0-9]*", GLOB_ONLYDIR) ?: [] as $d) {
        $cmd = read_bounded("$d/cmdline", 4096);
        if ($cmd === null || !preg_match('/^php-fpm[0-9.]*: master process \((.+)\)/', rtrim($cmd, "\0"), $m)) {
            continue;
        }
        $creds = proc_creds($d, $status);
        if ($status === null || $creds === null || !preg_match('/^Uid:\s+(\d+)\s+(\d+)/m', $status, $u)) {
            continue;
        }
        $same = @readlink("$d/root") === '/' && @readlink("$d/ns/mnt") === $our_ns;
        error_clear_last();
        $as = ['root' => $same ? '' : "$d/root", 'creds' => $u[1] === '0' && $u[2] === '0' ? null : $creds];
        // a root master's claim on a path is never replaced by another uid's
        if (!isset($out[$m[1]]) || $out[$m[1]]['as']['creds'] !== null) {
            $out[$m[1]] = ['pid' => (int) basename($d), 'as' => $as];
        }
    }
    return $out;
}

// Where a process with CREDS stops on its way to FILE inside ROOT (mode bits; ACLs are not read): the
// first directory it may not search, or FILE when it may not read it: ['path', 'what' (enter, read),
// 'mode' (octal), 'uid', 'gid']; null when it can or FILE is not there. Uid 0 may do all but BITS_ONLY.
function blocked_at(string $root, string $file, array $creds, bool $bits_only = false): ?array
{
    $real = resolve($root, $file);
    if (!$real['exists']) {
        return null;
    }
    $steps = [[$real['path'], 4, 'read']];
    $d = $real['path'];
    do {
        $d = dirname($d);
        array_unshift($steps, [$d, 1, 'enter']);
    } while ($d !== '/');
    foreach ($steps as [$path, $bits, $what]) {
        $st = stat_in($root, $path);
        if ($st !== null && !($creds['uid'] === 0 && !$bits_only || mode_allows($st, $bits, $creds))) {
            return ['path' => $path, 'what' => $what, 'mode' => sprintf('%04o', $st['mode'] & 07777),
                'uid' => $st['uid'], 'gid' => $st['gid']];
        }
    }
    return null;
}

// One php-fpm config file and the files it includes, with $pool and ${VAR} expanded as php-fpm
// does. AS: how to read them (fpm_masters(): root, creds). An error names the file and line, never
// what the line holds: a config may include any file. ['pools' => name => settings (listen, user,
// group, chroot, chdir, clear_env, security.limit_extensions, env [name => ['value', 'quoted']], admin
// [nsscache.* => value], file, line), 'errors' => [['file', 'why']], 'files' => the files read].
function fpm_parse(string $file, array &$seen = [], array $env = [], array $as = []): array
{
    $pools = $errors = $files = [];
    $root = $as['root'] ?? '';
    $real = realpath($root . $file) ?: $root . $file;
    if (isset($seen[$real])) {
        return ['pools' => [], 'errors' => [], 'files' => []];
    }
    if (count($seen) >= CONF_FILES_MAX) {
        $why = 'more than ' . CONF_FILES_MAX . ' included files';
        return ['pools' => [], 'errors' => [['file' => $file, 'why' => $why]], 'files' => []];
    }
    $seen[$real] = true;
    // a master not root's reads only what its uid could (mode bits)
    $creds = $as['creds'] ?? null;
    $why = $creds === null ? null : (!resolve($root, $file)['exists'] ? 'not found'
        : (blocked_at($root, $file, $creds, true) === null ? null
        : "not readable by uid {$creds['uid']}, whose php-fpm master names it"));
    $text = $why === null ? read_bounded($root . $file, CONF_MAX, $why) : null;
    if ($text === null || strpos($text, "\0") !== false) {
        $why = $text === null ? $why : 'binary data, not a php-fpm configuration';
        return ['pools' => [], 'errors' => [['file' => $file, 'why' => $why]], 'files' => [$file]];
    }
    $files = [$file];
    $section = null;
    foreach (explode("\n", $text) as $n => $line) {
        $line = trim($line);
        if ($line === '' || $line[0] === ';' || $line[0] === '#') {
            continue;
        }
        if (preg_match('/^\[([^\]]*)\]$/', $line, $m)) {
            $section = trim($m[1]);
            if ($section === '') {
                $errors[] = ['file' => $file, 'why' => 'line ' . ($n + 1) . ': empty section name'];
                $section = null;
            } elseif ($section !== 'global' && !isset($pools[$section])) {
                $pools[$section] = ['file' => $file, 'line' => $n + 1, 'listen' => null, 'env' => [], 'admin' => []];
            }
            continue;
        }
        if (!preg_match('/^([A-Za-z0-9_.\[\]-]+)\s*=\s*(.*)$/', $line, $m)) {
            $errors[] = ['file' => $file, 'why' => 'line ' . ($n + 1) . ': not "key = value"'];
            continue;
        }
        $key = $m[1];
        $raw = preg_replace('/\s+;.*$/', '', $m[2]);
        $quoted = strlen($raw) >= 2 && $raw[0] === '"' && substr($raw, -1) === '"';
        $val = $quoted ? substr($raw, 1, -1) : $raw;
        $val = preg_replace_callback('/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/',
            fn (array $mm): string => (string) ($env[$mm[1]] ?? getenv($mm[1])), $val);
        if ($key === 'include') {
            $glob = $val !== '' && $val[0] === '/' ? $val : dirname($file) . "/$val";
            foreach (glob($root . $glob) ?: [] as $inc) {
                $inner = fpm_parse(substr($inc, strlen($root)), $seen, $env, $as);
                $pools += $inner['pools'];
                $errors = array_merge($errors, $inner['errors']);
                $files = array_merge($files, $inner['files']);
            }
            continue;
        }
        if ($section === null || $section === 'global') {
            continue;
        }
        $val = str_replace('$pool', $section, $val);
        if (in_array($key, ['listen', 'user', 'group', 'chroot', 'chdir', 'clear_env', 'security.limit_extensions'],
                true)) {
            $pools[$section][$key] = $val;
        } elseif (preg_match('/^env\[(.+)\]$/', $key, $mm)) {
            $pools[$section]['env'][$mm[1]] = ['value' => $val, 'quoted' => $quoted];
        } elseif (preg_match('/^php_admin_(?:value|flag)\[(nsscache\..+)\]$/', $key, $mm)) {
            $pools[$section]['admin'][$mm[1]] = $val;
        }
    }
    return ['pools' => $pools, 'errors' => $errors, 'files' => $files];
}

// The address to connect to for a listen value: a socket path, HOST:PORT, or a bare port (php-fpm
// then listens on every address: 127.0.0.1 answers).
function fpm_address(?string $listen): ?string
{
    if ($listen === null || $listen === '') {
        return null;
    }
    if ($listen[0] === '/') {
        return $listen;
    }
    if (ctype_digit($listen)) {
        return "127.0.0.1:$listen";
    }
    if (preg_match('/^(\*|0\.0\.0\.0|\[::\]):(\d+)$/', $listen, $m)) {
        return "127.0.0.1:$m[2]";
    }
    return preg_match('/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d+$/', $listen) ? $listen : null;
}

// Every pool of the configurations found (GLOBS: main configs or pool files; empty = the
// distributions' places) and of every running master. A pool whose configuration no running
// master uses is reported not running, and not counted.
function discover_pools(array $globs, string $proc = '/proc'): array
{
    $masters = fpm_masters($proc);
    $found = array_map(fn (string $g): array => glob($g) ?: [], $globs ?: FPM_MAIN_GLOBS);
    $configs = array_fill_keys(array_merge(...$found), []);
    $configs += $globs ? [] : array_map(fn (array $m): array => $m['as'], $masters);
    // the files each running master reads: file => its pid
    $running = [];
    foreach ($masters as $conf => $m) {
        $seen = [];
        foreach (fpm_parse($conf, $seen, [], $m['as'])['files'] as $f) {
            $running[realpath($f) ?: $f] = $m['pid'];
        }
    }
    $out = $names = $seen = [];
    foreach ($configs as $conf => $as) {
        $c = fpm_parse($conf, $seen, [], $as);
        foreach ($c['errors'] as $e) {
            $master = $running[realpath($e['file']) ?: $e['file']] ?? $running[realpath($conf) ?: $conf] ?? null;
            $out[] = target('fpm', "config {$e['file']}", ['status' => 'config', 'error' => "{$e['file']}: {$e['why']}",
                'address' => $e['file'], 'counted' => $master !== null]);
        }
        foreach ($c['pools'] as $name => $p) {
            $master = $running[realpath($p['file']) ?: $p['file']] ?? null;
            $address = fpm_address($p['listen']);
            $state = $address === null ? ['status' => 'config', 'counted' => $master !== null,
                'error' => "{$p['file']}:{$p['line']}: pool $name has " . ($p['listen'] === null ? 'no listen line'
                    : 'a listen address the doctor cannot use')]
                : ($master === null ? ['status' => 'not_running', 'counted' => false, 'error' => $conf] : []);
            $names[$name][] = count($out);
            $out[] = target('fpm', $name, ['address' => $address, 'pool' => $p + ['name' => $name,
                'master_pid' => $master], 'conf' => $conf] + $state);
        }
    }
    // two pools of one name (Debian's www of each PHP version): name them by their config
    foreach (array_filter($names, fn (array $idx): bool => count($idx) > 1) as $name => $idx) {
        foreach ($idx as $i) {
            $out[$i]['name'] = $name . '@' . $out[$i]['conf'];
        }
    }
    return $out;
}

// The pool of a running master that listens on ADDRESS (a --pool given by address), or null, so
// that a recycled worker is judged from its master, not from a guess at its configuration. A
// socket by its resolved path; localhost:PORT as both 127.0.0.1:PORT and [::1]:PORT: php-fpm binds
// the first address getaddrinfo() gives for localhost, [::1] where /etc/hosts lists "::1 localhost"
// (Debian's installer writes that line), 127.0.0.1 elsewhere.
function pool_at(?string $address, string $proc = '/proc'): ?array
{
    if ($address === null) {
        return null;
    }
    $keys = fn (string $a): array => $a[0] === '/' ? [realpath($a) ?: $a]
        : (preg_match('/^localhost:(\d+)$/i', $a, $m) ? ["127.0.0.1:$m[1]", "[::1]:$m[1]"] : [$a]);
    $want = $keys($address);
    foreach (fpm_masters($proc) as $conf => $m) {
        $seen = [];
        foreach (fpm_parse($conf, $seen, [], $m['as'])['pools'] as $name => $p) {
            $a = fpm_address($p['listen']);
            if ($a !== null && array_intersect($keys($a), $want)) {
                return $p + ['name' => $name, 'master_pid' => $m['pid']];
            }
        }
    }
    return null;
}

// ---------------------------------------------------------------- SAPIs that only have ini files

// The running servers of an ini target's SAPI (apache2: an apache2 or httpd with PHP VER's module
// mapped, VER null: any; cgi: a php-cgi of VER), each by its topmost process, root's only when any
// is root's: [['pid', 'env' (ENV_KEEP; null: unreadable, or not root's)]]; null when none runs;
// false for other SAPIs (no server to look for).
function ini_server(string $sapi, ?string $ver, string $proc = '/proc')
{
    if ($sapi !== 'apache2' && $sapi !== 'cgi') {
        return false;
    }
    $v = $ver === null ? '[0-9.]*' : preg_quote($ver, '~');
    $found = [];
    foreach (glob("$proc/[0-9]*", GLOB_ONLYDIR) ?: [] as $d) {
        $comm = rtrim((string) read_bounded("$d/comm", 256), "\n");
        // a bare php-cgi is VER's by its binary's name; an Apache maps VER's module (unreadable: any)
        $is = $sapi === 'cgi'
            ? preg_match('~^php-cgi' . ($ver === null ? '[0-9.]*' : "($v)?") . '$~', $comm)
                && ($ver === null || $comm !== 'php-cgi' || preg_match("~/php-cgi$v\$~", (string) @readlink("$d/exe")))
            : ($comm === 'apache2' || $comm === 'httpd')
                && (($maps = read_bounded("$d/maps", 4 << 20)) === null || preg_match("~/libphp$v\.so~", $maps));
        error_clear_last();
        if (!$is) {
            continue;
        }
        $status = read_bounded("$d/status", 16384);
        $ppid = $status !== null && preg_match('/^PPid:\s+(\d+)/m', $status, $m) ? (int) $m[1] : 0;
        $root = $status !== null && preg_match('/^Uid:\s+0\s+0\s/m', $status) === 1;
        $found[(int) basename($d)] = [$ppid, $root];
    }
    // root's parents only, when there are: any user can run a process that looks like a server, and its
    // environment is never taken (as a config path is only taken from a root php-fpm master)
    $tops = array_filter($found, fn (array $f): bool => !isset($found[$f[0]]));
    $roots = array_filter($tops, fn (array $f): bool => $f[1]);
    $out = [];
    foreach ($roots ?: $tops as $pid => [, $root]) {
        $out[] = ['pid' => $pid, 'env' => $root ? proc_env("$proc/$pid") : null];
    }
    return $out ?: null;
}

// An ini target T of a server SAPI, one for each running server: a running server is judged from
// what runs, never from the ini files alone. Its topmost process's environment (or the note that it
// was not seen), whether nsscache.so is mapped ('server_nsscache'), and ini_newer_than_server when an
// ini file of T changed after it started. No server: T not running, not counted.
function ini_with_server(array $t, string $proc = '/proc'): array
{
    $srvs = $t['status'] === null ? ini_server($t['sapi'], $t['php_version'], $proc) : false;
    if ($srvs === false || $srvs === null) {
        return [$srvs === false ? $t : array_merge($t, ['status' => 'not_running', 'counted' => false,
            'error' => $t['sapi'] === 'cgi' ? 'no php-cgi' . ($t['php_version'] ?? '') . ' process runs'
            : 'no Apache with the PHP ' . ($t['php_version'] ?? '') . ' module runs'])];
    }
    $inis = array_merge(isset($t['ini_args'][1]) ? [$t['ini_args'][1]] : [], glob("{$t['scan_dir']}/*.ini") ?: []);
    $changed = max(array_map(fn (string $f): int => (int) @filemtime($f), $inis ?: ['/']));
    $btime = preg_match('/^btime (\d+)$/m', (string) read_bounded("$proc/stat", 1 << 16), $m) ? (int) $m[1] : null;
    $out = [];
    foreach ($srvs as $srv) {
        $s = array_merge($t, ['name' => $t['name'] . (count($srvs) > 1 ? " (pid {$srv['pid']})" : ''),
            'server_pid' => $srv['pid'], 'server_env' => $srv['env']]);
        if ($srv['env'] === null) {
            $s['notes'][] = 'server_environment_not_seen';
        }
        $maps = read_bounded("$proc/{$srv['pid']}/maps", 4 << 20);
        $s['server_nsscache'] = $maps === null ? null : preg_match('~/nsscache\.so$~m', $maps) === 1;
        // field 22 of /proc/PID/stat: its start, in clock ticks (USER_HZ, 100) after boot
        $st = explode(' ', (string) strrchr((string) read_bounded("$proc/{$srv['pid']}/stat", 4096), ')'));
        if ($btime !== null && isset($st[20]) && $changed > $btime + (int) $st[20] / 100 + 1) {
            $s['notes'][] = 'ini_newer_than_server';
        }
        $out[] = $s;
    }
    error_clear_last();
    return $out;
}

// mod_php and php-cgi: read with the CLI of the same version and that SAPI's ini (-c, scan dir).
// Debian: /etc/php/X.Y/SAPI; RHEL/Remi share php.ini and php.d with the CLI (already asked),
// so only a present mod_php or php-cgi is named there.
function discover_inis(string $root = ''): array
{
    $out = [];
    foreach (glob("$root/etc/php/*/*", GLOB_ONLYDIR) ?: [] as $dir) {
        $sapi = basename($dir);
        $ver = basename(dirname($dir));
        if (in_array($sapi, ['cli', 'fpm', 'mods-available', 'phpdbg'], true) || !preg_match('/^\d+\.\d+$/', $ver)) {
            continue;
        }
        $d = substr($dir, strlen($root));
        $bin = "/usr/bin/php$ver";
        $why = !is_executable($root . $bin) ? "no PHP $ver CLI ($bin) to read this SAPI's ini files with"
            : (trusted_file($root . $bin) ? null : "$bin is not root's, or others may write it: not run");
        $out[] = target('ini', "$sapi $ver", ['address' => $d, 'sapi' => $sapi, 'php_version' => $ver,
            'binary' => $bin, 'ini_args' => ['-c', "$d/php.ini"], 'scan_dir' => "$d/conf.d",
            'status' => $why !== null ? 'error' : null, 'error' => $why]);
    }
    // the module itself: RHEL 8's php-fpm package also ships an httpd conf that only proxies
    $mod = glob("$root/usr/lib64/httpd/modules/libphp*.so") ?: [];
    if ($mod && is_executable("$root/usr/bin/php")) {
        $out[] = target('ini', 'mod_php', ['address' => '/etc/php.ini', 'sapi' => 'apache2', 'php_version' => null,
            'binary' => '/usr/bin/php', 'ini_args' => ['-c', '/etc/php.ini'], 'scan_dir' => '/etc/php.d']);
    }
    return $out;
}

// ---------------------------------------------------------------- named on the command line

function given_targets(array $o): array
{
    $out = array_map(fn (string $bin): array => target('cli', $bin, ['address' => $bin]), $o['php']);
    foreach ($o['pool'] as $spec) {
        if (!preg_match('/^([^=]+)=(.+)$/s', $spec, $m) || fpm_address($m[2]) === null) {
            $out[] = target('fpm', $spec, ['status' => 'config',
                'error' => '--pool wants NAME=SOCKET or NAME=HOST:PORT']);
            continue;
        }
        $out[] = target('fpm', $m[1], ['address' => fpm_address($m[2])]);
    }
    return array_merge($out,
        array_map(fn (string $url): array => target('url', $url, ['address' => $url]), $o['url']));
}
