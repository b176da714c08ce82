<?php
// SPDX-License-Identifier: BSD-2-Clause
// The whole host, not only PHP: the parsers of systemd's, pam_env's and CRI-O's settings and of
// /proc/PID/cgroup, the fix points read in a scratch root, a non-PHP process judged (purely), its
// forms in JSON, Nagios and the textfile, the --fix-host writer, and --watch's units.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class HostTest extends TestCase
{
    // ROOT with FILES (path => content) written into it, mode 0644, directories 0755.
    private static function root(array $files): string
    {
        $root = scratch();
        foreach ($files as $path => $text) {
            @mkdir(dirname($root . $path), 0755, true);
            file_put_contents($root . $path, $text);
            chmod($root . $path, 0644);
        }
        return $root;
    }

    private static function me(): int
    {
        return function_exists('posix_geteuid') ? posix_geteuid() : 0;
    }

    public static function cgroups(): array
    {
        return [
            'v2 service' => ["0::/system.slice/cron.service\n", 'cron.service'],
            'v2 session scope' => ["0::/user.slice/user-0.slice/session-3.scope\n", 'session-3.scope'],
            'CRI-O container under kubepods' => ["0::/kubepods.slice/kubepods-burstable.slice/crio-0a1b.scope\n",
                'crio-0a1b.scope'],
            'v1: name=systemd' => ["12:memory:/system.slice/x.service\n"
                . "1:name=systemd:/system.slice/zabbix-agent.service\n", 'zabbix-agent.service'],
            'a process in a unit\'s sub-cgroup' => ["0::/system.slice/elastic.service/probe\n", 'elastic.service'],
            'the root cgroup' => ["0::/\n", null],
            'a user\'s own sshd.service, below its manager' => [
                "0::/user.slice/user-65534.slice/user@65534.service/app.slice/sshd.service\n", null],
            'the user manager itself' => ["0::/user.slice/user-1000.slice/user@1000.service\n", 'user@1000.service'],
            'a delegated subtree names no unit of its own' => ["0::/system.slice/docker.service/x/cron.service\n",
                'docker.service'],
            'hostile: a newline and an escape in a name' => ["0::/system.slice/a\x1b[2J.service\n", null],
            'garbage' => ["not a cgroup line", null],
        ];
    }

    /** @dataProvider cgroups */
    public function testTheUnitOfACgroup(string $text, ?string $unit): void
    {
        $this->assertSame($unit, D\parse_cgroup_unit($text));
    }

    public static function defaultEnvironments(): array
    {
        return [
            'one assignment' => [['NSS_SDB_USE_CACHE=yes'], ['NSS_SDB_USE_CACHE' => 'yes']],
            'several, quoted' => [['"NSS_SDB_USE_CACHE=yes" \'A=b c\' D=e'],
                ['NSS_SDB_USE_CACHE' => 'yes', 'A' => 'b c', 'D' => 'e']],
            'a later one overrides' => [['NSS_SDB_USE_CACHE=yes', 'NSS_SDB_USE_CACHE=1'], ['NSS_SDB_USE_CACHE' => '1']],
            'an empty one resets the list' => [['NSS_SDB_USE_CACHE=yes', '', 'A=b'], ['A' => 'b']],
            'a backslash escapes' => [['X=a\ b'], ['X' => 'a b']],
            'not an assignment: ignored' => [['justaword =x'], []],
        ];
    }

    /** @dataProvider defaultEnvironments */
    public function testEnvironmentAssignments(array $values, array $env): void
    {
        $this->assertSame($env, D\env_assign([], $values));
    }

    public function testSystemdValuesOfOneSection(): void
    {
        $text = "# a comment\n[Manager]\nDefaultEnvironment=A=1 \\\n  B=2\n;DefaultEnvironment=C=3\n"
            . "[Other]\nDefaultEnvironment=D=4\n[Manager]\nDefaultEnvironment = E=5\n";
        $this->assertSame(['A=1 B=2', 'E=5'], D\systemd_values($text, 'Manager', 'DefaultEnvironment'));
    }

    public function testEnvironmentFiles(): void
    {
        $this->assertSame(['A' => 'x y', 'NSS_SDB_USE_CACHE' => 'yes', 'B' => "'1"],
            D\parse_env_file("# c\nA=\"x y\"\nexport NSS_SDB_USE_CACHE=yes\nB='1\nnot a line\n"));
    }

    public static function crioConfs(): array
    {
        return [
            'the documented form' => ["[crio.runtime]\ndefault_env = [\n  \"NSS_SDB_USE_CACHE=yes\",\n]\n",
                ['NSS_SDB_USE_CACHE=yes']],
            'one line, two entries, a comment' => ["[crio.runtime]\ndefault_env = [\"A=1\", 'B=2'] # why\n",
                ['A=1', 'B=2']],
            'in another table: not CRI-O\'s' => ["[crio.image]\ndefault_env = [\"A=1\"]\n", null],
            'a commented entry' => ["[crio.runtime]\ndefault_env = [\n# \"A=1\",\n\"B=2\",\n]\n", ['B=2']],
            'not set' => ["[crio.runtime]\ncgroup_manager = \"systemd\"\n", null],
        ];
    }

    /** @dataProvider crioConfs */
    public function testCrioDefaultEnv(string $text, ?array $list): void
    {
        $this->assertSame($list, D\parse_crio_default_env($text));
    }

    public function testTheLibcurlABinaryNeeds(): void
    {
        $this->assertSame('libcurl-nss.so.4', D\elf_libcurl("\x7fELF\x02\x01\x00libc.so.6\x00libcurl-nss.so.4\x00"));
        $this->assertSame('libcurl.so.4', D\elf_libcurl("\x7fELF\x00libcurl.so.4\x00"));
        $this->assertNull(D\elf_libcurl("#!/bin/sh\ncurl\x00libcurl.so.4\x00"));
        $this->assertNull(D\elf_libcurl("\x7fELF\x00libssl.so.3\x00"));
    }

    // A host with a drop-in over system.conf, /etc/environment, CRI-O, and two services: one whose
    // ELF needs an NSS libcurl (and sets the variable in a drop-in), one on an OpenSSL libcurl.
    private static function host(): string
    {
        $nss_bin = "\x7fELF\x02\x01\x01\x00libc.so.6\x00libcurl.so.4\x00";
        return self::root([
            '/etc/systemd/system.conf' => "[Manager]\nDefaultEnvironment=NSS_SDB_USE_CACHE=1 A=b\n",
            '/usr/lib/systemd/system.conf.d/50-vendor.conf' => "[Manager]\nDefaultEnvironment=C=d\n",
            '/etc/systemd/system.conf.d/60-fix.conf' => "[Manager]\nDefaultEnvironment=\"NSS_SDB_USE_CACHE=yes\"\n",
            '/etc/environment' => "LANG=C\nNSS_SDB_USE_CACHE=1\n",
            '/etc/crio/crio.conf' => "[crio.runtime]\ndefault_env = [\"X=1\"]\n",
            '/usr/lib64/libcurl.so.4' => "\x7fELF...NSS/%s\x00...",
            '/usr/bin/probe' => $nss_bin,
            '/usr/bin/other' => "\x7fELF\x00libcurl-gnutls.so.4\x00",
            '/usr/lib64/libcurl-gnutls.so.4' => "\x7fELF...GnuTLS/%s\x00",
            '/usr/lib/systemd/system/probe.service' => "[Service]\nExecStart=-/usr/bin/probe --check\n",
            '/usr/lib/systemd/system/probe.timer' => "[Timer]\nOnCalendar=minutely\n",
            '/etc/systemd/system/probe.service.d/env.conf' => "[Service]\nEnvironment=NSS_SDB_USE_CACHE=\n",
            '/usr/lib/systemd/system/other.service' => "[Service]\nExecStart=/usr/bin/other\n",
            '/usr/lib/systemd/system/script.service' => "[Service]\nExecStart=/bin/sh -c 'curl x'\n",
        ]);
    }

    private static function points(string $root): array
    {
        $by = [];
        foreach (D\read_fix_points($root, microtime(true) + 10, self::me())['points'] as $p) {
            $by[$p['kind'] . ' ' . $p['name']] = $p;
        }
        return $by;
    }

    public function testFixPointsOfAHost(): void
    {
        $p = self::points(self::host());
        $this->assertSame(['systemd DefaultEnvironment=', 'environment /etc/environment', 'crio default_env',
            'unit probe.service'], array_keys($p));
        // the drop-in in /etc overrides system.conf: fixed there, and nothing to write
        $this->assertSame(['yes', true, '/etc/systemd/system.conf.d/60-fix.conf', null],
            [$p['systemd DefaultEnvironment=']['variable'], $p['systemd DefaultEnvironment=']['fixed'],
            $p['systemd DefaultEnvironment=']['path'], $p['systemd DefaultEnvironment=']['fix']]);
        $e = $p['environment /etc/environment'];
        $this->assertSame(['probing', false], [$e['variable_class'], $e['fixed']]);
        $this->assertSame("LANG=C\nNSS_SDB_USE_CACHE=yes\n", $e['fix']['text']);
        $c = $p['crio default_env'];
        $this->assertSame(['unset', false], [$c['variable_class'], $c['fixed']]);
        $this->assertStringContainsString("\"X=1\",\n  \"NSS_SDB_USE_CACHE=yes\",", $c['fix']['text']);
        // the unit's own drop-in sets the empty value (probing) over DefaultEnvironment's yes
        $u = $p['unit probe.service'];
        $this->assertSame(['', 'probing', '/etc/systemd/system/probe.service.d/env.conf', '/usr/bin/probe',
            '/usr/lib64/libcurl.so.4', 'probe.timer'], [$u['variable'], $u['variable_class'], $u['path'],
            $u['binary'], $u['libcurl'], $u['timer']]);
        $this->assertSame('/etc/systemd/system/probe.service.d/zz-nsscache.conf', $u['fix']['path']);
        $this->assertSame("[Service]\nEnvironmentFile=/etc/systemd/system/probe.service.d/nsscache.env\n",
            $u['fix']['text']);
    }

    public function testAUnitInheritsDefaultEnvironment(): void
    {
        $root = self::host();
        unlink("$root/etc/systemd/system/probe.service.d/env.conf");
        $u = self::points($root)['unit probe.service'];
        $this->assertSame(['yes', true, 'DefaultEnvironment='], [$u['variable'], $u['fixed'], $u['path']]);
    }

    // systemd.exec(5)'s order: EnvironmentFile= over Environment= (whichever file says it), the files
    // in order, UnsetEnvironment= last; PassEnvironment= takes the manager's own environ over
    // DefaultEnvironment=. So a drop-in's Environment=yes does not fix a unit whose
    // /etc/default file says auto; the doctor's fix, an EnvironmentFile= read last, does.
    public function testAUnitsEnvironmentInSystemdsOrder(): void
    {
        $root = self::host();
        file_put_contents("$root/etc/default-probe", "NSS_SDB_USE_CACHE=auto\n");
        file_put_contents("$root/usr/lib/systemd/system/probe.service",
            "[Service]\nEnvironmentFile=-/etc/default-probe\nExecStart=/usr/bin/probe\n");
        file_put_contents("$root/etc/systemd/system/probe.service.d/env.conf",
            "[Service]\nEnvironment=NSS_SDB_USE_CACHE=yes\n");
        $u = self::points($root)['unit probe.service'];
        $this->assertSame(['auto', false, '/etc/default-probe'], [$u['variable'], $u['fixed'], $u['path']]);
        $plan = D\fix_host_plan('probe.service', $root, self::me());
        $this->assertTrue(D\fix_host_write($plan, $root, self::me(), $why), (string) $why);
        $u = self::points($root)['unit probe.service'];
        $this->assertSame(['yes', true, '/etc/systemd/system/probe.service.d/nsscache.env'],
            [$u['variable'], $u['fixed'], $u['path']]);
        // a later file that the unit names itself still wins; UnsetEnvironment= removes (by name or NAME=VALUE)
        $texts = ['/u' => "[Service]\nEnvironmentFile=/etc/default-probe\nPassEnvironment=NSS_SDB_USE_CACHE\n",
            '/d1' => "[Service]\nEnvironment=NSS_SDB_USE_CACHE=no\n"];
        $v = function (array $texts, array $own = []) use ($root): array {
            $r = D\unit_variable($root, self::me(), $texts, ['NSS_SDB_USE_CACHE' => 'yes'], $own);
            return [$r['value'], $r['from']];
        };
        $this->assertSame(['auto', '/etc/default-probe'], $v($texts));
        $this->assertSame(['no', '/d1'], $v(['/u' => "[Service]\nEnvironmentFile=\n"] + $texts));
        $this->assertSame([null, '/d2'],
            $v($texts + ['/d2' => "[Service]\nUnsetEnvironment=NSS_SDB_USE_CACHE=auto\n"]));
        $this->assertSame(['auto', '/etc/default-probe'],
            $v($texts + ['/d2' => "[Service]\nUnsetEnvironment=NSS_SDB_USE_CACHE=yes\n"]));
        $this->assertSame(['1', 'PassEnvironment='], $v(['/u' => "[Service]\nPassEnvironment=NSS_SDB_USE_CACHE\n"],
            ['NSS_SDB_USE_CACHE' => '1']));
        $this->assertSame(['yes', 'DefaultEnvironment='], $v(['/u' => "[Service]\nPassEnvironment=A\n"],
            ['NSS_SDB_USE_CACHE' => '1']));
        // EnvironmentFile= takes a glob; a file others may write is not read, and then nothing is claimed
        $this->assertSame(['auto', '/etc/default-probe'],
            $v(['/u' => "[Service]\nEnvironmentFile=-/etc/default-p*\n"]));
        chmod("$root/etc/default-probe", 0666);
        clearstatcache();
        $this->assertSame([null, null], $v(['/u' => "[Service]\nEnvironment=NSS_SDB_USE_CACHE=no\n"
            . "EnvironmentFile=/etc/default-probe\n"]));
    }

    // "Fixed" only when what runs has it: the running manager's environment, a running unit's main
    // process, or a loaded unit unchanged since (NeedDaemonReload=no) for its next start. Files
    // alone are "written", with what puts them in effect. /etc/environment is read at each login.
    public function testFixedOnlyWhenWhatRunsHasIt(): void
    {
        $proc = scratch();
        mkdir("$proc/77");
        file_put_contents("$proc/77/environ", "PATH=/bin\0NSS_SDB_USE_CACHE=1\0");
        $pts = self::points(self::host());
        $state = function (?array $running, string $key) use (&$pts, $proc): array {
            $p = D\fix_points_running($pts, $running, $proc);
            $p = array_combine(array_map(function (array $x): string {
                return $x['kind'] . ' ' . $x['name'];
            }, $p), $p)[$key];
            return [$p['written'], $p['fixed'], $p['then']];
        };
        $reexec = 'systemctl daemon-reexec, then restart the services that run NSS';
        // DefaultEnvironment=yes in a drop-in: written; fixed once the manager runs with it
        $this->assertSame([true, false, 'boot (no systemd runs here)'], $state(null, 'systemd DefaultEnvironment='));
        $this->assertSame([true, false, $reexec],
            $state(['manager' => [], 'units' => []], 'systemd DefaultEnvironment='));
        $this->assertSame([true, true, null], $state(['manager' => ['NSS_SDB_USE_CACHE' => 'yes'], 'units' => []],
            'systemd DefaultEnvironment='));
        // the unit's own drop-in sets the empty value: not written, not fixed, whatever runs
        $this->assertSame([false, false, null], $state(['manager' => ['NSS_SDB_USE_CACHE' => 'yes'],
            'units' => []], 'unit probe.service'));
        // /etc/environment: its file is what each login reads
        $this->assertSame([false, false, null], $state(null, 'environment /etc/environment'));
        // a unit that inherits DefaultEnvironment=: the running manager's, if loaded unchanged
        $root = self::host();
        unlink("$root/etc/systemd/system/probe.service.d/env.conf");
        file_put_contents("$root/etc/systemd/system/probe.service.d/fix.conf",
            "[Service]\nEnvironment=NSS_SDB_USE_CACHE=no\n");
        $pts = self::points($root);
        $up = ['manager' => ['NSS_SDB_USE_CACHE' => 'yes'], 'units' => ['probe.service' => ['pid' => 0,
            'reload' => false, 'dropins' => ['/etc/systemd/system/probe.service.d/fix.conf']]]];
        $this->assertSame([true, true, null], $state($up, 'unit probe.service'));
        // a drop-in on disk that the manager has not loaded (NeedDaemonReload does not see a new one)
        $up['units']['probe.service']['dropins'] = [];
        $this->assertSame([true, false, 'systemctl daemon-reload; systemctl restart probe.service'],
            $state($up, 'unit probe.service'));
        $up['units']['probe.service']['dropins'] = ['/etc/systemd/system/probe.service.d/fix.conf'];
        $up['units']['probe.service']['reload'] = true;
        $this->assertSame([true, false, 'systemctl daemon-reload; systemctl restart probe.service'],
            $state($up, 'unit probe.service'));
        // running, its main process started before the fix: not fixed until a restart
        $up['units']['probe.service'] = ['pid' => 77, 'reload' => false] + $up['units']['probe.service'];
        $this->assertSame([true, false, 'systemctl restart probe.service'], $state($up, 'unit probe.service'));
        file_put_contents("$proc/77/environ", "NSS_SDB_USE_CACHE=no\0");
        $this->assertSame([true, true, null], $state($up, 'unit probe.service'));
        // and in words
        $doc = ['doctor' => ['version' => D\VERSION], 'host' => ['hostname' => 'h', 'kernel' => '5.14',
            'distro' => ['id' => 'centos', 'version' => '7', 'family' => 'rhel7'], 'dentries' => ['nr_dentry' => null],
            'fix_points' => D\fix_points_running($pts, null, $proc)], 'targets' => [], 'exit' => 0, 'summary' => 's',
            'fix_points_asked' => true];
        $this->assertStringContainsString('systemd DefaultEnvironment=: written ("yes" in '
            . '/etc/systemd/system.conf.d/60-fix.conf); in effect after boot (no systemd runs here)',
            D\doc_human($doc, false));
    }

    public function testAConfigOthersMayWriteIsNotRead(): void
    {
        $root = self::host();
        chmod("$root/etc/systemd/system.conf.d/60-fix.conf", 0666);
        $s = self::points($root)['systemd DefaultEnvironment='];
        $this->assertSame('1', $s['variable'], 'the writable drop-in was read');
        $this->assertStringContainsString('60-fix.conf: not root\'s', implode(' ', $s['notes']));
    }

    // A non-PHP process with softokn mapped, as read_process() gives it.
    private static function process(?array $env, ?bool $libcurl_nss = true, bool $nsscache = false): array
    {
        return ['pid' => 4343, 'comm' => "curl\x1b]0;pwned\x07", 'cmdline' => 'curl -s https://es:9200/',
            'exe' => '/usr/bin/curl', 'unit' => 'es-probe.service', 'env' => $env, 'cwd' => '/',
            'maps' => ['libsoftokn3.so' => '/usr/lib64/libsoftokn3.so', 'libnss3.so' => '/usr/lib64/libnss3.so'],
            'libcurl' => $libcurl_nss === null ? null : '/usr/lib64/libcurl.so.4', 'libcurl_nss' => $libcurl_nss,
            'php' => $nsscache, 'nsscache' => $nsscache];
    }

    public static function processes(): array
    {
        $db = ['SSL_DIR' => '/srv/db', 'TMPDIR' => '/tmp'];
        return [
            'libcurl-NSS, unset: probed' => [$db, true, 'expected', 'probes'],
            'libcurl-NSS, yes: fixed' => [['NSS_SDB_USE_CACHE' => 'yes'] + $db, true, 'none', 'honoured'],
            'libcurl-NSS, "1": probed' => [['NSS_SDB_USE_CACHE' => '1'] + $db, true, 'expected', 'probes'],
            'no libcurl: its DB is its own' => [$db, null, 'possible', 'nss_db_unknown'],
            'no libcurl, yes: fixed all the same' => [['NSS_SDB_USE_CACHE' => 'yes'] + $db, null, 'none', 'honoured'],
            'environ unreadable: gone' => [null, true, 'expected', 'probes'],
            // a PHP CLI worker with nsscache.so mapped: its setenv() does not show in environ
            'a PHP CLI with nsscache, environ unset' => [$db, true, 'possible', 'nsscache_not_asked', true],
            'a PHP CLI with nsscache, environ yes' => [['NSS_SDB_USE_CACHE' => 'yes'] + $db, true, 'none', 'honoured',
                true],
        ];
    }

    /** @dataProvider processes */
    public function testAProcessIsJudgedPurely(?array $env, ?bool $nss, string $probe, string $reason,
        bool $nsscache = false): void
    {
        $v = memory_view(['root' => '/nonexistent/nsscache-doctor-host', 'creds' => ['uid' => 0, 'gid' => 0],
            'softokn' => ['how' => 'loaded']]);
        $table = the_table();
        D\FsGuard::$calls = [];
        D\FsGuard::$armed = true;
        try {
            if ($env === null) {
                $v->notes[] = 'process_exited_while_read';
            }
            $t = answered_with(D\target('process', self::process([])['comm'] . '[4343]', ['status' => 'ok']),
                D\process_facts(self::process($env, $nss, $nsscache)), $v, $table);
            D\words($t);
        } finally {
            D\FsGuard::$armed = false;
        }
        $this->assertSame([], D\FsGuard::$calls);
        if ($env === null) {
            // its environment not seen: the verdict rests on what was not seen
            $this->assertContains('process_exited_while_read', $t->judgement()['notes']);
            $probe = 'possible';
            $reason = 'process_gone';
            $this->assertSame('unset', $t->facts()['variable_class']);
        }
        $this->assertSame([$probe, $reason], judged_as($t, 'probe', 'reason'), D\words($t));
        $this->assertContains('nss_already_initialized', $t->judgement()['notes']);
        $this->assertSame('es-probe.service', $t->facts()['process']['unit']);
        if ($probe !== 'none' && !in_array($reason, ['process_gone', 'nsscache_not_asked'], true)) {
            $this->assertStringContainsString('--fix-host es-probe.service', D\words($t));
        }
        self::forms($t);
    }

    // The process in every form: JSON keeps its kind and fields, the table and Nagios escape its
    // command, the textfile counts it by unit and command (no pid label).
    private static function forms(D\Target $t): void
    {
        $doc = ['doctor' => ['version' => D\VERSION, 'table' => null, 'table_error' => null, 'endpoint' => null,
            'started' => 1.0, 'duration_seconds' => 0.1], 'host' => ['hostname' => 'h', 'kernel' => '5.14',
            'distro' => ['id' => 'centos', 'version' => '7', 'family' => 'rhel7'], 'dentries' => ['nr_dentry' => 10,
            'nr_unused' => 1, 'nr_negative' => 5, 'slab' => null, 'notes' => []], 'watch' => null,
            'fix_points' => [D\fix_point('systemd', 'DefaultEnvironment=', null, null, D\SYSTEMD_FIX)]],
            'targets' => [$t, $t], 'exit' => 0, 'counts' => D\verdict([$t])['counts'], 'summary' => 's'];
        $j = json_decode(D\doc_json($doc), true);
        self::assertSame('process', $j['targets'][0]['kind']);
        self::assertSame(4343, $j['targets'][0]['pid']);
        self::assertSame('es-probe.service', $j['targets'][0]['process']['unit']);
        self::assertSame(false, $j['host']['fix_points'][0]['fixed']);
        $human = D\doc_human($doc, false);
        self::assertStringNotContainsString("\x1b", $human);
        self::assertStringContainsString('curl\x1b]0;pwned\x07[4343]', $human);
        // its reason code after its sentence; the fix points only when something may probe, or when asked
        self::assertStringContainsString(' [' . $t->judgement()['reason'] . "]\n", $human);
        $fix = 'fix: /etc/systemd/system.conf.d/nsscache.conf';
        self::assertSame($t->judgement()['probe'] !== 'none', strpos($human, $fix) !== false);
        self::assertStringContainsString($fix, D\doc_human(['fix_points_asked' => true] + $doc, false));
        $n = D\doc_nagios($doc);
        self::assertStringNotContainsString("\x1b", $n);
        self::assertStringContainsString(" 'processes'=2;;;0 ", $n);
        $prom = D\doc_prometheus($doc);
        self::assertStringContainsString('nsscache_processes{unit="es-probe.service",comm="curl', $prom);
        self::assertStringContainsString(',probe="' . $t->judgement()['probe'] . '"} 2', $prom);
        self::assertStringNotContainsString('4343', $prom);
        self::assertStringContainsString('nsscache_fix_point{kind="systemd",name="DefaultEnvironment="} 0', $prom);
    }

    // A process of another user, as /proc shows it: its words are its own. Only ENV_KEEP of its
    // environ is kept, its cmdline is cut, a PHP is left to the PHP targets, and a process without
    // softokn mapped (or gone: no maps) is not listed.
    public function testWhatIsReadOfAProcess(): void
    {
        $proc = scratch();
        $maps = "7f00-7f01 r-xp 0 08:01 1 /usr/lib64/libsoftokn3.so\n"
            . "7f02-7f03 r-xp 0 08:01 2 /usr/lib64/libcurl.so.4.3.0\n";
        $files = ['maps' => $maps, 'comm' => "x\x1b[2Jy\n", 'cmdline' => str_repeat("A\0", 3000),
            'cgroup' => "0::/system.slice/zabbix-agent.service\n",
            'environ' => "AWS_SECRET=hunter2\0NSS_SDB_USE_CACHE=1\0SSL_DIR=/srv/db\0"];
        foreach (['4242' => $files, '4243' => ['maps' => "7f00 r-xp 0 0 0 /usr/lib64/libc.so.6\n"] + $files,
                '4244' => ['maps' => $maps . "7f04 r-xp 0 0 0 /usr/lib64/httpd/modules/libphp7.so\n"] + $files,
                '4245' => ['comm' => "gone\n"],
                '4246' => ['maps' => $maps . "7f04 r-xp 0 0 0 /home/u/libphp.so\n"] + $files] as $pid => $fs) {
            mkdir("$proc/$pid");
            foreach ($fs as $f => $text) {
                file_put_contents("$proc/$pid/$f", $text);
            }
        }
        // the PHP's libphp in its root; 4246's is someone else's (not root's, not the doctor's)
        mkdir("$proc/4244/root/usr/lib64/httpd/modules", 0755, true);
        touch("$proc/4244/root/usr/lib64/httpd/modules/libphp7.so");
        mkdir("$proc/4246/root/home/u", 0755, true);
        touch("$proc/4246/root/home/u/libphp.so");
        $other = posix_geteuid() === 0 && chown("$proc/4246/root/home/u/libphp.so", 65534);
        $p = D\read_process($proc, 4242);
        $this->assertSame(['NSS_SDB_USE_CACHE' => '1', 'SSL_DIR' => '/srv/db'], $p['env']);
        $this->assertStringNotContainsString('hunter2', json_encode($p));
        $this->assertSame(D\PROCESS_CMD_MAX + 3, strlen($p['cmdline']));
        $this->assertSame("x\x1b[2Jy", $p['comm']);
        $this->assertSame('zabbix-agent.service', $p['unit']);
        $this->assertSame('/usr/lib64/libcurl.so.4.3.0', $p['libcurl']);
        // its root is not there to read the libcurl in: not told
        $this->assertNull($p['libcurl_nss']);
        $this->assertNull(D\read_process($proc, 4243), 'no softokn mapped');
        $this->assertNull(D\read_process($proc, 4244), 'a server PHP (mod_php)');
        // a PHP CLI (a worker daemon) is a process target: judged from its own /proc
        mkdir("$proc/4247");
        file_put_contents("$proc/4247/maps", $maps . "7f05 r-xp 0 0 0 /usr/lib/php/20220829/nsscache.so\n");
        symlink('/usr/bin/php8.2', "$proc/4247/exe");
        mkdir("$proc/4247/root/usr/bin", 0755, true);
        touch("$proc/4247/root/usr/bin/php8.2");
        $this->assertSame([true, true], [D\read_process($proc, 4247)['php'] ?? null,
            D\read_process($proc, 4247)['nsscache'] ?? null], 'a PHP CLI with nsscache mapped');
        if ($other) {
            chown("$proc/4247/root/usr/bin/php8.2", 65534);
            $this->assertFalse(D\read_process($proc, 4247)['php'], 'a user\'s own php: listed, not counted');
        }
        if ($other) {
            $this->assertSame(4246, D\read_process($proc, 4246)['pid'] ?? null, 'a libphp.so of nobody\'s');
        }
        $this->assertNull(D\read_process($proc, 4245), 'gone before its maps were read');
    }

    // Nothing is dropped in silence: the processes the deadline leaves unread, and one whose maps are
    // longer than the doctor reads, are one target not inspected (counted with --processes: exit 3,
    // unless a target is expected), its sentence saying what was cut.
    public function testTheScanCountsWhatItDidNotRead(): void
    {
        $proc = scratch();
        foreach ([4242, 4243, 4244] as $pid) {
            mkdir("$proc/$pid");
            file_put_contents("$proc/$pid/maps", "7f00-7f01 r-xp 0 08:01 1 /usr/lib64/libsoftokn3.so\n");
            file_put_contents("$proc/$pid/comm", "probe\n");
        }
        $ctx = ['table' => the_table(), 'host' => ['distro' => view_fixture(null)['distro']]];
        $late = D\process_targets($proc, $ctx, true, microtime(true) - 1);
        $this->assertSame([['3 of 3 processes', 'timeout', 'unknown']], array_map(function (D\Target $t): array {
            return [$t->address()['name'], $t->answer()['status'], $t->judgement()['probe']];
        }, $late));
        $this->assertStringContainsString('3 processes were not read before the deadline', D\words($late[0]));
        $this->assertSame(3, D\verdict($late)['code']);
        $this->assertSame(2, D\verdict(array_merge($late, [made(['counted' => true, 'status' => 'ok',
            'probe' => 'expected'])]))['code']);
        $this->assertSame(0, D\verdict(D\process_targets($proc, $ctx, false, microtime(true) - 1))['code'],
            'listed, not counted, without --processes');
        // maps longer than MAPS_MAX, softokn past the end of what is read
        $libc = "7f00-7f01 r-xp 0 08:01 1 /usr/lib64/libc.so.6\n";
        file_put_contents("$proc/4243/maps", str_repeat($libc, intdiv(D\MAPS_MAX, strlen($libc)) + 1)
            . "7f00-7f01 r-xp 0 08:01 1 /usr/lib64/libsoftokn3.so\n");
        $all = D\process_targets($proc, $ctx, true, microtime(true) + 30);
        $this->assertSame(['probe[4242]', 'probe[4244]', '1 of 3 processes'], array_map(function (D\Target $t) {
            return $t->address()['name'];
        }, $all));
        $this->assertSame(['error', '0 cut by the deadline, 1 with maps over 16 MiB'], [$all[2]->answer()['status'],
            $all[2]->answer()['error']]);
    }

    // --watch keeps its time whatever it reads: twenty new processes of 60,000 mappings each (5.6 MB
    // of maps, ~0.1 s each to read) are looked at only until the window ends.
    public function testWatchEndsInTimeWhateverItReads(): void
    {
        $py = 'import mmap, os, sys, time
ms = [mmap.mmap(-1, 4096, prot=mmap.PROT_READ | (mmap.PROT_WRITE if i % 2 else 0)) for i in range(60000)]
print("ready", flush=True)
kids = [k for k in (os.fork() for _ in range(20)) if k or (time.sleep(9), os._exit(0))]
sys.stdin.readline()
for k in kids:
    os.kill(k, 9)
    os.waitpid(k, 0)';
        $p = proc_open(['/usr/bin/python3', '-c', $py], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
        $this->assertSame("ready\n", fgets($pipes[1]));
        $t0 = microtime(true);
        $w = D\watch_units('/proc', $t0 + 1.0, 0.05);
        $took = microtime(true) - $t0;
        fwrite($pipes[0], "end\n");
        fclose($pipes[0]);
        proc_close($p);
        $this->assertLessThan(1.25, $took, 'the window was 1 s');
        $this->assertGreaterThanOrEqual(1, $w['started']);
    }

    public function testProcessesCountOnlyWhenAsked(): void
    {
        $t = ['counted' => false, 'status' => 'ok', 'probe' => 'expected'];
        $this->assertSame(0, D\verdict([made($t)])['code']);
        $this->assertSame(2, D\verdict([made(['counted' => true] + $t)])['code']);
    }

    public function testTheWriterShowsThenWrites(): void
    {
        $root = self::root(['/etc/environment' => "LANG=C\n"]);
        mkdir("$root/etc/systemd", 0755, true);
        $plan = D\fix_host_plan('systemd', $root, self::me(), $why);
        $this->assertSame('/etc/systemd/system.conf.d/nsscache.conf', $plan['path'], (string) $why);
        $this->assertFileDoesNotExist("$root/etc/systemd/system.conf.d", 'planning wrote something');
        $this->assertTrue(D\fix_host_write($plan, $root, self::me(), $why), (string) $why);
        $this->assertSame("[Manager]\nDefaultEnvironment=NSS_SDB_USE_CACHE=yes\n",
            file_get_contents("$root/etc/systemd/system.conf.d/nsscache.conf"));
        // and what it wrote is a fix point read as fixed
        $this->assertTrue(D\read_default_environment($root, self::me())['env']['NSS_SDB_USE_CACHE'] === 'yes');
        $plan = D\fix_host_plan('environment', $root, self::me(), $why);
        $this->assertTrue(D\fix_host_write($plan, $root, self::me(), $why), (string) $why);
        $this->assertSame("LANG=C\nNSS_SDB_USE_CACHE=yes\n", file_get_contents("$root/etc/environment"));
        $this->assertSame([], glob("$root/etc/.*.tmp"), 'a temp file was left');
        $this->assertNull(D\fix_host_plan('../../etc/shadow', $root, self::me(), $why));
        $this->assertSame('/etc/systemd/system/es-probe.service.d/zz-nsscache.conf',
            D\fix_host_plan('es-probe.service', $root, self::me())['path']);
    }

    // Root rewrites /etc/environment whole: the file keeps its mode, owner and group (a 0600 file may
    // hold a proxy's password).
    public function testTheWriterKeepsTheModeOwnerAndGroupOfEtcEnvironment(): void
    {
        $root = self::root(['/etc/environment' => "https_proxy=http://u:secret@proxy:3128\n"]);
        chmod("$root/etc/environment", 0600);
        $gid = posix_geteuid() === 0 ? 65534 : posix_getegid();
        chgrp("$root/etc/environment", $gid);
        $plan = D\fix_host_plan('environment', $root, self::me(), $why);
        $this->assertTrue(D\fix_host_write($plan, $root, self::me(), $why), (string) $why);
        clearstatcache();
        $st = stat("$root/etc/environment");
        $this->assertSame(['100600', self::me(), $gid], [sprintf('%o', $st['mode']), $st['uid'], $st['gid']]);
        $this->assertSame("https_proxy=http://u:secret@proxy:3128\nNSS_SDB_USE_CACHE=yes\n",
            file_get_contents("$root/etc/environment"));
    }

    // CRI-O's drop-in replaces default_env whole: it carries the entries set before (a control byte
    // among them, in TOML's own escape, which Python's tomllib reads back), and is no wider than
    // crio.conf or the file its entries come from.
    public function testTheCrioDropInKeepsTheListInValidTomlAndNoWiderAMode(): void
    {
        $root = self::root(['/etc/crio/crio.conf' => "[crio.runtime]\ndefault_env = [\"A=1\"]\n",
            '/etc/crio/crio.conf.d/10-proxy.conf' => "[crio.runtime]\ndefault_env = [\n  \"P=u:secret\",\n"
                . "  \"X=a\\u0001b\\t\\\"c\\\\\",\n  'L=lit',\n]\n"]);
        chmod("$root/etc/crio/crio.conf", 0640);
        chmod("$root/etc/crio/crio.conf.d/10-proxy.conf", 0600);
        $plan = D\fix_host_plan('crio', $root, self::me(), $why);
        $this->assertTrue(D\fix_host_write($plan, $root, self::me(), $why), (string) $why);
        $f = "$root/etc/crio/crio.conf.d/99-nsscache.conf";
        $this->assertSame('100600', sprintf('%o', stat($f)['mode']));
        exec('/usr/bin/python3 -c ' . escapeshellarg('import json, sys, tomllib; print(json.dumps(tomllib.load('
            . 'open(sys.argv[1], "rb"))["crio"]["runtime"]["default_env"]))') . ' ' . escapeshellarg($f) . ' 2>&1',
            $out, $rc);
        $this->assertSame(0, $rc, implode("\n", $out));
        $this->assertSame(['P=u:secret', "X=a\x01b\t\"c\\", 'L=lit', 'NSS_SDB_USE_CACHE=yes'],
            json_decode($out[0], true));
        $this->assertTrue(self::points($root)['crio default_env']['fixed'], 'what was written reads back as fixed');
        // crio.conf alone, 0640: the drop-in is 0640
        unlink("$root/etc/crio/crio.conf.d/10-proxy.conf");
        $this->assertSame(0640, D\fix_host_plan('crio', $root, self::me(), $why)['mode']);
    }

    public function testTheWriterNeverWritesThroughASymlink(): void
    {
        $root = self::root(['/etc/shadow-like' => "root:secret\n"]);
        mkdir("$root/etc/systemd/system.conf.d", 0755, true);
        symlink("$root/etc/shadow-like", "$root/etc/systemd/system.conf.d/nsscache.conf");
        $this->assertFalse(D\fix_host_write(D\SYSTEMD_FIX, $root, self::me(), $why));
        $this->assertSame("root:secret\n", file_get_contents("$root/etc/shadow-like"));
    }

    public function testTheWriterRefusesADirectoryOthersMayWrite(): void
    {
        $root = self::root([]);
        mkdir("$root/etc/crio/crio.conf.d", 0755, true);
        chmod("$root/etc/crio/crio.conf.d", 0777);
        $plan = D\fix_host_plan('crio', $root, self::me(), $why);
        $this->assertFalse(D\fix_host_write($plan, $root, self::me(), $why));
        $this->assertStringContainsString('refusing', (string) $why);
        $this->assertSame([], glob("$root/etc/crio/crio.conf.d/*"));
    }

    public function testWatchSeesAProcessThatStarts(): void
    {
        // the second sleep is forked 0.2 s after proc_open(), well after the watch's first look: the
        // first child may exist before that look, and a last command is exec'd (same pid) by sh
        $p = proc_open(['sh', '-c', 'sleep 0.2; sleep 0.3; exit 0'], [], $pipes);
        $w = D\watch_units('/proc', microtime(true) + 0.8, 0.05);
        proc_close($p);
        $this->assertGreaterThanOrEqual(1, $w['started']);
        $this->assertGreaterThan(5, $w['polls']);
        $this->assertSame($w['started'], array_sum(array_column($w['units'], 'started')));
        $this->assertEqualsWithDelta(0.8, $w['seconds'], 0.3, 'it says how long it polled');
    }

    // A window the process scan used up is polled once, and says so: 0 started is not "none started".
    public function testWatchSaysHowLongItPolled(): void
    {
        $w = D\watch_units('/proc', microtime(true) - 1.0, 0.05);
        $this->assertSame(1, $w['polls']);
        $this->assertLessThan(0.05, $w['seconds']);
    }
}
