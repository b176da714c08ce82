<?php
// bench/run section 5: the script behind nginx -> php-fpm. One verified HTTPS
// GET to the local TLS server (URL in the FastCGI QUERY_STRING: url=...), a
// fresh curl handle per request as a typical API client makes. The body has a
// fixed length so that ab counts only real failures: 200 "ok", else 502.
require __DIR__ . '/../tests/integration/https_get.php';
$ok = nsscache_https_get($_GET['url'] ?? '')[1] === 'ok';
if (!$ok) {
    http_response_code(502);
}
header('Content-Type: text/plain');
echo $ok ? "ok\n" : "no\n";
