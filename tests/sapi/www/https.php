<?php
// SPDX-License-Identifier: BSD-2-Clause
// One request of tests/sapi: the verified HTTPS GET (the first TLS use of a
// process opens the NSS DB: that is where softoken may probe), then one JSON
// line with what this process saw. ?url=https://127.0.0.1:PORT/
// Keys: status, sapi, pid, getenv (PHP's getenv(): under mod_php Apache's
// SetEnv table comes first), env (getenv(.., true): the process environment,
// what NSS reads), server ($_SERVER), action/phase (nsscache_status()).
// The status code is the verdict for load generators (ab counts non-2xx): 500 when the GET
// failed, or when ?env=VALUE names the value NSS must have seen and it saw another.
// Last, file_exists() of www/_nssiReport_ asks the LD_PRELOAD counter
// (tests/integration/counter.c) to append this process's count so far. The file exists: a ZTS
// PHP resolves the path first (virtual_access) and calls access() only when that works.
require __DIR__ . '/https_get.php';
const NAME = 'NSS_SDB_USE_CACHE';
[$ms, $status] = nsscache_https_get((string) ($_GET['url'] ?? ''));
$s = function_exists('nsscache_status') ? nsscache_status() : [];
$show = function ($v) {
    return $v === false || $v === null ? '(unset)' : $v;
};
$env = $show(getenv(NAME, true));
if ($status !== 'ok' || (isset($_GET['env']) && $_GET['env'] !== $env)) {
    http_response_code(500);
}
echo json_encode([
    'status' => $status,
    'sapi' => PHP_SAPI,
    'pid' => getmypid(),
    'getenv' => $show(getenv(NAME)),
    'env' => $env,
    'server' => $show($_SERVER[NAME] ?? null),
    'action' => $s['action'] ?? '-',
    'phase' => $s['phase'] ?? '-',
    'ms' => round($ms, 1),
], JSON_UNESCAPED_SLASHES), "\n";
file_exists(__DIR__ . '/_nssiReport_');
