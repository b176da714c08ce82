<?php
// SPDX-License-Identifier: BSD-2-Clause
// The pool endpoint (fleet/nsscache-metrics.php): its Prometheus families from api.md-shaped
// nsscache_status() fixtures and without nsscache, label escaping, and the file itself run
// as a script in both formats.
declare(strict_types=1);

use PHPUnit\Framework\TestCase;

final class EndpointTest extends TestCase
{
    private static function samples(array $facts): array
    {
        $out = [];
        foreach (nsscache_ep_families($facts) as $name => $f) {
            foreach ($f[2] as $s) {
                $l = [];
                foreach ($s[0] as $k => $v) {
                    $l[] = "$k=$v";
                }
                $out[$name . ($l ? '{' . implode(',', $l) . '}' : '')] = $s[1];
            }
        }
        return $out;
    }

    public function testWithoutNsscacheItStillAnswersTheVariableAndTheTlsBackend(): void
    {
        $s = self::samples(facts_fixture(['NSS_SDB_USE_CACHE' => '1']));
        $this->assertSame(0, $s['nsscache_loaded']);
        $this->assertSame(1, $s['nsscache_variable{class=probing}']);
        $this->assertSame(0, $s['nsscache_variable{class=unset}']);
        // the family is the endpoint's own reading, nsscache or not
        $this->assertSame(1, $s['nsscache_info{version=,libcurl=7.29.0,tls_backend=NSS,nss=3.44,softokn=,'
            . 'distro_family=rhel7}']);
        $this->assertArrayNotHasKey('nsscache_in_effect', $s, 'no in_effect without nsscache');
        $this->assertArrayNotHasKey('nsscache_probe{state=none}', $s, 'the probe is the doctor\'s, textfile only');
        $s = self::samples(facts_fixture([], null, ['version' => null, 'ssl_version' => null]));
        $this->assertSame(1, $s['nsscache_info{version=,libcurl=,tls_backend=,nss=,softokn=,distro_family=rhel7}']);
    }

    public function testWithNsscache(): void
    {
        $s = self::samples(facts_fixture(['NSS_SDB_USE_CACHE' => 'yes'], status_fixture(['action' => 'replaced',
            'phase' => 'rinit', 'repairs' => 3])));
        $this->assertSame(1, $s['nsscache_loaded']);
        $this->assertSame(1, $s['nsscache_enabled']);
        $this->assertSame(1, $s['nsscache_action{action=replaced}']);
        $this->assertSame(0, $s['nsscache_action{action=set}']);
        $this->assertSame(1, $s['nsscache_phase{phase=rinit}']);
        $this->assertSame(1, $s['nsscache_in_effect']);
        $this->assertSame(1, $s['nsscache_in_effect_reason{reason=in_effect}']);
        $this->assertSame(3, $s['nsscache_policy_repairs_total']);
        $this->assertSame(1, $s['nsscache_info{version=0.2.0,libcurl=7.29.0,tls_backend=NSS,nss=3.44.0,'
            . 'softokn=3.44.0,distro_family=rhel7}']);
    }

    public function testInEffectNullIsAbsentAndAnUnknownCodeIsItsOwnState(): void
    {
        $s = self::samples(facts_fixture([], status_fixture(['in_effect' => null, 'in_effect_reason' => 'no_nss_curl',
            'enabled' => false, 'action' => 'disabled'])));
        $this->assertArrayNotHasKey('nsscache_in_effect', $s);
        $this->assertSame(1, $s['nsscache_in_effect_reason{reason=no_nss_curl}']);
        $this->assertSame(0, $s['nsscache_enabled']);
        $s = self::samples(facts_fixture([], status_fixture(['in_effect_reason' => 'new_code'])));
        $this->assertSame(1, $s['nsscache_in_effect_reason{reason=new_code}']);
        $this->assertSame(1, array_sum(array_filter($s, function ($k) {
            return strpos($k, 'nsscache_in_effect_reason{') === 0;
        }, ARRAY_FILTER_USE_KEY)), 'a state-set has exactly one 1');
    }

    public function labelProvider(): array
    {
        return [
            ['plain', 'plain'],
            ["a\"b\\c\nd", 'a\\"b\\\\c\\nd'],
            ["\x01\x1b[2J\x7f", "\u{fffd}\u{fffd}[2J\u{fffd}"],
            ["\xff\xfe", "\u{fffd}\u{fffd}"],
            ["\xc3\xa9\xe2\x80\xa8", "é\u{2028}"],
            ["\xed\xa0\x80", "\u{fffd}\u{fffd}\u{fffd}"],       // a surrogate is not UTF-8
            [str_repeat('é', 200), str_repeat('é', 128) . '...'],
        ];
    }

    /** @dataProvider labelProvider */
    public function testLabelValues(string $in, string $want): void
    {
        $this->assertSame($want, nsscache_ep_label($in));
    }

    // the endpoint as a script: PHP CLI puts the environment in $_SERVER, QUERY_STRING included
    private static function runScript(array $env): string
    {
        $p = proc_open([PHP_BINARY, '-n', TOP . '/fleet/nsscache-metrics.php'], [1 => ['pipe', 'w'],
            2 => ['pipe', 'w']], $pipes, null, $env + ['PATH' => getenv('PATH')]);
        $out = stream_get_contents($pipes[1]);
        $err = stream_get_contents($pipes[2]);
        proc_close($p);
        return $out . $err;
    }

    // Anyone can ask a web server: the facts go only to a request with the doctor's FastCGI parameter.
    public function testJsonOnlyForTheDoctorsFastcgiParameter(): void
    {
        $cases = [
            ['fpm-fcgi', 'format=json', ['NSSCACHE_DOCTOR' => '1'], true],
            ['fpm-fcgi', 'format=json', [], false],
            ['fpm-fcgi', 'format=json', ['HTTP_NSSCACHE_DOCTOR' => '1'], false],
            ['fpm-fcgi', 'format=json', ['NSSCACHE_DOCTOR' => 'yes'], false],
            ['cgi-fcgi', 'format=json', [], false],
            ['fpm-fcgi', '', ['NSSCACHE_DOCTOR' => '1'], false],
            ['cli', 'format=json', [], true],
            // over HTTP (anyone can ask): mod_php, php -S and any other SAPI serve the text alone
            ['cli-server', 'x=1&format=json', [], false],
            ['apache2handler', 'format=json', [], false],
            ['apache2handler', 'format=json', ['NSSCACHE_DOCTOR' => '1'], false],
            ['litespeed', 'format=json', ['NSSCACHE_DOCTOR' => '1'], false],
        ];
        foreach ($cases as [$sapi, $q, $server, $want]) {
            $this->assertSame($want, nsscache_ep_wants_json($sapi, $q, $server), json_encode([$sapi, $q, $server]));
        }
    }

    public function testTheScriptAnswersBothFormats(): void
    {
        $text = self::runScript(['NSS_SDB_USE_CACHE' => 'auto']);
        $this->assertStringContainsString("\nnsscache_loaded 0\n", $text);
        $this->assertStringContainsString("\nnsscache_variable{class=\"probing\"} 1\n", $text);
        $json = self::runScript(['QUERY_STRING' => 'format=json', 'SSL_DIR' => "/x\xff"]);
        $facts = NsscacheDoctor\decode_facts($json, $why);
        $this->assertNull($why, $json);
        $this->assertSame("/x\xff", $facts['env']['SSL_DIR']);
        $this->assertSame('cli', $facts['php']['sapi']);
        $this->assertSame(getmypid() !== $facts['pid'], true);
    }
}
