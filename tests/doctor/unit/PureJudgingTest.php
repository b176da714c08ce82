<?php
// SPDX-License-Identifier: BSD-2-Clause
// One brain: judging is pure. judge() gets the target, its facts, its view (memory_view(),
// built in memory, its root a directory that does not exist) and the table, and gives codes, which
// words.php turns into a sentence; the guard (fs_guard.php) fails the case on any file function
// the doctor calls meanwhile.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class PureJudgingTest extends TestCase
{
    private const NOWHERE = '/nonexistent/nsscache-doctor-pure-judging';

    /** @var ?array the table, read before the guard is armed */
    private static ?array $table = null;

    public static function cases(): array
    {
        $env = ['SSL_DIR' => '/srv/db', 'TMPDIR' => '/tmp'];
        $openssl = ['version' => '7.88.1', 'ssl_version' => 'OpenSSL/3.0.11'];
        $fuse = ['db' => ['fs' => 'fuse.sshfs', 'fs_class' => 'measure']];
        $ro = own_view_fixture('unreadable', 'xfs', ['db' => ['writable' => false]]);
        // facts (env, status, curl), view overrides, own view, table? ->
        //     [probe, reason, in_effect, in_effect_reason, probe_db_dir, probe_temp_dir, a note or null]
        return [
            'the unquoted env[] line, no nsscache' => [['NSS_SDB_USE_CACHE' => '1'] + $env, null, null, [], null, true,
                ['expected', 'probes', false, 'probing_value', true, true, null]],
            'unset on local xfs: RHEL 7 probes anyway' => [$env, null, null, [], null, true,
                ['expected', 'probes', false, 'unset', true, true, null]],
            'nsscache in effect' => [['NSS_SDB_USE_CACHE' => 'yes'] + $env, [], null, [], null, true,
                ['none', 'honoured', true, 'in_effect', false, false, null]],
            'set after NSS opened its DB, unset before' => [['NSS_SDB_USE_CACHE' => 'yes'] + $env,
                ['in_effect' => false, 'in_effect_reason' => 'set_after_nss_init', 'previous' => null], null, [], null,
                true, ['expected', 'probes', false, 'set_after_nss_init', true, true, null]],
            'libcurl is OpenSSL' => [$env, null, $openssl, [], null, true,
                ['none', 'curl_not_nss', null, 'no_nss_curl', false, false, null]],
            'no DB directory' => [$env, null, null, ['db' => ['path' => null, 'source' => 'none', 'resolved' => null,
                'cert9' => null, 'writable' => null, 'fs' => null, 'fs_class' => 'unknown']], null, true,
                ['none', 'no_db', false, 'unset', false, false, null]],
            'no cert9.db, DB dir read-only: RHEL 7 still measures the DB dir' => [['NSS_SDB_USE_CACHE' => '1'] + $env,
                null, null, ['db' => ['cert9' => false, 'writable' => false]], null, true,
                ['expected', 'probes', false, 'probing_value', true, false, null]],
            // a "none" of the model needs a row naming this build and the layout that measured it
            'upstream, no cert9.db: no layout measured it' => [['NSS_SDB_USE_CACHE' => '1'] + $env, null, null,
                ['db' => ['cert9' => false, 'writable' => false], 'softokn' => ['version' => '3.87.1'],
                'distro' => ['family' => 'other']], null, true,
                ['possible', 'unmeasured', false, 'probing_value', null, null, null]],
            'Debian 12\'s build, its root\'s 0600 DB measured' => [['NSS_SDB_USE_CACHE' => '1'] + $env, null, null,
                ['db' => ['writable' => false], 'softokn' => ['version' => '3.87.1'], 'distro' => ['family' => 'other'],
                'build' => 'debian 12 libnss3 2:3.87.1-1+deb12u4'], $ro, true,
                ['none', 'host_prevents', false, 'probing_value', false, false, 'db_unreadable']],
            'another Debian build, the same layout' => [['NSS_SDB_USE_CACHE' => '1'] + $env, null, null,
                ['db' => ['writable' => false], 'softokn' => ['version' => '3.87.1'], 'distro' => ['family' => 'other'],
                'build' => 'debian 12 libnss3 2:3.87.1-1+deb12u5'], $ro, true,
                ['possible', 'unmeasured', false, 'probing_value', null, null, null]],
            'Debian 12\'s build, no cert9.db: not what its layouts measured' => [['NSS_SDB_USE_CACHE' => '1'] + $env,
                null, null, ['db' => ['cert9' => false, 'writable' => false], 'softokn' => ['version' => '3.87.1'],
                'distro' => ['family' => 'other'], 'build' => 'debian 12 libnss3 2:3.87.1-1+deb12u4'], null, true,
                ['possible', 'unmeasured', false, 'probing_value', null, null, null]],
            'upstream build on FUSE, unset' => [$env, null, null, $fuse + ['distro' => ['id' => 'debian',
                'version' => '12', 'id_like' => null, 'family' => 'other', 'source' => null, 'notes' => []],
                'softokn' => ['version' => '3.87.1']], null, true, ['expected', 'probes', false, 'unset', false, true,
                null]],
            'own view: root\'s 0600 cert9.db, RHEL 7 measured the DB dir first' => [['NSS_SDB_USE_CACHE' => '1']
                + $env, null, null, [], own_view_fixture('unreadable'), true, ['expected', 'probes', false,
                'probing_value', true, false, null]],
            'own view: open_basedir hides the DB' => [['NSS_SDB_USE_CACHE' => 'yes'] + $env, null, null, [],
                own_view_fixture('readable', 'xfs', ['db' => ['path' => null, 'source' => null, 'cert9' => null,
                'key4' => null, 'fs' => null], 'hidden' => ['/srv/db']]), true, ['possible', 'open_basedir_hides', true,
                'in_effect', null, null, 'open_basedir_hides']],
            'the worker is gone' => [['NSS_SDB_USE_CACHE' => 'yes'] + $env, null, null, ['notes' => ['process_gone'],
                'db' => ['path' => null, 'source' => 'none']], null, true,
                ['possible', 'process_gone', true, 'in_effect', null, null, 'process_gone']],
            'no softokn found' => [$env, null, null, ['softokn' => D\SOFTOKN_NONE], null, true,
                ['unknown', 'softokn_unknown', false, 'unset', null, null, null]],
            'no table' => [['NSS_SDB_USE_CACHE' => 'yes'] + $env, null, null, [], null, false,
                ['unknown', 'table_unreadable', null, 'softokn_unknown', null, null, null]],
        ];
    }

    /** @dataProvider cases */
    public function testJudgingReadsNothing(array $env, ?array $status, ?array $curl, array $view, ?array $own,
        bool $table, array $want): void
    {
        self::$table = self::$table ?? the_table();
        $facts = $curl === null ? facts_fixture($env, $status === null ? null : status_fixture($status))
            : facts_fixture($env, null, $curl);
        $facts['view'] = $own;
        $t = D\target('fpm', 'www', ['address' => '/run/php-fpm/www.sock', 'status' => 'ok', 'timeout' => 3.0]);
        $v = memory_view($view);
        D\FsGuard::$calls = [];
        D\FsGuard::$armed = true;
        try {
            $j = answered_with($t, $facts, $v, $table ? self::$table : null);
            $words = D\words($j);
        } finally {
            D\FsGuard::$armed = false;
        }
        $this->assertSame([], D\FsGuard::$calls, 'judge() or sentence() touched the filesystem');
        $this->assertNotSame('', $words);
        $this->assertSame(array_slice($want, 0, 6),
            judged_as($j, 'probe', 'reason', 'in_effect', 'in_effect_reason', 'probe_db_dir', 'probe_temp_dir'));
        if ($want[6] !== null) {
            $this->assertContains($want[6], $j->judgement()['notes']);
        }
    }

    // The words for a target that was not inspected read nothing either (the owner's name is looked
    // up with the rest of endpoint_blocked()).
    public function testWordsForATargetNotInspectedReadNothing(): void
    {
        $t = made(['name' => 'www', 'address' => '/run/php-fpm/www.sock', 'status' => 'endpoint_failed',
            'error' => 'status 404: Primary script unknown', 'timeout' => 3.0, 'blocked' => ['path' => '/root',
            'what' => 'enter', 'mode' => '0700', 'uid' => 0, 'gid' => 0, 'user' => 'www-data', 'owner' => 'root']]);
        D\FsGuard::$armed = true;
        try {
            $words = D\words($t);
        } finally {
            D\FsGuard::$armed = false;
        }
        $this->assertStringContainsString('www-data cannot enter /root (mode 0700, owner root)', $words);
    }

    // The guard itself: armed, the doctor's own file helpers fail.
    public function testTheGuardCatchesTheDoctorsFileHelpers(): void
    {
        D\FsGuard::$calls = [];
        D\FsGuard::$armed = true;
        try {
            D\resolve(self::NOWHERE, '/etc/pki/nssdb');
            $this->fail('resolve() was not caught');
        } catch (LogicException $e) {
            $this->assertSame(['lstat(' . self::NOWHERE . '/etc)'], D\FsGuard::$calls);
        } finally {
            D\FsGuard::$armed = false;
        }
        $this->assertSame('none', D\see(memory_view(), facts_fixture())->db['source'], 'disarmed: passed on');
    }
}
