<?php
// SPDX-License-Identifier: BSD-2-Clause
// Which DB libcurl-NSS opens and which temp dir sqlite uses, seen from inside a target's root:
// a scratch directory stands for /proc/PID/root (a chroot or a container), with its own
// symlinks, and the target's credentials decide what it may write.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class DirsTest extends TestCase
{
    private const CREDS = ['uid' => 48, 'gid' => 48, 'groups' => []];

    private static function root(): string
    {
        $r = scratch();
        foreach (['etc/pki/nssdb', 'var/tmp', 'usr/tmp', 'tmp', 'srv/db', 'srv/tmp', 'srv/ro', 'app'] as $d) {
            mkdir("$r/$d", 0755, true);
        }
        chmod("$r/var/tmp", 01777);
        chmod("$r/tmp", 01777);
        chmod("$r/srv/tmp", 0777);
        touch("$r/srv/db/cert9.db");
        touch("$r/etc/pki/nssdb/cert9.db");
        touch("$r/srv/file");
        return $r;
    }

    private static function mounts(): array
    {
        return [['mount' => '/', 'fstype' => 'ext4', 'ro' => false], ['mount' => '/srv/db', 'fstype' => 'fuse.sshfs',
            'ro' => false], ['mount' => '/srv/ro', 'fstype' => 'nfs4', 'ro' => true]];
    }

    public function dbProvider(): array
    {
        // SSL_DIR (null unset), cwd -> [source, path, cert9, fs class]
        return [
            'SSL_DIR a directory' => ['/srv/db', '/', ['SSL_DIR', '/srv/db', true, 'measure']],
            'SSL_DIR with a trailing slash' => ['/srv/db/', '/', ['SSL_DIR', '/srv/db/', true, 'measure']],
            'SSL_DIR relative to the cwd' => ['db', '/srv', ['SSL_DIR', 'db', true, 'measure']],
            'SSL_DIR a file: the default instead' => ['/srv/file', '/', ['default', '/etc/pki/nssdb', true, 'local']],
            'SSL_DIR missing: the default' => ['/nowhere', '/', ['default', '/etc/pki/nssdb', true, 'local']],
            'SSL_DIR with sql: prefix is not a dir' => ['sql:/srv/db', '/', ['default', '/etc/pki/nssdb', true,
                'local']],
            'SSL_DIR empty: the default' => ['', '/', ['default', '/etc/pki/nssdb', true, 'local']],
            'unset: the default' => [null, '/', ['default', '/etc/pki/nssdb', true, 'local']],
            'SSL_DIR without cert9.db' => ['/srv/tmp', '/', ['SSL_DIR', '/srv/tmp', false, 'local']],
            'a read-only NFS DB' => ['/srv/ro', '/', ['SSL_DIR', '/srv/ro', false, 'network']],
        ];
    }

    /** @dataProvider dbProvider */
    public function testDbDir(?string $ssl_dir, string $cwd, array $want): void
    {
        $db = D\db_dir(self::root(), $ssl_dir, $cwd, self::mounts(), self::CREDS);
        $this->assertSame($want, [$db['source'], $db['path'], $db['cert9'], $db['fs_class']]);
    }

    public function testNoDbAnywhere(): void
    {
        $r = self::root();
        exec('rm -rf ' . escapeshellarg("$r/etc/pki"));
        $db = D\db_dir($r, '/nowhere', '/', self::mounts(), self::CREDS);
        $this->assertSame('none', $db['source']);
        $this->assertContains('ssl_dir_not_a_directory', $db['notes']);
    }

    public function testSymlinksResolveInsideTheRootNotOurs(): void
    {
        $r = self::root();
        // absolute links: /etc/pki/nssdb -> /srv/db must mean ROOT/srv/db
        exec('rm -rf ' . escapeshellarg("$r/etc/pki/nssdb"));
        symlink('/srv/db', "$r/etc/pki/nssdb");
        $db = D\db_dir($r, null, '/', self::mounts(), self::CREDS);
        $this->assertSame(['default', '/srv/db', true, 'measure'], [$db['source'], $db['resolved'], $db['cert9'],
            $db['fs_class']]);
        // a cert9.db linked onto another filesystem counts where it lies (sdb_init statfs()es the file)
        unlink("$r/srv/db/cert9.db");
        symlink('../../etc/../srv/ro/cert9.db', "$r/srv/db/cert9.db");
        touch("$r/srv/ro/cert9.db");
        $db = D\db_dir($r, null, '/', self::mounts(), self::CREDS);
        $this->assertSame(['network', true], [$db['fs_class'], $db['cert9']]);
        // a loop is an error, not a hang
        symlink('/loop2', "$r/loop1");
        symlink('/loop1', "$r/loop2");
        $this->assertSame('too many symlinks', D\resolve($r, '/loop1/x')['error']);
    }

    public function testWritableByTheTargetNotByUs(): void
    {
        $r = self::root();
        $st = stat("$r/srv/db");    // 0755, owned by whoever runs the tests
        $this->assertFalse(D\dir_writable($st, self::CREDS, false));
        $this->assertTrue(D\dir_writable($st, ['uid' => $st['uid'], 'gid' => 1, 'groups' => []], false));
        $this->assertTrue(D\dir_writable($st, ['uid' => 0, 'gid' => 0, 'groups' => []], false));
        $this->assertFalse(D\dir_writable($st, ['uid' => 0, 'gid' => 0, 'groups' => []], true), 'read-only mount');
        chmod("$r/srv/db", 0775);
        clearstatcache();
        $st = stat("$r/srv/db");
        $this->assertTrue(D\dir_writable($st, ['uid' => 48, 'gid' => 1, 'groups' => [$st['gid']]], false));
        $this->assertNull(D\dir_writable($st, null, false));
    }

    // Writing a name into a directory also needs its search (x) bit: rw- alone is not enough.
    public function testWritingNeedsTheSearchBit(): void
    {
        $st = ['uid' => 48, 'gid' => 48, 'mode' => 040600];
        $this->assertFalse(D\dir_writable($st, self::CREDS, false), 'rw- without x');
        $st['mode'] = 040300;
        $this->assertTrue(D\dir_writable($st, self::CREDS, false), '-wx');
    }

    // A sticky bit guards a directory's names, not a file's bytes: a world-writable file is never
    // trusted, sticky or not. The walk ends at the scratch root (ours), so only the file decides.
    public function testAWorldWritableStickyFileIsNotTrusted(): void
    {
        $r = self::root();
        mkdir("$r/bin");
        touch("$r/bin/php");
        $this->assertTrue(D\trusted_in($r, '/bin/php'), 'our own 0644 file');
        chmod("$r/bin/php", 01777);
        clearstatcache();
        $this->assertFalse(D\trusted_in($r, '/bin/php'), 'world-writable, sticky');
    }

    public function tempProvider(): array
    {
        // env, cwd, credentials -> [source, path]
        $nobody = self::CREDS;
        return [
            'SQLITE_TMPDIR first' => [['SQLITE_TMPDIR' => '/srv/tmp', 'TMPDIR' => '/tmp'], '/', $nobody,
                ['SQLITE_TMPDIR', '/srv/tmp']],
            'TMPDIR next' => [['TMPDIR' => '/srv/tmp'], '/', $nobody, ['TMPDIR', '/srv/tmp']],
            'TMPDIR not writable: /var/tmp' => [['TMPDIR' => '/srv/db'], '/', $nobody, ['/var/tmp', '/var/tmp']],
            'TMPDIR missing: /var/tmp' => [['TMPDIR' => '/gone'], '/', $nobody, ['/var/tmp', '/var/tmp']],
            'TMPDIR a file: /var/tmp' => [['TMPDIR' => '/srv/file'], '/', $nobody, ['/var/tmp', '/var/tmp']],
            'TMPDIR empty: /var/tmp' => [['TMPDIR' => ''], '/', $nobody, ['/var/tmp', '/var/tmp']],
            'TMPDIR relative' => [['TMPDIR' => 'tmp'], '/srv', $nobody, ['TMPDIR', 'tmp']],
        ];
    }

    /** @dataProvider tempProvider */
    public function testTempDir(array $env, string $cwd, array $creds, array $want): void
    {
        $t = D\temp_dir(self::root(), $env, $cwd, self::mounts(), $creds);
        $this->assertSame($want, [$t['source'], $t['path']]);
    }

    public function testTempDirFallsThroughToUsrTmpTmpAndTheCwd(): void
    {
        $r = self::root();
        rmdir("$r/var/tmp");
        $this->assertSame('/usr/tmp', D\temp_dir($r, [], '/', null, ['uid' => 0, 'gid' => 0, 'groups' => []])
            ['path']);
        $this->assertSame('/tmp', D\temp_dir($r, [], '/', null, self::CREDS)['path'], '/usr/tmp is 0755');
        chmod("$r/tmp", 0755);
        chmod("$r/app", 0777);
        clearstatcache();
        $this->assertSame(['.', '.'], array_values(array_intersect_key(D\temp_dir($r, [], '/app', null, self::CREDS),
            ['source' => 1, 'path' => 1])));
        chmod("$r/app", 0755);
        clearstatcache();
        $this->assertSame('none', D\temp_dir($r, [], '/app', null, self::CREDS)['source']);
    }

    public function testARemoteTargetIsNotLookedAt(): void
    {
        $this->assertSame('unknown', D\db_dir(null, '/srv/db', '/', null, null)['source']);
        $this->assertSame('unknown', D\temp_dir(null, [], '/', null, null)['source']);
    }

    /** @return array<string, array{int, int, int, int, bool}> mode, file uid, file gid, bits, allowed */
    public static function modes(): array
    {
        return [
            'owner may read' => [0400, 48, 0, 4, true],
            'owner bits only for the owner: 0040 is not read for the owner' => [0040, 48, 48, 4, false],
            'group may read' => [0040, 0, 48, 4, true],
            'a supplementary group' => [0040, 0, 7, 4, true],
            'group bits do not reach others' => [0040, 0, 0, 4, false],
            'other may read' => [0004, 0, 0, 4, true],
            'owner without search on 0600' => [0600, 48, 48, 1, false],
            'owner search on 0100' => [0100, 48, 48, 1, true],
            'other bits do not reach the group: 0705' => [0705, 0, 48, 4, false],
        ];
    }

    /** @dataProvider modes */
    public function testModeAllows(int $mode, int $uid, int $gid, int $bits, bool $want): void
    {
        $creds = ['uid' => 48, 'gid' => 48, 'groups' => [7]];
        $this->assertSame($want, D\mode_allows(['mode' => $mode, 'uid' => $uid, 'gid' => $gid], $bits, $creds));
    }
}
