--TEST--
nsscache_metrics(): hostile SSL_DIR and variable values (quotes, backslashes, newlines, 10 kB) give valid output
--EXTENSIONS--
nsscache
--INI--
nsscache.override=never
--FILE--
<?php
require __DIR__ . '/metrics.inc';
$hostile = "x\"} 1\nnsscache_enabled 0\n# TYPE \\ \xff\xfe" . str_repeat("\\\"\n", 3400);
var_dump(strlen($hostile) > 10000);
foreach (['SSL_DIR', 'NSS_SDB_USE_CACHE', 'TMPDIR', 'SQLITE_TMPDIR'] as $name) {
    putenv("$name=$hostile");
}
$m = nsscache_metrics();
$f = nsscache_test_parse_metrics($m);
var_dump(is_array($f) ? 'valid' : $f);
var_dump(preg_match('//u', $m) === 1);                 // UTF-8 throughout
var_dump(substr_count($m, "\nnsscache_enabled "));      // no injected sample
var_dump(strlen($m) < 8192);
nsscache_test_dump_metrics($m, ['nsscache_info', 'nsscache_action', 'nsscache_phase', 'nsscache_probe',
    'nsscache_in_effect', 'nsscache_policy_repairs_total', 'nsscache_dentries', 'nsscache_dentries_unused',
    'nsscache_dentries_negative']);
?>
--EXPECTF--
bool(true)
string(5) "valid"
bool(true)
int(1)
bool(true)
nsscache_info gauge (present)
nsscache_enabled gauge 1
nsscache_variable gauge [unset|yes|no|probing] = probing
%A
