<?php
// SPDX-License-Identifier: BSD-2-Clause
// One brain: where nsscache is loaded, in_effect and its reason are the extension's own,
// and what it knows about when NSS read the variable changes the probe: set_after_nss_init (NSS
// saw the value before nsscache set it), opened_under_putenv (a request's value, unknown now),
// changed_below_php (a value set below PHP, unknown), secure_exec. Never "none" where nsscache says NSS did not see yes/no.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class OneBrainTest extends TestCase
{
    private static function judged(array $status): D\Target
    {
        $facts = facts_fixture(['NSS_SDB_USE_CACHE' => 'yes', 'SSL_DIR' => '/srv/db', 'TMPDIR' => '/tmp'],
            status_fixture($status));
        $facts['view'] = own_view_fixture();
        $t = D\target('fpm', 'www', ['address' => '/run/php-fpm/www.sock']);
        $t['facts'] = $facts;
        $t['status'] = 'ok';
        $t['timeout'] = 3.0;
        return judged_in($t, $facts, view_fixture(scratch()), the_table());
    }

    public function testInEffectIsHonoured(): void
    {
        $t = self::judged([]);
        $this->assertSame(['none', 'honoured', true, 'in_effect'],
            judged_as($t, 'probe', 'reason', 'in_effect', 'in_effect_reason'));
    }

    public static function notSeen(): array
    {
        return [
            'set after NSS opened, unset before' => [['in_effect' => false, 'in_effect_reason' => 'set_after_nss_init',
                'previous' => null, 'action' => 'set'], 'expected'],
            'set after NSS opened, "1" before' => [['in_effect' => false, 'in_effect_reason' => 'set_after_nss_init',
                'previous' => '1', 'action' => 'replaced'], 'expected'],
            'opened under a request\'s putenv()' => [['in_effect' => false,
                'in_effect_reason' => 'opened_under_putenv'], 'possible'],
            'opened after a change below PHP' => [['in_effect' => null,
                'in_effect_reason' => 'changed_below_php'], 'possible'],
        ];
    }

    /** @dataProvider notSeen */
    public function testWhatNssSawDecides(array $status, string $probe): void
    {
        $t = self::judged($status);
        $this->assertSame([$probe, $status['in_effect'], $status['in_effect_reason']],
            judged_as($t, 'probe', 'in_effect', 'in_effect_reason'), D\words($t));
    }
}
