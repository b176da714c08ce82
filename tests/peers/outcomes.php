<?php
// SPDX-License-Identifier: BSD-2-Clause
// The per-test outcomes of one run-tests.php run, and the comparison of two runs (tests/peers/run).
//   php outcomes.php parse JUNIT RESULTS ROOT   prints "<test file>\t<outcome>" per test, sorted
//   php outcomes.php diff A.tsv B.tsv           prints "<test file>\t<outcome in A>\t<outcome in B>"
//                                               per test whose outcomes differ ("absent": not run)
//   php outcomes.php adds-only A.out B.out      exit 0 when B only adds to A: A's words, digits left
//                                               out, are a subsequence of B's; else prints the
//                                               first word of A that B lost
// Outcomes are run-tests' own words: PASS, FAIL, SKIP, BORK, LEAK, XFAIL, XLEAK, WARN (LEAK&FAIL when
// a leaking test also failed), followed by "@" and a hash of the test's actual output (digits left
// out, lines sorted: output_hash) when the test left one (ROOT/<test>.out: kept for a test that
// did not pass). A test that fails on both sides fails the same way only if it printed the same
// thing: phpinfo.phpt fails on Debian's build either way, and only its output shows what nsscache
// added.
// The JUnit file (TEST_PHP_JUNIT) is the record; run-tests' result list (-W RESULTS:
// "<WORD>ED\t<absolute path>", ROOT the tree's root) is read beside it for two things JUnit drops:
// XFAIL and XLEAK are written there as plain passes, and in parallel runs (-j) the tests skipped
// for a missing extension before any worker starts are not written at all. Where both name a test
// they must agree, or parse fails: a comparison of misread reports would prove nothing. (Not the
// console: a test's child that writes to the inherited stdout can break its lines.)
// Runs with php -n: it needs neither ext/dom nor ext/simplexml (Debian ships them apart), so it
// reads run-tests' JUnit format, which that script writes line by line, with a pattern.

function fail(string $msg): never
{
    fwrite(STDERR, "outcomes.php: $msg\n");
    exit(2);
}

function read_file(string $path): string
{
    $s = @file_get_contents($path);
    if ($s === false) {
        fail("cannot read $path");
    }
    return $s;
}

// test file => JUnit class: pass, failure, error, skipped, warning (and the type attribute).
function junit(string $path): array
{
    $xml = read_file($path);
    $n = preg_match_all("~<testcase name='(.*?) \\(.*?' time='[^']*'>\n(.*?)</testcase>~s", $xml, $m, PREG_SET_ORDER);
    if ($n === 0 && !preg_match('~<testsuites name="php" tests="0"~', $xml)) {
        fail("$path: no test cases (not a run-tests.php JUnit file?)");
    }
    $out = [];
    foreach ($m as [, $name, $body]) {
        $file = html_entity_decode($name, ENT_QUOTES, 'UTF-8');
        if (!preg_match("~^<(failure|error|skipped|warning)\\b(?: type='([^']*)')?~", $body, $e)) {
            $out[$file] = ['pass', ''];
        } else {
            $out[$file] = [$e[1], $e[2] ?? ''];
        }
    }
    return $out;
}

// test file => run-tests' result word (PASSED, XFAILED, ...), from its -W list.
function results(string $path, string $root): array
{
    $out = [];
    $root = rtrim($root, '/') . '/';
    foreach (explode("\n", read_file($path)) as $line) {
        if ($line === '') {
            continue;
        }
        if (!preg_match('~^([A-Z]+ED)\t(.*\.phpt)$~', $line, $m)) {
            fail("$path: unexpected line '$line'");
        }
        $file = str_starts_with($m[2], $root) ? substr($m[2], strlen($root)) : $m[2];
        $out[$file] = $m[1];
    }
    return $out;
}

// Does run-tests write this result into JUnit as this class? (run-tests.php, JUnit::markTestAs:
// a failure or an error carries the result word as its type.)
function agrees(string $word, array $j): bool
{
    [$class, $type] = $j;
    return match ($class) {
        'failure', 'error' => $type === $word,
        'pass' => in_array($word, ['PASSED', 'XFAILED', 'XLEAKED'], true),
        'skipped' => $word === 'SKIPPED',
        'warning' => $word === 'WARNED',
    };
}

