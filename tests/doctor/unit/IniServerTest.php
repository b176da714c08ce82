<?php
// SPDX-License-Identifier: BSD-2-Clause
// mod_php and php-cgi ini targets with their running server's environment (its
// parent's /proc/PID/environ, five variables only), "not running" and not counted without one,
// and at most "possible" when that environment cannot be read. A scratch /proc stands for the host.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class IniServerTest extends TestCase
{
    private static function proc(array $procs): string
    {
        $p = scratch();
        foreach ($procs as $pid => $x) {
            mkdir("$p/$pid");
            file_put_contents("$p/$pid/comm", $x['comm'] . "\n");
            $uid = $x['uid'] ?? 0;
            file_put_contents("$p/$pid/status", "Name:\t{$x['comm']}\nPPid:\t{$x['ppid']}\n"
                . "Uid:\t$uid\t$uid\t$uid\t$uid\n");
            file_put_contents("$p/$pid/maps", $x['maps'] ?? '');
            if (isset($x['environ'])) {
                file_put_contents("$p/$pid/environ", $x['environ']);
            }
            if (isset($x['exe'])) {
                symlink($x['exe'], "$p/$pid/exe");
            }
        }
        return $p;
    }

    private static function apache(?string $environ = null): array
    {
        $maps = "7f00-7f01 r-xp 0 08:01 1 /usr/lib/apache2/modules/libphp8.2.so\n";
        $parent = ['comm' => 'apache2', 'ppid' => 1, 'maps' => $maps];
        if ($environ !== null) {
            $parent['environ'] = $environ;
        }
        return [100 => $parent, 101 => ['comm' => 'apache2', 'ppid' => 100, 'maps' => $maps, 'uid' => 33,
            'environ' => "NSS_SDB_USE_CACHE=yes\0"]];
    }

    private static function ini(string $sapi = 'apache2'): array
    {
        return D\target('ini', "$sapi 8.2", ['address' => "/etc/php/8.2/$sapi", 'sapi' => $sapi,
            'php_version' => '8.2', 'binary' => '/usr/bin/php8.2', 'ini_args' => [], 'scan_dir' => '']);
    }

    public function testTheParentsEnvironmentFiveVariablesOnly(): void
    {
        $p = self::proc(self::apache("PATH=/bin\0SSL_DIR=/srv/db\0DB_PASSWORD=secret\0NSS_SDB_USE_CACHE=1\0"
            . "LD_LIBRARY_PATH=/opt/nss\0"));
        $this->assertSame([['pid' => 100, 'env' => ['SSL_DIR' => '/srv/db', 'NSS_SDB_USE_CACHE' => '1',
            'LD_LIBRARY_PATH' => '/opt/nss']]], D\ini_server('apache2', '8.2', $p));
        [$t] = D\ini_with_server(self::ini(), $p);
        $this->assertSame([null, true, 100], [$t['status'], $t['counted'], $t['server_pid']]);
        $this->assertStringNotContainsString('secret', json_encode($t));
    }

    // The doctor runs as root: a process any user can run is never trusted for the environment.
    public function testAUsersLookAlikeIsNeverTheServersEnvironment(): void
    {
        $fake = ['comm' => 'apache2', 'ppid' => 1, 'uid' => 1000, 'environ' => "NSS_SDB_USE_CACHE=yes\0",
            'maps' => "7f00-7f01 r-xp 0 08:01 1 /home/u/libphp8.2.so\n"];
        $p = self::proc([50 => $fake] + self::apache("SSL_DIR=/srv/db\0"));
        $this->assertSame([['pid' => 100, 'env' => ['SSL_DIR' => '/srv/db']]], D\ini_server('apache2', '8.2', $p));
        $p = self::proc([50 => $fake]);
        $this->assertSame([['pid' => 50, 'env' => null]], D\ini_server('apache2', '8.2', $p), 'seen, not trusted');
    }

    public function testNotRunningIsNotCounted(): void
    {
        // an Apache without PHP 8.2's module (php-fpm behind it), and no php-cgi
        $p = self::proc([100 => ['comm' => 'apache2', 'ppid' => 1, 'maps' => "x /usr/lib/libc.so.6\n"]]);
        $this->assertNull(D\ini_server('apache2', '8.2', $p));
        [$t] = D\ini_with_server(self::ini(), $p);
        $this->assertSame(['not_running', false], [$t['status'], $t['counted']]);
        $this->assertSame('not_running', D\ini_with_server(self::ini('cgi'), $p)[0]['status']);
        $this->assertFalse(D\ini_server('embed', '8.2', $p), 'no server to look for');
        $this->assertNull(D\ini_with_server(self::ini('embed'), $p)[0]['status']);
    }

    public function testPhpCgiOfItsVersion(): void
    {
        $p = self::proc([200 => ['comm' => 'php-cgi8.2', 'ppid' => 1, 'environ' => "TMPDIR=/var/tmp/x\0"],
            201 => ['comm' => 'php-cgi8.2', 'ppid' => 200], 300 => ['comm' => 'php-cgi8.1', 'ppid' => 1]]);
        $this->assertSame([['pid' => 200, 'env' => ['TMPDIR' => '/var/tmp/x']]], D\ini_server('cgi', '8.2', $p));
    }

    // Running, its environment unreadable: what the CLI with its ini says is at most "possible".
    public function testUnreadableEnvironmentIsAtMostPossible(): void
    {
        [$t] = D\ini_with_server(self::ini(), self::proc(self::apache()));
        $this->assertContains('server_environment_not_seen', $t['notes']);
        $t['timeout'] = 3.0;
        $facts = facts_fixture(['NSS_SDB_USE_CACHE' => 'yes'], status_fixture());
        $j = D\answered($t, ['status' => 'ok', 'error' => null, 'facts' => $facts], ['from' => 'ours'],
            ['timeout' => 3.0, 'table' => the_table(), 'host' => ['distro' => view_fixture(null)['distro']]]);
        $this->assertSame(['possible', 'server_env_unseen'], judged_as($j, 'probe', 'reason'));
        $this->assertStringContainsString('--url', D\words($j));
    }

    // A running server is judged from what runs: every instance a target of its own, its own
    // environment; nsscache in its ini files but not mapped in it (phpenmod without a restart) is
    // "expected: restart", and nsscache mapped but gone from the ini files at most "possible"
    public function testEveryRunningServerAndWhatItMaps(): void
    {
        $lib = "7f00-7f01 r-xp 0 08:01 1 /usr/lib/apache2/modules/libphp8.2.so\n";
        $p = self::proc([100 => ['comm' => 'apache2', 'ppid' => 1, 'maps' => $lib, 'environ' => "SSL_DIR=/srv/db\0"],
            200 => ['comm' => 'apache2', 'ppid' => 1, 'environ' => "NSS_SDB_USE_CACHE=yes\0SSL_DIR=/srv/db\0",
                'maps' => $lib . "7f02-7f03 r-xp 0 08:01 2 /usr/lib/php/20220829/nsscache.so\n"]]);
        file_put_contents("$p/stat", "cpu 1\nbtime " . (time() + 60) . "\n");
        foreach ([100, 200] as $pid) {
            file_put_contents("$p/$pid/stat", "$pid (apache2) S 1 " . str_repeat('0 ', 17) . "0 0\n");
        }
        $ts = D\ini_with_server(self::ini(), $p);
        $this->assertSame(['apache2 8.2 (pid 100)', 'apache2 8.2 (pid 200)'], array_column($ts, 'name'));
        $this->assertSame([false, true], array_column($ts, 'server_nsscache'));
        $this->assertCount(2, D\dedupe($ts), 'one ini dir, two servers: two targets');
        $this->assertSame([[], []], array_map(function (array $t): array {
            return array_values(array_intersect(['ini_newer_than_server', 'server_environment_not_seen'], $t['notes']));
        }, $ts), 'both read, both started after the ini files');
        // a root with a RHEL 7 softokn 3.44 (unset probes), a DB in /srv/db
        $r = scratch();
        mkdir("$r/usr/lib64", 0755, true);
        mkdir("$r/srv/db", 0755, true);
        touch("$r/srv/db/cert9.db");
        file_put_contents("$r/usr/lib64/libsoftokn3.so", "\x7fELF\0Version: NSS 3.44.0\0");
        $j = [];
        foreach ([[$ts[0], 'yes', status_fixture()], [$ts[1], null, null]] as [$t, $var, $st]) {
            $facts = facts_fixture(['NSS_SDB_USE_CACHE' => $var] + $t['server_env'], $st);
            $j[] = judged_in($t + ['timeout' => 3.0], $facts, view_fixture($r), the_table());
        }
        $this->assertSame(['expected', 'restart_needed'], judged_as($j[0], 'probe', 'reason'), D\words($j[0]));
        $this->assertStringContainsString('Expected: restart apache2', D\words($j[0]));
        $this->assertSame(['possible', 'restart_needed'], judged_as($j[1], 'probe', 'reason'), D\words($j[1]));
    }
}
