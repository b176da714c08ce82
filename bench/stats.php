<?php
// SPDX-License-Identifier: BSD-2-Clause
// Statistics and number formatting for bench/render.php and its template (numbers only, no words).
declare(strict_types=1);

/** Whitespace-separated rows of a sample file in the data dir ([] when missing). */
function rows(string $name): array
{
    global $data;
    $r = [];
    foreach (@file("$data/$name", FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: [] as $l) {
        $r[] = preg_split('/\s+/', trim($l));
    }
    return $r;
}
/** Column $c (1-based) of a sample file: its numeric values. */
function col(string $name, int $c = 1): array
{
    return nums(array_map(fn($f) => $f[$c - 1] ?? null, rows($name)));
}
function nums(array $x): array
{
    return array_values(array_map('floatval', array_filter($x, 'is_numeric')));
}
function num($x): ?float { return is_numeric($x) ? (float) $x : null; }
function ratio($a, $b): ?float { $a = num($a); $b = num($b); return ($a === null || !$b) ? null : $a / $b; }

/** Quantile $q of $x, linear between the order statistics (R's type 7); null for no data. */
function quantile(array $x, float $q): ?float
{
    if (!$x) return null;
    sort($x);
    $h = (count($x) - 1) * $q;
    $lo = (int) floor($h);
    return $x[$lo] + ($h - $lo) * (($x[$lo + 1] ?? $x[$lo]) - $x[$lo]);
}
function median(array $x): ?float { return quantile($x, 0.5); }
function geomean(array $x): ?float
{
    $x = array_filter($x, fn($v) => $v > 0);
    return $x ? exp(array_sum(array_map('log', $x)) / count($x)) : null;
}

/**
 * 95% percentile-bootstrap interval of $stat over the samples $x (resampled with replacement,
 * 10,000 times, fixed seed: the same data give the same interval). [point, low, high].
 */
function boot(array $x, callable $stat): array
{
    $n = count($x);
    if ($n < 2) return [$n ? $stat($x) : null, null, null];
    mt_srand(23);
    $t = [];
    for ($r = 0; $r < 10000; $r++) {
        $s = [];
        for ($i = 0; $i < $n; $i++) $s[] = $x[mt_rand(0, $n - 1)];
        $t[] = $stat($s);
    }
    return [$stat($x), quantile($t, 0.025), quantile($t, 0.975)];
}

/**
 * The decision rule for a ratio whose goal is a floor ($goal_min: the ratio should be at least it)
 * or a ceiling: 'met', 'not_met' or 'inconclusive' from its interval.
 */
function verdict(?float $lo, ?float $hi, float $bound, bool $floor): string
{
    if ($lo === null || $hi === null) return 'no_data';
    if ($floor) return $lo >= $bound ? 'met' : ($hi < $bound ? 'not_met' : 'inconclusive');
    return $hi <= $bound ? 'met' : ($lo > $bound ? 'not_met' : 'inconclusive');
}

function fmt($x, int $p = 1): string { return is_numeric($x) ? number_format((float) $x, $p, '.', '') : '-'; }
function r3($x): string { return fmt($x, 3); }
function commas($x): string { return is_numeric($x) ? number_format((float) round((float) $x), 0, '.', ',') : '-'; }
function signed($x): string { return is_numeric($x) ? ($x > 0 ? '+' : ($x < 0 ? '−' : '')) . commas(abs((float) $x)) : '-'; }

/** The object of a key "function [object]". */
function cg_object(string $key): string { return preg_match('/ \[([^]]*)\]$/', $key, $m) ? $m[1] : '?'; }
