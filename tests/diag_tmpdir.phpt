--TEST--
TMPDIR odd values: the probe's temp dir falls back the way sqlite does
--EXTENSIONS--
nsscache
--FILE--
<?php
$tmp = sys_get_temp_dir() . '/nsscache-tmp-' . getmypid();
@mkdir($tmp);
touch("$tmp/a-file");
putenv('SQLITE_TMPDIR');
foreach (['valid' => $tmp, 'missing' => "$tmp/missing", 'a file' => "$tmp/a-file",
          'relative' => 'relative/dir', 'empty' => '', 'too long' => '/' . str_repeat('y', 5000)] as $name => $value) {
    putenv("TMPDIR=$value");
    $t = nsscache_status()['tempdir'];
    printf("%-8s path=%s source=%s\n", $name, $t['path'] === $tmp ? 'TMP' : $t['path'], $t['source']);
}
putenv('TMPDIR');
unlink("$tmp/a-file");
rmdir($tmp);
?>
--EXPECT--
valid    path=TMP source=TMPDIR
missing  path=/var/tmp source=/var/tmp
a file   path=/var/tmp source=/var/tmp
relative path=/var/tmp source=/var/tmp
empty    path=/var/tmp source=/var/tmp
too long path=/var/tmp source=/var/tmp
