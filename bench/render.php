<?php
// SPDX-License-Identifier: BSD-2-Clause
// Renders bench/run's raw results into RESULTS.md (from the template bench/RESULTS.md.php) and the
// plots (gnuplot). Numbers only here; every word of the report and the plots is in the template.
// Usage: php bench/render.php DATA_DIR OUT_DIR     (bench/run calls it with DIR/data DIR)
// DATA_DIR: values.tsv (KEY<tab>VALUE) and one file per sample series (a line per run,
// whitespace-separated columns), as bench/run writes them.
declare(strict_types=1);
require __DIR__ . '/stats.php';

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

$sections = array_map('intval', explode(',', v('sections', '')));
$S = [];

// ---------------------------------------------------------------- 1. the php-fpm sweep
$COLS = ['nofix', 'unquoted', 'handfix', 'nsscache'];
if (in_array(1, $sections, true)) {
    // level rep col rps p50 p99 failed requests probe_calls neg_dentries workers seen
    $by = [];
    foreach (rows('s1-runs') as $f) $by[(int) $f[0]][$f[2]][(int) $f[1]] = $f;
    ksort($by);
    // negative dentries per 1,000 requests, run by run (the median of those: one run may catch another
    // process's removal of thousands in the kernel's global count)
    $dent_rate = fn(array $runs) => nums(array_map(fn($f) => is_numeric($f[9] ?? null) && num($f[7] ?? null)
        ? $f[9] * 1000 / $f[7] : null, $runs));
    $levels = [];
    $all_logs = [];   // [level => [round => log(nsscache/handfix)]]
    foreach ($by as $lvl => $cols) {
        $L = [];
        foreach ($COLS as $c) {
            $runs = $cols[$c] ?? [];
            $sum = fn(int $i) => array_sum(nums(array_map(fn($f) => $f[$i] ?? null, $runs)));
            $req = $sum(7);
            $L[$c] = ['rps' => median(nums(array_column($runs, 3))), 'p50' => median(nums(array_column($runs, 4))),
                'p99' => median(nums(array_column($runs, 5))), 'failed' => $sum(6), 'requests' => $req,
                'calls' => $req ? $sum(8) * 1000 / $req : null, 'dent' => median($dent_rate($runs)),
                'workers' => $sum(10), 'runs' => count($runs),
                'seen' => implode(',', array_unique(array_column($runs, 11)))];
        }
        // paired by round: the two columns ran in the same round, one right after the other
        $pair = function (string $a, string $b) use ($cols): array {
            $r = [];
            foreach ($cols[$a] ?? [] as $rep => $f) {
                $g = $cols[$b][$rep] ?? null;
                if ($g && num($f[3]) && num($g[3])) $r[$rep] = (float) $f[3] / (float) $g[3];
            }
            return $r;
        };
        $r = $pair('nsscache', 'handfix');
        $all_logs[$lvl] = array_map('log', $r);
        [$pt, $lo, $hi] = boot(array_values($r), 'geomean');
        $L['ratio'] = ['point' => $pt, 'lo' => $lo, 'hi' => $hi, 'n' => count($r), 'verdict' => verdict($lo, $hi, 0.98, true)];
        $L['vs_nofix'] = geomean(array_values($pair('nsscache', 'nofix')));
        $L['hand_vs_nofix'] = geomean(array_values($pair('handfix', 'nofix')));
        $levels[$lvl] = $L;
    }
    // Over the sweep: the geometric mean of the per-level ratios, its interval by resampling the
    // rounds within each level (the levels stay as they are).
    $over = function (array $per_level): ?float {
        $m = array_map(fn($l) => $l ? array_sum($l) / count($l) : null, $per_level);
        $m = array_filter($m, fn($x) => $x !== null);
        return $m ? exp(array_sum($m) / count($m)) : null;
    };
    mt_srand(23);
    $t = [];
    for ($i = 0; $i < 10000; $i++) {
        $res = [];
        foreach ($all_logs as $lvl => $l) {
            $l = array_values($l);
            $res[$lvl] = [];
            foreach ($l as $_) $res[$lvl][] = $l[mt_rand(0, count($l) - 1)];
        }
        $t[] = $over($res);
    }
    $t = array_filter($t, fn($x) => $x !== null);
    $v = array_count_values(array_map(fn($l) => $l['ratio']['verdict'], $levels));
    $tot = [];
    foreach ($COLS as $c) {
        $per_run = nums(array_map(fn($f) => $f[2] === $c ? $f[9] : null, rows('s1-runs')));
        $req = array_sum(array_map(fn($l) => $l[$c]['requests'], $levels));
        $tot[$c] = ['dent_run' => median($per_run), 'requests' => $req, 'failed' => array_sum(array_map(fn($l) => $l[$c]['failed'], $levels)),
            'calls' => $req ? array_sum(array_map(fn($l) => $l[$c]['calls'] * $l[$c]['requests'] / 1000, $levels)) * 1000 / $req : null,
            'dent' => median($dent_rate(array_filter(rows('s1-runs'), fn($f) => $f[2] === $c)))];
    }
    // per-request instructions, one worker per column: part 1 is the master's start (the worker
    // inherits its counts at the fork), part k (2..20) request k-1, part 21 request 20 and the exit
    $cg = [];
    foreach ($COLS as $c) {
        $p = [];
        foreach (rows("s1-cg-$c") as $f) $p[(int) $f[0]] = num($f[1]);
        $life = array_filter(array_intersect_key($p, array_flip(range(2, 21))), fn($x) => $x !== null);
        $cg[$c] = ['first' => $p[2] ?? null, 'steady' => median(array_values(array_intersect_key($p, array_flip(range(3, 20))))),
            'last' => $p[21] ?? null, 'life' => count($life) === 20 ? array_sum($life) / 20 : null,
            'calls' => rows("s1-cg-$c")[0][2] ?? null];
    }
    $S[1] = ['levels' => $levels, 'tot' => $tot, 'cg' => $cg, 'verdicts' => $v,
        'over' => [$over($all_logs), quantile($t, 0.025), quantile($t, 0.975)]];
}

