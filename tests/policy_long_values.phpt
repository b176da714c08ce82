--TEST--
Kept values of any length: previous is exact, the phase stays "load" (no re-apply in RINIT)
--FILE--
<?php
require __DIR__ . '/status.inc';
// 131053 bytes: the longest value execve() passes (MAX_ARG_STRLEN, 128 KiB,
// counts "NSS_SDB_USE_CACHE=" and the NUL); tests/unit covers 128 KiB itself.
foreach ([63, 64, 65, 4096, 131072 - strlen('NSS_SDB_USE_CACHE=') - 1] as $n) {
    $v = str_repeat('a', $n - 1) . 'z';
    $out = nsscache_test_child(['NSS_SDB_USE_CACHE' => $v], ['nsscache.override' => 'never'],
        '$s = nsscache_status(); echo json_encode([strlen((string) $s["previous"]), $s["previous"] === getenv("NSS_SDB_USE_CACHE"), $s["env"] === getenv("NSS_SDB_USE_CACHE"), $s["action"], $s["phase"]]);');
    echo $n, ' ', $out, "\n";
}
?>
--EXPECT--
63 [63,true,true,"kept","load"]
64 [64,true,true,"kept","load"]
65 [65,true,true,"kept","load"]
4096 [4096,true,true,"kept","load"]
131053 [131053,true,true,"kept","load"]
