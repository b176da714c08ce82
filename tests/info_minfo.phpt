--TEST--
MINFO (php --ri nsscache / phpinfo): support, version, variable, action, diagnostics, INI entries
--EXTENSIONS--
nsscache
--FILE--
<?php
(new ReflectionExtension('nsscache'))->info();
?>
--EXPECTF--
nsscache

nsscache support => enabled
Version => %d.%d.%s
NSS_SDB_USE_CACHE => yes
Action => set to "yes" at load (was unset)
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
nsscache.value => yes => yes
nsscache.override => probing => probing
