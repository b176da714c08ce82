<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: the verdict and its four forms: the human table (colour only on a terminal), --json,
// --nagios and --textfile (Prometheus text for node_exporter, with the endpoint's metric names). One exit
// code for every mode (docs/doctor.md): 2 expected > 3 not inspected > 1 possible > 0; a target not
// counted (a discovered pool whose master is not running) never changes it.
declare(strict_types=1);

namespace NsscacheDoctor;

const SCHEMA = 1;
const NAGIOS_MAX = 1024;
// the table's columns: TARGET, KIND, NSS CURL, NSSCACHE, NSS_SDB_USE_CACHE, PROBE at most this wide
const TABLE_WIDTHS = [40, 7, 8, 10, 20, 15];
const PROBE_STATES = ['none', 'expected', 'possible', 'unknown'];
const TARGET_STATUSES = ['ok', 'not_running', 'dead', 'timeout', 'endpoint_failed', 'crashed', 'bad_answer',
    'config', 'error'];

// The run's verdict: ['code' (the exit code: 0, 1, 2 or 3), 'counts' (how many counted targets:
// 'targets', and by bucket(); and 'not_counted')].
function verdict(array $targets): array
{
    $n = ['targets' => 0, 'expected' => 0, 'possible' => 0, 'uninspected' => 0, 'none' => 0, 'not_counted' => 0];
    foreach ($targets as $t) {
        $b = bucket($t);
        $n[$b]++;
        $n['targets'] += $b === 'not_counted' ? 0 : 1;
    }
    return ['code' => $n['expected'] ? 2 : ($n['uninspected'] ? 3 : ($n['possible'] ? 1 : 0)), 'counts' => $n];
}

function summary(int $code, array $n): string
{
    $what = [0 => 'nothing probes', 1 => 'NSS may probe', 2 => 'NSS will probe', 3 => 'some targets not inspected'];
    return sprintf('%s: %d target%s, %d expected, %d possible, %d not inspected, %d not probing%s', $what[$code],
        $n['targets'], $n['targets'] === 1 ? '' : 's', $n['expected'], $n['possible'], $n['uninspected'], $n['none'],
        $n['not_counted'] ? ", {$n['not_counted']} not counted" : '');
}

// ---------------------------------------------------------------- JSON, schema 1

// One target as --json shows it (docs/doctor.md, "JSON"): its Address, Answer, Facts and Judgement.
// A target not inspected has no Facts (each null) and a Judgement of nulls and "unknown" (judge()).
function target_json(Target $t): array
{
    [$ad, $a, $f, $j] = $t->parts();
    $only = fn(string $k, array $keys): ?array => $f !== null ? array_intersect_key($f[$k], array_flip($keys)) : null;
    return [
        'name' => $ad['name'], 'kind' => $ad['kind'], 'address' => $ad['address'], 'counted' => $ad['counted'],
        'status' => $a['status'], 'error' => $a['error'], 'php' => $f['php'] ?? null, 'pid' => $f['pid'] ?? null,
        'nss_curl' => $f['nss_curl'] ?? null, 'libcurl' => $f['libcurl'] ?? null,
        'tls_backend' => $f['tls_backend'] ?? null, 'nss' => $f['nss'] ?? null,
        'softokn' => $only('softokn', ['version', 'path', 'how', 'system_build', 'source']),
        'distro' => $only('distro', ['id', 'version', 'family']), 'variable' => $f['variable'] ?? null,
        'variable_class' => $f['variable_class'] ?? null, 'ssl_dir' => $f['ssl_dir'] ?? null,
        'tmpdir' => $f['tmpdir'] ?? null, 'sqlite_tmpdir' => $f['sqlite_tmpdir'] ?? null,
        'db' => $only('db', ['path', 'source', 'resolved', 'cert9', 'writable', 'fs', 'fs_class']),
        'tempdir' => $only('tempdir', ['path', 'source', 'resolved', 'fs', 'fs_class']),
        'nsscache' => $f['nsscache'] ?? ['loaded' => null, 'version' => null, 'in_effect' => null,
            'in_effect_reason' => null, 'action' => null, 'phase' => null],
        'in_effect' => $j['in_effect'], 'in_effect_reason' => $j['in_effect_reason'], 'probe' => $j['probe'],
        'probe_db_dir' => $j['probe_db_dir'], 'probe_temp_dir' => $j['probe_temp_dir'],
        'dentries_freed' => $j['dentries_freed'],
        'reason' => $f !== null ? $j['reason'] : $a['status'], 'message' => words($t),
        'notes' => array_values($j['notes']),
    ] + ($ad['kind'] === 'process' ? ['process' => $f['process'] ?? null] : []);
}

