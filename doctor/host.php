<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: the whole host, not only PHP. NSS probes once per process, when it opens its
// database, so the leak grows through short-lived processes that start again and again: cron and
// timer jobs, health checks, a container runtime's probes. Here: the host-wide fix points such
// processes inherit the variable from (DefaultEnvironment=, /etc/environment, CRI-O's default_env,
// the units whose binaries use libcurl-NSS), the running non-PHP processes with softokn mapped,
// the units that start processes (--watch), and the one writer (--fix-host). The parsers are pure;
// the readers hold to files.php's rules (bounded, regular files only, trusted_file() for configs).
declare(strict_types=1);

namespace NsscacheDoctor;

const FIX_LINE = 'NSS_SDB_USE_CACHE=yes';
// systemd's search order for units (for system.conf's drop-ins: each DIR.conf.d), the first the most important
const UNIT_DIRS = ['/etc/systemd/system', '/run/systemd/system', '/usr/local/lib/systemd/system',
    '/usr/lib/systemd/system', '/lib/systemd/system'];
const UNITS_MAX = 2000;
const UNIT_NAME = '[A-Za-z0-9:_.\\\\@-]{1,200}';    // a unit name's bytes (a regex part)
const PROCESS_CMD_MAX = 256;
// /proc/PID/maps read whole up to this (60,000 mappings: 5.6 MB); a longer one is not inspected
const MAPS_MAX = 1 << 24;
const ELF_NEEDED_SCAN = 1 << 20;
const LIBCURL_SCAN = 1 << 23;

// ---------------------------------------------------------------- parsers (pure)

// The system unit of a process from PROC/cgroup text (the unified hierarchy, 0::, else name=systemd):
// the first .service or .scope below the slices, as only the system manager names units; null when
// none (a kernel thread, the root cgroup), when that name is not a unit name, or below a user
// manager (user@UID.service/...: that subtree is the user's, whatever its names say).
function parse_cgroup_unit(string $text): ?string
{
    $paths = [];
    foreach (explode("\n", $text) as $line) {
        $f = explode(':', $line, 3);
        if (count($f) === 3 && ($f[1] === '' && $f[0] === '0' || $f[1] === 'name=systemd')) {
            $paths[$f[1]] = $f[2];
        }
    }
    foreach (['', 'name=systemd'] as $k) {
        $parts = explode('/', trim($paths[$k] ?? '', '/'));
        foreach ($parts as $i => $c) {
            if (preg_match('/\.(service|scope)$/', $c)) {
                $user = preg_match('/^user@[0-9]+\.service$/', $c) && isset($parts[$i + 1]);
                return !$user && preg_match('/^' . UNIT_NAME . '$/', $c) ? $c : null;
            }
        }
    }
    return null;
}

// systemd's words of one setting value (extract_first_word() with EXTRACT_UNQUOTE|EXTRACT_CUNESCAPE):
// separated by whitespace, "..." and '...' quote, a backslash escapes the next byte.
function env_words(string $value): array
{
    $out = [];
    $w = $q = null;    // the word (null: none yet), the open quote
    for ($i = 0, $n = strlen($value); $i < $n; $i++) {
        $c = $value[$i];
        if ($c === '\\' && $i + 1 < $n) {
            $c = $value[++$i];
            $w .= ['n' => "\n", 't' => "\t", 's' => ' '][$c] ?? $c;
        } elseif ($q === null && strpos(" \t\n", $c) !== false) {
            $out = $w !== null ? array_merge($out, [$w]) : $out;
            $w = null;
        } elseif ($c === $q || $q === null && ($c === '"' || $c === "'")) {
            $q = $q === null ? $c : null;
            $w .= '';
        } else {
            $w .= $c;
        }
    }
    return $w !== null ? array_merge($out, [$w]) : $out;
}

// The values of KEY in SECTION of a systemd-style file, in order (comments, continuation lines).
function systemd_values(string $text, string $section, string $key): array
{
    $out = [];
    $in = false;
    $lines = explode("\n", str_replace("\r", '', $text));
    for ($i = 0; $i < count($lines); $i++) {
        $l = trim($lines[$i]);
        while (substr($l, -1) === '\\' && $i + 1 < count($lines)) {
            $l = rtrim(substr($l, 0, -1)) . ' ' . trim($lines[++$i]);
        }
        if ($l === '' || $l[0] === '#' || $l[0] === ';') {
            continue;
        }
        if ($l[0] === '[') {
            $in = $l === "[$section]";
            continue;
        }
        if ($in && preg_match('/^' . preg_quote($key, '/') . '\s*=\s*(.*)$/', $l, $m)) {
            $out[] = $m[1];
        }
    }
    return $out;
}

