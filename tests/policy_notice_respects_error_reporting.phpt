--TEST--
The replacement notice follows error_reporting and log_errors like any notice
--INI--
log_errors=1
error_reporting=E_ALL & ~E_NOTICE
--ENV--
NSS_SDB_USE_CACHE=auto
--FILE--
<?php
echo getenv('NSS_SDB_USE_CACHE'), "\n";
echo nsscache_status()['action'], "\n";
?>
--EXPECT--
yes
replaced