function doc_json(array $doc): string
{
    $out = ['schema' => SCHEMA, 'doctor' => $doc['doctor'], 'host' => $doc['host'],
        'targets' => array_map(__NAMESPACE__ . '\target_json', $doc['targets']),
        'exit' => $doc['exit'], 'summary' => $doc['summary']];
    return json_encode($out, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE
        | JSON_PRESERVE_ZERO_FRACTION) . "\n";
}

// ---------------------------------------------------------------- Nagios

// The plugin guidelines' line: "NSSCACHE STATE - text | perfdata", the exit code the state's number.
// Perfdata labels are fixed words (nothing from the host goes there); their ranges drive the state (above
// 0 a possible target warns, an expected one is critical). Numbers without the locale (%d, %F).
function doc_nagios(array $doc): string
{
    $state = ['OK', 'WARNING', 'CRITICAL', 'UNKNOWN'][$doc['exit']];
    $n = $doc['counts'];
    $names = $by = [];
    foreach ($doc['targets'] as $t) {
        $name = $t->address()['name'];
        $by[bucket($t)][] = nagios_safe(strlen($name) > 64 ? substr($name, 0, 61) . '...' : $name);
    }
    foreach (['expected' => 'probe expected', 'uninspected' => 'not inspected', 'possible' => 'probe possible']
            as $k => $label) {
        if (isset($by[$k])) {
            $names[] = "$label: " . implode(', ', array_slice($by[$k], 0, 5)) . (count($by[$k]) > 5 ? ', ...' : '');
        }
    }
    $perf = [nagios_perf('targets', $n['targets']),
        nagios_perf('expected', $n['expected'], '', '0', $n['targets']),
        nagios_perf('possible', $n['possible'], '0', '', $n['targets']),
        nagios_perf('uninspected', $n['uninspected'], '', '', $n['targets'])];
    if (($doc['host']['dentries']['nr_negative'] ?? null) !== null) {
        $perf[] = nagios_perf('negative_dentries', $doc['host']['dentries']['nr_negative']);
    }
    if (($doc['host']['fix_points'] ?? null) !== null) {
        $perf[] = nagios_perf('processes', count(array_filter($doc['targets'],
            fn(Target $t): bool => $t->address()['kind'] === 'process')));
    }
    $perf[] = "'duration'=" . sprintf('%.3F', $doc['doctor']['duration_seconds']) . 's;;;0';
    // NRPE 2.x sends at most 1,023 bytes and the newline: the names give way, the perfdata stays whole
    $head = "NSSCACHE $state - ";
    $tail = ' | ' . implode(' ', $perf) . "\n";
    $text = nagios_safe($names ? implode('; ', $names) : $doc['summary']);
    $room = NAGIOS_MAX - strlen($head) - strlen($tail);
    return $head . (strlen($text) > $room ? substr($text, 0, $room - 3) . '...' : $text) . $tail;
}

// One count: 'LABEL'=N;WARN;CRIT;0;MAX, the empty fields at the end dropped.
function nagios_perf(string $label, int $value, string $warn = '', string $crit = '', ?int $max = null): string
{
    return rtrim(sprintf("'%s'=%d;%s;%s;0;%s", $label, $value, $warn, $crit, $max ?? ''), ';');
}