// ---------------------------------------------------------------- 2. the first request
if (in_array(2, $sections, true)) {
    $c2 = [];
    foreach (['nofix', 'floor', 'floor_empty', 'nsscache'] as $c) {
        $f = "s2-$c";
        $c2[$c] = ['calls' => median(col($f, 1)), 'dent' => median(col($f, 2)), 'get' => median(col($f, 3)),
            'wall' => median(col($f, 4)), 'wall10' => quantile(col($f, 4), 0.1), 'wall90' => quantile(col($f, 4), 0.9),
            'fails' => count(array_filter(rows($f), fn($x) => ($x[4] ?? '') !== 'ok')), 'n' => count(rows($f))];
    }
    // the pairs: round i's floor and nsscache runs, where both made their request (a failed run's
    // wall time measures a failure, not the fix)
    $wall_ok = fn($c) => array_map(fn($f) => ($f[4] ?? '') === 'ok' ? num($f[3] ?? null) : null, rows("s2-$c"));
    $a = $wall_ok('nsscache');
    $b = $wall_ok('floor');
    $pairs = [];
    foreach ($a as $i => $x) if ($x && ($b[$i] ?? null)) $pairs[] = $x / $b[$i];
    [$pt, $lo, $hi] = boot($pairs, 'median');
    $e = $wall_ok('floor_empty');
    $epairs = [];
    foreach ($e as $i => $x) if ($x && ($b[$i] ?? null)) $epairs[] = $x / $b[$i];
    $ir = [];
    foreach (['floor', 'floor_empty', 'nsscache'] as $c) $ir[$c] = median(col("s2-ir-$c"));
    $irr = ratio($ir['nsscache'], $ir['floor']);
    // run k of nsscache against run k of the floor: one ratio per callgrind run
    $ir_pairs = [];
    foreach (col('s2-ir-nsscache') as $i => $x) if (col('s2-ir-floor')[$i] ?? null) $ir_pairs[] = $x / col('s2-ir-floor')[$i];
    $ir_ci = boot($ir_pairs, 'median');
    $S[2] = ['cols' => $c2, 'pairs' => $pairs, 'ratio' => [$pt, $lo, $hi], 'empty_ratio' => boot($epairs, 'median'), 'verdict' => verdict($lo, $hi, 1.02, false),
        'ir' => $ir, 'ir_n' => count(col('s2-ir-nsscache')),
        'ir_spread' => array_map(fn($c) => col("s2-ir-$c") ? max(col("s2-ir-$c")) - min(col("s2-ir-$c")) : null,
            ['floor' => 'floor', 'floor_empty' => 'floor_empty', 'nsscache' => 'nsscache']),
        'ir_ratio' => $irr, 'ir_ci' => $ir_ci, 'ir_verdict' => verdict($ir_ci[1], $ir_ci[2], 1.02, false),
        'get_ratio' => ratio($c2['nsscache']['get'], $c2['floor']['get'])];
}