// ENV after systemd's assignments VALUES (Environment=, DefaultEnvironment=): each value's words
// are NAME=VALUE (others are ignored, as systemd does); an empty value resets the list.
function env_assign(array $env, array $values): array
{
    foreach ($values as $v) {
        if (trim($v) === '') {
            $env = [];
            continue;
        }
        foreach (env_words($v) as $w) {
            if (preg_match('/^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s', $w, $m)) {
                $env[$m[1]] = $m[2];
            }
        }
    }
    return $env;
}

// NAME => VALUE of an environment file: /etc/environment (pam_env) and systemd's EnvironmentFile=
// share the shape NAME=VALUE per line, '#' comments, an optional "export ", one level of quotes.
function parse_env_file(string $text): array
{
    $env = [];
    foreach (explode("\n", str_replace("\r", '', $text)) as $l) {
        if (preg_match('/^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(["\']?)(.*)\2$/', trim($l), $m)) {
            $env[$m[1]] = $m[3];
        }
    }
    return $env;
}

// CRI-O's default_env (TOML, table [crio.runtime]): the list of "NAME=VALUE" strings, or null when
// the file does not set it. A later file's list replaces an earlier one's whole.
function parse_crio_default_env(string $text): ?array
{
    $table = '';
    $found = null;
    $lines = explode("\n", str_replace("\r", '', $text));
    for ($i = 0; $i < count($lines); $i++) {
        $l = trim(preg_replace('/^([^"\'#]*(?:("[^"]*"|\'[^\']*\')[^"\'#]*)*)#.*$/', '$1', $lines[$i]));
        if (preg_match('/^\[\s*([A-Za-z0-9_.-]+)\s*\]$/', $l, $m)) {
            $table = $m[1];
            continue;
        }
        if ($table !== 'crio.runtime' || !preg_match('/^default_env\s*=\s*\[(.*)$/', $l, $m)) {
            continue;
        }
        $body = $m[1];
        while (strpos($body, ']') === false && $i + 1 < count($lines)) {
            $body .= "\n" . preg_replace('/^\s*#.*$/', '', $lines[++$i]);
        }
        preg_match_all('/"((?:[^"\\\\]|\\\\.)*)"|\'([^\']*)\'/', $body, $mm, PREG_SET_ORDER);
        $found = array_map(fn (array $x): string => $x[2] ?? toml_unescape($x[1]), $mm);
    }
    return $found;
}

// A TOML basic string's body with its escapes undone (\uXXXX, \UXXXXXXXX, \b \t \n \f \r \" \\).
function toml_unescape(string $s): string
{
    return preg_replace_callback('/\\\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)/s', function (array $m): string {
        $cp = strlen($m[1]) > 1 ? hexdec(substr($m[1], 1)) : null;
        return $cp === null ? ['b' => "\x08", 't' => "\t", 'n' => "\n", 'f' => "\f", 'r' => "\r"][$m[1]] ?? $m[1]
            : json_decode($cp > 0xffff ? sprintf('"\\u%04x\\u%04x"', 0xd7c0 + ($cp >> 10), 0xdc00 | $cp & 0x3ff)
                : sprintf('"\\u%04x"', $cp)) ?? $m[0];
    }, $s);
}

// S as a TOML basic string: the quote and backslash escaped, every control byte as \uXXXX (TOML
// has no octal escapes, and a raw control byte makes the whole file invalid).
function toml_string(string $s): string
{
    $esc = fn (array $m): string => $m[0] === '"' || $m[0] === '\\' ? '\\' . $m[0] : sprintf('\\u%04X', ord($m[0]));
    return '"' . preg_replace_callback('/[\x00-\x1f\x7f"\\\\]/', $esc, $s) . '"';
}

// The libcurl a binary's bytes name (DT_NEEDED lands in .dynstr as "\0libcurl.so.4\0"), or null.
function elf_libcurl(string $bytes): ?string
{
    return strncmp($bytes, "\x7fELF", 4) === 0 && preg_match('/\x00(libcurl(?:-[a-z]+)?\.so\.[0-9]+)\x00/', $bytes, $m)
        ? $m[1] : null;
}

// ---------------------------------------------------------------- judging a fix point (pure)

// One fix point: KIND systemd|environment|crio|unit, NAME what it is, PATH the file that set the
// variable last (null: none), VALUE the variable there (null: unset), FIX what to write unless yes/no.
function fix_point(string $kind, string $name, ?string $path, ?string $value, ?array $fix, array $more = []): array
{
    $class = \nsscache_ep_class($value);
    $fixed = in_array($class, ['yes', 'no'], true);
    return array_merge(['kind' => $kind, 'name' => $name, 'path' => $path, 'variable' => $value,
        'variable_class' => $class, 'fixed' => $fixed, 'fix' => $fixed ? null : $fix, 'notes' => []], $more);
}

