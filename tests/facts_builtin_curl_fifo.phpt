--TEST--
ext/curl built into the PHP binary: the views identify its libcurl without opening the name the loader gives the main program (argv[0], i.e. the process title): a FIFO as the title, or as ./php after chdir(), never makes them hang
--SKIPIF--
<?php
if (trim((string) shell_exec(escapeshellarg(PHP_BINARY) . ' -n -r ' . escapeshellarg('echo (int) function_exists("curl_version");'))) !== '1') {
    die('skip ext/curl is not compiled into this PHP (ci/matrix cell 8.2-curl builds one)');
}
if (!function_exists('cli_set_process_title') || !function_exists('posix_mkfifo')) die('skip needs the CLI and ext/posix');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$dir = sys_get_temp_dir() . '/nsscache-fifo-' . getmypid();
@mkdir("$dir/bin", 0755, true);
@mkdir("$dir/trap", 0755, true);
posix_mkfifo("$dir/title-fifo", 0644);
posix_mkfifo("$dir/trap/php", 0644);     // what "./php" names after the script's chdir()
symlink(PHP_BINARY, "$dir/bin/php");
$views = '$s = nsscache_status(); nsscache_in_effect(); nsscache_versions(); ob_start(); phpinfo(); ob_end_clean();'
    . ' echo $s["libcurl"]["how"], " ", $s["libcurl"]["version"] === curl_version()["version"] ? "same version" : "OTHER",'
    . ' " ", preg_match("#/libcurl[^/]*$#", (string) $s["libcurl"]["path"]) ? "libcurl path" : "path " . var_export($s["libcurl"]["path"], true), "\n";';
$cases = [
    'title' => 'cli_set_process_title(' . var_export("$dir/title-fifo", true) . ');',
    'chdir' => 'chdir(' . var_export("$dir/trap", true) . ');',
];
foreach ($cases as $name => $setup) {
    // argv[0] is "./php": relative to the cwd, as after a script's chdir()
    $cmd = ['timeout', '10', './php', '-n', '-d', 'extension=' . nsscache_test_so(), '-r', $setup . $views];
    $p = nsscache_test_open(['PATH' => '/usr/bin:/bin'], $cmd,
        [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, "$dir/bin");
    fclose($pipes[0]);
    list($status, $out) = nsscache_test_collect($p, $pipes, 15);
    echo "$name: $status, ", trim($out) === '' ? '(no output)' : trim($out), "\n";
}
@unlink("$dir/bin/php");
@unlink("$dir/title-fifo");
@unlink("$dir/trap/php");
@rmdir("$dir/bin");
@rmdir("$dir/trap");
@rmdir($dir);
?>
--EXPECT--
title: exit 0, ext_curl same version libcurl path
chdir: exit 0, ext_curl same version libcurl path