// Nagios splits on '|' and newlines: neither may come from a name.
function nagios_safe(string $s): string
{
    return preg_replace('/[^\x20-\x7b\x7d\x7e]/', '?', $s);
}

// S as a terminal or a journal may show it: every control byte (C0, DEL, and C1 as UTF-8 or
// as a lone byte) as \xHH, so that no field of a target (a pool name, a path, an answer) can
// move the cursor, retitle the window or hide a line. Bytes that are not UTF-8 are escaped too.
function printable(string $s): string
{
    $re = preg_match('//u', $s) ? '/[\x00-\x1f\x7f]|\xc2[\x80-\x9f]/' : '/[\x00-\x1f\x7f-\xff]/';
    return preg_replace_callback($re, fn(array $m): string => '\\x' . implode('\\x', str_split(bin2hex($m[0]), 2)), $s);
}

// ---------------------------------------------------------------- the human table

function doc_human(array $doc, bool $colour): string
{
    $c = fn(string $code, string $s): string => $colour ? "\033[{$code}m$s\033[0m" : $s;
    $probe_colour = ['expected' => '31;1', 'possible' => '33', 'none' => '32', 'unknown' => '35'];
    $h = $doc['host'];
    $out = printable(sprintf("nsscache-doctor %s on %s (%s, family %s; Linux %s)", $doc['doctor']['version'],
        $h['hostname'], trim(($h['distro']['id'] ?? 'unknown') . ' ' . ($h['distro']['version'] ?? '')),
        $h['distro']['family'], $h['kernel'])) . "\n\n";
    $rows = [['TARGET', 'KIND', 'NSS CURL', 'NSSCACHE', 'NSS_SDB_USE_CACHE', 'PROBE']];
    $colours = $said = [''];
    $probes = false;
    foreach ($doc['targets'] as $t) {
        [$ad, $a, $f, $j] = $t->parts();
        $ok = $a['status'] === 'ok';
        $ns = !$ok ? '-' : (!$f['nsscache']['loaded'] ? 'no' : ($f['nsscache']['version'] ?? 'loaded'));
        $rows[] = array_map(__NAMESPACE__ . '\printable', [$ad['name'], $ad['kind'],
            !$ok ? '-' : ($f['nss_curl'] ? 'yes' : 'no'), $ns,
            !$ok ? '-' : ($f['variable'] !== null ? quote($f['variable'])
                : ($f['variable_class'] === 'probing' ? '(probing)' : 'unset')),
            $ok ? $j['probe'] : str_replace('_', ' ', $a['status'])]);
        $colours[] = $ok ? $probe_colour[$j['probe']] : ($ad['counted'] ? '35' : '2');
        // its code, to look up in docs/doctor.md ("Reason codes"), as --json's reason says it
        $said[] = '    ' . printable(words($t) . ' [' . ($ok ? $j['reason'] : $a['status']) . ']') . "\n";
        $probes = $probes || $ok && in_array($j['probe'], ['expected', 'possible'], true);
    }
    // each cell cut to its column's width in characters (printable() leaves UTF-8), then padded
    $w = [];
    foreach ($rows as $k => $r) {
        foreach ($r as $i => $v) {
            $cap = TABLE_WIDTHS[$i];
            $n = preg_match_all('/./su', $v);
            $rows[$k][$i] = $n > $cap ? [preg_replace('/^(.{' . ($cap - 3) . '}).*$/su', '$1...', $v), $cap] : [$v, $n];
            $w[$i] = max($w[$i] ?? 0, $rows[$k][$i][1]);
        }
    }
    foreach ($rows as $k => $r) {
        $line = '';
        foreach ($r as $i => [$v, $n]) {
            $cell = $v . str_repeat(' ', $w[$i] - $n);
            $line .= ($i ? '  ' : '') . ($k > 0 && $i === 5 ? $c($colours[$k], $cell) : $cell);
        }
        $out .= rtrim($line) . "\n" . $said[$k];
    }
    // the fix points when some target may probe, or when asked (--processes)
    $out .= $probes || !empty($doc['fix_points_asked']) ? fix_points_text($h) : '';
    $out .= "\n" . dentries_line($h) . "\n";
    // processes are counted only while /proc is polled: what asking and the process scan leave of the window
    $w = $h['watch'] ?? null;
    $out .= $w !== null ? sprintf("Processes started during --watch: %d, seen polling /proc for %.1f s of %.1f s\n",
        $w['processes_started'], $w['processes_seconds'], $w['seconds']) : '';
    foreach (array_slice($w['units'] ?? [], 0, 10) as $u) {
        $out .= printable(sprintf("  %s started %d process%s during --watch%s\n", $u['unit'], $u['started'],
            $u['started'] === 1 ? '' : 'es', $u['softokn'] ? ", {$u['softokn']} with softokn mapped" : ''));
    }
    $code = $doc['exit'];
    $out .= $c([0 => '32', 1 => '33', 2 => '31;1', 3 => '35'][$code], "exit $code") . ': ' . $doc['summary'] . "\n";
    return $out;
}

