<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache 0.1.0's node_exporter textfile collector, kept for one release as a thin wrapper:
// the work is nsscache-doctor --textfile's now (same metric names, same per-pool timeout).
// Existing units and cron lines that call this script keep working; new ones call the doctor:
//   nsscache-doctor --textfile /var/lib/prometheus/node-exporter
// Usage (0.1.0's):
//   php nsscache-textfile.php [--output FILE|-] [--pool NAME=SOCKET|HOST:PORT]...
//       [--fpm-conf GLOB]... [--script PATH] [--timeout SECONDS] [--php BINARY]...
// With no --pool and no --fpm-conf the doctor discovers the pools (and CLIs, ini files) itself.
// The doctor is NSSCACHE_DOCTOR, else the checkout's doctor/nsscache-doctor beside fleet/, else
// nsscache-doctor on PATH. Exit: 0 once the file is written, 3 when it cannot be (the doctor's).

$doctor = getenv('NSSCACHE_DOCTOR');
if ($doctor === false || $doctor === '') {
    $doctor = is_file(dirname(__DIR__) . '/doctor/nsscache-doctor') ? dirname(__DIR__) . '/doctor/nsscache-doctor'
        : 'nsscache-doctor';
}
$args = array('--textfile', '/var/lib/prometheus/node-exporter/nsscache.prom');
$pools = false;
for ($i = 1; $i < count($argv); $i++) {
    $a = $argv[$i];
    if ($a === '--help' || $a === '-h') {
        preg_match('/^\/\/ Usage.*?(?=^\/\/ With)/ms', (string) file_get_contents(__FILE__), $m);
        echo preg_replace('/^\/\/ ?/m', '', isset($m[0]) ? $m[0] : ''), "This wrapper calls nsscache-doctor.\n";
        exit(0);
    }
    if (!preg_match('/^--(output|pool|fpm-conf|script|timeout|php)(?:=(.*))?$/s', $a, $m)) {
        fwrite(STDERR, "nsscache-textfile: unknown argument $a\n");
        exit(3);
    }
    $v = isset($m[2]) ? $m[2] : (isset($argv[$i + 1]) ? $argv[++$i] : null);
    if ($v === null) {
        fwrite(STDERR, "nsscache-textfile: $a needs a value\n");
        exit(3);
    }
    if ($m[1] === 'output') {
        $args[1] = $v;
        continue;
    }
    $pools = $pools || $m[1] === 'pool' || $m[1] === 'fpm-conf';
    $args[] = "--$m[1]";
    $args[] = $v;
}
if (!$pools) {
    $args[] = '--discover';
}
$cmd = escapeshellarg($doctor);
foreach ($args as $a) {
    $cmd .= ' ' . escapeshellarg($a);
}
passthru($cmd, $rc);
exit($rc);