// The drop-in that fixes unit NAME: an EnvironmentFile= of its own (ALSO, written first), read after
// the unit's own files (its name sorts last), so that it wins over Environment= and them.
function unit_fix(string $name): array
{
    $d = "/etc/systemd/system/$name.d";
    return ['path' => "$d/zz-nsscache.conf", 'text' => "[Service]\nEnvironmentFile=$d/nsscache.env\n",
        'also' => ['path' => "$d/nsscache.env", 'text' => FIX_LINE . "\n"],
        'then' => "systemctl daemon-reload; systemctl restart $name"];
}

const SYSTEMD_FIX = ['path' => '/etc/systemd/system.conf.d/nsscache.conf',
    'text' => "[Manager]\nDefaultEnvironment=" . FIX_LINE . "\n",
    'then' => 'systemctl daemon-reexec, then restart the services that run NSS'];

// CRI-O's drop-in: default_env replaces the whole list, so the entries set before are kept, and
// the drop-in gets no wider a MODE than the files they come from (read_crio()).
function crio_fix(array $before, int $mode = 0644): array
{
    $keep = array_filter($before, fn (string $e): bool => strncmp($e, 'NSS_SDB_USE_CACHE=', 18) !== 0);
    $lines = array_map(fn (string $e): string => '  ' . toml_string($e) . ",\n", array_merge($keep, [FIX_LINE]));
    return ['path' => '/etc/crio/crio.conf.d/99-nsscache.conf', 'text' => "[crio.runtime]\ndefault_env = [\n"
        . implode('', $lines) . "]\n", 'then' => 'systemctl restart crio; new containers get it', 'mode' => $mode];
}

// /etc/environment with the variable set: its NSS_SDB_USE_CACHE line replaced, else one added; the
// file keeps its mode, owner and group (ST, its stat(); it may hold secrets: a proxy's password).
function environment_fix(string $before, ?array $st = null): array
{
    $lines = $before === '' ? [] : explode("\n", rtrim($before, "\n"));
    $lines = preg_grep('/^\s*(export\s+)?NSS_SDB_USE_CACHE=/', $lines, PREG_GREP_INVERT);
    $lines[] = FIX_LINE;
    return ['path' => '/etc/environment', 'text' => implode("\n", $lines) . "\n",
        'then' => 'new login sessions and cron jobs (pam_env) get it', 'whole_file' => true,
        'mode' => $st !== null ? $st['mode'] & 0666 : 0644, 'owner' => $st !== null ? [$st['uid'], $st['gid']] : null];
}

// ---------------------------------------------------------------- reading the fix points

// A configuration file of ROOT that root may read as one: trusted_file() (root's, or OWNER's in the
// tests), regular, bounded. Null and WHY when not.
function read_conf(string $root, string $path, int $owner, ?string &$why = null): ?string
{
    if (!trusted_file($root . $path, $owner)) {
        $why = 'not root\'s, or writable by others';
        return null;
    }
    return read_bounded($root . $path, CONF_MAX, $why);
}

// read_conf() of a file that may be absent ('' then); "PATH: why" added to NOTES when it is not read.
function conf_text(string $root, string $path, int $owner, array &$notes): ?string
{
    $text = is_file($root . $path) ? read_conf($root, $path, $owner, $why) : '';
    if ($text === null) {
        $notes[] = "$path: $why";
    }
    return $text;
}

// The files GLOB (*.conf: drop-ins) of DIRS (in ROOT), a name in an earlier dir hiding the same name in
// later ones, in the order systemd applies them (by file name): name => path.
function dropins(string $root, array $dirs, string $glob = '*.conf'): array
{
    $by = [];
    foreach ($dirs as $d) {
        foreach (glob("$root$d/$glob") ?: [] as $f) {
            $by[basename($f)] = $by[basename($f)] ?? substr($f, strlen($root));
        }
    }
    ksort($by, SORT_STRING);
    return $by;
}

// systemd's DefaultEnvironment= (system.conf, then its drop-ins): ['env' => NAME => VALUE,
// 'path' => the file that set the variable last, 'notes' => files not read].
function read_default_environment(string $root, int $owner = 0): array
{
    $env = $notes = [];
    $path = null;
    $dirs = array_map(fn (string $d): string => "$d.conf.d", UNIT_DIRS);
    foreach (array_merge(['/etc/systemd/system.conf'], dropins($root, $dirs)) as $f) {
        $values = systemd_values((string) conf_text($root, $f, $owner, $notes), 'Manager', 'DefaultEnvironment');
        $env = env_assign($env, $values);
        $path = isset(env_assign([], $values)['NSS_SDB_USE_CACHE']) ? $f : $path;
    }
    return ['env' => $env, 'path' => isset($env['NSS_SDB_USE_CACHE']) ? $path : null, 'notes' => $notes];
}

