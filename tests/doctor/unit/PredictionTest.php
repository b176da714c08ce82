<?php
// SPDX-License-Identifier: BSD-2-Clause
// The prediction, cell by cell: softokn family/version/build x the variable x the DB's
// filesystem x the host's conditions -> probe, where, dentries freed, reason; and the doctor's
// own in_effect in api.md's order. The expected outcomes are written from docs/softokn-table.md
// and the sdb.c rules it cites, not from the code.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class PredictionTest extends TestCase
{
    // A process view for predict(): defaults are an upstream 3.87.1 system build on a local DB
    // with cert9.db, a writable DB dir and a temp dir.
    private static function p(array $o): D\NssProcess
    {
        $p = ['curl' => 'nss', 'var_class' => 'unset', 'family' => 'other', 'secure' => false,
            'softokn' => ['version' => '3.87.1', 'system_build' => true],
            'db' => ['source' => 'SSL_DIR', 'path' => '/db', 'fs' => 'ext4', 'fs_class' => 'local', 'cert9' => true,
                'writable' => true],
            'tempdir' => ['source' => 'TMPDIR', 'path' => '/tmp']];
        foreach ($o as $k => $v) {
            if (is_array($v) && isset($p[$k]) && is_array($p[$k])) {
                $p[$k] = array_merge($p[$k], $v);
            } else {
                $p[$k] = $v;
            }
        }
        return new D\NssProcess($p['curl'], $p['var_class'], $p['softokn'], $p['family'], $p['secure'], $p['db'],
            $p['tempdir']);
    }

    public function cellProvider(): array
    {
        $fuse = ['db' => ['fs' => 'fuse.sshfs', 'fs_class' => 'measure']];
        $nfs = ['db' => ['fs' => 'nfs4', 'fs_class' => 'network']];
        $priv = ['softokn' => ['version' => '3.87.1', 'system_build' => false]];
        $v = function (string $ver, string $fam = 'other', bool $sys = true): array {
            return ['softokn' => ['version' => $ver, 'system_build' => $sys], 'family' => $fam];
        };
        // [view overrides, probe, probe_db_dir, probe_temp_dir, dentries_freed, reason]
        return [
            // upstream >= 3.69 (Mozilla 1456888, 1720227), a system build
            'upstream 3.87 unset local' => [[], 'none', false, false, null, 'local_fs'],
            'upstream 3.87 unset fuse' => [$fuse, 'expected', false, true, true, 'probes'],
            'upstream 3.87 unset nfs' => [$nfs, 'none', false, false, null, 'network_fs'],
            'upstream 3.87 "1" local' => [['var_class' => 'probing'], 'expected', true, true, true, 'probes'],
            'upstream 3.87 "1", DB dir not writable: mkdtemp fails' => [['var_class' => 'probing',
                'db' => ['writable' => false]], 'expected', false, true, true, 'probes'],
            'upstream 3.87 yes' => [['var_class' => 'yes'], 'none', false, false, null, 'honoured'],
            'upstream 3.87 no on fuse' => [['var_class' => 'no'] + $fuse, 'none', false, false, null, 'honoured'],
            'upstream 3.87 unset fuse, no cert9.db' => [array_merge_recursive($fuse, ['db' => ['cert9' => false]]),
                'none', false, false, null, 'host_prevents'],
            'upstream 3.87 unset fuse, no temp dir' => [$fuse + ['tempdir' => ['source' => 'none']], 'none', false,
                false, null, 'host_prevents'],
            'upstream 3.87 unset fuse unknown (remote)' => [['db' => ['fs' => null, 'fs_class' => 'unknown',
                'cert9' => null, 'writable' => null, 'source' => 'unknown'], 'tempdir' => ['source' => 'unknown']],
                'possible', false, null, true, 'fs_unknown'],
            // secure execution: softokn >= 3.23 does not see the variable (yes is then unset)
            'upstream 3.87 yes, secure exec, fuse' => [['var_class' => 'yes', 'secure' => true] + $fuse, 'expected',
                false, true, true, 'probes'],
            'upstream 3.20 yes, secure exec: a softokn before 3.23 still sees it' => [['var_class' => 'yes',
                'secure' => true] + $v('3.20.0'), 'none', false, false, null, 'honoured'],
            'upstream 3.23 yes, secure exec: from 3.23 it does not' => [['var_class' => 'yes', 'secure' => true]
                + $v('3.23.0'), 'expected', true, true, false, 'probes'],
            // a private build (outside the system library dirs): its unset default is unknown
            'private 3.87 unset local' => [$priv, 'possible', null, null, null, 'private_build'],
            'private 3.87 unset fuse' => [$priv + $fuse, 'expected', null, true, null, 'probes'],
            'private 3.87 "1"' => [$priv + ['var_class' => 'probing'], 'expected', true, true, null, 'probes'],
            'private 3.87 "1", DB dir not writable' => [$priv + ['var_class' => 'probing',
                'db' => ['writable' => false]], 'expected', null, true, null, 'probes'],
            'private 3.87 yes' => [$priv + ['var_class' => 'yes'], 'none', false, false, null, 'honoured'],
            // the upstream ranges below 3.69
            'upstream 3.44 unset fuse: dentries left' => [$v('3.44.0') + $fuse, 'expected', false, true, false,
                'probes'],
            'upstream 3.44 unset local' => [$v('3.44.0'), 'none', false, false, null, 'local_fs'],
            'upstream 3.35 unset' => [$v('3.35.0'), 'none', false, false, null, 'quiet'],
            'upstream 3.35 auto' => [['var_class' => 'probing'] + $v('3.35.0'), 'expected', true, true, false,
                'probes'],
            'upstream 3.30 unset' => [$v('3.30.0'), 'expected', true, true, false, 'probes'],
            'upstream 3.30 no' => [['var_class' => 'no'] + $v('3.30.0'), 'none', false, false, null, 'honoured'],
            'upstream 3.14 yes: still the DB dir' => [['var_class' => 'yes'] + $v('3.14.5'), 'expected', true,
                false, false, 'probes'],
            'upstream 3.14 yes, no cert9.db: DB dir anyway' => [['var_class' => 'yes', 'db' => ['cert9' => false]]
                + $v('3.14.5'), 'expected', true, false, false, 'probes'],
            'upstream 3.12.2: outside the table' => [$v('3.12.2'), 'unknown', null, null, null, 'outside_table'],
            'softokn 4.0: outside the table' => [$v('4.0'), 'unknown', null, null, null, 'outside_table'],
            'no softokn version' => [['softokn' => ['version' => null, 'system_build' => null]], 'unknown', null,
                null, null, 'softokn_unknown'],
            // RHEL 7's own builds (nss-softokn-fs-probe.patch reverted: unset probes)
            'rhel7 3.44 unset' => [$v('3.44.0', 'rhel7'), 'expected', true, true, false, 'probes'],
            'rhel7 3.44 unset, no cert9.db' => [$v('3.44.0', 'rhel7') + ['db' => ['cert9' => false]], 'expected',
                true, false, false, 'probes'],
            'rhel7 3.44 yes' => [['var_class' => 'yes'] + $v('3.44.0', 'rhel7'), 'none', false, false, null,
                'honoured'],
            'rhel7 3.53.1 unset: freeing unverified' => [$v('3.53.1', 'rhel7'), 'expected', true, true, null,
                'probes'],
            'rhel7 3.34 unset (7.5)' => [$v('3.34.0', 'rhel7'), 'none', false, false, null, 'quiet'],
            'rhel7 3.15 yes (7.0)' => [['var_class' => 'yes'] + $v('3.15.4', 'rhel7'), 'expected', true, false,
                false, 'probes'],
            'rhel7 host, private 3.44 build: upstream rows' => [$v('3.44.0', 'rhel7', false), 'possible', null,
                null, false, 'private_build'],
            // RHEL 6
            'rhel6 3.14.3 yes: the release decides' => [['var_class' => 'yes'] + $v('3.14.3', 'rhel6'), 'possible',
                null, false, false, 'release_unknown'],
            'rhel6 3.14.3 unset' => [$v('3.14.3', 'rhel6'), 'expected', true, true, false, 'probes'],
            'rhel6 3.14.2 yes' => [['var_class' => 'yes'] + $v('3.14.2', 'rhel6'), 'expected', true, false, false,
                'probes'],
            'rhel6 3.44 unset (el6_10)' => [$v('3.44.0', 'rhel6'), 'expected', true, true, false, 'probes'],
            'rhel6 3.44 no' => [['var_class' => 'no'] + $v('3.44.0', 'rhel6'), 'none', false, false, null,
                'honoured'],
            'rhel6 3.14 (major.minor only) yes: spans two rows' => [['var_class' => 'yes'] + $v('3.14', 'rhel6'),
                'possible', null, false, false, 'version_partial'],
            // the things that stop everything
            'no ext/curl' => [['curl' => 'none'], 'none', false, false, null, 'no_curl'],
            'OpenSSL libcurl' => [['curl' => 'other', 'var_class' => 'probing'], 'none', false, false, null,
                'curl_not_nss'],
            'no DB dir' => [['db' => ['source' => 'none']], 'none', false, false, null, 'no_db'],
        ];
    }

    /** @dataProvider cellProvider */
    public function testCell(array $o, string $probe, ?bool $db, ?bool $tmp, ?bool $freed, string $reason): void
    {
        $r = D\predict(self::p($o), the_table());
        $this->assertSame([$probe, $db, $tmp, $freed, $reason],
            [$r->probe, $r->probe_db_dir, $r->probe_temp_dir, $r->dentries_freed, $r->reason]);
    }

    public function testWithoutATableNssTargetsAreUnknownAndOthersStillNone(): void
    {
        $this->assertSame('table_unreadable', D\predict(self::p([]), null)->reason);
        $this->assertSame('unknown', D\predict(self::p([]), null)->probe);
        $this->assertSame('none', D\predict(self::p(['curl' => 'other']), null)->probe);
    }

    public function inEffectProvider(): array
    {
        return [
            'yes, honoured' => [['var_class' => 'yes'], null, true, 'in_effect'],
            'no, honoured' => [['var_class' => 'no'], null, true, 'in_effect'],
            'unset' => [[], null, false, 'unset'],
            'probing value' => [['var_class' => 'probing'], null, false, 'probing_value'],
            'set after NSS opened its DB (nsscache says)' => [['var_class' => 'yes'], 'set_after_nss_init', false,
                'set_after_nss_init'],
            'no NSS libcurl first' => [['curl' => 'other', 'var_class' => 'probing'], 'set_after_nss_init', null,
                'no_nss_curl'],
            'no ext/curl' => [['curl' => 'none'], null, null, 'no_nss_curl'],
            'secure exec, softokn 3.87' => [['var_class' => 'yes', 'secure' => true], null, false, 'secure_exec'],
            'secure exec, softokn 3.20 reads getenv' => [['var_class' => 'yes', 'secure' => true,
                'softokn' => ['version' => '3.20.0']], null, true, 'in_effect'],
            'rhel7 3.15 ignores it' => [['var_class' => 'yes', 'family' => 'rhel7',
                'softokn' => ['version' => '3.15.4']],
                null, false, 'softokn_ignores'],
            'rhel6 3.14.3: the release decides' => [['var_class' => 'yes', 'family' => 'rhel6',
                'softokn' => ['version' => '3.14.3']], null, null, 'softokn_release_unknown'],
            'no softokn version' => [['var_class' => 'yes', 'softokn' => ['version' => null]], null, null,
                'softokn_unknown'],
            'outside the table' => [['var_class' => 'yes', 'softokn' => ['version' => '3.11']], null, null,
                'softokn_unknown'],
        ];
    }

    /** @dataProvider inEffectProvider */
    public function testInEffect(array $o, ?string $nsscache_reason, ?bool $want, string $code): void
    {
        $this->assertSame(['in_effect' => $want, 'in_effect_reason' => $code],
            D\in_effect(self::p($o), the_table(), $nsscache_reason));
    }

    public function testEveryInEffectCodeIsOfTheClosedList(): void
    {
        $list = ['in_effect', 'unset', 'probing_value', 'set_after_nss_init', 'secure_exec', 'softokn_ignores',
            'softokn_release_unknown', 'softokn_unknown', 'no_nss_curl'];
        foreach ($this->inEffectProvider() as [, , , $code]) {
            $this->assertContains($code, $list);
        }
    }

    public function testTheVariableClass(): void
    {
        foreach ([null => 'unset', 'yes' => 'yes', 'YES' => 'yes', 'No' => 'no', '1' => 'probing', '' => 'probing',
                'auto' => 'probing', 'yes ' => 'probing'] as $v => $class) {
            $this->assertSame($class, \nsscache_ep_class($v === '' && $class === 'unset' ? null : (string) $v), "[$v]");
        }
        $this->assertSame('unset', \nsscache_ep_class(null));
    }
}
