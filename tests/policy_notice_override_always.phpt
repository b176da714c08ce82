--TEST--
override=always: the notice says why a skipping value was replaced
--INI--
log_errors=1
nsscache.override=always
--ENV--
NSS_SDB_USE_CACHE=no
--FILE--
<?php
echo getenv('NSS_SDB_USE_CACHE'), "\n";
?>
--EXPECT--
PHP Notice:  nsscache: replaced NSS_SDB_USE_CACHE="no" with "yes" at load [override_always]
yes
