<?php
// bench/run section 5: the script behind nginx -> php-fpm. One verified HTTPS
// GET to the local TLS server (URL in the FastCGI QUERY_STRING: url=...), a
// fresh curl handle per request as a typical API client makes. The body has a
// fixed length so that ab counts only real failures: 200 "ok", else 502.
$ch = curl_init($_GET['url'] ?? '');
curl_setopt_array($ch, [
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_SSL_VERIFYPEER => true,
    CURLOPT_SSL_VERIFYHOST => 2,
    CURLOPT_CONNECTTIMEOUT => 10,
    CURLOPT_TIMEOUT => 20,
]);
$body = curl_exec($ch);
$ok = $body !== false && $body !== '' && curl_getinfo($ch, CURLINFO_RESPONSE_CODE) === 200;
curl_close($ch);
if (!$ok) {
    http_response_code(502);
}
header('Content-Type: text/plain');
echo $ok ? "ok\n" : "no\n";
