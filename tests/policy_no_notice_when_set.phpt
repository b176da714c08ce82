--TEST--
Filling in an unset variable or keeping a good one logs nothing
--INI--
log_errors=1
error_reporting=E_ALL
display_startup_errors=1
--FILE--
<?php
echo getenv('NSS_SDB_USE_CACHE'), "\n";
?>
--EXPECT--
yes
