--TEST--
MINFO quotes the variable escaped and capped: php --ri cannot be made to print terminal escapes or extra lines
--EXTENSIONS--
nsscache
--FILE--
<?php
require __DIR__ . '/status.inc';
$out = nsscache_test_child(['NSS_SDB_USE_CACHE' => "a\x1b[31m\nFake => row"], ['nsscache.override' => 'never'],
    '(new ReflectionExtension("nsscache"))->info(); echo json_encode(nsscache_status()["env"]), "\n";');
foreach (explode("\n", $out) as $line) {
    if (preg_match('/^(NSS_SDB_USE_CACHE|Action|Fake) =>|^"/', $line)) {
        echo $line, "\n";
    }
}
?>
--EXPECT--
NSS_SDB_USE_CACHE => a\x1b[31m\nFake => row
Action => kept "a\x1b[31m\nFake => row" (found at load, nsscache.override=never)
"a\u001b[31m\nFake => row"
