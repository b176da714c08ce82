<?php
// SPDX-License-Identifier: BSD-2-Clause
// Rules nsscache's C and the doctor both apply, as test vectors under data/ that this test and
// tests/unit/test_vectors.c (cmocka) both read: NSS's version string, the system library
// directories, and where softokn is looked for.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class VectorsTest extends TestCase
{
    // The rows of data/NAME: each a list of its fields by the header's names ('-' null).
    private static function rows(string $name): array
    {
        $lines = file(TOP . "/data/$name", FILE_IGNORE_NEW_LINES);
        $lines = array_values(array_filter($lines, function (string $l): bool {
            return $l === '' || $l[0] !== '#';
        }));
        $head = explode("\t", array_shift($lines));
        $out = [];
        foreach ($lines as $n => $l) {
            $f = array_pad(explode("\t", $l), count($head), '');
            $out["$name row " . ($n + 1)] = [array_combine($head, array_map(function (string $v): ?string {
                return $v === '-' ? null : $v;
            }, $f))];
        }
        return $out;
    }

    public static function versions(): array
    {
        return self::rows('nss-version.tsv');
    }

    /** @dataProvider versions */
    public function testTheVersionString(array $r): void
    {
        $this->assertSame($r['version'], D\nss_version_in(stripcslashes((string) $r['text'])));
    }

    public static function systemDirs(): array
    {
        return self::rows('system-lib-dirs.tsv');
    }

    /** @dataProvider systemDirs */
    public function testTheSystemLibraryDirectories(array $r): void
    {
        $this->assertSame($r['system'] === 'yes', in_array($r['dir'], D\system_lib_dirs($r['libc_dir']), true));
    }

    public static function candidates(): array
    {
        return self::rows('softokn-candidates.tsv');
    }

    /** @dataProvider candidates */
    public function testWhereSoftoknIsLookedFor(array $r): void
    {
        $this->assertSame($r['candidates'] === null ? [] : explode(' ', $r['candidates']),
            D\softokn_candidates($r['nss'], $r['nss_real'], $r['libc_dir']));
    }

    // Each table's rows hold what its header names: a vector that cannot be read fails here.
    public function testTheTablesAreWellFormed(): void
    {
        foreach (['nss-version.tsv' => 2, 'system-lib-dirs.tsv' => 3, 'softokn-candidates.tsv' => 4] as $name => $n) {
            foreach (file(TOP . "/data/$name", FILE_IGNORE_NEW_LINES) as $i => $l) {
                $this->assertTrue($l === '' || $l[0] === '#' || count(explode("\t", $l)) === $n, "$name line $i");
            }
        }
    }
}
