--TEST--
Facts without ext/curl: nulls and the code no_nss_curl, never warnings
--SKIPIF--
<?php if (extension_loaded('curl')) die('skip ext/curl is loaded by this PHP\'s ini'); ?>
--FILE--
<?php
$s = nsscache_status();
var_dump($s['libcurl'], $s['nss'], $s['softokn']);
var_dump($s['in_effect'], nsscache_in_effect(), $s['in_effect_reason'], $s['notes']);
$v = nsscache_versions();
var_dump($v['libcurl'], $v['nss'], $v['softokn'], $v['nsscache'] === phpversion('nsscache'));
?>
--EXPECT--
array(5) {
  ["version"]=>
  NULL
  ["ssl_version"]=>
  NULL
  ["nss"]=>
  bool(false)
  ["path"]=>
  NULL
  ["how"]=>
  string(4) "none"
}
array(3) {
  ["version"]=>
  NULL
  ["initialized"]=>
  NULL
  ["path"]=>
  NULL
}
array(4) {
  ["version"]=>
  NULL
  ["how"]=>
  string(4) "none"
  ["path"]=>
  NULL
  ["system_build"]=>
  NULL
}
NULL
NULL
string(11) "no_nss_curl"
array(0) {
}
NULL
NULL
NULL
bool(true)