// ---------------------------------------------------------------- 3. startup
if (in_array(3, $sections, true)) {
    $ways = [];
    foreach (['ini', 'host', 'd'] as $w) {
        // one row per round: none empty minit floor nsscache; the first round is the one attributed
        $cols = ['none', 'empty', 'minit', 'floor', 'nsscache'];
        $rounds = array_values(array_filter(rows("s3-ir-$w"), fn($f) => count(nums($f)) === count($cols)));
        $ir = ['matched' => num(v("s3.ir.$w.matched", ''))];
        foreach ($cols as $i => $c) $ir[$c] = num($rounds[0][$i] ?? null);
        $ir['nsscache2'] = num($rounds[1][4] ?? null);
        // nsscache adds / the floor adds, round by round (each round's columns ran one after the other)
        // a round where the floor or nsscache adds nothing loaded no module (e.g. a PHP before 7.2 reads
        // no ":DIR" in PHP_INI_SCAN_DIR): no ratio
        $fr = nums(array_map(fn($f) => $f[3] - $f[0] > 0 && $f[4] - $f[0] > 0 ? ratio($f[4] - $f[0], $f[3] - $f[0]) : null, $rounds));
        [$fp, $flo, $fhi] = boot($fr, 'median');
        $added = [];
        foreach (['empty', 'minit', 'floor', 'nsscache'] as $i => $c)
            $added[$c] = median(array_map(fn($f) => $f[$i + 1] - $f[0], $rounds));
        $de = $ir['empty'] - $ir['none'];
        $dn = $ir['nsscache'] - $ir['none'];
        // nsscache − empty, function by function (self counts: they add up to the difference)
        $diff = $inc = $load_obj = [];
        foreach (rows("s3-$w.self") as $f) {
            $k = implode(' ', array_slice($f, 3));
            if ($k === 'PROGRAM TOTALS') continue;
            if ((int) $f[2] !== (int) $f[1]) $diff[$k] = (int) $f[2] - (int) $f[1];
            $o = cg_object($k);
            $load_obj[$o] = ($load_obj[$o] ?? 0) + (int) $f[1] - (int) $f[0];
        }
        arsort($load_obj);
        foreach (rows("s3-$w.inc") as $f) $inc[implode(' ', array_slice($f, 3))] = array_map('intval', array_slice($f, 0, 3));
        $by_obj = [];
        foreach ($diff as $k => $d) {
            $o = preg_replace('/^(nsscache|emptyext)\.so$/', 'the module', cg_object($k));
            $by_obj[$o] = ($by_obj[$o] ?? 0) + $d;
        }
        arsort($by_obj);
        uasort($diff, fn($x, $y) => abs($y) <=> abs($x));
        // nsscache − the floor, the same way (absent from runs before the floor was attributed)
        $fdiff = $fobj = [];
        foreach (rows("s3-$w.floor.self") as $f) {
            $k = implode(' ', array_slice($f, 2));
            if ($k !== 'PROGRAM TOTALS') $fdiff[$k] = (int) $f[1] - (int) $f[0];
        }
        foreach ($fdiff as $k => $d) {
            $o = preg_replace('/^(nsscache|floorext)\.so$/', 'the module', cg_object($k));
            $fobj[$o] = ($fobj[$o] ?? 0) + $d;
        }
        arsort($fobj);
        uasort($fdiff, fn($x, $y) => abs($y) <=> abs($x));
        $ways[$w] = ['ir' => $ir, 'de' => $de, 'dn' => $dn, 'ratio' => ratio($dn, $de), 'own' => $ir['nsscache'] - $ir['empty'],
            'diff' => $diff, 'by_obj' => $by_obj, 'load_obj' => $load_obj, 'inc' => $inc, 'self_sum' => array_sum($diff),
            'verdict' => ratio($dn, $de) === null ? 'no_data' : (ratio($dn, $de) <= 2 ? 'met' : 'not_met'),
            'rounds' => count($rounds), 'added' => $added, 'floor_ratio' => $fp, 'floor_lo' => $flo, 'floor_hi' => $fhi,
            'floor_ratios' => $fr, 'floor_verdict' => verdict($flo, $fhi, 1.02, false),
            'floor_diff' => $fdiff, 'floor_obj' => $fobj];
    }
    $S[3] = ['ways' => $ways, 'nsslibs' => trim(v('s3.nsslibs', ''))];
}

