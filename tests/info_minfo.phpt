--TEST--
MINFO (php --ri nsscache / phpinfo): support, version, variable, action, diagnostics, INI entries
--EXTENSIONS--
nsscache
--SKIPIF--
<?php if (function_exists('curl_version')) die('skip ext/curl is compiled into this PHP: its libcurl and libnss3 are always mapped'); ?>
--FILE--
<?php
(new ReflectionExtension('nsscache'))->info();
?>
--EXPECTF--
nsscache

nsscache support => enabled
Version => %d.%d.%s
NSS_SDB_USE_CACHE => "yes"
Action => set at load, was unset
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
nsscache.value => yes => yes
nsscache.override => probing => probing