// The host-wide fix points (host.php read_fix_points()): each one set or not, and the fix.
function fix_points_text(array $h): string
{
    if (($h['fix_points'] ?? null) === null) {
        return '';
    }
    $out = "\nHost-wide fix points (where short-lived processes inherit NSS_SDB_USE_CACHE):\n";
    foreach ($h['fix_points'] as $p) {
        $what = $p['kind'] === 'unit' ? "unit {$p['name']}" . ($p['timer'] ? " (timer {$p['timer']})" : '')
            . ", {$p['binary']} uses {$p['libcurl']}" : ($p['kind'] === 'systemd' ? 'systemd DefaultEnvironment='
            : ($p['kind'] === 'crio' ? 'CRI-O default_env' : '/etc/environment (pam_env: logins, cron)'));
        $val = $p['variable'] !== null ? quote($p['variable']) . ($p['path'] !== null ? " in {$p['path']}" : '')
            : 'unset';
        $out .= printable("  $what: " . ($p['fixed'] ? "fixed ($val)" : (!empty($p['then'])
            ? "written ($val); in effect after {$p['then']}" : "not fixed ($val)"))) . "\n";
        if ($p['fix'] !== null) {
            $out .= printable("    fix: {$p['fix']['path']}: " . str_replace("\n", ' / ', rtrim($p['fix']['text'])))
                . "\n";
        }
    }
    return $out . "  (nsscache-doctor --fix-host systemd|environment|crio|UNIT shows what it writes; --yes writes "
        . "it)\n";
}

function dentries_line(array $h): string
{
    $d = $h['dentries'];
    if ($d['nr_dentry'] === null) {
        return 'Dentries: /proc/sys/fs/dentry-state could not be read.';
    }
    $s = $d['nr_negative'] !== null ? "Negative dentries: {$d['nr_negative']} of {$d['nr_dentry']}"
        : "Dentries: {$d['nr_dentry']} (this kernel does not count negative dentries before Linux 5.0"
            . ($d['slab'] !== null ? '; dentry slab ' . $d['slab']['objects'] . ' objects, '
                . round($d['slab']['bytes'] / 1048576, 1) . ' MiB' : '; /proc/slabinfo needs root') . ')';
    $w = $h['watch'] ?? null;
    if ($w !== null) {
        $rate = $w['nr_negative_per_second'] ?? $w['nr_dentry_per_second'];
        $s .= sprintf('; %s %+.1f/s over %.0f s', $w['nr_negative_per_second'] !== null ? 'negative' : 'all',
            $rate, $w['seconds']);
    }
    return $s . '.';
}

// ---------------------------------------------------------------- Prometheus (--textfile)