// ---------------------------------------------------------------- 4. diagnostics
if (in_array(4, $sections, true)) {
    $us = [];
    foreach (['status', 'status_nocurl', 'in_effect', 'getenv'] as $f) {
        foreach ([1 => 'first', 2 => 'later', 3 => 'loop'] as $c => $k) {
            $us[$f][$k] = median(array_map(fn($x) => $x / 1000, col("s4-$f", $c)));
        }
    }
    $ir = fn(string $k) => num(v("s4.ir.$k", ''));
    $doc = [];
    foreach (['host', 'ten'] as $n) {
        $w = col("s4-doctor-$n", 1);
        $doc[$n] = ['med' => median($w), 'min' => $w ? min($w) : null, 'max' => $w ? max($w) : null, 'n' => count($w),
            'rc' => implode(',', array_unique(array_column(rows("s4-doctor-$n"), 1))),
            'targets' => implode(',', array_unique(array_column(rows("s4-doctor-$n"), 2)))];
    }
    $S[4] = ['us' => $us,
        'ir' => ['status_first' => $ir('nsscache_status.1') - $ir('nsscache_status.0'),
            'status_later' => ($ir('nsscache_status.101') - $ir('nsscache_status.1')) / 100,
            'in_effect_first' => $ir('nsscache_in_effect.1') - $ir('nsscache_status.0'),
            'in_effect_later' => ($ir('nsscache_in_effect.101') - $ir('nsscache_in_effect.1')) / 100,
            'endpoint' => $ir('endpoint') - $ir('endpoint_base')],
        'ep' => ['first' => median(array_map(fn($x) => $x / 1000, col('s4-endpoint', 1))),
            'later' => median(array_map(fn($x) => $x / 1000, col('s4-endpoint', 2))),
            'bytes' => median(col('s4-endpoint', 3)), 'fcgi_first' => median(col('s4-endpoint', 4)),
            'fcgi_later' => median(col('s4-endpoint', 5)), 'n' => count(rows('s4-endpoint'))],
        'doctor' => $doc];
}

// ---------------------------------------------------------------- the report, then the plots

ob_start();
require __DIR__ . '/RESULTS.md.php';     // sets $PLOT, the plots' words
$md = preg_replace("/\n{3,}/", "\n\n", ob_get_clean());

function gnuplot(string $script): void
{
    $p = proc_open(['gnuplot'], [0 => ['pipe', 'r'], 1 => STDOUT, 2 => ['pipe', 'w']], $pipes);
    fwrite($pipes[0], $script);
    fclose($pipes[0]);
    $err = stream_get_contents($pipes[2]);
    if (proc_close($p) !== 0) fwrite(STDERR, "gnuplot: $err\n");
}
$tmp = sys_get_temp_dir() . '/nsscache-render.' . getmypid();
@mkdir($tmp);
$q = fn(string $s) => '"' . addcslashes($s, '"\\') . '"';

