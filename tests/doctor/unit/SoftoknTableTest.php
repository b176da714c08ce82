<?php
// SPDX-License-Identifier: BSD-2-Clause
// The softokn table: data/softokn.tsv against docs/softokn-table.md (family by family, row by
// row, every column), the loader's refusals, and the lookup at every range boundary.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class SoftoknTableTest extends TestCase
{
    // family => list of rows (column => value) from the doc's "## family" tables
    private static function docTables(): array
    {
        $md = file_get_contents(TOP . '/docs/softokn-table.md');
        $out = [];
        $family = null;
        $cols = null;
        foreach (explode("\n", $md) as $line) {
            if (preg_match('/^## (\S+)$/', $line, $m)) {
                $family = $m[1];
                $cols = null;
                continue;
            }
            if ($family === null || strncmp($line, '|', 1) !== 0) {
                continue;
            }
            $cells = array_map('trim', explode('|', trim($line, '|')));
            if ($cols === null) {
                $cols = $cells;
            } elseif (!preg_match('/^-+$/', $cells[0])) {
                $out[$family][] = array_combine($cols, $cells);
            }
        }
        return $out;
    }

    public function testEveryFamilyOfTheFileHasItsTableInTheDoc(): void
    {
        $doc = self::docTables();
        $families = array_values(array_unique(array_column(the_table(), 'family')));
        $this->assertSame($families, array_keys($doc), 'one "## family" table per family, in the file\'s order');
    }

    public function familyProvider(): array
    {
        return [['upstream'], ['rhel6'], ['rhel7']];
    }

    /** @dataProvider familyProvider */
    public function testTheDocShowsEveryRowOfTheFile(string $family): void
    {
        $doc = self::docTables()[$family] ?? [];
        $rows = array_values(array_filter(the_table(), function ($r) use ($family) {
            return $r['family'] === $family;
        }));
        $this->assertCount(count($rows), $doc, "$family: as many rows in the doc as in the file");
        foreach ($rows as $i => $r) {
            foreach (array_slice(D\TABLE_COLUMNS, 1) as $col) {
                $this->assertSame($r[$col], $doc[$i][$col] ?? null, "$family row " . ($i + 1) . " column $col");
            }
            $this->assertGreaterThan(40, strlen($doc[$i]['why']), "$family row " . ($i + 1) . ': explained');
        }
    }

    public function testEveryRowCitesASource(): void
    {
        foreach (the_table() as $r) {
            $this->assertMatchesRegularExpression('/Mozilla \d+|RH bz \d+|RHEL \d|\.patch/', $r['source'],
                "line {$r['line']}");
        }
    }

    public function badTableProvider(): array
    {
        $h = implode("\t", D\TABLE_COLUMNS);
        $row = "upstream\t3.16\t3.32\tyes\tprobe\tprobe\tprobe\tprobe\tno\tno\tno\tMozilla 956082\t-\t-";
        $built = "upstream\t3.87.1\t3.87.1\tyes\tno\tfstype\tprobe\tprobe\tno\tno\tyes\tMozilla 1720227\tdebian 12 x 1";
        return [
            'no header' => [$row, 'header'],
            'wrong header' => ["family\tfrom\n$row", 'header'],
            'short row' => ["$h\nupstream\t3.16", 'columns'],
            'bad family' => ["$h\n" . str_replace('upstream', 'debian', $row), 'family'],
            'bad cell' => ["$h\n" . str_replace("\tprobe\tprobe\tprobe\tprobe\t", "\tmaybe\tprobe\tprobe\tprobe\t",
                $row), 'unset_db'],
            'bad version' => ["$h\n" . str_replace('3.32', '3.x', $row), 'range'],
            'reversed range' => ["$h\n" . str_replace("3.16\t3.32", "3.32\t3.16", $row), 'range'],
            'overlap' => ["$h\n$row\n" . str_replace("3.16\t3.32", "3.30\t3.40", $row), 'overlap'],
            'no source' => ["$h\n" . str_replace('Mozilla 956082', ' ', $row), 'source'],
            'empty' => ["# comment only\n", 'no header'],
            'a build without its layouts' => ["$h\n$built\t-", 'needs'],
            'a layout for a reason the model does not give' => ["$h\n$built\tprobes=cli-unset", 'measured'],
            'a layout without a build' => ["$h\n" . str_replace("\t-\t-", "\t-\tlocal_fs=cli-unset", $row), 'needs'],
        ];
    }

    /** @dataProvider badTableProvider */
    public function testADamagedTableIsRefusedAsAWhole(string $text, string $why): void
    {
        $rows = D\table_parse($text, $err);
        $this->assertNull($rows);
        $this->assertStringContainsString($why, (string) $err);
    }

    // Every layout a measured row names is a row of the truth suite, and it says "none" for that reason
    public function testEveryMeasuredLayoutIsATruthRow(): void
    {
        $truth = [];
        foreach (file(TOP . '/tests/doctor/truth.tsv', FILE_IGNORE_NEW_LINES) as $l) {
            $f = explode("\t", $l);
            if ($l !== '' && $l[0] !== '#' && count($f) === 5) {
                $truth[$f[0]] = "$f[1] $f[2] $f[3]";
            }
        }
        $n = 0;
        foreach (the_table() as $r) {
            foreach ($r['measured_by'] as $key => $layout) {
                $want = in_array($key, ['quiet', 'local_fs', 'network_fs'], true) ? "none $key 0" : 'none host_prevents 0';
                $this->assertSame($want, $truth[$layout] ?? null, "line {$r['line']}: $key=$layout");
                $n++;
            }
        }
        $this->assertGreaterThan(0, $n);
    }

    // A build is named only when dpkg's checksum of libnss3's file matches the file itself: another file
    // at that path (a legacy build, a bind mount) names none, and so gets no measured "none"
    public function testTheBuildIsTheFileDpkgInstalled(): void
    {
        $r = scratch();
        mkdir("$r/usr/lib/x86_64-linux-gnu", 0755, true);
        mkdir("$r/var/lib/dpkg/info", 0755, true);
        $f = "$r/usr/lib/x86_64-linux-gnu/libsoftokn3.so";
        file_put_contents($f, "\x7fELF\0Version: NSS 3.87.1\0");
        file_put_contents("$r/var/lib/dpkg/info/libnss3:amd64.md5sums", md5_file($f)
            . "  usr/lib/x86_64-linux-gnu/libsoftokn3.so\n");
        file_put_contents("$r/var/lib/dpkg/status", "Package: libnss3-tools\nVersion: 9\n\nPackage: libnss3\n"
            . "Architecture: i386\nVersion: 8\n\nPackage: libnss3\nArchitecture: amd64\nVersion: 2:3.87.1-1+deb12u4\n");
        $debian = ['id' => 'debian', 'version' => '12'];
        $this->assertSame('debian 12 libnss3 2:3.87.1-1+deb12u4', D\softokn_build_read($r, '/usr/lib/x86_64-linux-gnu/'
            . 'libsoftokn3.so', $debian));
        file_put_contents($f, "\x7fELF\0Version: NSS 3.87.1\0legacy");
        $this->assertNull(D\softokn_build_read($r, '/usr/lib/x86_64-linux-gnu/libsoftokn3.so', $debian));
    }

    public function testAMissingOrNonRegularTableFileIsRefused(): void
    {
        $d = scratch();
        $rows = D\table_load("$d/none.tsv", $err);
        $this->assertNull($rows);
        $this->assertStringContainsString('cannot stat', $err);
        posix_mkfifo("$d/fifo.tsv", 0600);
        $rows = D\table_load("$d/fifo.tsv", $err);
        $this->assertNull($rows);
        $this->assertStringContainsString('FIFO', $err);
    }

    public function lookupProvider(): array
    {
        // family, version, first row's "from" expected (null: no row), honours
        return [
            ['upstream', '3.12.2', null, null],
            ['upstream', '3.12.3', '3.12.3', 'no'],
            ['upstream', '3.15.5', '3.12.3', 'no'],
            ['upstream', '3.16', '3.16', 'yes'],
            ['upstream', '3.32.1', '3.16', 'yes'],
            ['upstream', '3.33', '3.33', 'yes'],
            ['upstream', '3.37.3', '3.33', 'yes'],
            ['upstream', '3.38.0', '3.38', 'yes'],
            ['upstream', '3.68.4', '3.38', 'yes'],
            ['upstream', '3.69', '3.69', 'yes'],
            ['upstream', '3.87.1', '3.69', 'yes'],
            ['upstream', '3.110', '3.69', 'yes'],
            ['upstream', '4.0', null, null],
            ['rhel6', '3.14.2', '3.12.3', 'no'],
            ['rhel6', '3.14.3', '3.14.3', 'release'],
            ['rhel6', '3.14.3.0', '3.14.3', 'release'],
            ['rhel6', '3.15.4', '3.14.3', 'release'],
            ['rhel6', '3.44.0', '3.16', 'yes'],
            ['rhel7', '3.15.4', '3.12.3', 'no'],
            ['rhel7', '3.16.2', '3.16', 'yes'],
            ['rhel7', '3.34.0', '3.33', 'yes'],
            ['rhel7', '3.35.9', '3.33', 'yes'],
            ['rhel7', '3.36.0', '3.36', 'yes'],
            ['rhel7', '3.51.9', '3.36', 'yes'],
            ['rhel7', '3.52', '3.52', 'yes'],
            ['rhel7', '3.53.1', '3.52', 'yes'],
        ];
    }

    /** @dataProvider lookupProvider */
    public function testLookupAtTheBoundaries(string $family, string $version, ?string $from, ?string $honours): void
    {
        $r = D\table_lookup(the_table(), $family, D\version_parse($version));
        $this->assertSame($from, $r['from'] ?? null, "$family $version");
        $this->assertSame($honours, $r['honours'] ?? null);
        $this->assertFalse($r['partial'] ?? false);
    }

    // range_holds() on its own (the lookup above gives the same row for "all" and a lone "some"): a row
    // holds all of its first and its last version, a bound such as 3.15 included; a bare major ("3.69 - 3")
    // stands for more than the row
    public function testARowHoldsAllOfItsBoundaryVersions(): void
    {
        foreach (the_table() as $r) {
            foreach (count($r['to_v']) > 1 ? [$r['from_v'], $r['to_v']] : [$r['from_v']] as $v) {
                $this->assertSame('all', D\range_holds($r['from_v'], $r['to_v'], $v),
                    "line {$r['line']}: {$r['from']} - {$r['to']} at " . implode('.', $v));
            }
        }
        $this->assertSame('some', D\range_holds([3, 12, 3], [3, 14, 2], [3, 14]));
        $this->assertSame('none', D\range_holds([3, 12, 3], [3, 14, 2], [3, 14, 3]));
        $this->assertSame('some', D\range_holds([3, 69], [3], [3]));
    }

    public function testAMajorMinorVersionThatSpansRowsMergesThem(): void
    {
        // rhel6 3.14 stands for 3.14.0 - 3.14.x: the "no" and the "release" rows
        $r = D\table_lookup(the_table(), 'rhel6', [3, 14]);
        $this->assertTrue($r['partial']);
        $this->assertSame('unknown', $r['honours']);
        $this->assertSame('unknown', $r['yesno_db']);
        $this->assertSame('probe', $r['unset_db'], 'both rows agree: probe');
        // a major.minor inside one row is that row
        $r = D\table_lookup(the_table(), 'upstream', [3, 44]);
        $this->assertFalse($r['partial']);
        $this->assertSame('3.38', $r['from']);
    }

    public function testVersionParsing(): void
    {
        $this->assertSame([3, 87, 1], D\version_parse('3.87.1'));
        $this->assertSame([3, 14, 3, 0], D\version_parse('3.14.3.0'));
        $this->assertNull(D\version_parse('3.87.1 Basic ECC'));
        $this->assertNull(D\version_parse(''));
        $this->assertNull(D\version_parse('3..1'));
        $this->assertNull(D\version_parse('123456.1'));
    }
}
