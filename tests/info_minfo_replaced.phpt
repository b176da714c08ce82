--TEST--
MINFO names a replaced value and the phase it was replaced in
--EXTENSIONS--
nsscache
--INI--
nsscache.value=no
--ENV--
NSS_SDB_USE_CACHE=1
--FILE--
<?php
(new ReflectionExtension('nsscache'))->info();
?>
--EXPECTF--
nsscache

nsscache support => enabled
Version => %s
NSS_SDB_USE_CACHE => no
Action => replaced "1" with "no" at load

Directive => Local Value => Master Value
nsscache.enabled => On => On
nsscache.value => no => no
nsscache.override => probing => probing
