<?php
// Renders bench/run's raw results into RESULTS.md (from the template bench/RESULTS.md.php) and
// the plots (gnuplot). Numbers only here; every sentence of the report is in the template.
// Usage: php bench/render.php DATA_DIR OUT_DIR     (bench/run calls it with DIR/data DIR)
// DATA_DIR: values.tsv (KEY<tab>VALUE) and one file per sample series (a line per run,
// whitespace-separated columns), as bench/run writes them.
declare(strict_types=1);

[$data, $out] = [$argv[1] ?? '', $argv[2] ?? ''];
if (!is_file("$data/values.tsv") || !is_dir($out)) {
    fwrite(STDERR, "usage: php bench/render.php DATA_DIR OUT_DIR (DATA_DIR/values.tsv from bench/run)\n");
    exit(2);
}

$V = [];
foreach (file("$data/values.tsv", FILE_IGNORE_NEW_LINES) as $line) {
    [$k, $val] = explode("\t", $line, 2) + [1 => ''];
    $V[$k] = $val;
}
function v(string $k, string $default = '-'): string { global $V; return $V[$k] ?? $default; }
function has(string $k): bool { global $V; return isset($V[$k]); }

// ---------------------------------------------------------------- statistics

/** Column $c (1-based) of a sample file: its numeric values. */
function col(string $name, int $c = 1): array {
    global $data;
    $r = [];
    foreach (@file("$data/$name", FILE_IGNORE_NEW_LINES) ?: [] as $line) {
        $f = preg_split('/\s+/', trim($line));
        if (isset($f[$c - 1]) && is_numeric($f[$c - 1])) {
            $r[] = (float) $f[$c - 1];
        }
    }
    return $r;
}
function rows(string $name): array {
    global $data;
    return array_map(fn($l) => preg_split('/\s+/', trim($l)), @file("$data/$name", FILE_IGNORE_NEW_LINES) ?: []);
}
function median(array $x): ?float {
    if (!$x) return null;
    sort($x);
    $n = count($x);
    return $n % 2 ? $x[intdiv($n, 2)] : ($x[$n / 2 - 1] + $x[$n / 2]) / 2;
}
/** p90, nearest rank. */
function p90(array $x): ?float {
    if (!$x) return null;
    sort($x);
    return $x[max(1, (int) ceil(0.9 * count($x))) - 1];
}
function med(string $name, int $c = 1): ?float { return median(col($name, $c)); }
function p90f(string $name, int $c = 1): ?float { return p90(col($name, $c)); }
/** Runs whose status (column 5) is not "ok". */
function fails(string $name): int { return count(array_filter(rows($name), fn($f) => ($f[4] ?? '') !== 'ok')); }
function num($x): ?float { return is_numeric($x) ? (float) $x : null; }
function ratio($a, $b): ?float { $a = num($a); $b = num($b); return ($a === null || !$b) ? null : $a / $b; }
/** 95% bootstrap interval of median(A) / median(B), 1000 resamples, fixed seed. */
function boot_ratio(array $a, array $b): array {
    if (count($a) < 3 || count($b) < 3) return [null, null];
    mt_srand(42);
    $q = [];
    for ($r = 0; $r < 1000; $r++) {
        $ra = $rb = [];
        foreach ($a as $_) $ra[] = $a[mt_rand(0, count($a) - 1)];
        foreach ($b as $_) $rb[] = $b[mt_rand(0, count($b) - 1)];
        $q[] = median($ra) / median($rb);
    }
    sort($q);
    return [$q[24], $q[975]];
}

// ---------------------------------------------------------------- formatting (used by the template)

function fmt($x, int $p = 1): string { return is_numeric($x) ? number_format((float) $x, $p, '.', '') : '-'; }
function r3($x): string { return fmt($x, 3); }
function commas($x): string { return is_numeric($x) ? number_format((float) round((float) $x), 0, '.', ',') : '-'; }
function cg_lookup(string $file, string $key): int {
    global $data;
    $m = 0;
    foreach (@file("$data/$file", FILE_IGNORE_NEW_LINES) ?: [] as $l) {
        [$n, $k] = explode(' ', $l, 2) + [1 => ''];
        if ($k === $key) $m = max($m, (int) $n);
    }
    return $m;
}
/** Top $n functions of an object in an .inc file: [function => inclusive]. */
function cg_top(string $file, string $object, int $n): array {
    global $data;
    $r = [];
    foreach (@file("$data/$file", FILE_IGNORE_NEW_LINES) ?: [] as $l) {
        if (preg_match('/^(\d+) (.*) \[' . preg_quote($object, '/') . '\]$/', $l, $m)) $r[$m[2]] = (int) $m[1];
    }
    arsort($r);
    return array_slice($r, 0, $n, true);
}

