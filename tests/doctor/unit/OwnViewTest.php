<?php
// SPDX-License-Identifier: BSD-2-Clause
// Not the doctor's view: the target reports its own (the endpoint's nsscache_ep_view(), inside the request
// or -r run that answers): its DB dir, whether cert9.db/key4.db are readable by its uid, its temp
// dir and their filesystems. It wins over what the doctor sees from outside; where open_basedir
// hides a part, "none" is at most "possible".
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class OwnViewTest extends TestCase
{
    // The outside view: a root with a system softokn 3.44.0 (rhel7 build) and no DB at all
    private static function judged(?array $own, array $env = [], ?array $status = null): D\Target
    {
        $facts = facts_fixture($env + ['SSL_DIR' => '/srv/db', 'TMPDIR' => '/tmp'], $status);
        $facts['view'] = $own;
        $t = D\target('fpm', 'www', ['address' => '/run/php-fpm/www.sock']);
        $t['facts'] = $facts;
        $t['status'] = 'ok';
        $t['timeout'] = 3.0;
        $r = scratch();
        mkdir("$r/usr/lib64", 0755, true);
        file_put_contents("$r/usr/lib64/libsoftokn3.so", "\x7fELF\0Version: NSS 3.44.0\0");
        return judged_in($t, $facts, view_fixture($r), the_table());
    }

    public function testTheTargetsViewWinsOverTheOutsideOne(): void
    {
        $this->assertSame('no_db', self::judged(null)->judgement()['reason'], 'the outside view alone');
        $t = self::judged(own_view_fixture());
        $f = $t->facts();
        $this->assertSame(['expected', 'probes', 'SSL_DIR', '/srv/db', 'xfs', 'TMPDIR'],
            array_merge(judged_as($t, 'probe', 'reason'), [$f['db']['source'], $f['db']['path'], $f['db']['fs'],
            $f['tempdir']['source']]), D\words($t));
        $this->assertContains('own_view', $t->judgement()['notes']);
        $t = self::judged(own_view_fixture('readable', 'xfs', ['db' => ['path' => null, 'source' => 'none']]));
        $this->assertSame(['none', 'no_db'], judged_as($t, 'probe', 'reason'));
    }

    // root's 0600 cert9.db and key4.db, a pool user: NSS's open fails with EACCES before it measures the
    // temp dir, but a RHEL 7 build with the variable unset has measured the DB dir already (s_open())
    public function testUnreadableDbFilesStopOnlyTheTempDirProbe(): void
    {
        $t = self::judged(own_view_fixture('unreadable'));
        $this->assertSame(['expected', 'probes', true, false],
            judged_as($t, 'probe', 'reason', 'probe_db_dir', 'probe_temp_dir'), D\words($t));
        // one of the two readable: NSS may still open and measure the temp dir with the other
        foreach (['cert9', 'key4'] as $f) {
            $t = self::judged(own_view_fixture('readable', 'xfs', ['db' => [$f => 'unreadable']]));
            $this->assertSame(['expected', true, null], judged_as($t, 'probe', 'probe_db_dir', 'probe_temp_dir'),
                D\words($t));
        }
    }

    public function testOpenBasedirHidingIsAtMostPossible(): void
    {
        $t = self::judged(own_view_fixture('readable', 'xfs', ['db' => ['path' => null, 'source' => null,
            'cert9' => null, 'key4' => null, 'fs' => null], 'hidden' => ['/srv/db']]));
        $this->assertSame(['possible', 'open_basedir_hides'], judged_as($t, 'probe', 'reason'), D\words($t));
        // nsscache there says in effect: that rests on the process's own facts
        $t = self::judged(own_view_fixture('readable', 'xfs', ['hidden' => ['/proc/self/mountinfo']]),
            ['NSS_SDB_USE_CACHE' => 'yes'], status_fixture());
        $this->assertSame(['none', 'honoured'], judged_as($t, 'probe', 'reason'));
    }

    public function testAMalformedViewIsBadAnswer(): void
    {
        $f = facts_fixture();
        $f['view'] = own_view_fixture('readable', 'xfs', ['db' => ['writable' => 'yes']]);
        $none = D\decode_facts(json_encode($f), $why);
        $this->assertNull($none);
        $this->assertStringContainsString('view.db.writable', $why);
    }

    // The endpoint's own view of this process, as run.
    public function testTheEndpointSeesWhatItsUidCanRead(): void
    {
        $r = scratch();
        mkdir("$r/db");
        touch("$r/db/cert9.db");
        touch("$r/db/key4.db");
        $v = nsscache_ep_view(['SSL_DIR' => "$r/db", 'TMPDIR' => $r, 'SQLITE_TMPDIR' => null]);
        $this->assertSame(['SSL_DIR', 'readable', 'readable', 'TMPDIR'], [$v['db']['source'], $v['db']['cert9'],
            $v['db']['key4'], $v['tmp']['source']]);
        $this->assertIsString($v['db']['fs']);
        $v = nsscache_ep_view(['SSL_DIR' => "$r/none", 'TMPDIR' => null, 'SQLITE_TMPDIR' => null]);
        $this->assertSame(is_dir('/etc/pki/nssdb') ? 'default' : 'none', $v['db']['source']);
    }
}
