--TEST--
SSL_DIR bad input: missing, a file, sql: prefix, empty, longer than PATH_MAX, a real DB dir
--EXTENSIONS--
nsscache
--FILE--
<?php
$tmp = sys_get_temp_dir() . '/nsscache-ssl-' . getmypid();
@mkdir($tmp);
touch("$tmp/a-file");
$cases = [
    'missing' => "$tmp/missing",
    'file' => "$tmp/a-file",
    'sql: prefix' => "sql:$tmp",
    'empty' => '',
    'too long' => '/' . str_repeat('x/', 3000),
    'directory' => $tmp,
];
foreach ($cases as $name => $value) {
    putenv("SSL_DIR=$value");
    $db = nsscache_status()['db'];
    printf("%-11s source=%s path=%s note=%s\n", $name, $db['source'],
        $db['path'] === null ? 'null' : ($db['path'] === $tmp ? 'TMP' : 'other'),
        $db['note'] === null ? 'none' : 'yes');
}
putenv('SSL_DIR');
$db = nsscache_status()['db'];
printf("%-11s source=%s\n", 'unset', $db['source']);
putenv("SSL_DIR=$tmp");
$db = nsscache_status()['db'];
var_dump($db['exists'], $db['directory'], $db['readable'], $db['writable'], $db['cert9'], is_string($db['fs']));
touch("$tmp/cert9.db");
// The DB is examined again on every call (the SSL_DIR change is not what triggers it).
putenv("SSL_DIR=$tmp/");
nsscache_status();
putenv("SSL_DIR=$tmp");
var_dump(nsscache_status()['db']['cert9']);
unlink("$tmp/cert9.db");
unlink("$tmp/a-file");
rmdir($tmp);
?>
--EXPECT--
missing     source=none path=null note=yes
file        source=none path=null note=yes
sql: prefix source=none path=null note=yes
empty       source=none path=null note=yes
too long    source=none path=null note=yes
directory   source=SSL_DIR path=TMP note=none
unset       source=none
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
