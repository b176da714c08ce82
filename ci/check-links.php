<?php
// SPDX-License-Identifier: BSD-2-Clause
// Checks the links of Markdown files without the network: every relative link names a file or
// directory that exists, and every #anchor (in the same file or in another .md) names a heading
// there, slugged as GitHub does, or an explicit id/name. Links with a scheme (https:, mailto:)
// are not followed. Code spans and fenced blocks are skipped.
// Usage: php -n ci/check-links.php FILE.md...   (the build suite: README.md docs/*.md)
// Prints each broken link as FILE:LINE: TARGET: why, then "N links, N broken"; exits 1 if any.
declare(strict_types=1);

// The Markdown of FILE with code blocks and code spans blanked, line numbers kept.
function prose(string $file): array
{
    $out = [];
    $fence = null;
    foreach (file($file, FILE_IGNORE_NEW_LINES) ?: [] as $line) {
        if (preg_match('/^ {0,3}(`{3,}|~{3,})/', $line, $m)) {
            if ($fence === null) {
                $fence = $m[1][0];
            } elseif ($m[1][0] === $fence) {
                $fence = null;
            }
            $out[] = '';
            continue;
        }
        $out[] = $fence === null ? preg_replace('/(`+).*?\1/', '', $line) : '';
    }
    return $out;
}

// GitHub's anchor for a heading: its text without markup, lower case, punctuation dropped
// (letters, digits, marks, "_", "-" and spaces stay), spaces as "-"; a repeat gets -1, -2...
function slug(string $heading): string
{
    $t = preg_replace('/!?\[([^\]]*)\]\([^)]*\)/u', '$1', $heading);  // [text](url) -> text
    $t = preg_replace('/<[^>]+>/u', '', $t);                           // HTML tags
    $t = str_replace(['`', '*'], '', $t);
    $t = preg_replace('/(^|\s)_+|_+(\s|$)/u', '$1$2', $t);            // _emphasis_
    $t = mb_strtolower_ascii(trim($t));
    $t = preg_replace('/[^\p{L}\p{M}\p{N}_\- ]/u', '', $t);
    return str_replace(' ', '-', $t);
}

// strtolower for ASCII only (no mbstring with php -n); other letters are kept as they are.
function mb_strtolower_ascii(string $s): string
{
    return strtr($s, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
}

// The anchors of a Markdown file: its headings' slugs and explicit id= / name= attributes.
function anchors(string $file): array
{
    static $cache = [];
    if (isset($cache[$file])) {
        return $cache[$file];
    }
    $seen = [];
    $set = [];
    $fence = null;
    foreach (file($file, FILE_IGNORE_NEW_LINES) ?: [] as $line) {
        if (preg_match('/^ {0,3}(`{3,}|~{3,})/', $line, $m)) {
            $fence = $fence === null ? $m[1][0] : ($m[1][0] === $fence ? null : $fence);
            continue;
        }
        if ($fence !== null) {
            continue;
        }
        if (preg_match('/^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/', $line, $m)) {
            $s = slug($m[1]);
            $n = $seen[$s] ?? 0;
            $seen[$s] = $n + 1;
            $set[$n === 0 ? $s : "$s-$n"] = true;
        }
        if (preg_match_all('/\b(?:id|name)\s*=\s*"([^"]+)"/', $line, $mm)) {
            foreach ($mm[1] as $a) {
                $set[$a] = true;
            }
        }
    }
    return $cache[$file] = $set;
}

$files = array_slice($argv, 1);
if ($files === []) {
    fwrite(STDERR, "usage: php -n ci/check-links.php FILE.md...\n");
    exit(2);
}
$links = 0;
$broken = 0;
foreach ($files as $file) {
    if (!is_file($file)) {
        echo "$file: no such file\n";
        $broken++;
        continue;
    }
    $dir = dirname($file);
    foreach (prose($file) as $i => $line) {
        // [text](target "title"), ![alt](target), and reference definitions [id]: target
        preg_match_all('/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/', $line, $m);
        $targets = $m[1];
        if (preg_match('/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/', $line, $r)) {
            $targets[] = $r[1];
        }
        foreach ($targets as $target) {
            if (preg_match('/^[a-z][a-z0-9+.-]*:/i', $target)) {
                continue;
            }
            $links++;
            [$path, $frag] = array_pad(explode('#', $target, 2), 2, null);
            $path = rawurldecode($path);
            $to = $path === '' ? $file : "$dir/$path";
            $why = null;
            if ($target === '' || $target === '#') {
                $why = 'empty link';
            } elseif (!file_exists($to)) {
                $why = 'no such file or directory';
            } elseif ($frag !== null && substr($to, -3) === '.md') {
                if (!isset(anchors($to)[rawurldecode($frag)])) {
                    $why = 'no such heading or anchor in ' . ($path === '' ? 'this file' : $path);
                }
            } elseif ($frag !== null && !preg_match('/^L\d+(-L\d+)?$/', $frag)) {
                $why = 'an anchor in a file that is not Markdown';
            }
            if ($why !== null) {
                echo "$file:" . ($i + 1) . ": $target: $why\n";
                $broken++;
            }
        }
    }
}
echo "$links links, $broken broken\n";
exit($broken === 0 ? 0 : 1);
