<?php
// SPDX-License-Identifier: BSD-2-Clause
// Filesystem classes as softoken's sdb_init() sees them (statfs f_type, named by mountinfo's
// fstype), and the mount that holds a path in a target's own mount namespace.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class FilesystemTest extends TestCase
{
    public function classProvider(): array
    {
        return [
            // sdb.c: SMB_SUPER_MAGIC, CIFS_MAGIC_NUMBER, NFS_SUPER_MAGIC: "we assume these are slow"
            ['nfs', 'network'], ['nfs4', 'network'], ['cifs', 'network'], ['smb3', 'network'], ['smbfs', 'network'],
            // CODA_SUPER_MAGIC, FUSE_SUPER_MAGIC, NCP_SUPER_MAGIC: "uncertain": measure
            ['fuse', 'measure'], ['fuseblk', 'measure'], ['fuse.sshfs', 'measure'], ['fuse.bindfs', 'measure'],
            ['coda', 'measure'], ['ncpfs', 'measure'],
            // AFS "already implements caching", and everything else: default
            ['afs', 'local'], ['ext4', 'local'], ['xfs', 'local'], ['tmpfs', 'local'], ['overlay', 'local'],
            ['ceph', 'local'], ['9p', 'local'], ['btrfs', 'local'], ['zfs', 'local'], ['fusectl', 'local'],
            [null, 'unknown'],
        ];
    }

    /** @dataProvider classProvider */
    public function testClass(?string $fstype, string $class): void
    {
        $this->assertSame($class, D\fs_class($fstype));
    }

    private const MOUNTINFO = <<<'TXT'
22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
23 22 0:21 / /proc rw,nosuid shared:12 - proc proc rw
40 22 0:35 / /srv rw,relatime shared:20 - xfs /dev/sdb1 rw
41 40 0:36 / /srv/nss\040db rw,nosuid - fuse.sshfs host:/db rw,user_id=0
42 22 0:37 /tmp-a /tmp rw,nosuid - tmpfs tmpfs rw
43 40 0:38 / /srv/ro ro,relatime - nfs4 fs:/ro ro,vers=4.2
44 42 0:39 / /tmp rw - ext4 /dev/sdc1 rw
45 22 0:40 / /odd\011tab\012nl\134bs rw - ext4 /dev/sdd rw
garbage line
46 22 0:41 / /short - 
TXT;

    public function testMountinfoIsParsedWithItsEscapes(): void
    {
        $m = \nsscache_ep_mounts(self::MOUNTINFO);
        $this->assertCount(8, $m, 'two lines that are not mounts are skipped');
        $this->assertSame(['mount' => '/srv/nss db', 'fstype' => 'fuse.sshfs', 'ro' => false], $m[3]);
        $this->assertSame("/odd\ttab\nnl\\bs", $m[7]['mount']);
        $this->assertTrue($m[5]['ro']);
    }

    public function mountProvider(): array
    {
        return [
            ['/srv/nss db/cert9.db', 'fuse.sshfs'],
            ['/srv/nss dbx', 'xfs'],          // a prefix of the name is not the mount
            ['/srv/nss db', 'fuse.sshfs'],
            ['/srv', 'xfs'],
            ['/srv/ro/x', 'nfs4'],
            ['/var/tmp', 'ext4'],
            ['/tmp/x', 'ext4'],                // mounted on top of the tmpfs at the same point: the later wins
            ['/', 'ext4'],
        ];
    }

    /** @dataProvider mountProvider */
    public function testTheMountOfAPath(string $path, string $fstype): void
    {
        $this->assertSame($fstype, \nsscache_ep_mount_of(\nsscache_ep_mounts(self::MOUNTINFO), $path)['fstype']);
    }

    public function testTheMountsOfAChrootAreRelativeToIt(): void
    {
        // a pool with chroot = /srv, judged from its master: /srv's mount is its /, /srv/nss db its /nss db
        $m = NsscacheDoctor\mounts_under(\nsscache_ep_mounts(self::MOUNTINFO), '/srv');
        $this->assertSame(['/', '/nss db', '/ro'], array_column($m, 'mount'));
        $this->assertSame('xfs', \nsscache_ep_mount_of($m, '/etc/pki/nssdb')['fstype']);
        $this->assertSame('fuse.sshfs', \nsscache_ep_mount_of($m, '/nss db/cert9.db')['fstype']);
        $this->assertSame(\nsscache_ep_mounts(self::MOUNTINFO), D\mounts_under(\nsscache_ep_mounts(self::MOUNTINFO), ''));
    }

    public function testOurOwnMountinfoHasTheRoot(): void
    {
        $text = D\read_bounded('/proc/self/mountinfo', 1 << 22);
        $m = \nsscache_ep_mount_of(\nsscache_ep_mounts((string) $text), '/');
        $this->assertNotNull($m);
        $this->assertSame('/', $m['mount']);
    }
}
