--TEST--
An empty value makes NSS probe: replaced under probing, kept under never
--FILE--
<?php
require __DIR__ . '/status.inc';
$code = '$s = nsscache_status(); echo json_encode([$s["previous"], $s["action"], getenv("NSS_SDB_USE_CACHE")]), "\n";';
echo nsscache_test_child(['NSS_SDB_USE_CACHE' => ''], [], $code);
echo nsscache_test_child(['NSS_SDB_USE_CACHE' => ''], ['nsscache.override' => 'never'], $code);
echo nsscache_test_child(['NSS_SDB_USE_CACHE' => ''], ['nsscache.override' => 'always'], $code);
?>
--EXPECT--
["","replaced","yes"]
["","kept",""]
["","replaced","yes"]
