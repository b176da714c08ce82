--TEST--
A dl() of an nsscache that is loaded already (from php.ini, or by an earlier dl()) fails and leaves the record and the variable as they were
--FILE--
<?php
require __DIR__ . '/status.inc';
$so = nsscache_test_so();
$code = 'dl("' . basename($so) . '"); $s = nsscache_status();'
    . ' echo json_encode([$s["action"], $s["phase"], $s["previous"], getenv("NSS_SDB_USE_CACHE")]), "\n";';
foreach (['from php.ini' => true, 'by dl()' => false] as $name => $ini) {
    $cmd = [PHP_BINARY, '-n', '-d', 'enable_dl=1', '-d', 'extension_dir=' . dirname($so),
        '-d', 'display_errors=stderr'];
    if ($ini) {
        array_push($cmd, '-d', 'extension=' . basename($so));
    }
    array_push($cmd, '-r', ($ini ? '' : 'dl("' . basename($so) . '");') . $code);
    $p = nsscache_test_open(['NSS_SDB_USE_CACHE' => 'auto'], $cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    echo "$name: ", $out, strpos($err, 'already loaded') !== false ? "second load refused\n" : "stderr: $err\n";
    proc_close($p);
}
?>
--EXPECT--
from php.ini: ["replaced","load","auto","yes"]
second load refused
by dl(): ["replaced","load","auto","yes"]
second load refused
