<?php
// SPDX-License-Identifier: BSD-2-Clause
// --nagios as the Nagios plugin guidelines say: one line "NSSCACHE STATE - text | perfdata",
// the state the exit code's, perfdata 'label'=value[UOM];warn;crit;min;max with fixed labels whose
// ranges give the same state, names from the host kept out of the perfdata and made printable, and
// decimal points under a comma locale (the doctor sets LC_NUMERIC=C).
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class NagiosTest extends TestCase
{
    // The guidelines' perfdata grammar: a quoted label, a number with an optional UOM, then up to
    // four ';'-separated fields: warn and crit ranges ([@][start:][end], ~ for -inf), min and max.
    private const NUM = '-?[0-9]+(\.[0-9]+)?';
    private const RANGE = '@?((~|' . self::NUM . '):)?(' . self::NUM . ')?';
    private const PERF = "'[^'=]+'=" . self::NUM . '(s|ms|us|%|B|KB|MB|TB|c)?(;(' . self::RANGE . ')(;('
        . self::RANGE . ')(;(' . self::NUM . ')?(;(' . self::NUM . ')?)?)?)?)?';
    private const LABELS = ['targets', 'expected', 'possible', 'uninspected', 'negative_dentries', 'duration'];

    // A target as judging leaves it (only what the verdict and the line read).
    private static function t(string $name, string $probe, string $status = 'ok', bool $counted = true): D\Target
    {
        return made(['name' => $name, 'probe' => $probe, 'status' => $status, 'counted' => $counted]);
    }

    private static function doc(array $targets, ?int $negative = 1234, float $duration = 0.25): array
    {
        $v = D\verdict($targets);
        return ['doctor' => ['duration_seconds' => $duration], 'host' => ['dentries' => ['nr_negative' => $negative]],
            'targets' => $targets, 'exit' => $v['code'], 'counts' => $v['counts'],
            'summary' => D\summary($v['code'], $v['counts'])];
    }

    // LINE -> [status text, ['label' => [value, warn, crit, min, max]]]; fails unless it is one plugin line.
    private function parse(string $line): array
    {
        $this->assertMatchesRegularExpression('/^NSSCACHE (OK|WARNING|CRITICAL|UNKNOWN) - [^|\n]+ \| ' . self::PERF
            . '( ' . self::PERF . ')*\n$/D', $line);
        [$text, $perf] = explode(' | ', rtrim($line, "\n"));
        $out = [];
        foreach (explode(' ', $perf) as $p) {
            [$label, $rest] = explode('=', $p, 2);
            $out[trim($label, "'")] = array_pad(explode(';', preg_replace('/[a-zA-Z%]+(;|$)/', '$1', $rest)), 5, '');
        }
        return [$text, $out];
    }

    // Whether VALUE is outside RANGE, the guidelines' way ("10": outside 0..10; "@10:20": inside).
    private static function alerts(string $range, float $value): bool
    {
        if ($range === '') {
            return false;
        }
        $inside = $range[0] === '@';
        $range = ltrim($range, '@');
        [$lo, $hi] = strpos($range, ':') !== false ? explode(':', $range, 2) : ['0', $range];
        $out = ($lo !== '~' && $value < (float) $lo) || ($hi !== '' && $value > (float) $hi);
        return $inside ? !$out : $out;
    }

    public function testEachExitCodeItsStateItsTextAndRangesThatAgree(): void
    {
        $cases = [
            // targets, exit, state, text
            [[self::t('www', 'none')], 0, 'OK', 'nothing probes: 1 target, 0 expected, 0 possible, 0 not inspected, '
                . '1 not probing'],
            [[], 0, 'OK', 'nothing probes: 0 targets, 0 expected, 0 possible, 0 not inspected, 0 not probing'],
            [[self::t('www', 'none'), self::t('api', 'possible')], 1, 'WARNING', 'probe possible: api'],
            [[self::t('www', 'expected'), self::t('dead', 'unknown', 'dead'), self::t('api', 'possible')], 2,
                'CRITICAL', 'probe expected: www; not inspected: dead; probe possible: api'],
            [[self::t('hung', 'unknown', 'timeout'), self::t('api', 'possible')], 3, 'UNKNOWN',
                'not inspected: hung; probe possible: api'],
            [[self::t('cli', 'unknown')], 3, 'UNKNOWN', 'not inspected: cli'],
            [[self::t('www', 'none'), self::t('old', 'expected', 'not_running', false)], 0, 'OK',
                'nothing probes: 1 target, 0 expected, 0 possible, 0 not inspected, 1 not probing, 1 not counted'],
        ];
        foreach ($cases as $i => [$targets, $code, $state, $text]) {
            $doc = self::doc($targets);
            $this->assertSame($code, $doc['exit'], "case $i");
            [$got, $perf] = $this->parse(D\doc_nagios($doc));
            $this->assertSame("NSSCACHE $state - $text", $got, "case $i");
            $this->assertSame(self::LABELS, array_keys($perf), "case $i: the fixed labels, in order");
            $n = $doc['counts'];
            foreach (['targets', 'expected', 'possible', 'uninspected'] as $k) {
                $this->assertSame((string) $n[$k], $perf[$k][0], "case $i: $k");
                $this->assertSame('0', $perf[$k][3], "case $i: $k min");
            }
            // what a grapher or a threshold check reading only the perfdata concludes
            $crit = self::alerts($perf['expected'][2], (float) $perf['expected'][0]);
            $warn = self::alerts($perf['possible'][1], (float) $perf['possible'][0]);
            $this->assertSame($code === 2, $crit, "case $i: 'expected' crit range");
            $this->assertSame($code === 1 || ($n['possible'] > 0), $warn, "case $i: 'possible' warn range");
        }
    }

    public function testRangeHelperReadsTheGuidelinesRanges(): void
    {
        // the test's own reader, so that a wrong one cannot pass the table above
        foreach ([['0', 0, false], ['0', 1, true], ['10', 11, true], ['10', -1, true], ['10:', 9, true],
                ['~:10', -5, false], ['@10:20', 15, true], ['@10:20', 21, false], ['', 5, false]] as [$r, $v, $a]) {
            $this->assertSame($a, self::alerts($r, (float) $v), "range '$r' value $v");
        }
    }

    public function testPerfdataFieldsAndWhatIsLeftOut(): void
    {
        [, $perf] = $this->parse(D\doc_nagios(self::doc([self::t('a', 'expected'), self::t('b', 'none')], 987654321,
            7.5)));
        $this->assertSame(['2', '', '', '0', ''], $perf['targets']);
        $this->assertSame(['1', '', '0', '0', '2'], $perf['expected']);
        $this->assertSame(['0', '0', '', '0', '2'], $perf['possible']);
        $this->assertSame(['0', '', '', '0', '2'], $perf['uninspected']);
        $this->assertSame(['987654321', '', '', '0', ''], $perf['negative_dentries']);
        $this->assertSame(['7.500', '', '', '0', ''], $perf['duration']);
        $this->assertStringContainsString("'duration'=7.500s;;;0", D\doc_nagios(self::doc([], null, 7.5)),
            'seconds as UOM');
        // a kernel without nr_negative (before 5.0): no made-up zero
        [, $perf] = $this->parse(D\doc_nagios(self::doc([self::t('a', 'none')], null)));
        $this->assertArrayNotHasKey('negative_dentries', $perf);
    }

    public function testHostileNamesStayInTheTextAndPrintable(): void
    {
        $names = ["a|b", "x\ny", "'q'=1;2;3", "\033]0;owned\007", "caf\u{e9}", "nul\0byte", "\xff\xfe",
            "= ' | ;", str_repeat('long', 1024)];
        foreach ($names as $name) {
            $line = D\doc_nagios(self::doc([self::t($name, 'expected'), self::t('two', 'possible')]));
            [$text, $perf] = $this->parse($line);
            $this->assertSame(self::LABELS, array_keys($perf), bin2hex($name));
            $this->assertSame(1, substr_count($line, '|'), 'a name adds no perfdata separator');
            $this->assertSame(0, preg_match('/[^\x20-\x7e]/', $text), 'printable ASCII only');
            $this->assertStringEndsWith('; probe possible: two', $text);
            $this->assertLessThanOrEqual(strlen('NSSCACHE CRITICAL - probe expected: ') + 64, strpos($text, ';'),
                'a long name is cut');
        }
        // six of a kind: five named, then "..."
        $many = array_map(function (int $i): D\Target {
            return self::t("p$i", 'expected');
        }, range(1, 6));
        [$text] = $this->parse(D\doc_nagios(self::doc($many)));
        $this->assertSame('NSSCACHE CRITICAL - probe expected: p1, p2, p3, p4, p5, ...', $text);
    }

    // NRPE 2.x sends 1,024 bytes with the newline: fifteen pools of 64-byte names (five of each
    // verdict) and every perfdata field of a host run still fit, the perfdata whole, the names cut.
    public function testTheLineFitsNrpesPacketWithThePerfdataWhole(): void
    {
        $targets = [];
        foreach (range(1, 15) as $i) {
            $name = str_pad("pool$i-", 64, 'x');
            $targets[] = $i <= 5 ? self::t($name, 'expected') : ($i <= 10 ? self::t($name, 'unknown', 'timeout')
                : self::t($name, 'possible'));
        }
        $doc = self::doc($targets, PHP_INT_MAX, 7.999);
        $doc['host']['fix_points'] = [];
        $line = D\doc_nagios($doc);
        $this->assertLessThanOrEqual(1024, strlen($line), $line);
        [$text, $perf] = $this->parse($line);
        $this->assertSame(['targets', 'expected', 'possible', 'uninspected', 'negative_dentries', 'processes',
            'duration'], array_keys($perf));
        $this->assertSame(['5', '', '0', '0', '15'], $perf['expected']);
        $this->assertStringStartsWith('NSSCACHE CRITICAL - probe expected: pool1-xx', $text);
        $this->assertStringEndsWith('...', $text);
    }

    // A comma locale (de_DE), built with localedef into a scratch LOCPATH; null where this host cannot.
    private static function commaLocale(): ?string
    {
        static $dir = false;
        if ($dir === false) {
            $dir = null;
            $d = scratch();
            exec('localedef -i de_DE -f UTF-8 ' . escapeshellarg("$d/de_DE.UTF-8") . ' 2>/dev/null', $o, $rc);
            if ($rc === 0 || is_file("$d/de_DE.UTF-8/LC_NUMERIC")) {   // 1: warnings only
                $dir = $d;
            }
        }
        return $dir;
    }

    private function withCommaLocale(): string
    {
        $dir = self::commaLocale();
        if ($dir === null) {
            $this->markTestSkipped('no de_DE locale source for localedef (Debian: apt-get install locales)');
        }
        return $dir;
    }

    public function testPerfdataHasADecimalPointUnderACommaLocale(): void
    {
        $dir = $this->withCommaLocale();
        putenv("LOCPATH=$dir");
        try {
            $this->assertSame('de_DE.UTF-8', setlocale(LC_NUMERIC, 'de_DE.UTF-8'));
            $this->assertSame('0,5', sprintf('%.1f', 0.5), 'the locale is in force');
            $line = D\doc_nagios(self::doc([self::t('www', 'none')], 5, 1.25));
        } finally {
            setlocale(LC_NUMERIC, 'C');
            putenv('LOCPATH');
        }
        $this->parse($line);
        $this->assertStringContainsString("'duration'=1.250s;;;0", $line);
    }

    public function testTheDoctorSetsLcNumericToCWhateverItsPhpSet(): void
    {
        // the doctor's PHP put into the comma locale before main.php runs, as an ini's auto_prepend_file could
        $dir = $this->withCommaLocale();
        $d = scratch();
        file_put_contents("$d/prepend.php", "<?php setlocale(LC_ALL, 'de_DE.UTF-8') or exit(99);\n");
        $run = function (string ...$mode) use ($d, $dir): array {
            $cmd = array_merge(['env', "LOCPATH=$dir", 'LC_ALL=de_DE.UTF-8', PHP_BINARY, '-n', '-d',
                "auto_prepend_file=$d/prepend.php", TOP . '/doctor/main.php'], $mode, ['--php', "$d/none"]);
            exec(implode(' ', array_map('escapeshellarg', $cmd)) . ' 2>/dev/null', $out, $rc);
            return [$rc, implode("\n", $out)];
        };
        [$rc, $line] = $run('--nagios');
        $this->assertSame(3, $rc, 'a missing PHP is not inspected: UNKNOWN');
        $this->parse("$line\n");
        $this->assertMatchesRegularExpression("/'duration'=[0-9]+\.[0-9]{3}s;;;0$/", $line);
        [$rc, $text] = $run('--textfile', '-');
        foreach (['last_run_timestamp_seconds', 'run_duration_seconds'] as $m) {
            $this->assertMatchesRegularExpression("/^nsscache_doctor_$m [0-9]+\\.[0-9]{3}\$/m", $text);
        }
    }
}
