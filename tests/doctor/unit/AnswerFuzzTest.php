<?php
// SPDX-License-Identifier: BSD-2-Clause
// Hostile answers (asked by root): a pool, a page or a CLI may answer anything. Every fact is
// checked to its type; a malformed answer is that target's bad_answer and nothing else. The fuzz
// part mutates a good answer 1,200 times (wrong types, missing keys, huge, deep, non-UTF-8, cut
// or flipped bytes) and checks every output form after each: --json is schema-1 JSON, --nagios
// one line with a plugin code, the table has no control byte, the textfile passes promtool.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class AnswerFuzzTest extends TestCase
{
    private const MUTATIONS = 1200;
    private const BATCH = 100;

    private static function ctx(): array
    {
        return ['timeout' => 3.0, 'table' => the_table(), 'host' => ['distro' => view_fixture(null)['distro']]];
    }

    // The doc main() builds for TARGETS (already judged).
    private static function doc(array $targets): array
    {
        $v = D\verdict($targets);
        [$code, $counts] = [$v['code'], $v['counts']];
        $host = ['hostname' => "h\x1b]0;owned\x07", 'kernel' => '6.1.0', 'distro' => view_fixture(null)['distro'],
            'dentries' => ['nr_dentry' => 10, 'nr_unused' => 1, 'nr_negative' => 2, 'slab' => null, 'notes' => []],
            'watch' => null];
        return ['doctor' => ['version' => D\VERSION, 'table' => null, 'table_error' => null, 'endpoint' => null,
            'started' => 1.0, 'duration_seconds' => 0.5], 'host' => $host, 'targets' => $targets, 'exit' => $code,
            'counts' => $counts, 'summary' => D\summary($code, $counts)];
    }

    // One pool target judged from the answer BODY (an HTTP/CGI body, as the endpoint sends it).
    private static function pool(string $name, string $body, bool $own_view = true): D\Target
    {
        $t = D\target('fpm', $name, ['address' => '/run/php/x.sock']);
        $t['timeout'] = 3.0;
        $a = D\cgi_answer("Content-Type: application/json\r\n\r\n" . $body, '');
        $from = $own_view ? ['from' => 'ours'] : ['from' => 'answerer', 'check' => 'pool x'];
        return D\answered($t, $a, $from, self::ctx());
    }

    private static function good(): array
    {
        return facts_fixture(['NSS_SDB_USE_CACHE' => 'yes'], status_fixture());
    }

    public static function wrongTypes(): array
    {
        $cases = [
            'the variable a number' => [['env', 'NSS_SDB_USE_CACHE'], 5],
            'the variable a list' => [['env', 'NSS_SDB_USE_CACHE'], ['yes']],
            'SSL_DIR true' => [['env', 'SSL_DIR'], true],
            'env a string' => [['env'], 'x'],
            'pid a string' => [['pid'], '1'],
            'pid negative' => [['pid'], -1],
            'cwd an object' => [['cwd'], ['a' => 1]],
            'php.version a float' => [['php', 'version'], 7.4],
            'curl.loaded missing' => [['curl', 'loaded'], null, true],
            'curl.ssl_version a number' => [['curl', 'ssl_version'], 3],
            'nsscache.loaded a string' => [['nsscache', 'loaded'], 'yes'],
            'status a string' => [['nsscache', 'status'], 'ok'],
            'status.in_effect "true"' => [['nsscache', 'status', 'in_effect'], 'true'],
            'status.softokn.version a number' => [['nsscache', 'status', 'softokn', 'version'], 3.44],
            'status.libcurl a list' => [['nsscache', 'status', 'libcurl'], [1, 2]],
            'status.notes an object' => [['nsscache', 'status', 'notes'], ['a' => 'b']],
            'status.notes holding a number' => [['nsscache', 'status', 'notes'], [1]],
            'status.repairs a float' => [['nsscache', 'status', 'repairs'], 1.5],
            'maps a list' => [['maps'], ['/usr/lib64/libnss3.so']],
            'maps holding an object' => [['maps', 'libnss3.so'], ['x' => 1]],
            'a huge SSL_DIR' => [['env', 'SSL_DIR'], str_repeat('/a', 300000)],
        ];
        return $cases;
    }

    /** @dataProvider wrongTypes */
    public function testAWrongTypeIsThatTargetsBadAnswer(array $path, $value, bool $unset = false): void
    {
        $f = self::good();
        $p = &$f;
        foreach (array_slice($path, 0, -1) as $k) {
            $p = &$p[$k];
        }
        if ($unset) {
            unset($p[end($path)]);
        } else {
            $p[end($path)] = $value;
        }
        unset($p);
        $bad = self::pool('evil', json_encode($f));
        $this->assertSame('bad_answer', $bad->answer()['status'], implode('.', $path));
        $this->assertMatchesRegularExpression("/^(malformed facts: facts\\.$path[0]|not the facts)/",
            $bad->answer()['error']);
        $fine = self::pool('fine', json_encode(self::good()));
        $this->assertSame(['ok', 'none'], [$fine->answer()['status'], $fine->judgement()['probe']],
            'the other target is judged');
        $doc = self::doc([$fine, $bad]);
        $this->assertSame(3, $doc['exit']);
        $this->assertStringStartsWith('NSSCACHE UNKNOWN - not inspected: evil |', D\doc_nagios($doc));
    }

    public function testAGoodAnswerPassesUnchanged(): void
    {
        $f = D\decode_facts(json_encode(self::good()), $why);
        $this->assertNull($why);
        $this->assertSame(self::good(), $f);
        // keys it does not know are dropped, missing nullable ones are null
        $g = self::good();
        $g['env']['AWS_SECRET_ACCESS_KEY'] = 'hunter2';
        $g['secret'] = 'x';
        unset($g['maps'], $g['nsscache']['status']['notes']);
        $f = D\decode_facts(json_encode($g));
        $this->assertSame(['NSS_SDB_USE_CACHE', 'SSL_DIR', 'TMPDIR', 'SQLITE_TMPDIR'], array_keys($f['env']));
        $this->assertArrayNotHasKey('secret', $f);
        $this->assertNull($f['maps']);
        $this->assertNull($f['nsscache']['status']['notes']);
    }

    // A random mutation of a good answer's JSON text (R: the generator's state).
    private static function mutate(int $i): string
    {
        $f = self::good();
        $leaves = [];
        $walk = function (array $a, array $path) use (&$walk, &$leaves): void {
            foreach ($a as $k => $v) {
                $leaves[] = array_merge($path, [$k]);
                if (is_array($v)) {
                    $walk($v, array_merge($path, [$k]));
                }
            }
        };
        $walk($f, []);
        $deep = 'x';
        for ($d = 0; $d < mt_rand(1, 80); $d++) {
            $deep = [$deep];
        }
        $values = [5, -7, 1.5, 0, true, false, null, '', [], [1, 2], ['a' => 1], str_repeat('A', mt_rand(1, 200000)),
            $deep, "\xff\xfe\x80", "\x1b[2J\x1b]0;owned\x07\x9b31m", "yes\n", 'NaN', PHP_INT_MAX, ['hex' => 'zz'],
            ['hex' => '1b5b33316d'], str_repeat('é', 3000)];
        $n = mt_rand(1, 4);
        for ($m = 0; $m < $n; $m++) {
            $path = $leaves[mt_rand(0, count($leaves) - 1)];
            $p = &$f;
            foreach (array_slice($path, 0, -1) as $k) {
                if (!is_array($p)) {
                    break;
                }
                $p = &$p[$k];
            }
            if (is_array($p)) {
                if (mt_rand(0, 4) === 0) {
                    unset($p[end($path)]);
                } else {
                    $p[end($path)] = $values[mt_rand(0, count($values) - 1)];
                }
            }
            unset($p);
        }
        $json = (string) json_encode($i % 2 ? nsscache_ep_utf8($f) : $f,
            JSON_INVALID_UTF8_IGNORE | JSON_PARTIAL_OUTPUT_ON_ERROR, 512);
        switch ($i % 7) {
            case 0:
                return substr($json, 0, mt_rand(0, strlen($json)));
            case 1:
                $k = mt_rand(0, max(0, strlen($json) - 1));
                return substr_replace($json, chr(mt_rand(0, 255)), $k, 1);
            case 2:
                // raw bytes inside a string value
                return str_replace('"7.4.33"', "\"7.4\xff\x1b[31m\xc0\"", $json);
        }
        return $json;
    }

    public function testAThousandMutatedAnswersNeverBreakAnOutputForm(): void
    {
        $promtool = trim((string) shell_exec('command -v promtool 2>/dev/null'));
        if ($promtool === '') {
            $this->markTestSkipped('promtool is not installed (tests/doctor/run installs prometheus)');
        }
        mt_srand(28);
        $fine = self::pool('fine', json_encode(self::good()));
        $batch = [];
        $statuses = [];
        $t0 = microtime(true);
        for ($i = 0; $i < self::MUTATIONS; $i++) {
            $t = self::pool("m$i\x1b[31m", self::mutate($i), $i % 3 !== 0);
            $statuses[$t->answer()['status']] = ($statuses[$t->answer()['status']] ?? 0) + 1;
            $doc = self::doc([$fine, $t]);
            $j = json_decode(D\doc_json($doc), true);
            $this->assertIsArray($j, "mutation $i: --json is JSON");
            $this->assertSame([1, 2, $doc['exit']], [$j['schema'], count($j['targets']), $j['exit']], "mutation $i");
            $n = D\doc_nagios($doc);
            $this->assertMatchesRegularExpression('/^NSSCACHE (OK|WARNING|CRITICAL|UNKNOWN) - [\x20-\x7b\x7d\x7e]* \| '
                . '[\x20-\x7e]*\n\z/', $n, "mutation $i: --nagios");
            $this->assertContains($doc['exit'], [0, 1, 2, 3]);
            $h = D\doc_human($doc, false);
            $this->assertDoesNotMatchRegularExpression('/[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]/', $h,
                "mutation $i: the table holds no control byte");
            $batch[] = $t;
            if (count($batch) === self::BATCH) {
                $this->assertPromtool($promtool, self::doc($batch), $i);
                $batch = [];
            }
        }
        $this->assertGreaterThan(100, $statuses['bad_answer'] ?? 0, json_encode($statuses));
        $this->assertGreaterThan(10, $statuses['ok'] ?? 0, json_encode($statuses));
        fwrite(STDERR, sprintf("[fuzz: %d mutated answers in %.1f s: %s]\n", self::MUTATIONS, microtime(true) - $t0,
            json_encode($statuses)));
    }

    // Each target of DOC is one mutation: one promtool run checks the textfile of a batch.
    private function assertPromtool(string $promtool, array $doc, int $i): void
    {
        $p = proc_open([$promtool, 'check', 'metrics'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes);
        fwrite($pipes[0], D\doc_prometheus($doc));
        fclose($pipes[0]);
        $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
        $rc = proc_close($p);
        $this->assertSame(0, $rc, "mutations up to $i: promtool check metrics: $out");
    }
}
