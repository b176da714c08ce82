<?php
// SPDX-License-Identifier: BSD-2-Clause
// A verdict that rests on a process that is gone is never "none". A pool
// asked by address whose master is not matched, its worker exited after answering (pm.max_requests,
// MaxConnectionsPerChild): its files cannot be seen, and the doctor's own view is not theirs.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class GoneProcessTest extends TestCase
{
    private static function ctx(): array
    {
        return ['timeout' => 3.0, 'table' => the_table(), 'host' => ['distro' => view_fixture(null)['distro']]];
    }

    // A pid that is not running: a child that has been reaped.
    private static function deadPid(): int
    {
        $p = proc_open([PHP_BINARY, '-n', '-r', 'echo getmypid();'], [1 => ['pipe', 'w']], $pipes);
        $pid = (int) stream_get_contents($pipes[1]);
        proc_close($p);
        return $pid;
    }

    private static function pool(array $facts): D\Target
    {
        $t = D\target('fpm', 'www', ['address' => '127.0.0.1:9000']);
        $t['timeout'] = 3.0;
        return D\answered($t, ['status' => 'ok', 'error' => null, 'facts' => $facts],
            ['from' => 'answerer', 'check' => 'pool www'], self::ctx());
    }

    public static function answers(): array
    {
        // SSL_DIR a path that does not exist here: from the doctor's view, "no_db, nothing probes"
        $env = ['SSL_DIR' => '/nonexistent/nssdb', 'NSS_SDB_USE_CACHE' => null];
        return [
            'no nsscache, unset' => [$env, null],
            'nsscache disabled' => [$env, status_fixture(['enabled' => false, 'action' => 'disabled', 'env' => null,
                'in_effect' => false, 'in_effect_reason' => 'unset'])],
            'yes, but set after NSS opened its DB' => [['NSS_SDB_USE_CACHE' => 'yes'] + $env,
                status_fixture(['in_effect' => false, 'in_effect_reason' => 'set_after_nss_init'])],
        ];
    }

    /** @dataProvider answers */
    public function testAWorkerThatIsGoneIsNeverNone(array $env, ?array $status): void
    {
        $f = facts_fixture($env, $status);
        $f['pid'] = self::deadPid();
        $t = self::pool($f);
        $this->assertContains('process_gone', $t->judgement()['notes']);
        $this->assertNotSame('none', $t->judgement()['probe'], D\words($t));
        // the same answer without a pid
        $f['pid'] = null;
        $this->assertNotSame('none', self::pool($f)->judgement()['probe']);
    }

    public function testNotLibcurlNssOrConfirmedByNsscacheStaysNone(): void
    {
        $f = facts_fixture([], null, ['version' => '7.88.1', 'ssl_version' => 'OpenSSL/3.0.11']);
        $f['pid'] = self::deadPid();
        $this->assertSame(['none', 'curl_not_nss'], judged_as(self::pool($f), 'probe', 'reason'));
        $f = facts_fixture(['NSS_SDB_USE_CACHE' => 'yes'], status_fixture());
        $f['pid'] = self::deadPid();
        $t = self::pool($f);
        $this->assertSame('none', $t->judgement()['probe'], D\words($t));
    }
}
