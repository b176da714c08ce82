--TEST--
Facts with Debian's OpenSSL ext/curl: the same libcurl as curl_version(), found through ext/curl, NSS not involved
--SKIPIF--
<?php
require __DIR__ . '/status.inc';
if (!is_file(nsscache_test_system_curl())) die('skip no ext/curl beside this PHP (' . nsscache_test_system_curl() . '); scripts/test installs php8.2-curl');
// EL's own ext/curl uses NSS: this test is about one that does not
$tls = shell_exec(escapeshellarg(PHP_BINARY) . ' -n -d extension=' . escapeshellarg(nsscache_test_system_curl())
    . ' -r ' . escapeshellarg('echo curl_version()["ssl_version"];') . ' 2>/dev/null');
if (strncmp((string) $tls, 'NSS/', 4) === 0) die('skip this PHP\'s ext/curl uses NSS (' . $tls . ')');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
$code = <<<'PHP'
$s = nsscache_status();
$c = curl_version();
var_dump($s['libcurl']['version'] === $c['version']);
var_dump($s['libcurl']['ssl_version'] === $c['ssl_version']);
var_dump($s['libcurl']['nss'], $s['libcurl']['how']);
var_dump(is_string($s['libcurl']['path']) && is_file($s['libcurl']['path']));
var_dump($s['nss']['version'], $s['nss']['initialized']);
var_dump($s['in_effect'], nsscache_in_effect(), $s['in_effect_reason'], $s['notes']);
$v = nsscache_versions();
var_dump($v['libcurl'] === $c['version'], $v['ssl_version'] === $c['ssl_version'], $v['nss']);
PHP;
echo nsscache_test_child([], [], $code, [nsscache_test_system_curl()]);
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
string(8) "ext_curl"
bool(true)
NULL
NULL
NULL
NULL
string(11) "no_nss_curl"
array(0) {
}
bool(true)
bool(true)
NULL
