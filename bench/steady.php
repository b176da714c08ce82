<?php
// bench/run section 6, loaded with -d auto_prepend_file=... in front of the
// integration harness's client.php (so the harness sets up the environment,
// the softokn and the counter), which it replaces: N sequential verified
// HTTPS GETs in one process, each on a fresh handle and connection (full TLS
// handshake and certificate verification against the NSS DB). The first one
// opens the NSS DB; the rest are the steady state.
// Prints: "<first ms> <status> <median ms of the rest> <p90 ms of the rest> <total ms>"
$url = $argv[1];
$n = (int) (getenv('BENCH_STEADY_N') ?: 40);
$ms = [];
$status = 'ok';
$t0 = hrtime(true);
for ($i = 0; $i < $n; $i++) {
    $t = hrtime(true);
    $ch = curl_init($url);
    curl_setopt_array($ch, [
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_SSL_VERIFYPEER => true,
        CURLOPT_SSL_VERIFYHOST => 2,
        CURLOPT_FRESH_CONNECT => true,
        CURLOPT_FORBID_REUSE => true,
        CURLOPT_CONNECTTIMEOUT => 10,
        CURLOPT_TIMEOUT => 20,
    ]);
    $body = curl_exec($ch);
    if ($body === false || $body === '' || curl_getinfo($ch, CURLINFO_RESPONSE_CODE) !== 200) {
        $status = 'error:' . preg_replace('/\s+/', '_', curl_error($ch) ?: 'http');
    }
    curl_close($ch);
    $ms[] = (hrtime(true) - $t) / 1e6;
}
$total = (hrtime(true) - $t0) / 1e6;
$first = array_shift($ms);
sort($ms);
$k = count($ms);
$med = $k % 2 ? $ms[intdiv($k, 2)] : ($ms[$k / 2 - 1] + $ms[$k / 2]) / 2;
$p90 = $ms[max(0, (int) ceil(0.9 * $k) - 1)];
printf("%.2f %s %.3f %.3f %.1f\n", $first, $status, $med, $p90, $total);
exit(0);
