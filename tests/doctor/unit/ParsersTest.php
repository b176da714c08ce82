<?php
// SPDX-License-Identifier: BSD-2-Clause
// The doctor's readers and parsers on good, odd and hostile input: os-release and
// redhat-release, the distribution family, dentry-state and slabinfo, the softokn version
// string in a library file, php-fpm configurations, FastCGI records and the facts answer.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class ParsersTest extends TestCase
{
    public function osReleaseProvider(): array
    {
        return [
            'CentOS 7' => ["NAME=\"CentOS Linux\"\nVERSION=\"7 (Core)\"\nID=\"centos\"\nID_LIKE=\"rhel fedora\"\n"
                . "VERSION_ID=\"7\"\n", ['centos', '7', 'rhel7']],
            'RHEL 7.9' => ["ID=\"rhel\"\nVERSION_ID=\"7.9\"\nID_LIKE=\"fedora\"\n", ['rhel', '7.9', 'rhel7']],
            'Rocky 8' => ["ID=\"rocky\"\nVERSION_ID=\"8.9\"\nID_LIKE=\"rhel centos fedora\"\n",
                ['rocky', '8.9', 'other']],
            'Oracle 7' => ["ID=\"ol\"\nVERSION_ID=\"7.9\"\n", ['ol', '7.9', 'rhel7']],
            'CloudLinux 7 via ID_LIKE' => ["ID=\"cloudlinux\"\nVERSION_ID=\"7.9\"\nID_LIKE=\"rhel fedora centos\"\n",
                ['cloudlinux', '7.9', 'rhel7']],
            'a rebuild named only by ID_LIKE' => ["ID=someel\nVERSION_ID=7.6\nID_LIKE='rhel'\n", ['someel', '7.6',
                'rhel7']],
            'Amazon Linux 2' => ["ID=\"amzn\"\nVERSION_ID=\"2\"\nID_LIKE=\"centos rhel fedora\"\n",
                ['amzn', '2', 'rhel7']],
            'Amazon Linux 1' => ["ID=\"amzn\"\nVERSION_ID=\"2018.03\"\nID_LIKE=\"rhel fedora\"\n",
                ['amzn', '2018.03', 'other']],
            'Debian 12' => ["PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\nVERSION_ID=\"12\"\n",
                ['debian', '12', 'other']],
            'Fedora 27 (ID_LIKE none)' => ["ID=fedora\nVERSION_ID=27\n", ['fedora', '27', 'other']],
            'CRLF and comments' => ["# hello\r\nID=centos\r\nVERSION_ID=\"6.10\"\r\n", ['centos', '6.10', 'rhel6']],
            'uppercase ID' => ["ID=CentOS\nVERSION_ID=7\n", ['centos', '7', 'rhel7']],
            'binary garbage' => [random_bytes(4096) . "\nID=centos\n\0\xff\xfe" . random_bytes(100), ['centos', null,
                'other']],
            'control bytes in a value' => ["ID=\"cent\x1b[2Jos\"\nVERSION_ID=7\n", ['cent?[2jos', '7', 'other']],
            'no ID' => ["NAME=x\n", [null, null, 'other']],
            'a line of 100 kB' => ["ID=" . str_repeat('a', 100000) . "\nVERSION_ID=7\n", [null, '7', 'other']],
        ];
    }

    /** @dataProvider osReleaseProvider */
    public function testOsRelease(string $text, array $want): void
    {
        $d = nsscache_ep_distro($text, false);
        $this->assertSame($want, [$d['id'], $d['version'], $d['family']]);
    }

    public function redhatReleaseProvider(): array
    {
        return [
            ["CentOS release 6.10 (Final)\n", ['centos', '6.10', 'rhel6']],
            ["Red Hat Enterprise Linux Server release 6.5 (Santiago)\n", ['rhel', '6.5', 'rhel6']],
            ["CentOS Linux release 7.9.2009 (Core)\n", ['centos', '7.9.2009', 'rhel7']],
            ["Scientific Linux release 6.10 (Carbon)\n", ['scientific', '6.10', 'rhel6']],
            ["CloudLinux Server release 6.10 (Oleg Makarov)", ['cloudlinux', '6.10', 'rhel6']],
            ["Fedora release 20 (Heisenbug)\n", [null, '20', 'other']],
            ["\0\0\0", [null, null, 'other']],
        ];
    }

    /** @dataProvider redhatReleaseProvider */
    public function testRedhatRelease(string $text, array $want): void
    {
        $d = nsscache_ep_distro($text, true);
        $this->assertSame($want, [$d['id'], $d['version'], $d['family']]);
    }

    public function testReadDistroInARoot(): void
    {
        $r = scratch();
        mkdir("$r/etc");
        file_put_contents("$r/etc/redhat-release", "CentOS release 6.10 (Final)\n");
        $this->assertSame(['centos', 'rhel6', '/etc/redhat-release'], array_values(array_intersect_key(
            D\read_distro($r), ['id' => 1, 'family' => 1, 'source' => 1])));
        // os-release wins; a symlink in the root resolves in the root
        mkdir("$r/usr/lib", 0755, true);
        file_put_contents("$r/usr/lib/os-release", "ID=rhel\nVERSION_ID=7.9\n");
        symlink('/usr/lib/os-release', "$r/etc/os-release");
        $this->assertSame('rhel7', D\read_distro($r)['family']);
        // a FIFO where os-release should be: skipped with a note, never a hang
        unlink("$r/etc/os-release");
        posix_mkfifo("$r/etc/os-release", 0644);
        unlink("$r/usr/lib/os-release");
        $d = D\read_distro($r);
        $this->assertSame('rhel6', $d['family'], 'redhat-release then');
        $this->assertStringContainsString('FIFO', implode(' ', $d['notes']));
    }

    public function testAHugeFileIsReadOnlyToItsBound(): void
    {
        $r = scratch();
        $f = "$r/big";
        $h = fopen($f, 'w');
        ftruncate($h, 64 << 20);
        fclose($h);
        $data = D\read_bounded($f, 65536);
        $this->assertSame(65536, strlen($data));
        $data = D\read_bounded('/dev/zero', 100, $why);
        $this->assertNull($data);
        $this->assertStringContainsString('character device', $why);
    }

    public function dentryProvider(): array
    {
        return [
            'Linux 6' => ["69175\t67381\t45\t0\t10504\t0\n", '6.1.0', [69175, 67381, 10504]],
            'Linux 5.0: a 0 is a count' => ["100\t50\t45\t0\t0\t0\n", '5.0.0', [100, 50, 0]],
            'Linux 3.10: the 5th field is a dummy 0' => ["100\t50\t45\t0\t0\t0\n", '3.10.0-1160.el7.x86_64',
                [100, 50, null]],
            'Linux 4.x with a backport that counts' => ["100\t50\t45\t0\t7\t0\n", '4.18.0', [100, 50, 7]],
            'four fields' => ["100 50 45 0\n", '3.10.0', [100, 50, null]],
            'negative nr_unused (kernel bug)' => ["100\t-3\t45\t0\t0\t0\n", '3.10.0', [100, -3, null]],
        ];
    }

    /** @dataProvider dentryProvider */
    public function testDentryState(string $text, string $kernel, array $want): void
    {
        $d = D\parse_dentry_state($text, $kernel);
        $this->assertSame($want, [$d['nr_dentry'], $d['nr_unused'], $d['nr_negative']]);
    }

    public function testDentryStateGarbage(): void
    {
        $this->assertNull(D\parse_dentry_state('', '6.1'));
        $this->assertNull(D\parse_dentry_state("x 1 2 3\n", '6.1'));
        $this->assertNull(D\parse_dentry_state("1 2\n", '6.1'));
        $this->assertNull(D\parse_dentry_state("1 2 3 4 0\n", 'garbage')['nr_negative']);
        $this->assertSame(0, D\parse_dentry_state("1 2 3 4 0\n", '10.0')['nr_negative']);
    }

    public function testSlabinfo(): void
    {
        $text = "slabinfo - version: 2.1\n# name <active_objs> <num_objs> <objsize> <objperslab> ...\n"
            . "dentry_x 1 1 1 1 1\ndentry            259077 260001    192   21    1 : tunables 0 0 0\n";
        $this->assertSame(['active_objects' => 259077, 'objects' => 260001, 'object_size_bytes' => 192,
            'bytes' => 260001 * 192], D\parse_slabinfo($text));
        $this->assertNull(D\parse_slabinfo("slabinfo - version: 2.1\n"));
    }

    public function testTheHostsDentriesHaveTheirNotes(): void
    {
        $proc = scratch();
        mkdir("$proc/sys/fs", 0755, true);
        file_put_contents("$proc/sys/fs/dentry-state", "100\t50\t45\t0\t0\t0\n");
        file_put_contents("$proc/slabinfo", "dentry 90 120 192 21 1 : tunables 0 0 0\n");
        $d = D\read_dentries($proc, '3.10.0-1160.el7.x86_64');
        $this->assertSame([100, null, 120 * 192], [$d['nr_dentry'], $d['nr_negative'], $d['slab']['bytes']]);
        $this->assertSame(['no_nr_negative'], $d['notes']);
        $d = D\read_dentries(scratch());
        $this->assertContains('dentry_state_unreadable', $d['notes']);
        $this->assertContains('slabinfo_unreadable', $d['notes']);
    }

    public function testSoftoknVersionFromAFile(): void
    {
        $r = scratch();
        file_put_contents("$r/a.so", random_bytes(5000) . "\0Version: NSS 3.44.0\0" . random_bytes(100));
        $this->assertSame('3.44.0', D\softokn_file_version("$r/a.so", D\SOFTOKN_FILE_MAX, $why));
        $this->assertNull($why);
        // old builds append the ECC flavour
        file_put_contents("$r/b.so", "\0Version: NSS 3.14.3.0 Basic ECC\0");
        $this->assertSame('3.14.3.0', D\softokn_file_version("$r/b.so"));
        // the string straddles the 1 MiB read: only the complete one counts (nsscache's defect 9)
        $s = "Version: NSS 3.87.1\0";
        file_put_contents("$r/c.so", str_repeat("\x01", (1 << 20) - 10) . $s . 'rest');
        $this->assertSame('3.87.1', D\softokn_file_version("$r/c.so"));
        // at the very end of the file: taken as cut, as nsscache's C takes it (data/nss-version.tsv)
        file_put_contents("$r/d.so", str_repeat("\x01", 100) . 'Version: NSS 3.53.1');
        $this->assertNull(D\softokn_file_version("$r/d.so"));
        file_put_contents("$r/e.so", random_bytes(3000));
        $this->assertNull(D\softokn_file_version("$r/e.so"));
        posix_mkfifo("$r/f.so", 0600);
        $v = D\softokn_file_version("$r/f.so", D\SOFTOKN_FILE_MAX, $why);
        $this->assertNull($v);
        $this->assertStringContainsString('FIFO', $why);
        // the bound
        file_put_contents("$r/g.so", str_repeat("\x01", 3 << 20) . $s);
        $this->assertNull(D\softokn_file_version("$r/g.so", 2 << 20));
    }

    public function testSystemLibraryDirectories(): void
    {
        foreach (['/usr/lib64', '/lib64', '/usr/lib', '/lib', '/usr/lib/x86_64-linux-gnu', '/lib/aarch64-linux-gnu']
                as $d) {
            $this->assertTrue(D\is_system_lib_dir($d), $d);
        }
        foreach (['/opt/nss/lib', '/usr/lib/x86_64-linux-gnu/nss', '/usr/local/lib', '/tmp', '', '.'] as $d) {
            $this->assertFalse(D\is_system_lib_dir($d), $d);
        }
    }

    // ---------------------------------------------------------------- php-fpm configurations

    public function testFpmConfWithIncludesAndPoolVariables(): void
    {
        $r = scratch();
        mkdir("$r/pool.d");
        file_put_contents("$r/php-fpm.conf", "[global]\npid = /run/x.pid\ninclude=$r/pool.d/*.conf\n");
        file_put_contents("$r/pool.d/www.conf", "; comment\n[www]\nuser = www-data\nlisten = /run/php/\$pool.sock\n"
            . "env[NSS_SDB_USE_CACHE] = yes\nenv[Q] = \"yes\"\nphp_admin_value[nsscache.enabled] = 0\n"
            . "listen.owner = www-data\n");
        file_put_contents("$r/pool.d/api.conf", "[api]\nlisten = 127.0.0.1:9001 ; trailing comment\nchroot = /srv\n");
        $seen = [];
        $c = D\fpm_parse("$r/php-fpm.conf", $seen);
        [$pools, $errors, $files] = [$c['pools'], $c['errors'], $c['files']];
        $this->assertSame([], $errors);
        $this->assertCount(3, $files);
        $this->assertSame(['api', 'www'], array_keys(array_reverse($pools, true)) === ['api', 'www'] ? ['api', 'www']
            : array_keys($pools));
        $this->assertSame('/run/php/www.sock', $pools['www']['listen']);
        $this->assertSame(['value' => 'yes', 'quoted' => false], $pools['www']['env']['NSS_SDB_USE_CACHE']);
        $this->assertSame(['value' => 'yes', 'quoted' => true], $pools['www']['env']['Q']);
        $this->assertSame('0', $pools['www']['admin']['nsscache.enabled']);
        $this->assertSame('127.0.0.1:9001', $pools['api']['listen']);
        $this->assertSame('/srv', $pools['api']['chroot']);
    }

    public function testOddFpmConfigsGiveReasonsNotCrashes(): void
    {
        $r = scratch();
        file_put_contents("$r/loop.conf", "include=$r/loop.conf\n[a]\nlisten=/a.sock\n");
        file_put_contents("$r/bin.conf", "\x7fELF\0\0\0" . random_bytes(1000));
        file_put_contents("$r/odd.conf", "[]\nnot a line\n[b]\n=novalue\nlisten\n" . str_repeat('x', 200000) . "\n");
        posix_mkfifo("$r/fifo.conf", 0600);
        mkdir("$r/dir.conf");
        $seen = [];
        $pools = D\fpm_parse("$r/loop.conf", $seen)['pools'];
        $this->assertSame(['a'], array_keys($pools), 'an include of itself is read once');
        $cases = ['bin.conf' => 'binary data', 'fifo.conf' => 'FIFO', 'dir.conf' => 'directory', 'none.conf' => 'stat'];
        foreach ($cases as $f => $why) {
            $seen = [];
            $c = D\fpm_parse("$r/$f", $seen);
            [$pools, $errors] = [$c['pools'], $c['errors']];
            $this->assertSame([], $pools, $f);
            $this->assertStringContainsString($why, $errors[0]['why'], $f);
        }
        $seen = [];
        $c = D\fpm_parse("$r/odd.conf", $seen);
        [$pools, $errors] = [$c['pools'], $c['errors']];
        $this->assertSame(['b'], array_keys($pools));
        $this->assertNull($pools['b']['listen']);
        $this->assertGreaterThanOrEqual(3, count($errors));
        foreach (array_column($errors, 'why') as $why) {
            $this->assertLessThan(200, strlen($why), 'a reason is one short line');
        }
    }

    public function testDiscoveredPoolsOfOddConfigsBecomeTargetsWithTheirReasons(): void
    {
        $r = scratch();
        file_put_contents("$r/a.conf", "[nolisten]\nuser = x\n[badlisten]\nlisten = some thing\n[ok]\nlisten = 9000\n");
        file_put_contents("$r/b.conf", "\0binary");
        $t = D\discover_pools(["$r/*.conf"], scratch());
        $by = array_column($t, null, 'name');
        $this->assertSame('not_running', $by['ok']['status'], 'no master uses this file');
        $this->assertFalse($by['ok']['counted']);
        $this->assertSame('127.0.0.1:9000', $by['ok']['address']);
        $this->assertStringContainsString('binary', $by["config $r/b.conf"]['error']);
        $this->assertFalse($by["config $r/b.conf"]['counted'], 'a file no running master reads is not counted');
    }

    public function testFpmAddresses(): void
    {
        foreach (['/run/php/x.sock' => '/run/php/x.sock', '9000' => '127.0.0.1:9000',
                '127.0.0.1:9001' => '127.0.0.1:9001', '[::1]:9002' => '[::1]:9002',
                'localhost:9003' => 'localhost:9003',
                '0.0.0.0:9004' => '127.0.0.1:9004', '[::]:9005' => '127.0.0.1:9005', '' => null, 'a b' => null,
                'x:y' => null] as $in => $want) {
            $this->assertSame($want, D\fpm_address((string) $in), "[$in]");
        }
        $this->assertNull(D\fpm_address(null));
    }

    // ---------------------------------------------------------------- answers

    public function testFastcgiRecords(): void
    {
        $in = D\fcgi_record(6, "Status: 404\r\n\r\nFile") . D\fcgi_record(7, 'Primary script unknown')
            . D\fcgi_record(6, ' not found.') . D\fcgi_record(3, pack('NCx3', 0, 0));
        $this->assertSame(['stdout' => "Status: 404\r\n\r\nFile not found.", 'stderr' => 'Primary script unknown',
            'ended' => true], D\fcgi_parse($in));
        $this->assertSame(['stdout' => '', 'stderr' => '', 'ended' => false], D\fcgi_parse(substr($in, 0, 12)),
            'a cut record is not read');
        $a = D\cgi_answer("Status: 404\r\n\r\nFile not found.", 'Primary script unknown');
        $this->assertSame(['endpoint_failed', 'status 404: Primary script unknown'], [$a['status'], $a['error']]);
        $a = D\cgi_answer("Content-Type: text/html\r\n\r\n<b>Warning</b>", '');
        $this->assertSame('bad_answer', $a['status']);
        $f = facts_fixture();
        $a = D\cgi_answer("Content-Type: application/json\r\n\r\n" . json_encode($f), '');
        $this->assertSame('ok', $a['status']);
        $this->assertSame($f, $a['facts']);
    }

    public function testFactsKeepEveryByteThroughJson(): void
    {
        $f = facts_fixture(['NSS_SDB_USE_CACHE' => "\xff\xfe1", 'SSL_DIR' => "é/\n"]);
        $json = json_encode(nsscache_ep_utf8($f));
        $this->assertIsString($json);
        $back = D\decode_facts($json);
        $this->assertSame($f, $back);
        $none = D\decode_facts('{"facts": 2}', $why);
        $this->assertNull($none);
        $none = D\decode_facts(str_repeat('[', 100000), $why);
        $this->assertNull($none);
        $this->assertStringContainsString('facts', $why);
    }

    // One copy of the endpoint's code: the endpoint file itself, verbatim, as a library (no comment-marker cut).
    public function testTheSnippetIsTheEndpointVerbatim(): void
    {
        $src = file_get_contents(TOP . '/fleet/nsscache-metrics.php');
        $s = D\snippet(TOP . '/fleet/nsscache-metrics.php', $why);
        $this->assertNull($why);
        $this->assertStringContainsString($src, $s);
        $this->assertStringStartsWith("define('NSSCACHE_EP_LIBRARY', true); ?>", $s);
        $r = scratch();
        file_put_contents("$r/x.php", "<?php\necho 1;\n");
        $this->assertNull(D\snippet("$r/x.php"));
        file_put_contents("$r/y.php", "<?php\nfunction nsscache_ep_facts() {}\n?>\nhtml\n");
        $this->assertNull(D\snippet("$r/y.php"), 'a closing tag would end the code');
        $out = D\drive([D\run([PHP_BINARY, '-n', '-r', $s], null, microtime(true) + 10)])[0]['stdout'];
        $this->assertMatchesRegularExpression('/^\n' . D\FACTS_MARK . '\{.*"view":\{"view":1,/', $out);
    }

    public function testRunningACommandIsBounded(): void
    {
        $t = microtime(true);
        $status = D\drive([D\run(['sleep', '5'], null, microtime(true) + 0.3)])[0]['status'];
        $this->assertSame('timeout', $status);
        $this->assertLessThan(2.0, microtime(true) - $t);
        $status = D\drive([D\run(['sh', '-c', 'kill -SEGV $$'], null, microtime(true) + 3)])[0]['status'];
        $this->assertSame('crashed: signal 11 (SIGSEGV)', $status);
        $status = D\drive([D\run(['sh', '-c', 'exit 7'], null, microtime(true) + 3)])[0]['status'];
        $this->assertSame('exit 7', $status);
        $status = D\drive([D\run(['/nonexistent/php'], null, microtime(true) + 3)])[0]['status'];
        $this->assertMatchesRegularExpression('/^(exit 127|error)/', $status);
        $status = D\drive([D\run(['sh', '-c', 'head -c 3000000 /dev/zero'], null, microtime(true) + 5)])[0]['status'];
        $this->assertStringContainsString('more than', $status);
    }

    // One deadline however slow the targets: tasks run together; each ends at its own deadline, all within the longest.
    public function testTasksRunTogether(): void
    {
        $t = microtime(true);
        $tasks = [];
        for ($i = 0; $i < 10; $i++) {
            $tasks[] = D\run(['sleep', '5'], null, $t + 0.5);
        }
        $tasks['quick'] = D\run(['sh', '-c', 'echo hi'], null, $t + 3);
        $r = D\drive($tasks);
        $this->assertLessThan(2.0, microtime(true) - $t, '10 sleeps of 5 s cut at 0.5 s, together');
        $this->assertSame(array_fill(0, 10, 'timeout'), array_column(array_slice($r, 0, 10), 'status'));
        $this->assertSame(['stdout' => "hi\n", 'stderr' => '', 'status' => 'ok'], $r['quick']);
    }
}