// The host-wide fix points of ROOT and the units whose binaries use libcurl-NSS, until DEADLINE:
// ['points' => fix_point()s, 'notes' => []].
function read_fix_points(string $root, float $deadline, int $owner = 0): array
{
    $notes = [];
    $de = read_default_environment($root, $owner);
    $points = [fix_point('systemd', 'DefaultEnvironment=', $de['path'], $de['env']['NSS_SDB_USE_CACHE'] ?? null,
        SYSTEMD_FIX, ['notes' => $de['notes']])];
    $etc_env = conf_text($root, '/etc/environment', $owner, $notes);
    $ev = parse_env_file((string) $etc_env);
    $points[] = fix_point('environment', '/etc/environment', isset($ev['NSS_SDB_USE_CACHE']) ? '/etc/environment'
        : null, $ev['NSS_SDB_USE_CACHE'] ?? null, $etc_env === null ? null : environment_fix($etc_env),
        ['notes' => $notes]);
    if (is_dir("$root/etc/crio")) {
        $c = read_crio($root, $owner);
        $ce = parse_env_file(implode("\n", $c['list']));
        $points[] = fix_point('crio', 'default_env', isset($ce['NSS_SDB_USE_CACHE']) ? $c['path'] : null,
            $ce['NSS_SDB_USE_CACHE'] ?? null, crio_fix($c['list'], $c['mode']), ['notes' => $c['notes']]);
    }
    $units = read_nss_units($root, $de['env'], $deadline, $owner, proc_env("$root/proc/1"));
    return ['points' => array_merge($points, $units['points']), 'notes' => $units['notes']];
}

// CRI-O's default_env as crio.conf and its drop-ins (but SKIP) leave it: ['list', 'path' (the file
// that set it last), 'mode' (no wider than crio.conf's nor that file's), 'notes' (files not read)].
function read_crio(string $root, int $owner, ?string $skip = null): array
{
    $out = ['list' => [], 'path' => null, 'mode' => 0644, 'notes' => []];
    foreach (array_merge(['/etc/crio/crio.conf'], dropins($root, ['/etc/crio/crio.conf.d'])) as $f) {
        $got = $f === $skip ? null : parse_crio_default_env((string) conf_text($root, $f, $owner, $out['notes']));
        if ($got !== null) {
            [$out['list'], $out['path']] = [$got, $f];
        }
    }
    foreach (array_unique(['/etc/crio/crio.conf', $out['path'] ?? '/etc/crio/crio.conf']) as $f) {
        $out['mode'] &= is_file($root . $f) ? fileperms($root . $f) : 0777;
    }
    return $out;
}

// The fix points POINTS (read_fix_points()) against the running manager (RUNNING, running_systemd()):
// 'written' is the files' word; systemd and a unit are 'fixed' only when what runs has it: the
// manager's environment, the unit's main process's, or for a unit not running, what its next start
// gets from a loaded unit whose files have not changed since (NeedDaemonReload=no, every drop-in on
// disk loaded); else 'then' says what puts a written value in effect. PAM and CRI-O read their files
// at each start: there the files' word is what runs.
function fix_points_running(array $points, ?array $running, string $proc = '/proc'): array
{
    $mgr = $running['manager']['NSS_SDB_USE_CACHE'] ?? null;
    foreach ($points as &$p) {
        $p += ['written' => $p['fixed'], 'then' => null];
        if ($p['kind'] === 'systemd') {
            [$now, $then] = [$mgr, SYSTEMD_FIX['then']];
        } elseif ($p['kind'] === 'unit') {
            $u = $running['units'][$p['name']] ?? ['pid' => 0, 'reload' => true, 'dropins' => []];
            // /lib/systemd is /usr/lib/systemd on a merged /usr
            $real = fn (string $f): string => realpath($f) ?: $f;
            $u['reload'] = $u['reload'] || array_diff(array_map($real, $p['dropins']), array_map($real, $u['dropins']));
            $next = in_array($p['path'], [null, 'DefaultEnvironment='], true) ? $mgr : $p['variable'];
            $now = $u['pid'] > 0 ? proc_env("$proc/{$u['pid']}")['NSS_SDB_USE_CACHE'] ?? null
                : ($u['reload'] ? null : $next);
            $then = ($u['reload'] ? 'systemctl daemon-reload; ' : '') . "systemctl restart {$p['name']}";
        } else {
            continue;
        }
        $p['fixed'] = $running !== null && in_array(\nsscache_ep_class($now), ['yes', 'no'], true);
        $p['then'] = !$p['fixed'] && $p['written'] ? ($running !== null ? $then : 'boot (no systemd runs here)')
            : null;
    }
    return $points;
}

