--TEST--
Diagnostics without ext/curl: nulls with reasons, never warnings
--EXTENSIONS--
nsscache
--SKIPIF--
<?php if (extension_loaded('curl')) die('skip ext/curl is loaded by this PHP\'s ini'); ?>
--FILE--
<?php
$s = nsscache_status();
var_dump($s['libcurl']['version'], $s['libcurl']['nss']);
echo $s['libcurl']['reason'], "\n";
var_dump($s['nss']['version']);
echo $s['nss']['reason'], "\n";
var_dump($s['in_effect'], nsscache_in_effect(), $s['probe']);
echo $s['reason'], "\n";
$v = nsscache_versions();
var_dump($v['libcurl'], $v['nss'], $v['nsscache'] === phpversion('nsscache'));
?>
--EXPECT--
NULL
NULL
ext/curl not loaded: no libcurl in this process
NULL
libnss3 not loaded in this process (libcurl does not use NSS)
NULL
NULL
string(4) "none"
No libcurl is loaded in this process, so libcurl opens no NSS database and nothing probes
NULL
NULL
bool(true)
