<?php
// One verified HTTPS GET, the first TLS use of this process: libcurl-nss opens
// the NSS DB in $SSL_DIR here, which is where softoken may probe.
// CLI:  php client.php URL [--putenv] [--status]     FPM:  ?url=URL[&putenv=1][&status=1]
// Prints one line: "<ms of the GET> <status> <NSS_SDB_USE_CACHE seen> <nsscache action> <pid>"
$cli = PHP_SAPI === 'cli';
$putenv = $cli ? in_array('--putenv', $argv, true) : isset($_GET['putenv']);
if ($putenv) {
    // The usual hand fix, at the top of the script.
    putenv('NSS_SDB_USE_CACHE=yes');
}
$url = $cli ? $argv[1] : $_GET['url'];
$seen = getenv('NSS_SDB_USE_CACHE');
$seen = $seen === false ? '(unset)' : ($seen === '' ? '(empty)' : $seen);
$action = function_exists('nsscache_status') ? (nsscache_status()['action'] ?? '?') : '-';

$t = hrtime(true);
$ch = curl_init($url);
curl_setopt_array($ch, [
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_SSL_VERIFYPEER => true,
    CURLOPT_SSL_VERIFYHOST => 2,
    CURLOPT_CONNECTTIMEOUT => 10,
    CURLOPT_TIMEOUT => 20,
]);
$body = curl_exec($ch);
$ms = (hrtime(true) - $t) / 1e6;
$code = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);
$status = ($body !== false && $code === 200 && $body !== '')
    ? 'ok' : 'error:' . preg_replace('/\s+/', '_', curl_error($ch) ?: "http_$code");
curl_close($ch);
printf("%.1f %s %s %s %d\n", $ms, $status, $seen, $action, getmypid());
if ($cli ? in_array('--status', $argv, true) : isset($_GET['status'])) {
    // Second line: what nsscache recorded for this process.
    $line = [];
    foreach (function_exists('nsscache_status') ? nsscache_status() : ['loaded' => false] as $k => $v) {
        $line[] = $k . '=' . (is_string($v) && $v !== '' && !preg_match('/\s/', $v) ? $v : json_encode($v));
    }
    echo 'nsscache_status(): ', implode(' ', $line), "\n";
}