// Labels that name a target in the textfile: sapi first, then what tells targets of one SAPI apart.
function target_labels(Target $t): array
{
    $ad = $t->address();
    $php = preg_match('/^(\d+\.\d+)/', (string) ($t->facts()['php']['version'] ?? null), $m) ? $m[1] : '';
    return ['fpm' => ['sapi' => 'fpm', 'pool' => $ad['name']], 'url' => ['sapi' => 'url', 'url' => $ad['name']],
        'ini' => ['sapi' => $ad['sapi'] ?? 'ini', 'php' => (string) ($ad['php_version'] ?? '')]][$ad['kind']]
        ?? ['sapi' => 'cli', 'php' => $php, 'binary' => $ad['name']];
}

// The textfile: the families of the whole run, each answered target's own (the endpoint's names, from
// its facts), the doctor's per target, the host's. Label sets differ between targets of one family.
function doc_prometheus(array $doc): string
{
    $all = [];
    $add = function (string $name, string $type, string $help, array $labels, $value) use (&$all) {
        $all[$name] = $all[$name] ?? [$type, $help, []];
        $all[$name][2][] = [$labels, $value];
    };
    $add('nsscache_doctor_info', 'gauge', 'nsscache-doctor version that wrote this file.',
        ['version' => $doc['doctor']['version']], 1);
    $add('nsscache_doctor_last_run_timestamp_seconds', 'gauge', 'When nsscache-doctor last wrote this file.', [],
        sprintf('%.3f', $doc['doctor']['started']));
    $add('nsscache_doctor_run_duration_seconds', 'gauge', 'How long that run took.', [],
        sprintf('%.3f', $doc['doctor']['duration_seconds']));
    $add('nsscache_doctor_verdict', 'gauge', 'The run\'s exit code: 0 nothing probes, 1 a target may probe, '
        . '2 a target will probe, 3 a target could not be inspected.', [], $doc['exit']);
    $procs = [];
    foreach ($doc['targets'] as $t) {
        [$ad, $a, $f, $j] = $t->parts();
        if ($ad['kind'] === 'process') {
            // by unit and command, never by pid (a label per pid would grow without bound)
            $key = json_encode([$f['process']['unit'] ?? '', $f['process']['comm'] ?? '', $j['probe']]);
            $procs[$key] = ($procs[$key] ?? 0) + 1;
            continue;
        }
        $l = target_labels($t);
        foreach (TARGET_STATUSES as $s) {
            $add('nsscache_target_status', 'gauge', 'What asking this target gave: ok, not_running, dead, timeout, '
                . 'endpoint_failed, crashed, bad_answer, config or error.', $l + ['status' => $s],
                $a['status'] === $s ? 1 : 0);
        }
        if ($ad['kind'] === 'fpm' && $a['status'] !== 'not_running') {
            $add('nsscache_pool_up', 'gauge',
                '1 if the php-fpm pool answered nsscache-metrics.php over FastCGI in time.',
                ['pool' => $ad['name']], $a['status'] === 'ok' ? 1 : 0);
        }
        if (!$ad['counted']) {
            continue;
        }
        foreach (PROBE_STATES as $s) {
            $add('nsscache_probe', 'gauge', 'Will NSS\'s access() probe run in this target (nsscache-doctor): none, '
                . 'expected, possible, or unknown (not inspected, or no softokn version).', $l + ['state' => $s],
                $j['probe'] === $s ? 1 : 0);
        }
        if ($a['status'] !== 'ok') {
            continue;
        }
        if ($ad['kind'] === 'cli' || $ad['kind'] === 'ini') {
            $add('nsscache_sapi_loaded', 'gauge', 'Whether nsscache is loaded for a PHP SAPI (cli: the binary run; '
                . 'others: with their ini files).', ['php' => $l['php']] + $l, $f['nsscache']['loaded'] ? 1 : 0);
        }
        $facts = $a['facts'];
        if (($facts['variable_class'] ?? null) === 'probing' && $facts['env']['NSS_SDB_USE_CACHE'] === null) {
            // a page's text gave the class alone: any value but yes/no stands for it
            $facts['env']['NSS_SDB_USE_CACHE'] = '';
        }
        foreach (nsscache_ep_families($facts) as $name => $fam) {
            foreach ($fam[2] as $s) {
                $add($name, $fam[0], $fam[1], $l + $s[0], $s[1]);
            }
        }
    }
    foreach ($procs as $key => $n) {
        [$unit, $comm, $probe] = json_decode($key, true);
        $add('nsscache_processes', 'gauge', 'Running non-PHP processes with softokn mapped (each probed once, when '
            . 'NSS opened its DB), by systemd unit, command and the doctor\'s verdict.',
            ['unit' => $unit, 'comm' => $comm, 'probe' => $probe], $n);
    }
    foreach ($doc['host']['fix_points'] ?? [] as $p) {
        $add('nsscache_fix_point', 'gauge', 'Whether a host-wide fix point sets NSS_SDB_USE_CACHE to yes or no '
            . 'in what runs (systemd DefaultEnvironment=, /etc/environment, CRI-O default_env, a unit using '
            . 'libcurl-NSS); 0 also when only written, not yet in effect.',
            ['kind' => $p['kind'], 'name' => $p['name']], $p['fixed'] ? 1 : 0);
    }
    // the host's dentries (nr_dentry and nr_unused are one line's, nr_negative from Linux 5.0 on)
    $d = $doc['host']['dentries'];
    foreach (['nsscache_dentries' => [$d['nr_dentry'], 'Dentries allocated by the kernel (nr_dentry, '
            . '/proc/sys/fs/dentry-state).'],
        'nsscache_dentries_unused' => [$d['nr_unused'], 'Unused dentries (nr_unused, /proc/sys/fs/dentry-state).'],
        'nsscache_dentries_negative' => [$d['nr_negative'], 'Negative dentries (nr_negative, '
            . '/proc/sys/fs/dentry-state, Linux >= 5.0): what the probe leaks.'],
        'nsscache_dentry_slab_objects' => [$d['slab']['objects'] ?? null,
            'Objects of the dentry slab (/proc/slabinfo).'],
        'nsscache_dentry_slab_bytes' => [$d['slab']['bytes'] ?? null,
            'Bytes of the dentry slab (objects x object size, /proc/slabinfo).']] as $name => [$v, $help]) {
        if ($v !== null) {
            $add($name, 'gauge', $help, [], $v);
        }
    }
    return nsscache_ep_render($all);
}

