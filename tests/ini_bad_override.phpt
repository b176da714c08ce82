--TEST--
A bad nsscache.override gets one startup warning naming it, and the default is used
--INI--
nsscache.override=sometimes
display_startup_errors=1
; PHP 7.4 also logs startup errors, to stderr in CLI: keep them out of the output
error_log=/dev/null
; PHP 5 warns about an unset timezone when it dates that log line
date.timezone=UTC
--ENV--
NSS_SDB_USE_CACHE=1
--FILE--
<?php
var_dump(ini_get('nsscache.override'));
$s = nsscache_status();
var_dump($s['override'], $s['action'], $s['env']);
?>
--EXPECT--
Warning: PHP Startup: Invalid value "sometimes" for nsscache.override: expected probing, never or always; using the default "probing" in Unknown on line 0
string(7) "probing"
string(7) "probing"
string(8) "replaced"
string(3) "yes"
