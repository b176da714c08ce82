<?php
// SPDX-License-Identifier: BSD-2-Clause
// bench/run section 1: the script behind nginx -> php-fpm. One verified HTTPS GET to the local
// TLS origin (URL in the FastCGI QUERY_STRING: url=...), a fresh curl handle per request as a
// typical API client makes. The body has a fixed length so that ab counts only real failures:
// 200 "ok", else 502. The header shows the variable as this worker's process sees it (FPM's
// getenv() looks at the request's parameters first; the second argument asks the process).
require __DIR__ . '/../tests/integration/https_get.php';
$ok = nsscache_https_get($_GET['url'] ?? '')[1] === 'ok';
if (!$ok) {
    http_response_code(502);
}
$v = getenv('NSS_SDB_USE_CACHE', true);
header('X-Nss-Sdb-Use-Cache: ' . ($v === false ? '(unset)' : ($v === '' ? '(empty)' : rawurlencode($v))));
header('Content-Type: text/plain');
echo $ok ? "ok\n" : "no\n";
