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
// PHP 5.4 syntax: the suite runs on any PHP nsscache supports.
require __DIR__ . '/https_get.php';
const NAME = 'NSS_SDB_USE_CACHE';
$get = function (array $a, $k, $default) {
    return isset($a[$k]) ? $a[$k] : $default;
};
list($ms, $status) = nsscache_https_get((string) $get($_GET, 'url', ''));
$s = function_exists('nsscache_status') ? nsscache_status() : [];
$show = function ($v) {
    return $v === false || $v === null ? '(unset)' : $v;
};
// getenv()'s local_only exists from 7.0.9; before, a request's own params come first (the suite's
// pass none of this name)
$env = $show(PHP_VERSION_ID >= 70009 ? getenv(NAME, true) : getenv(NAME));
if ($status !== 'ok' || (isset($_GET['env']) && $_GET['env'] !== $env)) {
    http_response_code(500);
}
echo json_encode([
    'status' => $status,
    'sapi' => PHP_SAPI,
    'pid' => getmypid(),
    'getenv' => $show(getenv(NAME)),
    'env' => $env,
    'server' => $show($get($_SERVER, NAME, null)),
    'action' => $get($s, 'action', '-'),
    'phase' => $get($s, 'phase', '-'),
    'ms' => round($ms, 1),
], JSON_UNESCAPED_SLASHES), "\n";
file_exists(__DIR__ . '/_nssiReport_');