// ---------------------------------------------------------------- per section

$sections = array_map('intval', explode(',', v('sections', '')));
$S = [];

if (in_array(1, $sections, true)) {
    $cols = ['nofix', 'putenv', 'one', 'nsscache', 'floor'];
    $c1 = [];
    foreach ($cols as $c) {
        $f = "s1-$c";
        $c1[$c] = ['calls' => med($f, 1), 'dent' => med($f, 2), 'wall' => med($f, 4), 'wall90' => p90f($f, 4),
            'get' => med($f, 3), 'get90' => p90f($f, 3), 'fails' => fails($f)];
    }
    foreach ($cols as $c) {
        $c1[$c]['wall_ratio'] = ratio($c1[$c]['wall'], $c1['floor']['wall']);
        $c1[$c]['get_ratio'] = ratio($c1[$c]['get'], $c1['floor']['get']);
    }
    $r = $c1['nsscache']['wall_ratio'];
    [$lo, $hi] = boot_ratio(col('s1-nsscache', 4), col('s1-floor', 4));
    $ir = [];
    foreach (['floor', 'floor_empty', 'putenv', 'nsscache'] as $c) $ir[$c] = num(v("s1.ir.$c"));
    $S[1] = ['cols' => $c1, 'ratio' => $r, 'ci' => [$lo, $hi], 'met' => $r !== null && $r <= 1.02,
        'inconclusive' => !($r !== null && $r <= 1.02) && $lo !== null && $lo <= 1.02,
        'same_work' => ratio($c1['putenv']['wall'], $c1['floor']['wall']), 'ir' => $ir,
        'ir_ratio' => fn($c) => ratio($ir[$c], $ir['floor']),
        'ir_delta' => fn($c) => ($ir[$c] ?? 0) - ($ir['floor'] ?? 0)];
}

if (in_array(2, $sections, true)) {
    $w = [];
    foreach (['none', 'empty', 'nsscache'] as $c) $w[$c] = ['med' => med("s2-$c"), 'p90' => p90f("s2-$c")];
    $ir = [];
    foreach (['none', 'empty', 'nsscache', 'nsscache2', 'matched'] as $c) $ir[$c] = (int) v("s2.ir.$c", '0');
    $dn = $ir['nsscache'] - $ir['none'];
    $de = $ir['empty'] - $ir['none'];
    $S[2] = ['wall' => $w, 'ir' => $ir, 'dn' => $dn, 'de' => $de,
        'dmn' => $ir['nsscache'] - $ir['matched'], 'dme' => $ir['empty'] - $ir['matched'],
        'nsslibs' => trim(v('s2.nsslibs', '')),
        'met' => $dn <= 2 * $de && trim(v('s2.nsslibs', '')) === ''];
}

if (in_array(3, $sections, true)) {
    $T = (int) v('cgi_t');
    $per = fn(string $k, string $c) => (num(v("s3.$k.$c.$T")) - num(v("s3.$k.$c.1"))) / ($T - 1);
    $ir = $hook = [];
    foreach (['none', 'empty', 'nsscache', 'nsscache-bigenv'] as $c) {
        $ir[$c] = $per('ir', $c);
        $hook[$c] = $per('hook', $c);
    }
    $S[3] = ['T' => $T, 'ir' => $ir, 'hook' => $hook, 'met' => $hook['nsscache'] < 200];
}

if (in_array(4, $sections, true)) {
    $us = [];
    foreach (['status', 'status_curl', 'metrics', 'metrics_curl', 'getenv'] as $f) {
        foreach ([1 => 'first', 2 => 'later', 3 => 'loop'] as $c => $k) {
            $us[$f][$k] = median(array_map(fn($x) => $x / 1000, col("s4-$f", $c)));
        }
    }
    $S[4] = ['us' => $us, 'first_ir' => (int) v('s4.ir.1') - (int) v('s4.ir.0'),
        'later_ir' => ((int) v('s4.ir.101') - (int) v('s4.ir.1')) / 100,
        // nsscache_metrics(): absent from data measured before it existed
        'metrics' => has('s4.ir.metrics.1'),
        'metrics_first_ir' => (int) v('s4.ir.metrics.1', '0') - (int) v('s4.ir.0'),
        'metrics_later_ir' => ((int) v('s4.ir.metrics.101', '0') - (int) v('s4.ir.metrics.1', '0')) / 100];
}

