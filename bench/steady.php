<?php
// bench/run section 6, loaded with -d auto_prepend_file=... in front of the
// integration harness's client.php (so the harness sets up the environment,
// the softokn and the counter), which it replaces: N sequential verified
// HTTPS GETs in one process, each on a fresh handle and connection (full TLS
// handshake and certificate verification against the NSS DB). The first one
// opens the NSS DB; the rest are the steady state.
// Prints: "<first ms> <status> <median ms of the rest> <p90 ms of the rest> <total ms>"
require __DIR__ . '/../tests/integration/https_get.php';
$url = $argv[1];
$n = (int) (getenv('BENCH_STEADY_N') ?: 40);
$ms = [];
$status = 'ok';
$t0 = hrtime(true);
for ($i = 0; $i < $n; $i++) {
    [$ms[], $st] = nsscache_https_get($url, true);
    if ($st !== 'ok') {
        $status = $st;
    }
}
$total = (hrtime(true) - $t0) / 1e6;
$first = array_shift($ms);
sort($ms);
$k = count($ms);
$med = $k % 2 ? $ms[intdiv($k, 2)] : ($ms[$k / 2 - 1] + $ms[$k / 2]) / 2;
$p90 = $ms[max(0, (int) ceil(0.9 * $k) - 1)];
printf("%.2f %s %.3f %.3f %.1f\n", $first, $status, $med, $p90, $total);
exit(0);
