--TEST--
A bad nsscache.value gets one startup warning naming it, and the default is used
--INI--
nsscache.value=maybe
display_startup_errors=1
; PHP 7.4 also logs startup errors, to stderr in CLI: keep them out of the output
error_log=/dev/null
; PHP 5 warns about an unset timezone when it dates that log line
date.timezone=UTC
--ENV--
NSS_SDB_USE_CACHE=1
--FILE--
<?php
var_dump(ini_get('nsscache.value'));
$s = nsscache_status();
var_dump($s['value'], $s['action'], $s['env']);
?>
--EXPECT--
Warning: PHP Startup: Invalid value "maybe" for nsscache.value: expected yes or no; using the default "yes" in Unknown on line 0
string(3) "yes"
string(3) "yes"
string(8) "replaced"
string(3) "yes"