if (in_array(5, $sections, true) && !has('s5.skipped')) {
    // C rps p50 p99 failed complete probe_calls neg_dentries workers mean_ms dentries_before
    $lv = [];
    foreach (['off', 'on'] as $m) {
        foreach (rows("s5-$m") as $f) $lv[$f[0]][$m] = $f;
    }
    $per1k = fn($v, $n) => (!is_numeric($v) || !(float) $n) ? null : $v * 1000 / $n;
    $tot = [];
    foreach (['off', 'on'] as $m) {
        $rs = rows("s5-$m");
        $tot[$m] = ['req' => array_sum(array_map(fn($f) => (float) $f[5], $rs)),
            'dent' => array_sum(array_map(fn($f) => is_numeric($f[7]) ? (float) $f[7] : 0, $rs)),
            'calls' => array_sum(array_map(fn($f) => is_numeric($f[6]) ? (float) $f[6] : 0, $rs))];
    }
    $logs = [];
    foreach ($lv as $f) {
        if (is_numeric($f['off'][1] ?? null) && is_numeric($f['on'][1] ?? null) && $f['off'][1] > 0 && $f['on'][1] > 0) {
            $logs[] = log($f['on'][1] / $f['off'][1]);
        }
    }
    $S[5] = ['levels' => $lv, 'per1k' => $per1k, 'tot' => $tot,
        'gm' => $logs ? exp(array_sum($logs) / count($logs)) : null];
} elseif (in_array(5, $sections, true)) {
    $S[5] = ['skipped' => v('s5.skipped')];
}

if (in_array(6, $sections, true)) {
    $c6 = [];
    foreach (['rhel7', 'system'] as $sk) {
        foreach (['yes', 'no'] as $val) {
            $f = "s6-first-$sk-$val";
            $s = "s6-steady-$sk-$val";
            $c6[$sk][$val] = ['calls' => med($f, 1), 'wall' => med($f, 4), 'wall90' => p90f($f, 4), 'get' => med($f, 3),
                'steady' => med($s, 6), 'steady90' => med($s, 7), 'fails' => fails($f) + fails($s)];
        }
    }
    $rt = fn($sk, $k) => ratio($c6[$sk]['no'][$k], $c6[$sk]['yes'][$k]);
    [$a, $b, $c, $d] = [$rt('rhel7', 'wall'), $rt('rhel7', 'steady'), $rt('system', 'wall'), $rt('system', 'steady')];
    $S[6] = ['cols' => $c6, 'first' => ['rhel7' => $a, 'system' => $c], 'steady' => ['rhel7' => $b, 'system' => $d],
        'verdict' => ($a < 0.95 && $b <= 1.02 && $c < 0.95 && $d <= 1.02) ? 'no'
            : (($a > 1.05 && $c > 1.05) ? 'yes' : 'none')];
}

// ---------------------------------------------------------------- plots

function gnuplot(string $script): void {
    $p = proc_open(['gnuplot'], [0 => ['pipe', 'r'], 1 => STDOUT, 2 => ['pipe', 'w']], $pipes);
    fwrite($pipes[0], $script);
    fclose($pipes[0]);
    $err = stream_get_contents($pipes[2]);
    if (proc_close($p) !== 0) fwrite(STDERR, "gnuplot: $err\n");
}
$tmp = sys_get_temp_dir() . '/nsscache-render.' . getmypid();
@mkdir($tmp);

