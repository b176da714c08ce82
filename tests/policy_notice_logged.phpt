--TEST--
A replacement is logged once, at E_NOTICE, naming the old and new value
--INI--
log_errors=1
error_reporting=E_ALL
--ENV--
NSS_SDB_USE_CACHE=1
--FILE--
<?php
echo "script ran\n";
?>
--EXPECTF--
PHP Notice:  nsscache: replaced NSS_SDB_USE_CACHE="1" with "yes" at load [probing_value]
script ran
