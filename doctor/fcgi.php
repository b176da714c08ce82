<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: the FastCGI client. One request to a php-fpm pool (or a php-cgi FastCGI
// listener) that runs the endpoint with the doctor's own parameter (NSSCACHE_DOCTOR=1, which
// nginx and Apache never forward), so that a real worker answers with its facts. The socket
// work (connect(), exchange()) and the answer's reading (cgi_answer()) are ask.php's.
declare(strict_types=1);

namespace NsscacheDoctor;

function fcgi_record(int $type, string $content): string
{
    return pack('CCnnCx', 1, $type, 1, strlen($content), 0) . $content;
}

function fcgi_pairs(array $params): string
{
    $out = '';
    foreach ($params as $k => $v) {
        foreach ([strlen($k), strlen($v)] as $n) {
            $out .= $n < 128 ? chr($n) : pack('N', $n | 0x80000000);
        }
        $out .= $k . $v;
    }
    return $out;
}

// FastCGI records of IN: ['stdout' => ..., 'stderr' => ..., 'ended' => the request's end was read].
function fcgi_parse(string $in): array
{
    $out = [6 => '', 7 => ''];    // FCGI_STDOUT, FCGI_STDERR
    $ended = false;
    while (strlen($in) >= 8) {
        $h = unpack('Cversion/Ctype/nid/nlen/Cpad', $in);
        if (strlen($in) < 8 + $h['len'] + $h['pad']) {
            break;
        }
        if (isset($out[$h['type']])) {
            $out[$h['type']] .= substr($in, 8, $h['len']);
        }
        $ended = $ended || $h['type'] === 3;    // FCGI_END_REQUEST
        $in = (string) substr($in, 8 + $h['len'] + $h['pad']);
    }
    return ['stdout' => $out[6], 'stderr' => $out[7], 'ended' => $ended];
}

// One FastCGI request running SCRIPT with QUERY, as a task for drive(), until DEADLINE; a real
// worker of the pool answers.
function ask_fcgi_task(string $address, string $script, float $deadline, string $query = 'format=json'): \Generator
{
    $fail = fn (string $status, string $why): array => ['status' => $status, 'facts' => null, 'error' => $why];
    $s = connect($address, $deadline, $err);
    if ($s === null) {
        return $fail($err['status'], $err['why']);
    }
    $base = basename($script);
    $params = fcgi_pairs([
        'GATEWAY_INTERFACE' => 'FastCGI/1.0', 'REQUEST_METHOD' => 'GET', 'SCRIPT_FILENAME' => $script,
        'SCRIPT_NAME' => "/$base", 'REQUEST_URI' => "/$base?$query", 'QUERY_STRING' => $query,
        'DOCUMENT_ROOT' => dirname($script), 'SERVER_PROTOCOL' => 'HTTP/1.1', 'SERVER_SOFTWARE' => 'nsscache-doctor',
        'REMOTE_ADDR' => '127.0.0.1', 'SERVER_NAME' => 'localhost', 'SERVER_ADDR' => '127.0.0.1', 'SERVER_PORT' => '80',
        'HTTP_HOST' => 'localhost', 'NSSCACHE_DOCTOR' => '1',
    ]);
    $out = fcgi_record(1, pack('nCx5', 1, 0)) . fcgi_record(4, $params) . fcgi_record(4, '') . fcgi_record(5, '');
    $in = yield from exchange($s, $out, $deadline, function (string $in): bool {
        return fcgi_parse($in)['ended'];
    }, $err);
    $r = fcgi_parse((string) $in);
    if ($in === null || !$r['ended']) {
        return $in === null ? $fail($err['status'], "$address: {$err['why']}")
            : $fail('dead', "$address: closed before the end of the request");
    }
    return cgi_answer($r['stdout'], $r['stderr']);
}
