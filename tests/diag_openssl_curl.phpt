--TEST--
Diagnostics with Debian's OpenSSL ext/curl: same libcurl as curl_version(), NSS not involved
--EXTENSIONS--
nsscache
--SKIPIF--
<?php
require __DIR__ . '/status.inc';
if (!is_file(nsscache_test_system_curl())) die('skip no ext/curl beside this PHP (' . nsscache_test_system_curl() . '); scripts/test installs php8.2-curl');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$code = <<<'PHP'
$s = nsscache_status();
$c = curl_version();
var_dump($s['libcurl']['version'] === $c['version']);
var_dump($s['libcurl']['ssl_version'] === $c['ssl_version']);
var_dump($s['libcurl']['nss'], strncmp($s['libcurl']['ssl_version'], 'NSS/', 4) === 0);
var_dump(is_string($s['libcurl']['path']) && is_file($s['libcurl']['path']));
var_dump($s['nss']['version'], $s['nss']['initialized']);
var_dump($s['in_effect'], nsscache_in_effect(), $s['probe']);
echo $s['in_effect_reason'], "\n";
$v = nsscache_versions();
var_dump($v['libcurl'] === $c['version'], $v['ssl_version'] === $c['ssl_version'], $v['nss']);
PHP;
echo nsscache_test_child([], [], $code, [nsscache_test_system_curl()]);
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
NULL
bool(false)
NULL
NULL
string(4) "none"
this process's libcurl does not use NSS, so NSS_SDB_USE_CACHE has nothing to act on here
bool(true)
bool(true)
NULL
