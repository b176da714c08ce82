<?php
// SPDX-License-Identifier: BSD-2-Clause
// The verdict and its forms: exit-code precedence, the frozen --json schema 1, the Nagios line,
// the Prometheus textfile (promtool check metrics, hostile label values included) and the
// atomic write; judge() end to end on api.md-shaped nsscache_status() fixtures.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class OutputTest extends TestCase
{
    // The keys --json schema 1 promises (docs/doctor.md "JSON"), in order.
    private const TOP_KEYS = ['schema', 'doctor', 'host', 'targets', 'exit', 'summary'];
    private const TARGET_KEYS = ['name', 'kind', 'address', 'counted', 'status', 'error', 'php', 'pid', 'nss_curl',
        'libcurl', 'tls_backend', 'nss', 'softokn', 'distro', 'variable', 'variable_class', 'ssl_dir', 'tmpdir',
        'sqlite_tmpdir', 'db', 'tempdir', 'nsscache', 'in_effect', 'in_effect_reason', 'probe', 'probe_db_dir',
        'probe_temp_dir', 'dentries_freed', 'reason', 'message', 'notes'];
    private const NSSCACHE_KEYS = ['loaded', 'version', 'in_effect', 'in_effect_reason', 'action', 'phase'];
    private const HOST_KEYS = ['hostname', 'kernel', 'distro', 'dentries', 'watch'];

    // A CentOS 7-like root: a DB (cert9.db) in /srv/db, a writable /tmp, and a system softokn 3.44.0
    // (a file with its version string, beside the libnss3 the facts say is mapped).
    private static function hostRoot(): string
    {
        $r = scratch();
        mkdir("$r/srv/db", 0755, true);
        mkdir("$r/tmp");
        chmod("$r/tmp", 01777);
        mkdir("$r/usr/lib64", 0755, true);
        touch("$r/srv/db/cert9.db");
        file_put_contents("$r/usr/lib64/libsoftokn3.so", "\x7fELF\0Version: NSS 3.44.0\0");
        return $r;
    }

    private static function judged(string $kind, array $env, ?array $status, array $view = [],
        ?string $name = null): D\Target
    {
        $facts = facts_fixture($env + ['SSL_DIR' => '/srv/db', 'TMPDIR' => '/tmp'], $status);
        $t = D\target($kind, $name ?? ($kind === 'fpm' ? 'www' : '/usr/bin/php'),
            ['address' => '/run/php-fpm/www.sock']);
        return judged_in($t, $facts, view_fixture(self::hostRoot(), $view), the_table());
    }

    public function testJudgeOnACentos7PoolWithTheUnquotedLineAndNoNsscache(): void
    {
        $t = self::judged('fpm', ['NSS_SDB_USE_CACHE' => '1'], null);
        $this->assertSame(['expected', true, 'probing_value', false], [$t->judgement()['probe'],
            $t->facts()['nss_curl'], $t->judgement()['in_effect_reason'], $t->judgement()['in_effect']]);
        $this->assertStringContainsString('quote the pool\'s env[] line', D\words($t));
        $this->assertSame(['version' => '3.44.0', 'path' => '/usr/lib64/libsoftokn3.so', 'how' => 'file',
            'system_build' => true, 'source' => 'doctor', 'build' => null], $t->facts()['softokn'],
            'read as a file beside libnss3 (no dpkg checksum of it: no build)');
        $db = $t->facts()['db'];
        $this->assertSame(['SSL_DIR', true, 'xfs', 'local'], [$db['source'], $db['cert9'], $db['fs'], $db['fs_class']]);
    }

    // The fix is worded from what nsscache says of itself: loaded but turned off, the pool's unquoted
    // line is quoted or nsscache turned on (never "load nsscache", which is loaded already).
    public function testTheFixIsWordedFromNsscachesOwnSettings(): void
    {
        $off = status_fixture(['enabled' => false, 'env' => '1', 'action' => 'disabled', 'in_effect' => false,
            'in_effect_reason' => 'probing_value']);
        $w = D\words(self::judged('fpm', ['NSS_SDB_USE_CACHE' => '1'], $off));
        $this->assertStringContainsString('quote the pool\'s env[] line', $w);
        $this->assertStringContainsString('or turn nsscache.enabled on for this pool', $w);
        $this->assertStringNotContainsString('load nsscache', $w);
        $kept = status_fixture(['override' => 'never', 'env' => 'auto', 'action' => 'kept', 'in_effect' => false,
            'in_effect_reason' => 'probing_value', 'notes' => ['probing_value_kept']]);
        $this->assertStringContainsString('set nsscache.override = probing for this PHP',
            D\words(self::judged('cli', ['NSS_SDB_USE_CACHE' => 'auto'], $kept)));
        $this->assertStringContainsString('or load nsscache',
            D\words(self::judged('fpm', ['NSS_SDB_USE_CACHE' => '1'], null)));
    }

    // One list of in_effect_reason codes (the endpoint's, which the doctor reads too); a code outside it
    // (a newer nsscache's) is a note, not a bad answer, and the doctor judges from the facts.
    public function testAnUnknownInEffectReasonIsReportedAsUnknown(): void
    {
        $this->assertArrayHasKey('changed_below_php', nsscache_ep_reasons());
        $t = self::judged('fpm', ['NSS_SDB_USE_CACHE' => 'yes'], status_fixture(['in_effect' => null,
            'in_effect_reason' => 'a_later_code']));
        $this->assertSame(['ok', 'none', 'honoured', 'in_effect'], array_merge([$t->answer()['status']],
            judged_as($t, 'probe', 'reason', 'in_effect_reason')));
        $this->assertContains('in_effect_reason_unknown', $t->judgement()['notes']);
        $this->assertSame('a_later_code', $t->facts()['nsscache']['in_effect_reason']);
    }

    public function testJudgeWithNsscacheAgreesAndSaysFixed(): void
    {
        $t = self::judged('fpm', ['NSS_SDB_USE_CACHE' => 'yes'], status_fixture(['action' => 'replaced',
            'previous' => '1', 'phase' => 'rinit']));
        $this->assertSame(['none', 'honoured', true, true], array_merge(judged_as($t, 'probe', 'reason', 'in_effect'),
            [$t->facts()['nsscache']['in_effect']]));
        $this->assertStringStartsWith('Fixed:', D\words($t));
        $this->assertStringContainsString('nsscache replaced it', D\words($t));
        $this->assertSame([], $t->judgement()['notes']);
    }

    public function testStatusEnvIsReadUnescaped(): void
    {
        // nsscache_status() gives "\\" and "\xHH" for a backslash and a byte outside printable ASCII
        foreach (["a\\b\xff" => 'a\\\\b\xff', 'plain' => 'plain'] as $raw => $escaped) {
            $t = self::judged('fpm', ['NSS_SDB_USE_CACHE' => $raw], status_fixture(['env' => $escaped]));
            $this->assertNotContains('status_env_differs', $t->judgement()['notes'], $escaped);
        }
        $t = self::judged('fpm', ['NSS_SDB_USE_CACHE' => 'yes'], status_fixture(['env' => 'no']));
        $this->assertContains('status_env_differs', $t->judgement()['notes']);
    }

    public function testJudgeSpotsADisagreementAndAnOddStatusShape(): void
    {
        // one brain: nsscache says not in effect where the table says honoured: its word is taken
        $t = self::judged('fpm', ['NSS_SDB_USE_CACHE' => 'yes'], status_fixture(['in_effect' => false,
            'in_effect_reason' => 'softokn_ignores']));
        $this->assertSame([false, 'softokn_ignores', false], array_merge(judged_as($t, 'in_effect', 'in_effect_reason'),
            [$t->facts()['nsscache']['in_effect']]));
        // a code and in_effect that do not go together are not taken
        $t = self::judged('fpm', ['NSS_SDB_USE_CACHE' => 'yes'], status_fixture(['in_effect' => true,
            'in_effect_reason' => 'softokn_ignores']));
        $this->assertSame([true, 'in_effect'], judged_as($t, 'in_effect', 'in_effect_reason'));
        // softokn_version_ambiguous: the doctor decides (api.md)
        $t = self::judged('fpm', ['NSS_SDB_USE_CACHE' => 'yes'], status_fixture(['in_effect' => null,
            'in_effect_reason' => 'softokn_version_ambiguous']));
        $this->assertNotSame('softokn_version_ambiguous', $t->judgement()['in_effect_reason']);
        // set_after_nss_init is the process's own fact: the doctor takes it
        $t = self::judged('fpm', ['NSS_SDB_USE_CACHE' => 'yes'], status_fixture(['in_effect' => false,
            'in_effect_reason' => 'set_after_nss_init', 'nss' => ['version' => '3.44.0', 'initialized' => true,
            'path' => '/usr/lib64/libnss3.so']]));
        $this->assertSame([false, 'set_after_nss_init', false],
            array_merge(judged_as($t, 'in_effect', 'in_effect_reason'), [$t->facts()['nsscache']['in_effect']]));
        $this->assertContains('nss_already_initialized', $t->judgement()['notes']);
        // a 0.1.0-shaped status: noted, judged from the facts
        $old = status_fixture(['version' => '0.1.0', 'in_effect_reason' => null]);
        unset($old['notes']);
        $t = self::judged('fpm', ['NSS_SDB_USE_CACHE' => 'yes'], $old);
        $this->assertContains('status_shape:in_effect_reason,notes', $t->judgement()['notes']);
        $this->assertSame('none', $t->judgement()['probe']);
    }

    public function testVerdictPrecedence(): void
    {
        $t = function (string $probe, string $status = 'ok', bool $counted = true): D\Target {
            return made(['probe' => $probe, 'status' => $status, 'counted' => $counted]);
        };
        $cases = [
            [[], 0],
            [[$t('none'), $t('none')], 0],
            [[$t('none'), $t('possible')], 1],
            [[$t('possible'), $t('unknown', 'timeout')], 3],
            [[$t('possible'), $t('unknown')], 3],
            [[$t('expected'), $t('unknown', 'dead'), $t('possible')], 2],
            [[$t('none'), $t('unknown', 'not_running', false)], 0],
            [[$t('none'), $t('expected', 'ok', false)], 0],
        ];
        foreach ($cases as $i => [$targets, $code]) {
            $this->assertSame($code, D\verdict($targets)['code'], "case $i");
        }
    }

    private static function doc(array $targets, int $code = 2): array
    {
        $v = D\verdict($targets);
        [$code, $counts] = [$v['code'], $v['counts']];
        return ['doctor' => ['version' => D\VERSION, 'table' => 'softokn.tsv', 'table_error' => null,
            'endpoint' => 'nsscache-metrics.php', 'started' => 1700000000.5, 'duration_seconds' => 0.25],
            'host' => ['hostname' => 'web1', 'kernel' => '3.10.0-1160.el7.x86_64',
                'distro' => ['id' => 'centos', 'version' => '7', 'id_like' => 'rhel', 'family' => 'rhel7',
                    'source' => '/etc/os-release', 'notes' => []],
                'dentries' => ['nr_dentry' => 1000, 'nr_unused' => 900, 'nr_negative' => null,
                    'slab' => ['active_objects' => 1000, 'objects' => 1100, 'object_size_bytes' => 192,
                        'bytes' => 211200], 'notes' => ['no_nr_negative']],
                'watch' => null],
            'targets' => $targets, 'exit' => $code, 'counts' => $counts, 'summary' => D\summary($code, $counts)];
    }

    private static function targets(): array
    {
        $bad = self::judged('fpm', ['NSS_SDB_USE_CACHE' => "1"], null);
        $good = self::judged('fpm', ['NSS_SDB_USE_CACHE' => 'yes'], status_fixture(), [], 'api');
        $dead = made(['name' => 'dead', 'address' => '/run/dead.sock', 'status' => 'dead',
            'error' => 'connect: refused']);
        $off = made(['name' => 'old', 'status' => 'not_running', 'counted' => false, 'error' => '/etc/old.conf']);
        return [$bad, $good, $dead, $off];
    }

    public function testJsonSchema1IsFrozen(): void
    {
        $j = json_decode(D\doc_json(self::doc(self::targets())), true);
        $this->assertSame(self::TOP_KEYS, array_keys($j));
        $this->assertSame(1, $j['schema']);
        $this->assertSame(self::HOST_KEYS, array_keys($j['host']));
        foreach ($j['targets'] as $t) {
            $this->assertSame(self::TARGET_KEYS, array_keys($t));
            $this->assertSame(self::NSSCACHE_KEYS, array_keys($t['nsscache']));
            $this->assertContains($t['kind'], ['cli', 'fpm', 'url', 'ini']);
            $this->assertContains($t['probe'], D\PROBE_STATES);
            $this->assertContains($t['status'], D\TARGET_STATUSES);
        }
        $this->assertSame([2, '1', 'probing', 'expected', 'probes'], [$j['exit'], $j['targets'][0]['variable'],
            $j['targets'][0]['variable_class'], $j['targets'][0]['probe'], $j['targets'][0]['reason']]);
        $this->assertSame(['dead', 'unknown', null], [$j['targets'][2]['reason'], $j['targets'][2]['probe'],
            $j['targets'][2]['variable']]);
        $this->assertSame(['loaded' => true, 'version' => '0.2.0', 'in_effect' => true,
            'in_effect_reason' => 'in_effect', 'action' => 'set', 'phase' => 'load'],
            $j['targets'][1]['nsscache']);
    }

    public function testJsonStaysValidForAVariableThatIsNotUtf8(): void
    {
        $t = self::judged('cli', ['NSS_SDB_USE_CACHE' => "\xff1"], null);
        $j = json_decode(D\doc_json(self::doc([$t])), true);
        $this->assertIsArray($j);
        $this->assertSame("\u{fffd}1", $j['targets'][0]['variable']);
    }

    public function testNagios(): void
    {
        $line = D\doc_nagios(self::doc(self::targets()));
        $this->assertSame("NSSCACHE CRITICAL - probe expected: www; not inspected: dead | 'targets'=3;;;0 "
            . "'expected'=1;;0;0;3 'possible'=0;0;;0;3 'uninspected'=1;;;0;3 'duration'=0.250s;;;0\n", $line);
        $t = remade(self::targets()[1], ['name' => "a|b\nc"]);
        $line = D\doc_nagios(self::doc([$t]));
        $this->assertSame(1, substr_count($line, '|'), 'a name cannot add a perfdata separator');
        $this->assertSame(1, substr_count($line, "\n"));
        $this->assertStringStartsWith('NSSCACHE OK - nothing probes', $line);
    }

    public function testHumanTableHasColourOnlyWhenAsked(): void
    {
        $plain = D\doc_human(self::doc(self::targets()), false);
        $this->assertStringNotContainsString("\033", $plain);
        $this->assertStringContainsString('exit 2: NSS will probe', $plain);
        $this->assertStringContainsString('dentry slab 1100 objects', $plain);
        $this->assertStringContainsString("\033[31;1m", D\doc_human(self::doc(self::targets()), true));
    }

    // --watch counts processes only while /proc is polled, after asking and the process scan: the table says
    // for how long, so that a window the scan used up is not read as "no process started".
    public function testTheWatchSaysHowLongProcessesWereWatched(): void
    {
        $doc = self::doc(self::targets());
        $doc['host']['watch'] = ['seconds' => 6.7, 'nr_negative_per_second' => 0.7, 'nr_dentry_per_second' => 35.6,
            'slab_bytes_per_second' => 601.8, 'processes_started' => 0, 'processes_seconds' => 0.002, 'units' => []];
        $this->assertStringContainsString(
            "Processes started during --watch: 0, seen polling /proc for 0.0 s of 6.7 s\n", D\doc_human($doc, false));
    }

    // A hostile pool's 500-byte fields (its name, nsscache's version, the variable) stretch no column:
    // every row of the table stays as wide as the capped columns allow, the cut ones end in "...".
    public function testTheTableCapsItsColumnsWhateverTheFields(): void
    {
        $targets = self::targets();
        $t = $targets[0];
        $targets[] = remade($t, ['name' => str_repeat("p\u{e9}", 250)], [], ['variable' => str_repeat("\x1b", 500),
            'nsscache' => ['loaded' => true, 'version' => str_repeat('9', 500)] + $t->facts()['nsscache']]);
        $human = D\doc_human(self::doc($targets), false);
        [, $table] = explode("\n\n", $human, 3);
        $rows = array_values(preg_grep('/^ /', explode("\n", $table), PREG_GREP_INVERT));
        $this->assertCount(6, $rows, $table);
        foreach ($rows as $row) {
            $this->assertLessThanOrEqual(array_sum(D\TABLE_WIDTHS) + 2 * 5, preg_match_all('/./su', $row), $row);
        }
        $this->assertStringStartsWith(str_repeat("p\u{e9}", 18) . 'p...  fpm', $rows[5]);
        $this->assertStringContainsString(' 9999999...  ', $rows[5]);
    }

    private function promtool(string $text): array
    {
        if (trim((string) shell_exec('command -v promtool 2>/dev/null')) === '') {
            $this->markTestSkipped('promtool is not installed (scripts/test installs prometheus as root)');
        }
        $p = proc_open(['promtool', 'check', 'metrics'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes);
        fwrite($pipes[0], $text);
        fclose($pipes[0]);
        $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
        return [proc_close($p), $out];
    }

    public function testTheTextfilePassesPromtoolWithHostileNames(): void
    {
        $targets = self::targets();
        $targets[0] = remade($targets[0], ['name' => "x\"} 1\nnsscache_loaded 0\n\\" . str_repeat('"', 300)
            . "\xff\x01é"]);
        $targets[1] = remade($targets[1], [], ['facts' => array_replace_recursive($targets[1]->answer()['facts'],
            ['env' => ['NSS_SDB_USE_CACHE' => "\"}\n"]])]);
        $targets[] = self::judged('cli', [], null);
        $text = D\doc_prometheus(self::doc($targets));
        [$rc, $out] = $this->promtool($text);
        $this->assertSame(0, $rc, "promtool check metrics:\n$out\n$text");
        $this->assertSame(1, preg_match_all('/^nsscache_loaded\{sapi="fpm",pool="x/m', $text));
        $this->assertSame(0, preg_match('/^nsscache_loaded 0$/m', $text), 'no injected sample');
        foreach (['nsscache_pool_up{pool="dead"} 0', 'nsscache_probe{sapi="fpm",pool="api",state="none"} 1',
                'nsscache_in_effect{sapi="fpm",pool="api"} 1', 'nsscache_target_status{sapi="fpm",pool="old",'
                . 'status="not_running"} 1', 'nsscache_dentry_slab_bytes 211200', 'nsscache_doctor_verdict 2',
                'nsscache_sapi_loaded{php="7.4",sapi="cli",binary="/usr/bin/php"} 0'] as $want) {
            $this->assertStringContainsString("\n$want\n", $text);
        }
        $this->assertStringNotContainsString('nsscache_pool_up{pool="old"}', $text, 'a pool not running is no alert');
    }

    public function testAtomicWrite(): void
    {
        $d = scratch();
        $ok = D\write_atomic("$d/nsscache.prom", "a 1\n");
        $this->assertTrue($ok);
        $this->assertSame(['nsscache.prom'], array_values(array_diff(scandir($d), ['.', '..'])));
        $this->assertSame('100644', sprintf('%o', stat("$d/nsscache.prom")['mode']));
        $ok = D\write_atomic("$d/missing/nsscache.prom", "a 1\n", $why);
        $this->assertFalse($ok);
        $this->assertStringContainsString('cannot create', $why);
    }

    // Root writes where others may: 0644 whatever root's umask, a planted symlink never followed, no chmod by path.
    public function testAtomicWriteThroughAHostileDirectory(): void
    {
        $d = scratch();
        $old = umask(077);
        $ok = D\write_atomic("$d/nsscache.prom", "a 1\n");
        umask($old);
        $this->assertTrue($ok);
        $this->assertSame('100644', sprintf('%o', stat("$d/nsscache.prom")['mode']), 'umask 077 of the caller');
        file_put_contents("$d/victim", 'keep');
        symlink("$d/victim", "$d/link.prom");
        $ok = D\write_atomic("$d/link.prom", "b 1\n");
        $this->assertTrue($ok);
        $this->assertSame(['keep', false], [file_get_contents("$d/victim"), is_link("$d/link.prom")]);
        $f = new ReflectionFunction('NsscacheDoctor\write_atomic');
        $src = implode('', array_slice(file($f->getFileName()), $f->getStartLine(),
            $f->getEndLine() - $f->getStartLine()));
        $this->assertStringNotContainsString('chmod(', $src);
        if (PHP_VERSION_ID >= 80100) {
            $this->assertStringContainsString('fsync(', $src);
        }
    }
}
