<?php
// SPDX-License-Identifier: BSD-2-Clause
// What root may execute: a binary owned by root and writable by nobody else
// (group-writable only for group root), in directories that hold to the same rule; a root-owned
// sticky directory counts. The launcher (doctor/nsscache-doctor) holds to the same rule.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

/**
 * Needs root: files owned by root and read as another uid.
 *
 * @group root
 */
final class TrustedBinaryTest extends TestCase
{
    public static function cases(): array
    {
        // file owner, group, mode; directory owner, group, mode; trusted
        return [
            'root 0755 in root 0755' => [0, 0, 0755, 0, 0, 0755, true],
            'nobody\'s file' => [65534, 0, 0755, 0, 0, 0755, false],
            'root\'s, world-writable' => [0, 0, 0757, 0, 0, 0755, false],
            'root\'s, group root writable' => [0, 0, 0775, 0, 0, 0755, true],
            'root\'s, group nogroup writable' => [0, 65534, 0775, 0, 0, 0755, false],
            'root\'s in nobody\'s directory' => [0, 0, 0755, 65534, 0, 0755, false],
            'root\'s in a world-writable directory' => [0, 0, 0755, 0, 0, 0777, false],
            'root\'s in a root sticky directory' => [0, 0, 0755, 0, 0, 01777, true],
            'root\'s in a directory group nogroup writable' => [0, 0, 0755, 0, 65534, 0775, false],
        ];
    }

    /** @dataProvider cases */
    public function testTrusted(int $fu, int $fg, int $fm, int $du, int $dg, int $dm, bool $want): void
    {
        if (posix_geteuid() !== 0) {
            $this->markTestSkipped('needs root to own files as others');
        }
        $r = scratch();
        mkdir("$r/bin");
        file_put_contents("$r/bin/php", "#!/bin/sh\n");
        chown("$r/bin/php", $fu);
        chgrp("$r/bin/php", $fg);
        chmod("$r/bin/php", $fm);
        chown("$r/bin", $du);
        chgrp("$r/bin", $dg);
        chmod("$r/bin", $dm);
        symlink("$r/bin/php", "$r/link");
        clearstatcache();
        $this->assertSame($want, D\trusted_file("$r/bin/php"));
        $this->assertSame($want, D\trusted_file("$r/link"), 'through a symlink');
        $this->assertSame($want, D\trusted_in($r, '/bin/php'), 'inside a root, resolved there');
    }

    // A process's loaded softokn that is not root's (or that others may write) is not read: its
    // version could say anything, and no other file on the host stands in for the one it loaded.
    public function testALoadedSoftoknIsReadOnlyWhenRoots(): void
    {
        if (posix_geteuid() !== 0) {
            $this->markTestSkipped('needs root to own files as others');
        }
        $r = scratch();
        mkdir("$r/usr/lib64", 0755, true);
        mkdir("$r/home/u", 0755, true);
        file_put_contents("$r/usr/lib64/libsoftokn3.so", "\x7fELF\0Version: NSS 3.44.0\0");
        $own = "$r/home/u/libsoftokn3.so";
        file_put_contents($own, "\x7fELF\0Version: NSS 3.87.1\0");
        $maps = ['libsoftokn3.so' => '/home/u/libsoftokn3.so'];
        $cases = [[65534, 0644, null], [0, 0666, null], [0, 0644, '3.87.1']];
        foreach ($cases as [$uid, $mode, $want]) {
            chown($own, $uid);
            chmod($own, $mode);
            clearstatcache();
            $s = D\softokn_file($r, $maps);
            $this->assertSame($want, $s['version'], sprintf('uid %d, mode %o', $uid, $mode));
            $this->assertSame($want === null, $s['untrusted'] ?? false);
        }
        $this->assertSame('3.44.0', D\softokn_file($r, [])['version'], 'none loaded: the system one');
    }

    public function testDiscoverySkipsAndNamesTheOthers(): void
    {
        if (posix_geteuid() !== 0) {
            $this->markTestSkipped('needs root to own files as others');
        }
        $r = scratch();
        mkdir("$r/usr/bin", 0755, true);
        foreach (['php8.1' => 0, 'php8.9' => 65534] as $b => $uid) {
            file_put_contents("$r/usr/bin/$b", "#!/bin/sh\n");
            chmod("$r/usr/bin/$b", 0755);
            chown("$r/usr/bin/$b", $uid);
        }
        $skipped = [];
        $t = D\discover_clis($r, $skipped);
        $this->assertSame(['/usr/bin/php8.1'], array_column($t, 'name'));
        $this->assertSame(['/usr/bin/php8.9'], $skipped);
    }
}
