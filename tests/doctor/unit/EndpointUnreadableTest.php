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
            'facts' => null], ['from' => 'answerer', 'check' => 'pool www'], ['timeout' => 3.0, 'script' => $script,
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

    // A checkout under /root asks the pools through a copy of the endpoint made fresh in a directory only
    // root may write (here a scratch RUN standing for /run), 0444 in 0755: no user can replace it between
    // the copy and the request; the copy is gone when the doctor exits. A readable endpoint is used as is.
    public function testACopyForThePoolsThatNoUserCanReplace(): void
    {
        $r = scratch();
        $nobody = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];
        if (posix_geteuid() !== 0 || D\blocked_at('', $r, ['uid' => 65534, 'gid' => 65534, 'groups' => []]) !== null) {
            $this->markTestSkipped("needs root, and nobody able to reach $r");
        }
        mkdir("$r/root/clone/fleet", 0755, true);
        mkdir("$r/run", 0755);
        $src = "$r/root/clone/fleet/nsscache-metrics.php";
        file_put_contents($src, "<?php // the endpoint\n");
        $this->assertSame($src, D\endpoint_for_pools($src, "$r/run"), 'readable by anyone: itself');
        chmod("$r/root", 0700);
        $copy = D\endpoint_for_pools($src, "$r/run");
        $dir = dirname($copy);
        $this->assertSame("$r/run", dirname($dir));
        $this->assertSame([0, 040755, 0, 0100444], [fileowner($dir), fileperms($dir), fileowner($copy),
            fileperms($copy)]);
        $this->assertSame("<?php // the endpoint\n", file_get_contents($copy));
        $run = function (string $sh) use ($nobody, $copy, $dir): int {
            $p = proc_open(array_merge($nobody, ['sh', '-c', $sh, 'sh', $copy, $dir]), [1 => ['file', '/dev/null', 'w'],
                2 => ['file', '/dev/null', 'w']], $pipes);
            return proc_close($p);
        };
        $this->assertSame(0, $run('cat "$1"'), 'the pool\'s user reads it');
        foreach (['echo "<?php evil();" > "$1"', 'rm -f "$1"', 'mv "$1" "$2/x"', 'ln -s /etc/shadow "$2/y"',
                'mkdir "$2/z"', 'chmod 666 "$1"'] as $sh) {
            $this->assertNotSame(0, $run($sh), "a user: $sh");
        }
        clearstatcache();
        $this->assertSame(["<?php // the endpoint\n", ['.', '..', 'nsscache-metrics.php']], [file_get_contents($copy),
            scandir($dir)]);
        chmod("$r/run", 0777);
        $this->assertSame($src, D\endpoint_for_pools($src, "$r/run"), 'others may write the run dir: no copy');
        // removed at exit
        $out = shell_exec(sprintf('php -r %s %s %s', escapeshellarg('define("NSSCACHE_DOCTOR_LIBRARY", 1); require '
            . var_export(TOP . '/doctor/main.php', true) . '; echo NsscacheDoctor\\endpoint_for_pools($argv[1], '
            . '$argv[2]);'), escapeshellarg($src), escapeshellarg("$r/root")));
        $this->assertStringStartsWith("$r/root/nsscache-doctor.", (string) $out);
        $this->assertFileDoesNotExist((string) $out);
        $this->assertFileDoesNotExist(dirname((string) $out));
    }
}
