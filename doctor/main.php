<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: is this host affected by NSS's access() probe, and is the fix in effect in every PHP
// here? Run by the launcher (nsscache-doctor) under a PHP >= 7.4; see --help and docs/doctor.md. The
// stages, one file each: targets.php (which PHPs), ask.php and fcgi.php (their facts), view.php (their
// view of the host), judge.php (codes, pure), words.php (every sentence), output.php (the verdict's forms);
// record.php the target, files.php reads the host, table.php the softokn table.
declare(strict_types=1);

namespace NsscacheDoctor;

const VERSION = '0.3.0';

require __DIR__ . '/files.php';
require __DIR__ . '/record.php';
require __DIR__ . '/table.php';
require __DIR__ . '/targets.php';
require __DIR__ . '/ask.php';
require __DIR__ . '/fcgi.php';
require __DIR__ . '/view.php';
require __DIR__ . '/judge.php';
require __DIR__ . '/words.php';
require __DIR__ . '/output.php';
require __DIR__ . '/host.php';

const USAGE = <<<'TXT'
Usage: nsscache-doctor [OUTPUT] [TARGETS] [OPTIONS]
Is this host affected by NSS's access() probe, and is NSS_SDB_USE_CACHE in effect in every
PHP here? Asks every PHP CLI, every php-fpm pool (over FastCGI: a real worker answers) and
the ini files of mod_php and php-cgi; never makes a TLS connection or initialises NSS.

Output (one of; default: a table for people):
  --json               the facts and the verdict as JSON ("schema": 1)
  --nagios             one status line; exit codes are the plugin codes
  --textfile PATH      Prometheus text for node_exporter: PATH/nsscache.prom (PATH a directory),
                       PATH itself (a *.prom file) or - (stdout); written atomically; exit 0
                       once written, whatever was found
  --save-json FILE     also write the --json document to FILE, atomically (with any output; FILE
                       a *.json path in a directory only root may write, such as /var/lib/nsscache)
Targets (default: discover them all; with any of these, only those):
  --php BINARY         a PHP CLI, run with this environment (PHPRC, PHP_INI_SCAN_DIR count)
  --pool NAME=SOCKET|HOST:PORT   a php-fpm pool
  --url URL            a page that serves nsscache-metrics.php (mod_php, php-cgi)
  --fpm-conf GLOB      the pools of these php-fpm configuration files
  --discover           discover as well
