--TEST--
nsscache_metrics(): every family with HELP and TYPE, state-sets with one member set
--EXTENSIONS--
nsscache
--ENV--
NSS_SDB_USE_CACHE=1
--FILE--
<?php
require __DIR__ . '/metrics.inc';
$m = nsscache_metrics();
nsscache_test_dump_metrics($m);
// a third view of the same facts as nsscache_status()
$s = nsscache_status();
$f = nsscache_test_parse_metrics($m);
var_dump($f['nsscache_info']['samples'][0]['labels']['version'] === $s['version']);
var_dump($f['nsscache_info']['samples'][0]['labels']['distro_family'] === $s['distro']['family']);
var_dump(isset($f['nsscache_in_effect']) === ($s['in_effect'] !== null));
var_dump(isset($f['nsscache_dentries']) === ($s['dentry'] !== null));
var_dump(isset($f['nsscache_dentries_negative']) === isset($s['dentry']['nr_negative']));
?>
--EXPECTF--
nsscache_info gauge {"version":"%s","libcurl":"%S","tls_backend":"%S","nss":"%S","softokn":"%S","distro_family":"%s"} 1
nsscache_enabled gauge 1
nsscache_variable gauge [unset|yes|no|probing] = yes
nsscache_action gauge [none|set|kept|replaced|disabled|failed|restored] = replaced
nsscache_phase gauge [none|load|minit|rinit] = load
%Ansscache_probe gauge [none|expected|possible] = %s
nsscache_policy_repairs_total counter 1
nsscache_dentries gauge (present)
nsscache_dentries_unused gauge (present)
%Abool(true)
bool(true)
bool(true)
bool(true)
bool(true)