function parse(string $junit, string $results, string $root): array
{
    $j = junit($junit);
    $r = results($results, $root);
    $bad = [];
    $out = [];
    foreach ($j as $file => $jr) {
        if (!isset($r[$file])) {
            $bad[] = "$file: in JUnit ($jr[0]) but not in the result list";
        } elseif (!agrees($r[$file], $jr)) {
            $bad[] = "$file: the result list says {$r[$file]}, JUnit says $jr[0]" . ($jr[1] !== '' ? " ($jr[1])" : '');
        }
    }
    foreach ($r as $file => $word) {
        if (!isset($j[$file]) && $word !== 'SKIPPED') {
            $bad[] = "$file: the result list says $word, not in JUnit";
        }
        $outcome = $word === 'SKIPPED' ? 'SKIP' : substr($word, 0, -2);
        if (($j[$file][0] ?? '') === 'failure' && $word !== 'FAILED') {
            $outcome .= '&FAIL';
        }
        $output = rtrim($root, '/') . '/' . substr($file, 0, -strlen('.phpt')) . '.out';
        if (is_file($output)) {
            $outcome .= '@' . output_hash(read_file($output));
        }
        $out[$file] = $outcome;
    }
    if ($bad) {
        fail("$junit and $results disagree:\n  " . implode("\n  ", array_slice($bad, 0, 20)));
    }
    ksort($out, SORT_STRING);
    return $out;
}

function read_tsv(string $path): array
{
    $out = [];
    foreach (explode("\n", read_file($path)) as $line) {
        if ($line !== '') {
            [$file, $outcome] = explode("\t", $line, 2);
            $out[$file] = $outcome;
        }
    }
    return $out;
}

// A failing test's output, as compared: digits out (ports, PIDs, times and sizes change from run to
// run) and its lines sorted (a test and the servers it starts write to one output: their order is
// a race, e.g. ext/standard/tests/streams/opendir-004.phpt and its FTP server's TLS errors).
function output_hash(string $out): string
{
    $lines = explode("\n", rtrim(preg_replace('/[0-9]+/', 'N', $out), "\n"));
    sort($lines, SORT_STRING);
    return substr(md5(implode("\n", $lines)), 0, 12);
}

// Does B only add to A? Words (digit runs as N: times, ports, PIDs) of A in order within B's.
function adds_only(string $a, string $b): ?string
{
    $words = fn (string $s): array => preg_split('/\s+/', preg_replace('/[0-9]+/', 'N', $s), -1, PREG_SPLIT_NO_EMPTY);
    $wb = $words($b);
    $j = 0;
    $n = count($wb);
    foreach ($words($a) as $i => $w) {
        while ($j < $n && $wb[$j] !== $w) {
            $j++;
        }
        if ($j === $n) {
            return "word " . ($i + 1) . ": '$w'";
        }
        $j++;
    }
    return null;
}

$argv = $_SERVER['argv'];
switch ($argv[1] ?? '') {
    case 'parse':
        if (count($argv) !== 5) {
            fail('usage: parse JUNIT RESULTS ROOT');
        }
        foreach (parse($argv[2], $argv[3], $argv[4]) as $file => $outcome) {
            echo "$file\t$outcome\n";
        }
        break;
    case 'diff':
        if (count($argv) !== 4) {
            fail('usage: diff A.tsv B.tsv');
        }
        $a = read_tsv($argv[2]);
        $b = read_tsv($argv[3]);
        $all = array_keys($a + $b);
        sort($all, SORT_STRING);
        foreach ($all as $file) {
            $x = $a[$file] ?? 'absent';
            $y = $b[$file] ?? 'absent';
            if ($x !== $y) {
                echo "$file\t$x\t$y\n";
            }
        }
        break;
    case 'adds-only':
        if (count($argv) !== 4) {
            fail('usage: adds-only A.out B.out');
        }
        $lost = adds_only(read_file($argv[2]), read_file($argv[3]));
        if ($lost !== null) {
            echo "lost $lost\n";
            exit(1);
        }
        break;
    default:
        fail('usage: outcomes.php parse JUNIT RESULTS ROOT | diff A.tsv B.tsv | adds-only A.out B.out');
}
