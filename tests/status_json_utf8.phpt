--TEST--
nsscache_status() keeps values whole and words nothing from them: json_encode() works for any value, and stripcslashes() gives back a value of any length exactly
--FILE--
<?php
require __DIR__ . '/status.inc';
$code = '$s = nsscache_status(); $j = json_encode($s); '
      . 'echo $j === false ? "json error " . json_last_error() : "json ok", " ", stripcslashes($s["previous"]) === getenv("NSS_SDB_USE_CACHE") ? "exact" : "changed", "\n";';
foreach (["1\xc3\xa9\xe2\x80\xa6", '1' . str_repeat("\xc3\xa9", 20) . "\xe2\x80\xa6", str_repeat("\xe2\x80\xa6", 40), "\xc3\xa9" . str_repeat('x', 5000)] as $v) {
    echo nsscache_test_child(['NSS_SDB_USE_CACHE' => $v], ['nsscache.override' => 'never'], $code);
}
?>
--EXPECT--
json ok exact
json ok exact
json ok exact
json ok exact
