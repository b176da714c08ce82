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
libcurl => not found: ext/curl not loaded: no libcurl in this process
NSS => not loaded: libnss3 not loaded in this process (libcurl does not use NSS)
NSS initialized => no
softokn => %s
NSS database => %s
Temp dir for the probe => %s
Cache setting in effect => unknown: no libcurl is loaded in this process, so NSS_SDB_USE_CACHE has nothing to act on here
access() probe => none: No libcurl is loaded in this process, so libcurl opens no NSS database and nothing probes
Negative dentries => %d of %d dentries

Directive => Local Value => Master Value
nsscache.enabled => On => On
nsscache.value => no => no
nsscache.override => probing => probing