// What the running system manager has: its environment for units (show-environment) and, for each
// of UNITS, its main process (MainPID, 0: none), whether its files changed since it was loaded
// (NeedDaemonReload; a unit not loaded counts as changed) and its drop-ins as loaded (DropInPaths:
// NeedDaemonReload misses a new one). Null: no systemd (or no root's systemctl), or no answer by DEADLINE.
function running_systemd(array $units, float $deadline): ?array
{
    $bin = is_dir('/run/systemd/system') ? array_values(array_filter(['/usr/bin/systemctl', '/bin/systemctl'],
        __NAMESPACE__ . '\trusted_file'))[0] ?? null : null;
    $env = ['PATH' => '/usr/bin:/bin', 'LANG' => 'C', 'SYSTEMD_PAGER' => '', 'SYSTEMD_COLORS' => '0'];
    $mgr = $bin !== null ? drive([run([$bin, 'show-environment'], $env, $deadline)])[0] : null;
    $show = $mgr !== null && $units ? drive([run(array_merge([$bin, 'show', '-p', 'Id', '-p', 'LoadState', '-p',
        'MainPID', '-p', 'NeedDaemonReload', '-p', 'DropInPaths', '--'], $units), $env, $deadline)])[0]
        : ['status' => 'ok', 'stdout' => ''];
    if ($mgr === null || $mgr['status'] !== 'ok' || $show['status'] !== 'ok') {
        return null;
    }
    $out = ['manager' => parse_env_file($mgr['stdout']), 'units' => []];
    foreach (preg_split('/\n\n+/', $show['stdout']) as $block) {
        $u = parse_env_file($block);
        if (isset($u['Id'])) {
            $out['units'][$u['Id']] = ['pid' => (int) ($u['MainPID'] ?? 0),
                'reload' => ($u['NeedDaemonReload'] ?? '') !== 'no' || ($u['LoadState'] ?? '') !== 'loaded',
                'dropins' => preg_split('/\s+/', $u['DropInPaths'] ?? '', -1, PREG_SPLIT_NO_EMPTY)];
        }
    }
    return $out;
}

// The first system library directory of ROOT that holds NAME, as a path inside ROOT.
function find_system_lib(string $root, string $name): ?string
{
    $multiarch = array_map(fn (string $d): string => substr($d, strlen($root)), glob("$root/usr/lib/*-linux-*",
        GLOB_ONLYDIR) ?: []);
    foreach (array_merge(['/usr/lib64', '/lib64'], $multiarch, ['/usr/lib', '/lib']) as $d) {
        if (is_file("$root$d/$name")) {
            return "$d/$name";
        }
    }
    return null;
}

// Is the libcurl FILE built on NSS: its version format "NSS/%s" (vtls/nss.c) is there; null: unreadable.
function libcurl_file_nss(string $file): ?bool
{
    $bytes = read_bounded($file, LIBCURL_SCAN);
    return $bytes !== null ? strpos($bytes, "NSS/%s\0") !== false : null;
}

// The services of ROOT whose ExecStart= binary (root's, not writable by others) needs an NSS libcurl,
// each a fix point with its environment as systemd builds it (unit_variable()). A unit whose command
// is a script, or whose binary cannot be read, is not listed: what it runs cannot be told from here.
function read_nss_units(string $root, array $default, float $deadline, int $owner = 0, ?array $manager_own = null):
    array
{
    $points = $notes = $curl_nss = $bins = [];
    foreach (array_slice(dropins($root, UNIT_DIRS, '*.service'), 0, UNITS_MAX, true) as $name => $file) {
        if (microtime(true) > $deadline) {
            $notes[] = 'units_cut_by_deadline';
            break;
        }
        if (strpos($name, '@.') !== false || !is_file($root . $file)) {
            continue;
        }
        $text = read_conf($root, $file, $owner);
        $exec = $text !== null ? systemd_values($text, 'Service', 'ExecStart') : [];
        $bin = $exec ? (env_words(ltrim($exec[0], '@-:+!|'))[0] ?? '') : '';
        if ($bin === '' || $bin[0] !== '/') {
            continue;
        }
        if (!array_key_exists($bin, $bins)) {
            $bytes = trusted_file($root . $bin, $owner) ? read_bounded($root . $bin, ELF_NEEDED_SCAN) : null;
            $lib = $bytes !== null ? elf_libcurl($bytes) : null;
            $path = $lib !== null ? find_system_lib($root, $lib) : null;
            if ($path !== null && !array_key_exists($path, $curl_nss)) {
                $curl_nss[$path] = trusted_file($root . $path, $owner) ? libcurl_file_nss($root . $path) : null;
            }
            $bins[$bin] = $path !== null && $curl_nss[$path] === true ? $path : null;
        }
        if ($bins[$bin] === null) {
            continue;
        }
        $texts = [$file => $text];
        foreach (dropins($root, array_map(fn (string $d): string => "$d/$name.d", UNIT_DIRS)) as $f) {
            $texts[$f] = read_conf($root, $f, $owner);
        }
        $uv = unit_variable($root, $owner, $texts, $default, $manager_own);
        $timer = substr($name, 0, -8) . '.timer';
        $points[] = fix_point('unit', $name, $uv['from'], $uv['value'], unit_fix($name),
            ['unit_file' => $file, 'dropins' => array_slice(array_keys($texts), 1), 'binary' => $bin,
                'libcurl' => $bins[$bin], 'notes' => $uv['notes'],
                'timer' => array_filter(UNIT_DIRS, fn (string $d): bool => is_file("$root$d/$timer")) ? $timer : null]);
    }
    return ['points' => $points, 'notes' => $notes];
}

