<?php
// SPDX-License-Identifier: BSD-2-Clause
// The launcher (doctor/nsscache-doctor) on a host whose only PHP is older than 7.4, as RHEL 7's
// own 5.4: it names the package that brings one and the checks to do meanwhile, and exits 3
// (not inspected). Debian has no PHP 5, so a stand-in answers the launcher's version probe as
// PHP 5.4.16 would; the launcher's own discovery and trust checks run on it unchanged.
declare(strict_types=1);

use PHPUnit\Framework\TestCase;

final class LauncherOldPhpTest extends TestCase
{
    // A PATH of its own holding only a PHP 5.4.16 stand-in: it answers `php -n -r 'echo
    // PHP_VERSION_ID;'` and nothing else (a doctor run under it fails loudly).
    private static function oldPhpPath(): string
    {
        $d = scratch();
        mkdir("$d/bin", 0755);
        file_put_contents("$d/bin/php", "#!/bin/sh\n"
            . "for a; do [ \"\$a\" = 'echo PHP_VERSION_ID;' ] && { echo 50416; exit 0; }; done\n"
            . "echo 'PHP 5.4.16 stand-in: it answers PHP_VERSION_ID only' >&2; exit 1\n");
        chmod("$d/bin/php", 0755);
        return "$d/bin";
    }

    // The launcher with PATH=BIN and nothing else in its environment: [exit code, its output]
    // (stderr with stdout, or only stdout when STDERR is false)
    private static function launch(string $bin, string $args = '', bool $stderr = true): array
    {
        exec(sprintf('env -i PATH=%s /bin/sh %s %s %s', escapeshellarg($bin),
            escapeshellarg(TOP . '/doctor/nsscache-doctor'), $args, $stderr ? '2>&1' : '2>/dev/null'), $out, $rc);
        return [$rc, implode("\n", $out)];
    }

    protected function setUp(): void
    {
        if (posix_geteuid() !== 0) {
            $this->markTestSkipped('the launcher runs only root\'s PHPs as root: the stand-in must be root\'s');
        }
        if (glob('/opt/{remi,rh}/*/root/usr/bin/php', GLOB_BRACE) !== []) {
            $this->markTestSkipped('this host has a collection\'s PHP, which the launcher finds beside PATH');
        }
    }

    public function testOnlyAnOldPhpSaysWhatToInstallAndWhatToCheckAndExits3(): void
    {
        $bin = self::oldPhpPath();
        [$rc, $out] = self::launch($bin);
        $this->assertSame(3, $rc, $out);
        $this->assertStringStartsWith("nsscache-doctor: php_too_old: the newest PHP here is 5.4.16 ($bin/php);"
            . ' the doctor needs PHP >= 7.4.', $out);
        foreach (['yum install php74-php-cli', '/opt/remi/php74/root/usr/bin/php', 'NSSCACHE_DOCTOR_PHP=',
                 'php --ri nsscache', 'php -r \'var_dump(getenv("NSS_SDB_USE_CACHE"));\'',
                 'SCRIPT_FILENAME=' . TOP . '/fleet/nsscache-metrics.php REQUEST_METHOD=GET cgi-fcgi -bind -connect',
                 'nsscache_variable{class="yes"} 1'] as $want) {
            $this->assertStringContainsString($want, $out);
        }
        $this->assertStringNotContainsString('stand-in', $out, 'the doctor never ran under PHP 5.4');
    }

    public function testNoPhpAtAllHasItsOwnCode(): void
    {
        $empty = scratch();
        [$rc, $out] = self::launch($empty);
        $this->assertSame(3, $rc, $out);
        $this->assertStringStartsWith('nsscache-doctor: no_php: no PHP found', $out);
        $this->assertStringContainsString('yum install php74-php-cli', $out);
    }

    // The same PATH with a real PHP >= 7.4 beside the 5.4 one: the doctor runs under that PHP.
    public function testAPhp74OrLaterBesideItRunsTheDoctor(): void
    {
        $bin = self::oldPhpPath();
        $name = sprintf('php%d.%d', PHP_MAJOR_VERSION, PHP_MINOR_VERSION);
        symlink(PHP_BINARY, "$bin/$name");
        [$rc, $out] = self::launch($bin, '--json --php ' . escapeshellarg(PHP_BINARY), false);
        $doc = json_decode($out, true);
        $this->assertSame(1, $doc['schema'] ?? null, $out);
        $this->assertSame(PHP_BINARY, $doc['targets'][0]['name'] ?? null);
        $this->assertSame($doc['exit'] ?? null, $rc);
        $this->assertStringNotContainsString('php_too_old', $out);
    }
}
