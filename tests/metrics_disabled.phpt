--TEST--
nsscache_metrics() with enabled=0 and a probing value: class probing, action disabled, no repairs
--EXTENSIONS--
nsscache
--INI--
nsscache.enabled=0
--ENV--
NSS_SDB_USE_CACHE=1
--FILE--
<?php
require __DIR__ . '/metrics.inc';
nsscache_test_dump_metrics(nsscache_metrics(), ['nsscache_info', 'nsscache_probe', 'nsscache_in_effect',
    'nsscache_dentries', 'nsscache_dentries_unused', 'nsscache_dentries_negative']);
?>
--EXPECTF--
nsscache_info gauge (present)
nsscache_enabled gauge 0
nsscache_variable gauge [unset|yes|no|probing] = probing
nsscache_action gauge [none|set|kept|replaced|disabled|failed|restored] = disabled
nsscache_phase gauge [none|load|minit|rinit] = load
%Ansscache_probe gauge (present)
nsscache_policy_repairs_total counter 0
%A
