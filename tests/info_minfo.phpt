--TEST--
MINFO (php --ri nsscache / phpinfo): the support row, every code and value of nsscache_status() under its key, the INI entries
--SKIPIF--
<?php if (function_exists('curl_version')) die('skip ext/curl is compiled into this PHP: its libcurl and libnss3 are always mapped'); ?>
--FILE--
<?php
(new ReflectionExtension('nsscache'))->info();
?>
--EXPECTF--
nsscache

nsscache support => enabled
version => %d.%d.%s
enabled => true
value => yes
override => probing
env => yes
previous => null
action => set
phase => load
repairs => 1
libcurl.version => null
libcurl.ssl_version => null
libcurl.nss => false
libcurl.path => null
libcurl.how => none
nss.version => null
nss.initialized => null
nss.path => null
softokn.version => null
softokn.how => none
softokn.path => null
softokn.system_build => null
ssl_dir => %s
tmpdir => %s
sqlite_tmpdir => %s
in_effect => null
in_effect_reason => no_nss_curl

Directive => Local Value => Master Value
nsscache.enabled => On => On
nsscache.value => yes => yes
nsscache.override => probing => probing
