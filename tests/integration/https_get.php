<?php
// SPDX-License-Identifier: BSD-2-Clause
// One verified HTTPS GET on a fresh curl handle, as every client here makes
// it (tests/integration/client.php, bench/*.php). With libcurl-nss, the
// first one in a process opens the NSS DB in $SSL_DIR: that is where
// softoken may probe. $fresh forces a new connection (full TLS handshake).
// Returns [ms of curl_exec, "ok" or "error:<reason>"].
function nsscache_https_get(string $url, bool $fresh = false): array
{
    $t = hrtime(true);
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
    $ms = (hrtime(true) - $t) / 1e6;
    $code = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);
    $status = ($body !== false && $code === 200 && $body !== '')
        ? 'ok' : 'error:' . preg_replace('/\s+/', '_', curl_error($ch) ?: "http_$code");
    curl_close($ch);
    return [$ms, $status];
}
