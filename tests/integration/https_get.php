<?php
// SPDX-License-Identifier: BSD-2-Clause
// One verified HTTPS GET on a fresh curl handle, as every client here makes
// it (tests/integration/client.php, bench/*.php). With libcurl-nss, the
// first one in a process opens the NSS DB in $SSL_DIR: that is where
// softoken may probe. $fresh forces a new connection (full TLS handshake).
// Returns [ms of curl_exec, "ok" or "error:<reason>"]. PHP 5.4 syntax: the harness runs it on
// any PHP nsscache supports (hrtime() from 7.3, microtime() before).
function nsscache_https_get($url, $fresh = false)
{
    $clock = function () {
        return function_exists('hrtime') ? hrtime(true) / 1e6 : microtime(true) * 1e3;
    };
    $t = $clock();
    $ch = curl_init($url);
    curl_setopt_array($ch, [
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_SSL_VERIFYPEER => true,
        CURLOPT_SSL_VERIFYHOST => 2,
        CURLOPT_FRESH_CONNECT => $fresh,
        CURLOPT_FORBID_REUSE => $fresh,
        CURLOPT_CONNECTTIMEOUT => 10,
        CURLOPT_TIMEOUT => 20,
    ]);
    $body = curl_exec($ch);
    $ms = $clock() - $t;
    $code = curl_getinfo($ch, CURLINFO_HTTP_CODE);
    $status = ($body !== false && $code === 200 && $body !== '')
        ? 'ok' : 'error:' . preg_replace('/\s+/', '_', curl_error($ch) ?: "http_$code");
    curl_close($ch);
    return [$ms, $status];
}