if (isset($S[1])) {
    $labels = ['nofix' => 'no fix', 'putenv' => 'putenv()', 'one' => 'unquoted env[] (1)', 'nsscache' => 'nsscache',
        'floor' => 'floor (yes by hand)'];
    $lines = [];
    $i = 0;
    foreach ($S[1]['cols'] as $c => $x) {
        $lines[] = implode("\t", [++$i, $labels[$c], $x['wall'], $x['wall90'], $x['get'], $x['get90']]);
    }
    file_put_contents("$tmp/s1", implode("\n", $lines) . "\n");
    gnuplot(<<<GP
        set terminal pngcairo size 900,420 font ",10" noenhanced
        set output "$out/first_request.png"
        set title "First HTTPS request per PHP CLI process (softokn rhel7, variable unset, {$V['runs']} runs per column)"
        set style fill solid 0.6 border -1
        set boxwidth 0.35
        set ylabel "ms (bars: median; whiskers: p90)"
        set yrange [0:*]
        set xrange [0.4:5.6]
        set grid ytics
        set key top right
        set datafile separator "\\t"
        plot "$tmp/s1" using (\$1-0.19):3:3:4:(0.35) with boxerrorbars title "whole process" lc rgb "#4e79a7", \\
             "" using (\$1+0.19):5:5:6:(0.35) with boxerrorbars title "HTTPS GET (curl_exec)" lc rgb "#f28e2b", \\
             "" using 1:(0):xticlabels(2) with points pt -1 notitle
        GP);
}

if (isset($S[5]['levels'])) {
    // Cumulative curves: negative dentries added (had the dirs not been removed after each
    // level) against requests served, per mode.
    foreach (['off', 'on'] as $m) {
        $curve = [];
        $base_req = $base_dent = 0;
        foreach (explode(' ', v('fpm.levels')) as $c) {
            $f = $S[5]['levels'][$c][$m] ?? null;
            if (!$f || !is_numeric($f[10] ?? null)) continue;
            foreach (rows("s5-samp-$m-$c") as $s) {
                if (count($s) >= 2) $curve[] = ($base_req + (int) $s[0]) . ' ' . ($base_dent + (int) $s[1] - (int) $f[10]);
            }
            $base_req += (int) $f[5];
            $base_dent += (int) $f[7];
        }
        file_put_contents("$tmp/curve-$m", implode("\n", $curve) . "\n");
        file_put_contents("$tmp/s5-$m", implode("\n", array_map(fn($f) => implode(' ', $f), rows("s5-$m"))) . "\n");
    }
    gnuplot(<<<GP
        set terminal pngcairo size 1000,420 font ",10" noenhanced
        set output "$out/fpm_sweep.png"
        set multiplot layout 1,2 title "nginx -> php-fpm ({$V['fpm.children']} workers, pm.max_requests = 20) -> one HTTPS GET per request; softokn rhel7; {$V['fpm.requests']} requests per level"
        set logscale x 2
        set xlabel "concurrency (ab -c)"
        set grid
        set key bottom right
        set ylabel "requests per second"
        set yrange [0:*]
        plot "$tmp/s5-off" using 1:2 with linespoints lw 2 pt 7 title "no fix", \\
             "$tmp/s5-on" using 1:2 with linespoints lw 2 pt 5 title "nsscache"
        set key top left
        set ylabel "latency ms (p50 solid, p99 dashed)"
        plot "$tmp/s5-off" using 1:3 with linespoints lw 2 pt 7 lc 1 title "no fix p50", \\
             "$tmp/s5-off" using 1:4 with linespoints lw 1 dt 2 pt 7 lc 1 title "no fix p99", \\
             "$tmp/s5-on" using 1:3 with linespoints lw 2 pt 5 lc 2 title "nsscache p50", \\
             "$tmp/s5-on" using 1:4 with linespoints lw 1 dt 2 pt 5 lc 2 title "nsscache p99"
        unset multiplot
        set output "$out/fpm_dentries.png"
        set terminal pngcairo size 800,450 font ",10" noenhanced
        unset logscale x
        set xlabel "requests served (cumulative over the sweep)"
        set ylabel "negative dentries added (cumulative)"
        set title "Negative dentries vs requests served, php-fpm, softokn rhel7, pm.max_requests = 20"
        set yrange [*:*]
        plot "$tmp/curve-off" using 1:2 with lines lw 2 title "no fix", \\
             "$tmp/curve-on" using 1:2 with lines lw 2 title "nsscache"
        GP);
}
array_map('unlink', glob("$tmp/*"));
rmdir($tmp);

// ---------------------------------------------------------------- the report

ob_start();
require __DIR__ . '/RESULTS.md.php';
$md = preg_replace("/\n{3,}/", "\n\n", ob_get_clean());
file_put_contents("$out/RESULTS.md.tmp", $md);
rename("$out/RESULTS.md.tmp", "$out/RESULTS.md");
fwrite(STDERR, "wrote $out/RESULTS.md" . (glob("$out/*.png") ? ' and ' . implode(' ', array_map('basename', glob("$out/*.png"))) : '') . "\n");
