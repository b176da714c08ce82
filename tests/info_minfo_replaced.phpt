--TEST--
MINFO names a replaced value and the phase it was replaced in
--SKIPIF--
<?php if (function_exists('curl_version')) die('skip ext/curl is compiled into this PHP: its libcurl and libnss3 are always mapped'); ?>
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
version => %s
enabled => true
value => no
override => probing
env => no
previous => 1
action => replaced
phase => load
repairs => 1
%A
in_effect => null
in_effect_reason => no_nss_curl

Directive => Local Value => Master Value
nsscache.enabled => On => On
nsscache.value => no => no
nsscache.override => probing => probing
