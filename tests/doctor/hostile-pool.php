<?php
// SPDX-License-Identifier: BSD-2-Clause
// A php-fpm pool as a hostile local user runs one (tests/doctor/hostile): a FastCGI server on
// SOCKET that answers every request with the body in FILE, or (FILE "-") accepts and never answers.
// Usage: php hostile-pool.php SOCKET FILE
declare(strict_types=1);

[, $sock, $file] = $argv;
@unlink($sock);
$s = stream_socket_server("unix://$sock", $errno, $errstr);
if ($s === false) {
    fwrite(STDERR, "hostile-pool: $sock: $errstr\n");
    exit(1);
}
chmod($sock, 0777);
$held = [];
while (true) {
    $c = @stream_socket_accept($s, -1);
    if ($c === false) {
        continue;
    }
    if ($file === '-') {
        $held[] = $c;
        continue;
    }
    // read records up to the empty FCGI_STDIN (type 5) that ends the request
    $in = '';
    while (!feof($c)) {
        $in .= (string) fread($c, 65536);
        if (strpos($in, "\x01\x05\x00\x01\x00\x00") !== false) {
            break;
        }
    }
    $out = "Content-Type: application/json\r\n\r\n" . file_get_contents($file);
    $rec = function (int $type, string $data): string {
        return pack('CCnnCx', 1, $type, 1, strlen($data), 0) . $data;
    };
    $buf = '';
    foreach (str_split($out, 65535) as $chunk) {
        $buf .= $rec(6, $chunk);
    }
    fwrite($c, $buf . $rec(6, '') . $rec(3, pack('NCx3', 0, 0)));
    fclose($c);
}