// NSS_SDB_USE_CACHE as systemd.exec(5) builds a unit's environment ("Environment Variables in Spawned
// Processes"), a later source winning: the manager's (MANAGER), the manager's own environ (OWN, null:
// unknown) for the names PassEnvironment= lists, Environment=, the EnvironmentFile= globs in order;
// UnsetEnvironment= removes. TEXTS: the unit file and its drop-ins => text (null: not read). A file not
// read may set anything: then the value is unset, never fixed. ['value', 'from', 'notes' (not read)].
function unit_variable(string $root, int $owner, array $texts, array $manager, ?array $own): array
{
    $k = 'NSS_SDB_USE_CACHE';
    $v = $manager[$k] ?? null;
    $from = $v !== null ? 'DefaultEnvironment=' : null;
    $pass = $env = $files = $unset = $notes = [];
    $env_from = null;
    foreach ($texts as $f => $t) {
        if ($t === null) {
            $notes[] = "$f: not root's, or writable by others";
            continue;
        }
        foreach (systemd_values($t, 'Service', 'PassEnvironment') as $x) {
            $pass = trim($x) === '' ? [] : $pass + array_flip(env_words($x));
        }
        foreach (systemd_values($t, 'Service', 'EnvironmentFile') as $x) {
            $files = trim($x) === '' ? [] : array_merge($files, [trim($x)]);
        }
        foreach (systemd_values($t, 'Service', 'UnsetEnvironment') as $x) {
            $unset = trim($x) === '' ? [] : array_merge($unset, array_fill_keys(env_words($x), $f));
        }
        $vals = systemd_values($t, 'Service', 'Environment');
        $env = env_assign($env, $vals);
        $env_from = array_key_exists($k, env_assign([], $vals)) ? $f : $env_from;
    }
    if (isset($pass[$k], $own[$k])) {
        [$v, $from] = [$own[$k], 'PassEnvironment='];
    }
    if (isset($env[$k])) {
        [$v, $from] = [$env[$k], $env_from];
    }
    foreach ($files as $pattern) {
        $pattern = ltrim($pattern, '-');
        foreach ($pattern !== '' && $pattern[0] === '/' ? glob($root . $pattern) ?: [] : [] as $ef) {
            $ef = substr($ef, strlen($root));
            $e = parse_env_file((string) conf_text($root, $ef, $owner, $notes));
            if (isset($e[$k])) {
                [$v, $from] = [$e[$k], $ef];
            }
        }
    }
    foreach ($unset as $word => $f) {
        if ($v !== null && ($word === $k || $word === "$k=$v")) {
            [$v, $from] = [null, $f];
        }
    }
    return ['value' => $notes ? null : $v, 'from' => $notes ? null : $from, 'notes' => $notes];
}

// ---------------------------------------------------------------- running processes

// The processes of PROC (pids), but this one.
function proc_pids(string $proc = '/proc'): array
{
    return array_values(array_diff(array_map('intval', preg_grep('/^[0-9]+$/', scandir($proc) ?: [])), [getmypid()]));
}

// A process's own words, made safe to keep: NULs as spaces, cut at PROCESS_CMD_MAX bytes. Printing
// escapes them again (printable(), nagios_safe(), JSON, the exposition format).
function proc_text(?string $s): ?string
{
    if ($s === null) {
        return null;
    }
    $s = trim(str_replace("\0", ' ', $s));
    return strlen($s) > PROCESS_CMD_MAX ? substr($s, 0, PROCESS_CMD_MAX) . '...' : $s;
}

