--TEST--
MINFO names a replaced value and the phase it was replaced in
--EXTENSIONS--
nsscache
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
Version => %s
NSS_SDB_USE_CACHE => "no"
Action => replaced at load, was "1"
In effect => unknown: libcurl does not use NSS here: nothing to fix (no_nss_curl)
libcurl => not loaded
NSS => not loaded
softokn => not found
Distribution => %s
SSL_DIR => %s
TMPDIR => %s
SQLITE_TMPDIR => %s

Directive => Local Value => Master Value
nsscache.enabled => On => On
nsscache.value => no => no
nsscache.override => probing => probing