// Writes TEXT to FILE atomically: a temp file of a random name in the same directory (not *.prom,
// which node_exporter would read), created exclusively (never through a planted symlink), MODE by
// umask (a chmod() by path would follow a symlink swapped in meanwhile: the directory may be the
// prometheus user's), fsync'ed where PHP has fsync() (8.1), then rename(). OWNER: [uid, gid] to
// give it, only for a directory no one but root may write (--fix-host keeps a file's owner). WHY: why not.
function write_atomic(string $file, string $text, ?string &$why = null, int $mode = 0644, ?array $owner = null): bool
{
    $why = null;
    $tmp = dirname($file) . '/.' . basename($file) . '.' . bin2hex(random_bytes(6)) . '.tmp';
    $mask = umask(0777 & ~$mode);
    $h = @fopen($tmp, 'xb');
    umask($mask);
    if ($h === false) {
        $why = last_error("cannot create $tmp");
        return false;
    }
    $ok = @fwrite($h, $text) === strlen($text);
    $ok = @fflush($h) && $ok;
    $ok = (!function_exists('fsync') || @fsync($h)) && $ok;
    $ok = @fclose($h) && $ok;
    $ok = $ok && ($owner === null || @chown($tmp, $owner[0]) && @chgrp($tmp, $owner[1]));
    if (!$ok || !@rename($tmp, $file)) {
        $why = last_error("cannot write $file");
        @unlink($tmp);
        return false;
    }
    return true;
}
