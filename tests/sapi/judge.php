<?php
// SPDX-License-Identifier: BSD-2-Clause
// Judges the responses of one tests/sapi case (one JSON line per request, from www/https.php).
// php judge.php RESPONSES COUNT_FILE N [KEY=VALUE...]
// Prints "ok ..." or "FAIL ..." then what was seen: the requests that were ok, how many
// processes answered, and every value of the keys named (the sets, e.g. env=yes).
// Wrong: not N lines, a line that is not JSON or not "ok", a KEY whose value differs, a pid that
// answered but never reported to the counter (COUNT_FILE: "<pid> <count>" lines).
[, $file, $countFile, $n] = $argv;
$want = [];
foreach (array_slice($argv, 4) as $kv) {
    [$k, $v] = explode('=', $kv, 2);
    $want[$k] = $v;
}
$lines = file($file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: [];
$why = [];
$ok = 0;
$pids = $seen = [];
foreach ($lines as $i => $line) {
    $r = json_decode($line, true);
    if (!is_array($r)) {
        $why[] = 'line ' . ($i + 1) . ' is not JSON: ' . substr($line, 0, 120);
        continue;
    }
    $ok += $r['status'] === 'ok';
    $pids[$r['pid']] = true;
    foreach ($want + ['getenv' => null, 'env' => null] as $k => $v) {
        $seen[$k][(string) $r[$k]] = true;
        if ($v !== null && (string) $r[$k] !== $v) {
            $why[$k] = "$k=" . $r[$k] . " (want $v)";
        }
    }
}
count($lines) == $n || $why[] = count($lines) . " responses, want $n";
$ok == count($lines) || $why[] = "$ok ok";
$reported = [];
foreach (@file($countFile, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: [] as $l) {
    $reported[(int) $l] = true;
}
$missing = count(array_diff_key($pids, $reported));
$missing == 0 || $why[] = "$missing processes did not report a count";
$show = [];
foreach ($seen as $k => $vals) {
    $show[] = "$k=" . implode(',', array_keys($vals));
}
printf("%s %d/%d ok, %d processes, %s%s\n", $why ? 'FAIL' : 'ok', $ok, count($lines), count($pids),
    implode(' ', $show), $why ? ' -- ' . implode('; ', $why) : '');
