<?php
// SPDX-License-Identifier: BSD-2-Clause
// package.xml helper for ci/gen-package-xml and ci/check-package-xml.
//
//   php package-xml.php required < FILELIST       the files package.xml must name
//   php package-xml.php gen PACKAGE_XML < FILELIST  rewrite <contents>, nothing else
//   php package-xml.php check PACKAGE_XML VERSION < FILELIST
//   php package-xml.php list PACKAGE_XML          the file names it holds
//
// FILELIST: the repo's files, one a line (git ls-files).

/* What a PECL package of nsscache carries: the extension's sources, its phpt
 * suite and the docs, and nsscache-doctor (doctor/, the table it reads, the
 * fleet/ endpoint, units and rules) as docs: installed under the doc dir with
 * the same layout as in a checkout, where the doctor finds its files. The dev
 * harnesses (cmocka/fuzz units, the real-NSS integration and FPM suites, ci/,
 * bench/, demo/) need this repo's scripts and stay out. */
function required(array $files): array
{
    $out = [];
    foreach ($files as $f) {
        if (preg_match('#^(tests/(unit|integration|fpm)/|ci/|\.ci/|bench/|demo/|scripts/|docs/)#', $f)) {
            continue;
        }
        // The ini snippets, as docs: pecl users copy one, the RPM installs 10-nsscache.ini.
        if (strncmp($f, 'ini/', 4) === 0) {
            $out[$f] = 'doc';
            continue;
        }
        if (preg_match('#(\.c|\.h|\.m4|\.phpt|\.inc|\.stub\.php)$#', $f) || $f === 'README.md' || $f === 'LICENSE'
            || $f === 'config.w32' || preg_match('#^(doctor|fleet)/#', $f) || $f === 'data/softokn.tsv') {
            $out[$f] = role($f);
        }
    }
    ksort($out, SORT_STRING);
    return $out;
}

function role(string $f): string
{
    if (strncmp($f, 'tests/', 6) === 0) {
        return 'test';
    }
    if ($f === 'README.md' || $f === 'LICENSE' || substr($f, -3) === '.md'
        || preg_match('#^(doctor|fleet|data)/#', $f)) {
        return 'doc';
    }
    return 'src';
}

function read_list(): array
{
    return array_values(array_filter(array_map('trim', explode("\n", stream_get_contents(STDIN))), 'strlen'));
}

/* file name => role, from nested <dir>/<file> elements. */
function listed(string $xml_file): array
{
    $xml = @simplexml_load_file($xml_file);
    if ($xml === false) {
        fwrite(STDERR, "$xml_file: not well-formed XML\n");
        exit(2);
    }
    $xml->registerXPathNamespace('p', 'http://pear.php.net/dtd/package-2.0');
    $out = [];
    $walk = function ($node, string $base) use (&$walk, &$out) {
        foreach ($node->children('http://pear.php.net/dtd/package-2.0') as $child) {
            // Unprefixed attributes are in no namespace: ask for them so.
            $attr = $child->attributes();
            $name = (string) $attr['name'];
            if ($child->getName() === 'dir') {
                $walk($child, $name === '/' ? $base : ltrim($base . '/' . $name, '/'));
            } elseif ($child->getName() === 'file') {
                $out[ltrim($base . '/' . $name, '/')] = (string) $attr['role'];
            }
        }
    };
    foreach ($xml->xpath('/p:package/p:contents') as $contents) {
        $walk($contents, '');
    }
    return $out;
}

function contents_xml(array $req): string
{
    $s = " <contents>\n  <dir name=\"/\">\n";
    foreach ($req as $f => $role) {
        $s .= sprintf("   <file name=\"%s\" role=\"%s\"/>\n", htmlspecialchars($f, ENT_XML1), $role);
    }
    return $s . "  </dir>\n </contents>";
}

$cmd = $argv[1] ?? '';
switch ($cmd) {
case 'required':
    foreach (required(read_list()) as $f => $role) {
        echo "$f\n";
    }
    break;

case 'list':
    foreach (listed($argv[2]) as $f => $role) {
        echo "$f\n";
    }
    break;

case 'gen':
    $file = $argv[2];
    $contents = contents_xml(required(read_list()));
    $text = @file_get_contents($file);
    if ($text === false) {
        fwrite(STDERR, "$file: missing (the metadata around <contents> is written by hand)\n");
        exit(2);
    }
    $new = preg_replace('#[ \t]*<contents>.*?</contents>#s', $contents, $text, 1, $n);
    if ($n !== 1) {
        fwrite(STDERR, "$file: no <contents> element to replace\n");
        exit(2);
    }
    file_put_contents($file, $new);
    break;

case 'check':
    [$file, $version] = [$argv[2], $argv[3]];
    $req = required(read_list());
    $have = listed($file);
    $pass = $fail = 0;
    foreach ($req as $f => $role) {
        if (!isset($have[$f])) {
            echo "FAIL missing from package.xml: $f (role $role)\n";
            $fail++;
        } elseif ($have[$f] !== $role) {
            echo "FAIL $f has role {$have[$f]}, expected $role\n";
            $fail++;
        } else {
            $pass++;
        }
    }
    foreach ($have as $f => $role) {
        if (!file_exists($f)) {
            echo "FAIL package.xml names a file that does not exist: $f\n";
            $fail++;
        } elseif (!isset($req[$f])) {
            // Named on purpose (e.g. an extra doc): fine while it exists.
            $pass++;
        }
    }
    $xml = simplexml_load_file($file);
    $checks = [
        'release version = PHP_NSSCACHE_VERSION' => (string) $xml->version->release === $version,
        'changelog has this release' => (bool) array_filter(
            iterator_to_array($xml->changelog->release ?? [], false),
            fn($r) => (string) $r->version->release === $version),
        'providesextension nsscache' => (string) $xml->providesextension === 'nsscache',
        'php 5.4.0 to 8.5.99' => (string) $xml->dependencies->required->php->min === '5.4.0'
            && (string) $xml->dependencies->required->php->max === '8.5.99',
    ];
    foreach ($checks as $what => $ok) {
        if ($ok) {
            $pass++;
        } else {
            echo "FAIL $what\n";
            $fail++;
        }
    }
    if ($fail) {
        echo "(ci/gen-package-xml rewrites <contents> from the repo's files)\n";
    }
    echo "passed $pass\n";     // the FAIL lines above are the failures
    exit($fail ? 1 : 0);

default:
    fwrite(STDERR, "usage: package-xml.php required|gen|check|list ...\n");
    exit(2);
}
