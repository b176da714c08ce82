<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: the softokn behaviour table (data/softokn.tsv; its header documents the
// columns, docs/softokn-table.md explains each row and its source). Loading, checking and
// looking up a row; what the rows mean for one process is in judge.php.
declare(strict_types=1);

namespace NsscacheDoctor;

const TABLE_COLUMNS = ['family', 'from', 'to', 'honours', 'unset_db', 'unset_tmp', 'measure_db', 'measure_tmp',
    'yesno_db', 'yesno_tmp', 'freed', 'source', 'build', 'measured'];
// The model's "none" reasons (judge.php), each of which a measured row must name with the layout that measured it
const TABLE_MEASURED = ['quiet', 'local_fs', 'network_fs', 'db_unreadable', 'no_cert9', 'db_not_writable'];
const TABLE_CELLS = ['unset_db', 'unset_tmp', 'measure_db', 'measure_tmp', 'yesno_db', 'yesno_tmp'];
const TABLE_VALUES = [
    'family' => ['upstream', 'rhel6', 'rhel7'],
    'honours' => ['yes', 'no', 'release'],
    'cell' => ['probe', 'no', 'fstype', 'unknown'],
    'freed' => ['yes', 'no', 'unknown'],
];

// The rows, or null and WHY: every line checked (columns, values, version syntax, ranges in
// order, no overlap within a family), so a damaged table is refused as a whole.
function table_parse(string $text, ?string &$why = null): ?array
{
    $why = null;
    $rows = [];
    $header = null;
    foreach (explode("\n", $text) as $n => $line) {
        $line = rtrim($line, "\r");
        if ($line === '' || $line[0] === '#') {
            continue;
        }
        $f = explode("\t", $line);
        if ($header === null) {
            if ($f !== TABLE_COLUMNS) {
                $why = 'line ' . ($n + 1) . ': header is not ' . implode(' ', TABLE_COLUMNS);
                return null;
            }
            $header = $f;
            continue;
        }
        if (count($f) !== count(TABLE_COLUMNS)) {
            $why = 'line ' . ($n + 1) . ': ' . count($f) . ' columns, want ' . count(TABLE_COLUMNS);
            return null;
        }
        $r = array_combine(TABLE_COLUMNS, $f) + ['line' => $n + 1, 'measured_by' => []];
        $r['from_v'] = version_parse($r['from']);
        $r['to_v'] = version_parse($r['to']);
        $bad = array_values(array_filter(array_merge(['family', 'honours', 'freed'], TABLE_CELLS),
            fn(string $col): bool => !in_array($r[$col], TABLE_VALUES[$col] ?? TABLE_VALUES['cell'], true)));
        // a measured row: the build (distribution, package and its version) and reason=layout pairs
        $why = $bad ? "$bad[0] '{$r[$bad[0]]}'" : ($r['from_v'] === null || $r['to_v'] === null
            || version_cmp_lo($r['from_v'], $r['to_v']) > 0 ? "range {$r['from']} - {$r['to']}"
            : (trim($r['source']) === '' ? 'no source' : (($r['build'] === '-') !== ($r['measured'] === '-')
            ? 'a build needs what measured it, and only a build has that' : null)));
        foreach ($why !== null || $r['build'] === '-' ? [] : explode(' ', $r['measured']) as $m) {
            if (!preg_match('/^([a-z_]+)=([a-z0-9-]+)$/', $m, $mm) || !in_array($mm[1], TABLE_MEASURED, true)) {
                $why = "measured '$m'";
                break;
            }
            $r['measured_by'][$mm[1]] = $mm[2];
        }
        if ($why !== null) {
            $why = "line {$r['line']}: $why";
            return null;
        }
        $rows[] = $r;
    }
    if ($header === null || !$rows) {
        $why = 'no header or no rows';
        return null;
    }
    foreach ($rows as $i => $a) {
        foreach (array_slice($rows, $i + 1) as $b) {
            if ($a['family'] === $b['family'] && $a['build'] === '-' && $b['build'] === '-'
                    && version_cmp_lo($b['from_v'], $a['to_v']) <= 0 && version_cmp_lo($a['from_v'], $b['to_v']) <= 0) {
                $why = "lines {$a['line']} and {$b['line']} overlap";
                return null;
            }
        }
    }
    return $rows;
}

// The table in FILE, or null and WHY.
function table_load(string $file, ?string &$why = null): ?array
{
    $text = read_bounded($file, 1 << 20, $why);
    $rows = $text === null ? null : table_parse($text, $why);
    $why = $why !== null ? "$file: $why" : null;
    return $rows;
}

// "3.14.3" -> [3, 14, 3]; up to four parts, each 1-5 digits; null when it is not a version.
function version_parse(?string $s): ?array
{
    if ($s === null || !preg_match('/^(\d{1,5})(?:\.(\d{1,5}))?(?:\.(\d{1,5}))?(?:\.(\d{1,5}))?$/', $s, $m)) {
        return null;
    }
    return array_map('intval', array_slice($m, 1));
}

// FROM's missing parts are 0 and TO's are "any": compare A as a low bound with B as a high one.
function version_cmp_lo(array $a, array $b): int
{
    for ($i = 0; $i < count($b); $i++) {
        $x = $a[$i] ?? 0;
        if ($x !== $b[$i]) {
            return $x <=> $b[$i];
        }
    }
    return 0;
}

// Does the range [FROM, TO] hold every version that starts with V's parts (V may be partial:
// "3.14" stands for every 3.14.x)? 'all', 'some' or 'none'. Both are intervals, so they meet
// when each one's low end is at most the other's high end.
function range_holds(array $from, array $to, array $v): string
{
    // V and W compared on the parts both have
    $prefix_cmp = fn(array $v, array $w): int => version_cmp_lo($v, array_slice($w, 0, count($v)));
    $c = $prefix_cmp($v, $to);
    if ($prefix_cmp($v, $from) < 0 || $c > 0) {
        return 'none';
    }
    $lo_all = version_cmp_lo(array_pad($v, 4, 0), array_pad($from, 4, 0)) >= 0;
    return $lo_all && ($c < 0 || count($to) <= count($v)) ? 'all' : 'some';
}

// One row's worth of columns for softokn version V of FAMILY: the row that holds all of V, or, for a
// partial version that spans rows, each column where they agree and 'unknown' (honours: 'unknown')
// where they do not. null: none.
function table_lookup(array $rows, string $family, array $v): ?array
{
    $cand = [];
    foreach ($rows as $r) {
        $h = $r['family'] === $family && $r['build'] === '-' ? range_holds($r['from_v'], $r['to_v'], $v) : 'none';
        if ($h === 'all') {
            $cand = [$r];
            break;
        }
        if ($h === 'some') {
            $cand[] = $r;
        }
    }
    if (!$cand) {
        return null;
    }
    $r = $cand[0];
    foreach (array_slice($cand, 1) as $o) {
        foreach (array_merge(['honours', 'freed'], TABLE_CELLS) as $col) {
            if ($r[$col] !== $o[$col]) {
                $r[$col] = 'unknown';
            }
        }
        $r['source'] .= '; ' . $o['source'];
        $r['line'] .= ',' . $o['line'];
    }
    $r['partial'] = count($cand) > 1;
    return $r;
}

// The truth-suite layout that measured the model's "none" reason KEY (TABLE_MEASURED) on softokn BUILD
// (view.php softokn_build()), or null: a model's "none" stands only where one did.
function table_measured(?array $rows, ?string $build, string $key): ?string
{
    foreach ($build === null ? [] : (array) $rows as $r) {
        if ($r['build'] === $build && isset($r['measured_by'][$key])) {
            return $r['measured_by'][$key];
        }
    }
    return null;
}
