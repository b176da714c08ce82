<?php
// SPDX-License-Identifier: BSD-2-Clause
// Where --save-json may write as root: the Ansible fact prints that file without running
// the doctor, so only root may have written it or be able to name it. The document written is
// --json's, byte for byte.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

/**
 * Needs root: directories and files owned by others.
 *
 * @group root
 */
final class SaveJsonTest extends TestCase
{
    public static function cases(): array
    {
        // directory owner, group, mode; what is at the name already ('' nothing, 'root', 'nobody',
        // 'symlink', 'dir'); the name; accepted
        return [
            'root 0755, nothing there' => [0, 0, 0755, '', 'doctor.json', true],
            'root 0700, root\'s file there' => [0, 0, 0700, 'root', 'doctor.json', true],
            'nobody\'s file there' => [0, 0, 0755, 'nobody', 'doctor.json', false],
            'a symlink there' => [0, 0, 0755, 'symlink', 'doctor.json', false],
            'a directory there' => [0, 0, 0755, 'dir', 'doctor.json', false],
            'not *.json' => [0, 0, 0755, '', 'doctor.txt', false],
            'nobody\'s directory' => [65534, 0, 0755, '', 'doctor.json', false],
            'a world-writable directory' => [0, 0, 0777, '', 'doctor.json', false],
            'a root sticky directory (/tmp)' => [0, 0, 01777, '', 'doctor.json', false],
            'group nogroup may write the directory' => [0, 65534, 0775, '', 'doctor.json', false],
            'group root may write the directory' => [0, 0, 0775, '', 'doctor.json', true],
        ];
    }

    /** @dataProvider cases */
    public function testWhereRootMayWrite(int $du, int $dg, int $dm, string $there, string $name, bool $want): void
    {
        if (posix_geteuid() !== 0) {
            $this->markTestSkipped('needs root to own files as others');
        }
        $d = scratch() . '/state';
        mkdir($d);
        $f = "$d/$name";
        if ($there === 'root' || $there === 'nobody') {
            file_put_contents($f, "{}\n");
            chown($f, $there === 'root' ? 0 : 65534);
        } elseif ($there === 'symlink') {
            symlink('/etc/passwd', $f);
        } elseif ($there === 'dir') {
            mkdir($f);
        }
        chown($d, $du);
        chgrp($d, $dg);
        chmod($d, $dm);
        clearstatcache();
        $this->assertSame($want, D\save_json_path_ok($f, $why));
        $this->assertSame($want, $why === null, 'WHY says why not, and only then');
    }

    public function testRelativeOrControlBytesRefused(): void
    {
        $this->assertFalse(D\save_json_path_ok('doctor.json'));
        $this->assertFalse(D\save_json_path_ok(scratch() . "/a\nb.json"));
        $this->assertFalse(D\save_json_path_ok(''));
    }

    // The launcher's --save-json with --textfile -: the saved file is the --json document of the same
    // run (the same schema and targets), and the Prometheus text still goes to stdout.
    public function testSavedWithTheTextfile(): void
    {
        if (posix_geteuid() !== 0) {
            $this->markTestSkipped('the doctor refuses to run files that are not root\'s');
        }
        $d = scratch();
        $php = PHP_BINARY;
        $cmd = sprintf('%s --textfile - --save-json %s --php %s 2>/dev/null',
            escapeshellarg(TOP . '/doctor/nsscache-doctor'), escapeshellarg("$d/doctor.json"), escapeshellarg($php));
        exec($cmd, $out, $rc);
        $this->assertSame(0, $rc);
        $this->assertStringContainsString('nsscache_', implode("\n", $out));
        $doc = json_decode((string) file_get_contents("$d/doctor.json"), true);
        $this->assertSame(1, $doc['schema'] ?? null);
        $this->assertSame($php, $doc['targets'][0]['name'] ?? null);
        $this->assertSame([], glob("$d/.doctor.json.*"), 'no temporary file left');
        // it holds other users' command lines and values of their environ: root's alone to read, and the
        // Ansible fact (run as root, under become) prints it all the same
        $this->assertSame(0600, fileperms("$d/doctor.json") & 0777);
        $fact = (string) file_get_contents(TOP . '/fleet/nsscache.fact');
        $fact = preg_replace('/^f=.*$/m', 'f=' . escapeshellarg("$d/doctor.json"), $fact, 1, $n);
        $this->assertSame(1, $n, 'the fact names its file on an f= line');
        exec('sh -c ' . escapeshellarg($fact), $got, $rc);
        $this->assertSame([0, $doc], [$rc, json_decode(implode("\n", $got), true)]);
        exec('setpriv --reuid=65534 --regid=65534 --clear-groups cat ' . escapeshellarg("$d/doctor.json")
            . ' 2>/dev/null', $other, $rc);
        $this->assertSame([1, []], [$rc, $other], 'nobody read the saved JSON');
    }
}