if (isset($S[1]['levels'])) {
    $lines = [];
    foreach ($S[1]['levels'] as $lvl => $L) {
        $lines[] = implode(' ', array_merge([$lvl], array_map(fn($c) => fmt($L[$c]['rps'], 2), $COLS),
            [fmt($L['ratio']['point'], 4), fmt($L['ratio']['lo'], 4), fmt($L['ratio']['hi'], 4)]));
    }
    file_put_contents("$tmp/s1", implode("\n", $lines) . "\n");
    $plots = [];
    foreach ($COLS as $i => $c) $plots[] = "\"$tmp/s1\" using 1:" . ($i + 2) . " with linespoints lw 2 pt " . (5 + $i)
        . " title " . $q($PLOT['cols'][$c]);
    gnuplot(sprintf(<<<'GP'
        set terminal pngcairo size 1100,440 font ",10" noenhanced
        set output "%s/fpm_sweep.png"
        set multiplot layout 1,2 title %s
        set logscale x 2
        set xrange [0.8:80]
        set xtics (1, 2, 4, 8, 16, 32, 64)
        set xlabel %s
        set grid
        set key bottom right
        set ylabel %s
        set yrange [0:*]
        plot %s
        set ylabel %s
        set key bottom right
        set yrange [*:*]
        plot "%s/s1" using 1:6:7:8 with yerrorlines lw 2 pt 7 title %s, 0.98 with lines dt 2 lc rgb "#c00000" title %s
        unset multiplot
        GP, $out, $q($PLOT['s1_title']), $q($PLOT['s1_x']), $q($PLOT['s1_y']), implode(', ', $plots), $q($PLOT['s1_y2']),
        $tmp, $q($PLOT['s1_ratio']), $q($PLOT['s1_bound'])));
}

if (isset($S[2])) {
    $lines = [];
    $i = 0;
    foreach ($S[2]['cols'] as $c => $x) $lines[] = implode("\t", [++$i, $PLOT['first_ticks'][$c], fmt($x['wall'], 3),
        fmt($x['wall10'], 3), fmt($x['wall90'], 3)]);
    file_put_contents("$tmp/s2", implode("\n", $lines) . "\n");
    $p = $S[2]['pairs'];
    sort($p);
    file_put_contents("$tmp/s2p", implode("\n", array_map(fn($k, $x) => ($k + 1) . " $x", array_keys($p), $p)) . "\n");
    [$pt, $lo, $hi] = $S[2]['ratio'];
    gnuplot(sprintf(<<<'GP'
        set terminal pngcairo size 1100,420 font ",10" noenhanced
        set output "%s/first_request.png"
        set multiplot layout 1,2 title %s
        set style fill solid 0.6 border -1
        set boxwidth 0.5
        set ylabel %s
        set yrange [0:*]
        set xrange [0.4:4.6]
        set grid ytics
        set datafile separator "\t"
        plot "%s/s2" using 1:3:4:5:(0.5):xticlabels(2) with boxerrorbars lc rgb "#4e79a7" notitle
        set datafile separator whitespace
        unset xrange
        set autoscale x
        set xlabel %s
        set ylabel %s
        set yrange [*:*]
        set grid
        plot "%s/s2p" using 1:2 with points pt 7 ps 0.7 title %s, %s with lines lw 2 title %s, \
             %s with lines dt 3 lc rgb "#555555" title %s, %s with lines dt 3 lc rgb "#555555" notitle, \
             1.02 with lines dt 2 lc rgb "#c00000" title %s
        unset multiplot
        GP, $out, $q($PLOT['s2_title']), $q($PLOT['s2_y']), $tmp, $q($PLOT['s2_x2']), $q($PLOT['s2_y2']), $tmp,
        $q($PLOT['s2_pairs']), fmt($pt, 4), $q($PLOT['s2_median']), fmt($lo, 4), $q($PLOT['s2_ci']), fmt($hi, 4),
        $q($PLOT['s2_goal'])));
}
array_map('unlink', glob("$tmp/*"));
rmdir($tmp);

file_put_contents("$out/RESULTS.md.tmp", $md);
rename("$out/RESULTS.md.tmp", "$out/RESULTS.md");
fwrite(STDERR, "wrote $out/RESULTS.md" . (glob("$out/*.png") ? ' and ' . implode(' ', array_map('basename', glob("$out/*.png"))) : '') . "\n");

// The README's headline is RESULTS.md's, verbatim (the build suite compares them): copied when the
// results are the repository's own (OUT_DIR is bench/).
$readme = dirname(__DIR__) . '/README.md';
if (realpath($out) === realpath(__DIR__) && is_file($readme)) {
    $block = '~^<!-- headline -->$.*?^<!-- /headline -->$~ms';
    if (preg_match($block, $md, $m) && preg_match($block, (string) file_get_contents($readme))) {
        file_put_contents("$readme.tmp", preg_replace($block, addcslashes($m[0], '\\$'), file_get_contents($readme), 1));
        rename("$readme.tmp", $readme);
        fwrite(STDERR, "copied the headline into README.md\n");
    }
}
