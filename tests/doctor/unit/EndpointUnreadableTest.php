<?php
// SPDX-License-Identifier: BSD-2-Clause
// A pool that cannot read the endpoint (a clone in /root, mode 0700, and Debian's www
// pool as www-data) is told exactly: the pool's user, the path component it cannot enter, its mode.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

/**
 * Needs root: files owned by root and read as another uid.
 *
 * @group root
 */
final class EndpointUnreadableTest extends TestCase
{
    private static function failed(string $script): D\Target
    {
        $t = D\target('fpm', 'www', ['address' => '/run/php/x.sock',
            'pool' => ['name' => 'www', 'user' => 'nobody', 'chroot' => null, 'master_pid' => null]]);
        $t['timeout'] = 3.0;
        return D\answered($t, ['status' => 'endpoint_failed', 'error' => 'status 404: Primary script unknown',
            'facts' => null], D\Vantage::answerer('pool www'), ['timeout' => 3.0, 'script' => $script,
            'table' => null, 'host' => ['distro' => view_fixture(null)['distro']]]);
    }

    public function testThePoolsUserThePathAndItsMode(): void
    {
        if (!function_exists('posix_getpwnam') || !posix_getpwnam('nobody')) {
            $this->markTestSkipped('no user nobody');
        }
        $r = scratch();
        $pw = posix_getpwnam('nobody');
        if (D\blocked_at('', $r, ['uid' => $pw['uid'], 'gid' => $pw['gid'], 'groups' => []]) !== null) {
            $this->markTestSkipped("nobody cannot reach $r itself");
        }
        mkdir("$r/home/clone/fleet", 0755, true);
        file_put_contents("$r/home/clone/fleet/m.php", "<?php\n");
        chmod("$r/home", 0700);
        $t = self::failed("$r/home/clone/fleet/m.php");
        $this->assertStringContainsString("user nobody cannot enter $r/home (mode 0700", D\words($t));
        chmod("$r/home", 0755);
        chmod("$r/home/clone/fleet/m.php", 0600);
        $this->assertStringContainsString("cannot read $r/home/clone/fleet/m.php (mode 0600",
            D\words(self::failed("$r/home/clone/fleet/m.php")));
        chmod("$r/home/clone/fleet/m.php", 0644);
        $this->assertStringContainsString('open_basedir', D\words(self::failed("$r/home/clone/fleet/m.php")),
            'readable: the other causes');
    }
}
