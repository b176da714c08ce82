<?php
// SPDX-License-Identifier: BSD-2-Clause
// Configs and process titles that any local user controls: a config path is
// taken from a root master only as root reads it; a master of another uid reads only what that
// uid can; an error names the file and line, never what the line holds.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

/**
 * Needs root: files owned by root and read as another uid.
 *
 * @group root
 */
final class HostileConfigTest extends TestCase
{
    private const SECRET = 'root:$y$j9T$SECRETHASH:19000:0:99999:7:::';

    public function testAnErrorNeverQuotesTheFile(): void
    {
        $r = scratch();
        file_put_contents("$r/secret", self::SECRET . "\nlisten = " . self::SECRET . "\n[pool]\nlisten = a b "
            . self::SECRET . "\n");
        file_put_contents("$r/evil.conf", "include = $r/secret\n");
        $seen = [];
        $errors = D\fpm_parse("$r/evil.conf", $seen)['errors'];
        $this->assertNotEmpty($errors);
        $this->assertStringNotContainsString('SECRETHASH', json_encode($errors));
        $this->assertSame(['file' => "$r/secret", 'why' => 'line 1: not "key = value"'], $errors[0]);
        $t = D\discover_pools(["$r/evil.conf"], "$r/noproc");
        $this->assertStringNotContainsString('SECRETHASH', json_encode([array_column($t, 'error'),
            array_column($t, 'name'), array_column($t, 'address')]), 'what the outputs show of a target');
    }

    public static function readers(): array
    {
        return [
            // creds, file mode, dir mode, readable
            'root reads anything' => [null, 0600, 0700, true],
            'another uid: 0600 of root' => [['uid' => 65534, 'gid' => 65534, 'groups' => []], 0600, 0755, false],
            'another uid: 0644 in a 0700 dir' => [['uid' => 65534, 'gid' => 65534, 'groups' => []], 0644, 0700, false],
            'another uid: 0644 in a 0711 dir' => [['uid' => 65534, 'gid' => 65534, 'groups' => []], 0644, 0711, true],
            'another uid in group 0: 0640' => [['uid' => 65534, 'gid' => 65534, 'groups' => [0]], 0640, 0755, true],
        ];
    }

    /** @dataProvider readers */
    public function testAMasterOfAnotherUidReadsOnlyWhatItCould(?array $creds, int $mode, int $dmode, bool $ok): void
    {
        if (posix_geteuid() !== 0) {
            $this->markTestSkipped('needs root: files owned by root, read as another uid');
        }
        $r = scratch();
        mkdir("$r/d");
        file_put_contents("$r/d/pool.conf", "[www]\nlisten = /run/x.sock\n");
        chmod("$r/d/pool.conf", $mode);
        chmod("$r/d", $dmode);
        $seen = [];
        $c = D\fpm_parse("$r/d/pool.conf", $seen, [], ['root' => '', 'creds' => $creds]);
        [$pools, $errors] = [$c['pools'], $c['errors']];
        $this->assertSame($ok, isset($pools['www']), json_encode($errors));
        if (!$ok) {
            $this->assertStringContainsString('not readable by uid 65534', $errors[0]['why']);
        }
    }

    public function testOnlyARootMasterIsReadAsRoot(): void
    {
        $r = scratch();
        foreach (['100' => [1000, 1000], '200' => [0, 0], '300' => [1000, 0], '400' => [0, 0], '500' => [1000, 1000],
                '050' => [1000, 1000]] as $pid => [$ruid, $euid]) {
            mkdir("$r/$pid");
            $conf = in_array((string) $pid, ['050', '400', '500'], true) ? '/etc/php-fpm.conf' : "/etc/x$pid.conf";
            file_put_contents("$r/$pid/cmdline", "php-fpm: master process ($conf)\0");
            file_put_contents("$r/$pid/status", "Uid:\t$ruid\t$euid\t$euid\t$euid\nGid:\t0\t0\t0\t0\nGroups:\t\n");
        }
        $m = D\fpm_masters($r);
        $this->assertSame(['uid' => 1000, 'gid' => 0, 'groups' => []], $m['/etc/x100.conf']['as']['creds']);
        $this->assertNull($m['/etc/x200.conf']['as']['creds']);
        $this->assertNotNull($m['/etc/x300.conf']['as']['creds'], 'a real uid that is not root is not root');
        $this->assertSame("$r/200/root", $m['/etc/x200.conf']['as']['root'], 'not our root: read through its own');
        $this->assertSame([400, null], [$m['/etc/php-fpm.conf']['pid'], $m['/etc/php-fpm.conf']['as']['creds']],
            'another uid\'s master naming root\'s config does not take it over');
    }
}
