<?php
// SPDX-License-Identifier: BSD-2-Clause
// --url reads the endpoint's Prometheus text (over HTTP, where anyone can ask, it serves nothing else): every
// family checked to its type, the facts it shows and no more, and no "none" that rests on what a
// page's text does not show (its files, its softokn build) unless nsscache there says in effect.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class PageTextTest extends TestCase
{
    private static function text(array $facts): string
    {
        return nsscache_ep_render(nsscache_ep_families($facts));
    }

    // The page target judged from BODY as a 200 answer, through answered() as main.php does.
    private static function page(string $body, int $status = 200): D\Target
    {
        $t = D\target('url', 'http://127.0.0.1:8080/m.php', ['address' => 'http://127.0.0.1:8080/m.php']);
        $t['timeout'] = 3.0;
        $a = D\cgi_answer("HTTP/1.0 $status OK\r\nContent-Type: text/plain\r\n\r\n" . $body, '', $status);
        return D\answered($t, $a, ['from' => 'none'],
            ['timeout' => 3.0, 'table' => the_table(), 'host' => ['distro' => view_fixture(null)['distro']]]);
    }

    public function testTheTextGivesTheFactsItShows(): void
    {
        $f = D\facts_from_text(self::text(facts_fixture(['NSS_SDB_USE_CACHE' => 'yes'],
            status_fixture(['action' => 'replaced', 'repairs' => 3]))), $why);
        $this->assertNull($why);
        $this->assertSame('text', $f['source']);
        $this->assertSame('yes', $f['env']['NSS_SDB_USE_CACHE']);
        $this->assertTrue($f['nsscache']['loaded']);
        $st = $f['nsscache']['status'];
        $this->assertSame(['replaced', 'load', true, 'in_effect', 3, '3.44.0', 'rhel7', 'NSS/3.44.0'],
            [$st['action'], $st['phase'], $st['in_effect'], $st['in_effect_reason'], $st['repairs'],
                $st['softokn']['version'], $f['distro']['family'], $st['libcurl']['ssl_version']]);
        $this->assertNull($f['pid']);
        $f = D\facts_from_text(self::text(facts_fixture(['NSS_SDB_USE_CACHE' => 'auto'])));
        $this->assertSame(['probing', null, false, null], [$f['variable_class'], $f['env']['NSS_SDB_USE_CACHE'],
            $f['nsscache']['loaded'], $f['nsscache']['status']]);
        $this->assertSame('NSS/3.44', $f['curl']['ssl_version']);
    }

    public static function malformed(): array
    {
        $good = self::text(facts_fixture([], status_fixture()));
        $no_line = 'line 1 is not a sample of nsscache-metrics.php';
        return [
            'JSON' => ['{"facts": 1}', $no_line],
            'empty' => ['', 'empty answer'],
            'HTML' => ["<html>\n", $no_line],
            'no nsscache_info' => [preg_replace('/^nsscache_info\{.*\n/m', '', $good),
                'nsscache_info is not one sample with its six labels'],
            'two current actions' => [str_replace('nsscache_action{action="none"} 0',
                'nsscache_action{action="none"} 1', $good), 'nsscache_action has 2 current states'],
            'loaded 2' => [str_replace("nsscache_loaded 1\n", "nsscache_loaded 2\n", $good),
                'nsscache_loaded is not one 0/1 sample'],
            'loaded twice' => [$good . "nsscache_loaded 1\n", 'nsscache_loaded is not one 0/1 sample'],
            'a label broken' => [str_replace('{class="unset"}', '{class="unset}', $good), 'malformed labels'],
            'a control byte in a version' => [str_replace('softokn="3.44.0"', "softokn=\"3.44\x1b[2J\"", $good),
                'nsscache_info softokn is not a version'],
            'loaded, no action' => [preg_replace('/^nsscache_action\{.*\n/m', '', $good),
                'nsscache loaded, but its families are missing'],
            'a float' => [str_replace("nsscache_enabled 1\n", "nsscache_enabled 1.0\n", $good),
                'is not a sample of nsscache-metrics.php'],
        ];
    }

    /** @dataProvider malformed */
    public function testAMalformedTextIsThatPagesBadAnswer(string $body, string $why): void
    {
        $t = self::page($body);
        $this->assertSame(['bad_answer', 'unknown'], [$t->answer()['status'], $t->judgement()['probe']],
            (string) $t->answer()['error']);
        $this->assertStringContainsString($why, (string) $t->answer()['error']);
        $this->assertSame("The page answered something that is not the endpoint's facts ({$t->answer()['error']}).",
            D\words($t));
    }

    // REPLY from a listener on 127.0.0.1 to ask_url_task(), both driven together: the page's answer.
    private static function served(string $reply): array
    {
        $srv = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
        $addr = stream_socket_get_name($srv, false);
        $serve = (function () use ($srv, $reply): \Generator {
            yield ['read' => [$srv], 'write' => [], 'until' => microtime(true) + 2.0];
            $c = stream_socket_accept($srv, 1.0);
            fwrite($c, $reply);
            fclose($c);
            fclose($srv);
            return null;
        })();
        $page = D\ask_url_task("http://$addr/m.php", microtime(true) + 2.0);
        return D\drive(['page' => $page, 'srv' => $serve])['page'];
    }

    // over a real socket: an answer that is not HTTP, and an HTTP answer whose text is not the endpoint's
    public function testAMalformedPageAnswerSaysWhy(): void
    {
        $this->assertSame(['bad_answer', 'not an HTTP answer'],
            array_values(array_intersect_key(self::served("<html>\r\n\r\nhi\n"), ['status' => 0, 'error' => 0])));
        $a = self::served("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nnsscache_loaded yes\n");
        $this->assertSame(['bad_answer', 'line 1 is not a sample of nsscache-metrics.php', null],
            [$a['status'], $a['error'], $a['facts']]);
    }

    public function testNotFoundIsEndpointFailed(): void
    {
        $this->assertSame('endpoint_failed', self::page("no\n", 404)->answer()['status']);
    }

    // No false "fixed": a page's text cannot show its DB, temp dir or softokn build.
    public function testNoneOnlyWhereNsscacheSaysInEffectOrCurlIsNotNss(): void
    {
        $t = self::page(self::text(facts_fixture(['NSS_SDB_USE_CACHE' => 'yes'], status_fixture())));
        $this->assertSame(['none', 'honoured'], judged_as($t, 'probe', 'reason'), D\words($t));
        // yes, but nsscache says not in effect (NSS opened its DB first): never "none"
        $t = self::page(self::text(facts_fixture(['NSS_SDB_USE_CACHE' => 'yes'], status_fixture(['in_effect' => false,
            'in_effect_reason' => 'set_after_nss_init']))));
        $this->assertNotSame('none', $t->judgement()['probe'], D\words($t));
        // unset, softokn 3.35 (quiet by the table): the build is not seen
        $t = self::page(self::text(['distro_family' => 'other'] + facts_fixture([], status_fixture(['env' => null,
            'enabled' => false, 'action' => 'disabled', 'in_effect' => false, 'in_effect_reason' => 'unset',
            'softokn' => ['version' => '3.35', 'how' => 'file', 'path' => '/opt/x/libsoftokn3.so',
                'system_build' => false]]))));
        $this->assertNotSame('none', $t->judgement()['probe'], D\words($t));
        // no nsscache, "auto": the value is not in the text, the class is
        $t = self::page(self::text(facts_fixture(['NSS_SDB_USE_CACHE' => 'auto'])));
        $this->assertSame('probing', $t->facts()['variable_class']);
        $this->assertNotSame('none', $t->judgement()['probe']);
        $this->assertStringNotContainsString('unset', D\words($t));
        $doc = ['doctor' => ['version' => D\VERSION, 'table' => null, 'table_error' => null, 'endpoint' => null,
            'started' => 1.0, 'duration_seconds' => 0.1], 'host' => ['hostname' => 'h', 'kernel' => '6.1',
            'distro' => view_fixture(null)['distro'], 'dentries' => ['nr_dentry' => null, 'nr_unused' => null,
            'nr_negative' => null, 'slab' => null, 'notes' => []], 'watch' => null], 'targets' => [$t],
            'exit' => 3, 'counts' => [], 'summary' => ''];
        $prom = D\doc_prometheus($doc);
        $this->assertStringContainsString('class="probing"} 1', $prom);
        $this->assertStringNotContainsString('class="unset"} 1', $prom);
        $this->assertStringContainsString('(probing)', D\doc_human($doc, false));
        // OpenSSL libcurl: not affected, from the text alone
        $t = self::page(self::text(facts_fixture([], null, ['version' => '7.88.1',
            'ssl_version' => 'OpenSSL/3.0.11'])));
        $this->assertSame(['none', 'curl_not_nss'], judged_as($t, 'probe', 'reason'));
    }

    // mod_php through --url without nsscache (the truth suite's apache-url): the text shows no softokn
    // there, which is the page's silence, not a softokn missing on the host: "possible"
    // (page_unconfirmed, docs/doctor.md), never "unknown" (could not be inspected) nor "none"
    public function testNoNsscacheOnANssPageIsPageUnconfirmed(): void
    {
        foreach ([null, 'yes', 'auto'] as $v) {
            $t = self::page(self::text(['distro_family' => 'rhel7'] + facts_fixture(['NSS_SDB_USE_CACHE' => $v])));
            $this->assertSame(['ok', 'possible', 'page_unconfirmed', null, null], array_merge([$t->answer()['status']],
                judged_as($t, 'probe', 'reason', 'probe_db_dir', 'probe_temp_dir')), (string) $v . ': ' . D\words($t));
            $this->assertStringStartsWith('May probe', D\words($t));
        }
        // nsscache loaded and saying it found no softokn: that is the process's own word, still unknown
        $t = self::page(self::text(facts_fixture(['NSS_SDB_USE_CACHE' => 'yes'], status_fixture(['in_effect' => null,
            'in_effect_reason' => 'softokn_unknown', 'softokn' => ['version' => null, 'how' => 'none',
                'path' => null, 'system_build' => null]]))));
        $this->assertSame(['unknown', 'softokn_unknown'], judged_as($t, 'probe', 'reason'), D\words($t));
    }

    public function testOnlyHttp(): void
    {
        $r = D\drive([D\ask_url_task('https://127.0.0.1:1/m.php', microtime(true) + 1.0)])[0];
        $this->assertSame('error', $r['status']);
        $this->assertStringContainsString('http://', $r['error']);
    }
}