Options:
  --script PATH        nsscache-metrics.php as the pools see it (default: the doctor's copy)
  --timeout SECONDS    per target (default 3)
  --deadline SECONDS   for the whole run (default 8): targets are asked together, one out of
                       time is a timeout, and the verdict is printed by then
  --watch SECONDS      also measure the growth of negative dentries over SECONDS, and which
                       systemd units started processes meanwhile (and how many mapped softokn)
  --processes          count the running non-PHP processes with softokn mapped in the exit code
                       (listed, not counted, whenever targets are discovered)
  --fix-host WHAT      print the file that sets NSS_SDB_USE_CACHE=yes host-wide and where it goes:
                       WHAT systemd (DefaultEnvironment=), environment (/etc/environment), crio
                       (default_env) or a unit NAME.service (a drop-in); writes only with --yes
  --yes                with --fix-host: write it (atomically), then say what to restart
  --table FILE         the softokn table (default: softokn.tsv beside the doctor)
  --no-color           no colour even on a terminal
  --version, --help
Exit codes (every mode): 0 nothing probes; 1 some target may probe; 2 some target will
probe; 3 some target could not be inspected (or bad usage). When several apply: 2, then 3,
then 1. A discovered pool whose php-fpm master is not running is listed, not counted.
TXT;

function usage_error(string $why): void
{
    fwrite(STDERR, "nsscache-doctor: $why (see --help)\n");
    exit(3);
}

function options(array $argv): array
{
    $o = ['mode' => 'human', 'textfile' => null, 'php' => [], 'pool' => [], 'url' => [], 'fpm-conf' => [],
        'save-json' => null, 'discover' => false, 'script' => null, 'timeout' => 3.0, 'deadline' => 8.0,
        'watch' => null, 'table' => null, 'colour' => true, 'processes' => false, 'fix-host' => null, 'yes' => false];
    // the options that take no value: the setting each one makes; every other setting is an option with a value
    $flags = ['json' => ['mode', 'json'], 'nagios' => ['mode', 'nagios'], 'discover' => ['discover', true],
        'no-color' => ['colour', false], 'processes' => ['processes', true], 'yes' => ['yes', true]];
    $takes = array_diff(array_keys($o), array_column($flags, 0));
    for ($i = 1; $i < count($argv); $i++) {
        $a = $argv[$i];
        if (in_array($a, ['--help', '-h', '--version'], true)) {
            echo $a === '--version' ? 'nsscache-doctor ' . VERSION : USAGE, "\n";
            exit(0);
        }
        if (!preg_match('/^--([a-z-]+)(?:=(.*))?$/s', $a, $m)) {
            usage_error('unknown argument ' . first_line($a));
        }
        $k = $m[1];
        if (isset($flags[$k])) {
            $o[$flags[$k][0]] = $flags[$k][1];
            continue;
        }
        if (!in_array($k, $takes, true)) {
            usage_error("unknown option --$k");
        }
        $v = $m[2] ?? ($argv[++$i] ?? null);
        if ($v === null) {
            usage_error("--$k needs a value");
        }
        if (is_array($o[$k])) {
            $o[$k][] = $v;
            continue;
        }
        $o[$k] = $v;
        $o['mode'] = $k === 'textfile' ? 'textfile' : $o['mode'];
    }
    // an existing directory, a *.prom file or stdout: never any other path, which root would replace
    $tf = $o['textfile'];
    if ($tf !== null && $tf !== '-' && !is_dir($tf) && substr($tf, -5) !== '.prom') {
        usage_error('--textfile wants an existing directory, a *.prom file or -, not ' . first_line($tf));
    }
    if ($o['save-json'] !== null && !save_json_path_ok($o['save-json'], $why)) {
        usage_error("--save-json wants $why, not " . first_line($o['save-json']));
    }
    foreach (['timeout', 'deadline', 'watch'] as $k) {
        if ($o[$k] !== null) {
            if (!is_numeric($o[$k]) || (float) $o[$k] <= 0 || (float) $o[$k] > 3600) {
                usage_error("--$k wants seconds between 0 and 3600, not " . first_line((string) $o[$k]));
            }
            $o[$k] = (float) $o[$k];
        }
    }
    if ($o['watch'] !== null && $o['watch'] >= $o['deadline']) {
        usage_error("--watch {$o['watch']} does not end before the --deadline of {$o['deadline']} s");
    }
    return $o;
}

// A file of the doctor: beside these PHP files (a package: /usr/share/nsscache-doctor), or where
// a checkout keeps it (data/, fleet/).
function own_file(string $name, string $checkout_dir): ?string
{
    return array_values(array_filter([__DIR__ . "/$name", dirname(__DIR__) . "/$checkout_dir/$name"], 'is_file'))[0]
        ?? null;
}

// The environment a CLI target starts with: the doctor's own as the launcher was given it, less the
// doctor's own variables (NSSCACHE_DOCTOR_*). nsscache enabled for the doctor's own PHP (phpenmod, as
// docs/install.md does) sets NSS_SDB_USE_CACHE in the doctor's process, and every CLI would inherit that
// fix. RECORD: the launcher's NSSCACHE_DOCTOR_VAR ('unset' or 'set:VALUE', taken before it execs PHP);
// without it (main.php run by hand) nsscache's own STATUS says what it changed; LOADED without a
// STATUS (an older .so): not known. Returns ['env' => ..., 'known' => bool].
function target_env(array $env, ?string $record, bool $loaded, ?array $status): array
{
    $env = array_filter($env, fn($k): bool => strncmp((string) $k, 'NSSCACHE_DOCTOR_', 16) !== 0, ARRAY_FILTER_USE_KEY);
    $action = $status['action'] ?? null;
    if ($record === 'unset' || $record !== null && strncmp($record, 'set:', 4) === 0) {
        $was = $record === 'unset' ? null : substr($record, 4);
    } elseif ($loaded && in_array($action, ['set', 'replaced'], true) && array_key_exists('previous', $status)) {
        $was = is_string($status['previous']) ? stripcslashes($status['previous']) : null;
    } else {
        // nothing to undo where nsscache is not loaded or says it changed nothing
        return ['env' => $env, 'known' => !$loaded || in_array($action, ['none', 'kept', 'disabled'], true)];
    }
    unset($env['NSS_SDB_USE_CACHE']);
    return ['env' => $env + ($was !== null ? ['NSS_SDB_USE_CACHE' => $was] : []), 'known' => true];
}

// The endpoint as the pools can read it: ENDPOINT itself where a user with no rights of its own could,
// else (a checkout under /root) a copy made fresh in a new directory of RUN, which only root may write
// (the directory 0755, the copy 0444, so no user can replace it before a pool runs it), removed at exit.
// Where that cannot be made, ENDPOINT: the pools then say where they stop (endpoint_blocked()).
function endpoint_for_pools(string $endpoint, string $run = '/run'): string
{
    $st = @stat($run);
    $dir = "$run/nsscache-doctor." . bin2hex(random_bytes(8));
    $text = blocked_at('', $endpoint, ['uid' => 65534, 'gid' => 65534, 'groups' => []]) === null ? null
        : read_bounded($endpoint, 1 << 20);
    if ($text === null || $st === false || $st['uid'] !== 0 || ($st['mode'] & 0022) !== 0 || !@mkdir($dir, 0700)) {
        error_clear_last();
        return $endpoint;
    }
    $file = "$dir/nsscache-metrics.php";
    register_shutdown_function(function () use ($dir, $file): void {
        @unlink($file);
        @rmdir($dir);
    });
    $h = @fopen($file, 'xb');
    $ok = $h !== false && @fwrite($h, $text) === strlen($text);
    $ok = $h !== false && @fclose($h) && $ok && @chmod($file, 0444) && @chmod($dir, 0755);
    error_clear_last();
    return $ok ? $file : $endpoint;
}

// TARGETS with one target per address: a unix socket by its resolved path (Debian's
// /run/php/php-fpm.sock is a symlink), and for a pool the one a running master serves over one
// whose master is not running (a custom master on the distribution's socket path: the pool that
// serves traffic is the one to ask). Otherwise the first stays (a --pool before discovery's).
function dedupe(array $targets): array
{
    $out = $at = [];
    foreach ($targets as $t) {
        $a = $t['address'];
        if ($a === null) {
            $out[] = $t;
            continue;
        }
        $key = $t['kind'] . ' ' . ($t['kind'] === 'fpm' && $a !== '' && $a[0] === '/' ? (realpath($a) ?: $a) : $a)
            . ' ' . ($t['server_pid'] ?? '');    // each running server of one ini dir is a target
        if (!isset($at[$key])) {
            $at[$key] = count($out);
            $out[] = $t;
        } elseif ($out[$at[$key]]['status'] === 'not_running' && $t['status'] !== 'not_running') {
            $out[$at[$key]] = $t;
        }
    }
    return $out;
}

// Why pool T's user cannot read the endpoint SCRIPT (in its master's root and its chroot): blocked_at() plus
// 'user' and 'owner' (by name where it has one); null: not that (open_basedir, security.limit_extensions).
function endpoint_blocked(array $t, ?string $script): ?array
{
    $pool = $t['pool'] ?? pool_at($t['address']);
    $user = is_string($pool['user'] ?? null) ? $pool['user'] : null;
    $pw = $script !== null && $user !== null && function_exists('posix_getpwnam') ? @posix_getpwnam($user) : false;
    if (!$pw) {
        return null;
    }
    $groups = [];
    $etc_group = read_bounded('/etc/group', 1 << 20);
    foreach (explode("\n", (string) $etc_group) as $l) {
        $f = explode(':', $l);
        if (count($f) >= 4 && in_array($user, explode(',', $f[3]), true)) {
            $groups[] = (int) $f[2];
        }
    }
    $root = isset($pool['master_pid']) ? "/proc/{$pool['master_pid']}/root" : '';
    $root .= rtrim((string) ($pool['chroot'] ?? ''), '/');
    $b = blocked_at($root, $script, ['uid' => (int) $pw['uid'], 'gid' => (int) $pw['gid'], 'groups' => $groups]);
    if ($b === null) {
        return null;
    }
    $owner = function_exists('posix_getpwuid') ? (@posix_getpwuid($b['uid'])['name'] ?? $b['uid']) : $b['uid'];
    return $b + ['user' => $user, 'owner' => $owner];
}

// The task that asks target T until DEADLINE (ask.php; null: nothing to ask). Its result, an
// answer: ['status' => ok or a status code, 'facts' => ?array (decode_facts()), 'error' => ?string].
function ask_task(array $t, array $ctx, float $deadline): ?\Generator
{
    $cli = $t['kind'] === 'cli' || $t['kind'] === 'ini';
    if ($t['status'] !== null || $cli && $ctx['snippet'] === null) {
        return null;
    }
    if (!$cli) {
        return $t['kind'] === 'fpm' ? ask_fcgi_task($t['address'], $ctx['script'], $deadline)
            : ask_url_task($t['address'], $deadline);
    }
    if ($t['kind'] === 'cli') {
        return ask_cli_task($t['address'], $ctx['snippet'], $deadline, $ctx['env']);
    }
    // an ini target: the running server's own variables (its parent's /proc/PID/environ, ENV_KEEP only)
    $env = $ctx['env'];
    foreach (array_merge(array_keys(FACTS_SPEC['env']), isset($t['server_env']) ? ['LD_LIBRARY_PATH'] : []) as $k) {
        unset($env[$k]);
    }
    $env = array_merge($env, $t['server_env'] ?? []);
    $env['PHP_INI_SCAN_DIR'] = $t['scan_dir'];
    return ask_cli_task($t['binary'], $ctx['snippet'], $deadline, $env, $t['ini_args']);
}

// Where target T's files are seen from once it has answered (view.php): a pool's answerer (its
// master's root and mounts when it runs), a CLI's or an ini target's the doctor's own; a page's
// Prometheus text shows no pid, no paths: nothing on this host is looked at for it.
function vantage_of(array $t): array
{
    if ($t['kind'] !== 'fpm') {
        return ['from' => $t['kind'] === 'cli' || $t['kind'] === 'ini' ? 'ours' : 'none'];
    }
    $pool = $t['pool'] ?? pool_at($t['address']);
    return ['from' => 'answerer', 'check' => $pool !== null ? "pool {$pool['name']}" : 'php-fpm',
        'master_pid' => $pool['master_pid'] ?? null, 'chroot' => $pool['chroot'] ?? null,
        'user' => $pool['user'] ?? null];
}

// Asks and judges TARGETS (Addresses) together (drive()): each until its --timeout or the run's
// DEADLINE, whichever comes first; one out of time is a timeout, and the rest are judged all the same.
function inspect_all(array $targets, array $ctx, float $deadline): array
{
    $tasks = $from = [];
    $start = microtime(true);
    $limit = min($start + $ctx['timeout'], $deadline);
    foreach ($targets as $i => $t) {
        $from[$i] = $t['status'] === null ? vantage_of($t) : ['from' => 'none'];
        $tasks[$i] = ask_task($t, $ctx, $limit);
    }
    $answers = drive(array_filter($tasks));
    $out = [];
    foreach ($targets as $i => $t) {
        // not asked: its Address's status, or the snippet's error
        $a = $answers[$i] ?? ['status' => $t['status'] ?? 'error', 'error' => $t['status'] === null
            ? $ctx['snippet_error'] : $t['error'], 'facts' => null];
        $a['timeout'] = round(max(0.0, $limit - $start), 1);
        $out[] = answered($t, $a, $from[$i], $ctx);
    }
    return $out;
}

// Target T (an Address) from its answer A (ask_task()), seen from FROM: its Answer, its Facts
// (view.php, judge.php facts_of()) and its Judgement (judge.php).
function answered(array $t, array $a, array $from, array $ctx): Target
{
    if ($a['status'] === 'endpoint_failed' && $t['kind'] === 'fpm') {
        $a['blocked'] = endpoint_blocked($t, $ctx['script'] ?? null);
    }
    $f = $a['facts'];
    $view = $a['status'] !== 'ok' ? null
        : see(view_of($from, is_int($f['pid'] ?? null) ? $f['pid'] : null, $ctx['host']), $f);
    $notes = $t['kind'] === 'cli' && !($ctx['env_known'] ?? true) ? ['doctor_env_unknown'] : [];
    return settled((new Target($t))->with('answer', $a), $view, $ctx['table'], $notes);
}

function main(array $argv): int
{
    $t0 = microtime(true);
    // the textfile and the Nagios perfdata are read by programs that take only '.' (LC_NUMERIC=C), whatever
    // the host's PHP set
    setlocale(LC_NUMERIC, 'C');
    $o = options($argv);
    if ($o['fix-host'] !== null) {
        return fix_host($o['fix-host'], $o['yes']);
    }
    $table_file = $o['table'] ?? own_file('softokn.tsv', 'data');
    $table_error = 'no softokn.tsv found';
    $table = $table_file !== null ? table_load($table_file, $table_error) : null;
    if ($table === null) {
        fwrite(STDERR, "nsscache-doctor: $table_error: probes on NSS hosts are reported unknown\n");
    }
    $endpoint = own_file('nsscache-metrics.php', 'fleet');
    $bad = $endpoint === null ? 'nsscache-metrics.php not found beside the doctor' : (trusted_file($endpoint) ? null
        : printable($endpoint) . " is not root's, or others may write it (or a directory above it): refusing to load it"
        . ' as root');
    if ($bad !== null) {
        fwrite(STDERR, "nsscache-doctor: $bad\n");
        return 3;
    }
    define('NSSCACHE_EP_LIBRARY', true);
    require_once $endpoint;
    $snippet = snippet($endpoint, $snippet_error);
    $kernel = php_uname('r');
    $host = ['hostname' => php_uname('n'), 'kernel' => $kernel, 'distro' => read_distro(''),
        'dentries' => read_dentries('/proc', $kernel), 'watch' => null];

    // what the launcher skipped and discovery skips, named in one line
    $skipped = preg_split('/ +/', (string) getenv('NSSCACHE_DOCTOR_SKIPPED'), -1, PREG_SPLIT_NO_EMPTY);
    $given = $o['php'] || $o['pool'] || $o['url'] || $o['fpm-conf'];
    $targets = given_targets($o);
    if ($o['fpm-conf']) {
        $targets = array_merge($targets, discover_pools($o['fpm-conf']));
    }
    if (!$given || $o['discover']) {
        $targets = array_merge($targets, discover_clis('', $skipped), discover_pools([]),
            ...array_map('NsscacheDoctor\\ini_with_server', discover_inis()));
    }
    if ($skipped) {
        fwrite(STDERR, 'nsscache-doctor: not run, not root\'s or writable by others: '
            . printable(implode(' ', array_unique($skipped))) . "\n");
    }
    $st = function_exists('nsscache_status') ? nsscache_status() : null;
    $record = getenv('NSSCACHE_DOCTOR_VAR');
    $te = target_env(getenv(), is_string($record) ? $record : null, extension_loaded('nsscache'),
        is_array($st) ? $st : null);
    // what asking and judging need of the run (ask_task(), answered())
    $ctx = ['timeout' => $o['timeout'], 'env' => $te['env'], 'env_known' => $te['known'],
        'snippet' => $snippet, 'snippet_error' => $snippet_error,
        'script' => $o['script'] ?? endpoint_for_pools(realpath($endpoint) ?: $endpoint), 'table' => $table,
        'host' => ['distro' => $host['distro']]];
    $todo = dedupe($targets);
    // the verdict is printed by the deadline: asking stops a little before it, to judge and write
    // counted from the launcher's start when it says (its checks take a few hundred ms)
    $start = getenv('NSSCACHE_DOCTOR_START');
    $start = is_numeric($start) && abs((float) $start - $t0) < 60 ? min((float) $start, $t0) : $t0;
    $until = $start + $o['deadline'] - min(1.0, $o['deadline'] / 4);
    $done = inspect_all($todo, $ctx, $until);
    // the whole host (host.php): with discovery, or --processes; processes counted with --processes
    $host['fix_points'] = $host['fix_points_notes'] = null;
    if (!$given || $o['discover'] || $o['processes']) {
        $done = array_merge($done, process_targets('/proc', $ctx, $o['processes'], $until));
        $fp = read_fix_points('', $until);
        $units = array_column(array_filter($fp['points'], fn(array $p): bool => $p['kind'] === 'unit'), 'name');
        $host['fix_points'] = fix_points_running($fp['points'], running_systemd($units, $until));
        $host['fix_points_notes'] = $fp['notes'];
    }
    if ($o['watch'] !== null) {
        $wu = watch_units('/proc', max(microtime(true), min($t0 + $o['watch'], $until)));
        $now = read_dentries('/proc', $kernel);
        $secs = microtime(true) - $t0;
        $d0 = $host['dentries'];
        $rate = fn(?int $a, ?int $b): ?float => $a !== null && $b !== null ? round(($b - $a) / $secs, 3) : null;
        $host['watch'] = ['seconds' => round($secs, 3),
            'nr_negative_per_second' => $rate($d0['nr_negative'], $now['nr_negative']),
            'nr_dentry_per_second' => $rate($d0['nr_dentry'], $now['nr_dentry']),
            'slab_bytes_per_second' => $rate($d0['slab']['bytes'] ?? null, $now['slab']['bytes'] ?? null),
            'processes_started' => $wu['started'], 'processes_seconds' => $wu['seconds'], 'units' => $wu['units']];
        $host['dentries'] = $now;
    }
    $verdict = verdict($done);
    $code = $verdict['code'];
    // what output.php formats: the run, the host, the judged targets, the verdict
    $doc = ['doctor' => ['version' => VERSION, 'table' => $table_file, 'table_error' => $table_error,
        'endpoint' => $endpoint, 'started' => $t0, 'duration_seconds' => round(microtime(true) - $t0, 3)],
        'host' => $host, 'targets' => $done, 'exit' => $code, 'counts' => $verdict['counts'],
        'fix_points_asked' => $o['processes'],
        'summary' => summary($code, $verdict['counts'])];
    // the same document as --json, for readers that must not run the doctor (the Ansible fact)
    $saved = $o['save-json'] === null || write_atomic($o['save-json'], doc_json($doc), $why, 0600);
    if (!$saved) {
        fwrite(STDERR, "nsscache-doctor: $why\n");
        $code = 3;
    }
    if ($o['mode'] !== 'textfile') {
        echo $o['mode'] === 'json' ? doc_json($doc) : ($o['mode'] === 'nagios' ? doc_nagios($doc)
            : doc_human($doc, $o['colour'] && getenv('NO_COLOR') === false && stream_isatty(STDOUT)));
        return $code;
    }
    $path = $o['textfile'];
    $text = doc_prometheus($doc);
    if ($path === '-') {
        echo $text;
        return $saved ? 0 : 3;
    }
    if (!write_atomic(is_dir($path) ? rtrim($path, '/') . '/nsscache.prom' : $path, $text, $why)) {
        fwrite(STDERR, "nsscache-doctor: $why\n");
        return 3;
    }
    foreach ($done as $t) {
        $ad = $t->address();
        if ($t->answer()['status'] !== 'ok' && $ad['counted']) {
            fwrite(STDERR, 'nsscache-doctor: ' . printable("{$ad['kind']} {$ad['name']}: " . words($t)) . "\n");
        }
    }
    return $saved ? 0 : 3;
}

// --fix-host WHAT [--yes]: the doctor's one writer (host.php). Without YES it prints what it would
// write and where, and writes nothing.
function fix_host(string $what, bool $yes): int
{
    $plan = fix_host_plan($what, '', 0, $why);
    if ($plan === null || $yes && !fix_host_write($plan, '', 0, $why)) {
        fwrite(STDERR, 'nsscache-doctor: --fix-host: ' . printable((string) $why) . "\n");
        return 3;
    }
    foreach (array_filter([$plan['also'] ?? null, $plan]) as $f) {
        echo $yes ? 'Wrote ' : 'Would write ', "{$f['path']} (", !empty($f['whole_file']) ? 'the whole file'
            : 'a new file', "):\n", '    ', implode("\n    ", array_map(__NAMESPACE__ . '\\printable',
                explode("\n", rtrim($f['text'], "\n")))), "\n";    // each line printable() and indented
    }
    echo $yes ? "Now: {$plan['then']}.\n"
        : "Then: {$plan['then']}.\nNothing written: run again with --yes to write it.\n";
    return 0;
}

if (!defined('NSSCACHE_DOCTOR_LIBRARY')) {
    exit(main($argv));
}
