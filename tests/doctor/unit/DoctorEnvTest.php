<?php
// SPDX-License-Identifier: BSD-2-Clause
// The doctor's own fix never leaks into its targets. nsscache enabled for the
// doctor's PHP (phpenmod) sets NSS_SDB_USE_CACHE in the doctor's process; CLI targets start with
// the variable as the launcher was given it (NSSCACHE_DOCTOR_VAR), or as nsscache says it was.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class DoctorEnvTest extends TestCase
{
    public static function cases(): array
    {
        $fixed = ['PATH' => '/usr/bin', 'NSS_SDB_USE_CACHE' => 'yes', 'NSSCACHE_DOCTOR_START' => '1.5',
            'NSSCACHE_DOCTOR_VAR' => 'unset'];
        $set = ['action' => 'set', 'previous' => null];
        return [
            'launcher: unset' => [$fixed, 'unset', true, $set, null, true],
            'launcher: a value' => [$fixed, 'set:auto', true, $set, 'auto', true],
            'launcher: empty' => [$fixed, 'set:', true, $set, '', true],
            'launcher: a value with a colon' => [$fixed, 'set:a:b', true, null, 'a:b', true],
            'launcher: yes given, no nsscache' => [$fixed, 'set:yes', false, null, 'yes', true],
            'by hand, nsscache set it' => [$fixed, null, true, $set, null, true],
            'by hand, nsscache replaced "1"' => [$fixed, null, true, ['action' => 'replaced', 'previous' => '1'],
                '1', true],
            'by hand, nsscache kept it' => [$fixed, null, true, ['action' => 'kept', 'previous' => 'yes'], 'yes',
                true],
            'by hand, no nsscache' => [$fixed, null, false, null, 'yes', true],
            'by hand, an nsscache without nsscache_status()' => [$fixed, null, true, null, 'yes', false],
            'by hand, an action it does not know' => [$fixed, null, true, ['action' => 'new'], 'yes', false],
        ];
    }

    /** @dataProvider cases */
    public function testTheTargetsEnvironment(array $env, ?string $record, bool $loaded, ?array $status,
        ?string $want, bool $known): void
    {
        $te = D\target_env($env, $record, $loaded, $status);
        [$got, $k] = [$te['env'], $te['known']];
        $this->assertSame($want, $got['NSS_SDB_USE_CACHE'] ?? null);
        $this->assertSame($known, $k);
        $this->assertSame('/usr/bin', $got['PATH']);
        $this->assertArrayNotHasKey('NSSCACHE_DOCTOR_START', $got);
        $this->assertArrayNotHasKey('NSSCACHE_DOCTOR_VAR', $got);
    }

    // A CLI target run with the environment target_env() builds sees the variable as given.
    public function testACliTargetDoesNotInheritTheDoctorsFix(): void
    {
        $old = getenv('NSS_SDB_USE_CACHE');
        putenv('NSS_SDB_USE_CACHE=yes');
        try {
            $env = D\target_env(getenv(), 'unset', true, null)['env'];
            $out = D\drive([D\run([PHP_BINARY, '-n', '-r', 'var_export(getenv("NSS_SDB_USE_CACHE"));'], $env,
                microtime(true) + 10)])[0]['stdout'];
        } finally {
            putenv($old === false ? 'NSS_SDB_USE_CACHE' : "NSS_SDB_USE_CACHE=$old");
        }
        $this->assertSame('false', $out);
    }

    // Where it cannot be told, a CLI's "none" is at most "possible".
    public function testUnknownIsAtMostPossible(): void
    {
        $t = D\target('cli', '/usr/bin/php', ['address' => '/usr/bin/php']);
        $t['timeout'] = 3.0;
        $facts = facts_fixture(['NSS_SDB_USE_CACHE' => 'yes'], status_fixture());
        $ctx = ['timeout' => 3.0, 'table' => the_table(), 'host' => ['distro' => view_fixture(null)['distro']]];
        $a = ['status' => 'ok', 'error' => null, 'facts' => $facts];
        $known = D\answered($t, $a, ['from' => 'ours'], $ctx + ['env_known' => true]);
        $this->assertSame('none', $known->judgement()['probe']);
        $j = D\answered($t, $a, ['from' => 'ours'], $ctx + ['env_known' => false]);
        $this->assertSame(['possible', 'doctor_env_unknown'], judged_as($j, 'probe', 'reason'), D\words($j));
    }
}
