<?php
// SPDX-License-Identifier: BSD-2-Clause
// The original report's client, for tests/client/run: Debian's Guzzle, its CurlHandler forced,
// one Client making N verified HTTPS GETs (the report's loop of 100 SNS publishes, without AWS).
// Usage: php guzzle.php URL N [--putenv]
//   --putenv: the report's fix, the first line of the script.
// Prints one line: "ssl=<curl's ssl_version> seen=<NSS_SDB_USE_CACHE at the first request>
// requests=N ok=<responses that were 200 with s_server's page, verified by curl> pid=<pid>",
// then one "error ..." line per bad response. Exit status: 0 when every response was ok, 3 when
// ext/curl is not the NSS one (the experiment would measure nothing).
if (in_array('--putenv', $argv, true)) {
    putenv('NSS_SDB_USE_CACHE=yes');
}
require '/usr/share/php/GuzzleHttp/autoload.php';

use GuzzleHttp\Client;
use GuzzleHttp\Handler\CurlHandler;
use GuzzleHttp\HandlerStack;
use GuzzleHttp\TransferStats;

[, $url, $n] = $argv + [null, null, null];
if ($url === null || !preg_match('/^[0-9]+$/', (string)$n)) {
    fwrite(STDERR, "usage: php guzzle.php URL N [--putenv]\n");
    exit(2);
}
$ssl = curl_version()['ssl_version'];
if (strncmp($ssl, 'NSS/', 4) !== 0) {
    fwrite(STDERR, "ext/curl uses '$ssl', not NSS\n");
    exit(3);
}
$seen = getenv('NSS_SDB_USE_CACHE');
$seen = $seen === false ? '(unset)' : ($seen === '' ? '(empty)' : $seen);

// CurlHandler, not Guzzle's default (CurlMultiHandler when both exist): the report's stack.
$client = new Client(['handler' => HandlerStack::create(new CurlHandler()), 'verify' => true,
    'timeout' => 20, 'connect_timeout' => 10, 'http_errors' => false]);
$ok = 0;
$errors = [];
for ($i = 0; $i < (int)$n; $i++) {
    $verify = null;
    try {
        $r = $client->get($url, ['on_stats' => function (TransferStats $s) use (&$verify) {
            // curl's own record of the peer check (CURLINFO_SSL_VERIFYRESULT): only the curl
            // handlers report it, so it also shows which handler ran.
            $verify = $s->getHandlerStats()['ssl_verify_result'] ?? 'none';
        }]);
        $body = (string)$r->getBody();
        if ($r->getStatusCode() === 200 && str_contains($body, 's_server') && $verify === 0) {
            $ok++;
        } else {
            $errors[] = "request $i: status {$r->getStatusCode()}, " . strlen($body) . " bytes, ssl_verify_result "
                . var_export($verify, true);
        }
    } catch (Throwable $e) {
        $errors[] = "request $i: " . get_class($e) . ': ' . preg_replace('/\s+/', ' ', $e->getMessage());
    }
}
printf("ssl=%s seen=%s requests=%d ok=%d pid=%d\n", $ssl, $seen, $n, $ok, getmypid());
foreach (array_slice($errors, 0, 5) as $e) {
    echo "error $e\n";
}
exit($ok === (int)$n ? 0 : 1);