// What root reads of process PID that has softokn mapped and is not a server PHP, or null;
// ['cut' => 'deadline'|'bound'] when its maps were not read whole by DEADLINE or within MAPS_MAX
// (softokn may be further on); 'env' is ENV_KEEP (null: unreadable), 'libcurl_nss' null when the
// mapped libcurl is unreadable or not root's (trusted_in()).
function read_process(string $proc, int $pid, float $deadline = INF): ?array
{
    $d = "$proc/$pid";
    $maps = read_bounded("$d/maps", MAPS_MAX, $why, $deadline, $cut);
    if ($cut !== null) {
        return ['cut' => $cut];
    }
    if ($maps === null || strpos($maps, '/libsoftokn3.so') === false) {
        return null;
    }
    $exe = @readlink("$d/exe");
    $cwd = @readlink("$d/cwd");
    error_clear_last();
    $exe = is_string($exe) ? preg_replace('/ \(deleted\)$/', '', $exe) : null;
    // A server PHP is left to the PHP targets, but only on a root's file's word (trusted_in()): anyone may
    // name a copy of python3 php-fpm, or map a file of theirs called libphp.so, to leave the list. A
    // PHP CLI (a worker daemon, a cron job) is a process like any: no other target asks it.
    $php = preg_match_all('~ (/\S*/libphp[^/]*\.so)$~m', $maps, $lp) ? $lp[1] : [];
    if ($exe !== null && preg_match('/^php-(fpm|cgi)[0-9.]*$/', basename($exe))) {
        $php[] = $exe;
    }
    if (array_filter($php, fn (string $f): bool => proc_root_file($d, $f) !== null)) {
        return null;
    }
    $m = \nsscache_ep_maps($maps);
    $cg = read_bounded("$d/cgroup", 65536);
    $libs = array_filter($m, fn (string $k): bool => strncmp($k, 'libcurl', 7) === 0, ARRAY_FILTER_USE_KEY);
    $lib = $libs ? preg_replace('/ \(deleted\)$/', '', end($libs)) : null;
    $r = proc_root_file($d, (string) $lib);
    return ['pid' => $pid, 'comm' => proc_text(read_bounded("$d/comm", 64)),
        'cmdline' => proc_text(read_bounded("$d/cmdline", 4096)), 'exe' => proc_text($exe),
        'unit' => $cg !== null ? parse_cgroup_unit($cg) : null, 'env' => proc_env($d),
        'cwd' => is_string($cwd) && strlen($cwd) < 4096 ? $cwd : null, 'maps' => $m, 'libcurl' => proc_text($lib),
        // a PHP CLI counts on a root's file's word
        'php' => $exe !== null && preg_match('/^php[0-9.]*$/', basename($exe)) === 1
            && proc_root_file($d, $exe) !== null,
        'nsscache' => preg_match('~/nsscache\.so$~m', $maps) === 1,
        'libcurl_nss' => $r !== null ? libcurl_file_nss("$d/root$r") : null];
}

// PATH as process directory D sees it (resolve() in D/root), when it is a root's file there (trusted_in()).
function proc_root_file(string $d, string $path): ?string
{
    $r = resolve("$d/root", $path);
    return $r['exists'] && trusted_in("$d/root", $r['path']) ? $r['path'] : null;
}

// Every running non-PHP process of PROC with softokn mapped, judged (judge.php settled()), until DEADLINE;
// the processes not read (the deadline, or maps over MAPS_MAX) are one target not inspected.
function process_targets(string $proc, array $ctx, bool $counted, float $deadline): array
{
    $out = [];
    $cut = ['deadline' => 0, 'bound' => 0];
    $pids = proc_pids($proc);
    foreach ($pids as $pid) {
        $p = microtime(true) > $deadline ? ['cut' => 'deadline'] : read_process($proc, $pid, $deadline);
        if ($p === null || isset($p['cut']) && ++$cut[$p['cut']]) {
            continue;
        }
        $facts = process_facts($p);
        $view = see(view_of(['from' => 'answerer'], $pid, $ctx['host']), $facts);
        if ($p['env'] === null) {
            $view->notes[] = 'process_exited_while_read';
        }
        $out[] = settled((new Target(target('process', ($p['comm'] ?? '?') . "[$pid]", ['address' => $p['exe'],
            'counted' => $counted || $p['php'], 'status' => 'ok'])))->with('answer', ['status' => 'ok', 'error' => null,
            'facts' => $facts]), $view, $ctx['table']);
    }
    if (($n = $cut['deadline'] + $cut['bound']) > 0) {
        $out[] = settled((new Target(target('process', "$n of " . count($pids) . ' processes',
            ['counted' => $counted])))->with('answer', ['status' => $cut['deadline'] ? 'timeout' : 'error',
            'error' => "{$cut['deadline']} cut by the deadline, {$cut['bound']} with maps over " . (MAPS_MAX >> 20)
            . ' MiB', 'facts' => null, 'cut' => $cut]), null, $ctx['table']);
    }
    return $out;
}

