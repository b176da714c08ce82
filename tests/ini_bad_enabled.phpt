--TEST--
A bad nsscache.enabled gets one startup warning naming it, and the default is used
--INI--
nsscache.enabled=perhaps
display_startup_errors=1
; PHP 7.4 also logs startup errors, to stderr in CLI: keep them out of the output
error_log=/dev/null
; PHP 5 warns about an unset timezone when it dates that log line
date.timezone=UTC
--ENV--
NSS_SDB_USE_CACHE=1
--FILE--
<?php
var_dump(ini_get('nsscache.enabled'));
$s = nsscache_status();
var_dump($s['enabled'], $s['action'], $s['env']);
?>
--EXPECT--
Warning: PHP Startup: Invalid value "perhaps" for nsscache.enabled: expected On or Off; using the default "On" in Unknown on line 0
string(1) "1"
bool(true)
string(8) "replaced"
string(3) "yes"