// ---------------------------------------------------------------- --watch: which units start processes

// Polls PROC every STEP seconds until UNTIL: the processes that started meanwhile, by unit, and how
// many were seen with softokn mapped: ['units' => [['unit', 'started', 'softokn']], 'started', 'polls',
// 'seconds' (how long PROC was polled: the window left after asking and the process scan)].
function watch_units(string $proc, float $until, float $step = 0.1): array
{
    $from = microtime(true);
    $known = array_flip(proc_pids($proc));
    $new = [];
    $polls = 0;
    do {
        usleep((int) (min($step, max(0.0, $until - microtime(true))) * 1e6));
        $polls++;
        foreach (array_diff(proc_pids($proc), array_keys($known)) as $pid) {
            if (microtime(true) > $until) {
                break;
            }
            $known[$pid] = true;
            $cg = read_bounded("$proc/$pid/cgroup", 65536);
            $new[$pid] = ['unit' => $cg !== null ? parse_cgroup_unit($cg) ?? '-' : '-', 'softokn' => false];
        }
        // a process maps softokn when NSS starts: look again at the new ones until they do
        $looked = 0;
        foreach ($new as $pid => $n) {
            if (!$n['softokn'] && $looked++ < 200 && microtime(true) < $until) {
                $maps = read_bounded("$proc/$pid/maps", MAPS_MAX, $why, $until);
                $new[$pid]['softokn'] = $maps !== null && strpos($maps, '/libsoftokn3.so') !== false;
            }
        }
    } while (microtime(true) < $until);
    $units = [];
    foreach ($new as $n) {
        $units[$n['unit']] = $units[$n['unit']] ?? ['unit' => $n['unit'], 'started' => 0, 'softokn' => 0];
        $units[$n['unit']]['started']++;
        $units[$n['unit']]['softokn'] += (int) $n['softokn'];
    }
    usort($units, fn (array $a, array $b): int
        => [$b['softokn'], $b['started'], $a['unit']] <=> [$a['softokn'], $a['started'], $b['unit']]);
    return ['units' => $units, 'started' => count($new), 'polls' => $polls,
        'seconds' => round(microtime(true) - $from, 3)];
}

// ---------------------------------------------------------------- --fix-host: the one writer

// What --fix-host WHAT would write in ROOT: systemd, environment, crio or a unit NAME.service.
// ['path', 'text', 'then'] or null and WHY.
function fix_host_plan(string $what, string $root = '', int $owner = 0, ?string &$why = null): ?array
{
    $why = null;
    if ($what === 'systemd') {
        return SYSTEMD_FIX;
    }
    if ($what === 'environment') {
        $before = is_file("$root/etc/environment") ? read_conf($root, '/etc/environment', $owner, $why) : '';
        return $before === null ? null
            : environment_fix($before, $before === '' ? null : stat("$root/etc/environment"));
    }
    if ($what === 'crio') {
        $c = read_crio($root, $owner, '/etc/crio/crio.conf.d/99-nsscache.conf');
        $why = $c['notes'][0] ?? null;
        return $why === null ? crio_fix($c['list'], $c['mode']) : null;
    }
    if (preg_match('/^' . UNIT_NAME . '\.service$/', $what)) {
        return unit_fix($what);
    }
    $why = 'wants systemd, environment, crio or a unit NAME.service, not ' . first_line($what);
    return null;
}

// Writes PLAN (fix_host_plan()) in ROOT: the directory (created 0755 when its parent is trusted)
// must be root's (OWNER's in the tests) and writable by no one else; the file is replaced atomically.
function fix_host_write(array $plan, string $root = '', int $owner = 0, ?string &$why = null): bool
{
    $dir = $root . dirname($plan['path']);
    if (!is_dir($dir) && (!trusted_file(dirname($dir), $owner) || !@mkdir($dir, 0755))) {
        $why = 'cannot create ' . dirname($plan['path']) . ': its parent is not root\'s, or writable by others';
        return false;
    }
    foreach (array_filter([$plan['also'] ?? null, $plan]) as $f) {
        if (!trusted_file($dir, $owner) || is_link($root . $f['path'])) {
            $why = dirname($f['path']) . ' is not root\'s, or others may write it, or the file is a symlink: refusing';
            return false;
        }
        if (!write_atomic($root . $f['path'], $f['text'], $why, $f['mode'] ?? 0644, $f['owner'] ?? null)) {
            return false;
        }
    }
    return true;
}
