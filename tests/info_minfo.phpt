--TEST--
MINFO (php --ri nsscache / phpinfo): support, version, variable, action, INI entries
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

Directive => Local Value => Master Value
nsscache.enabled => On => On
nsscache.value => yes => yes
nsscache.override => probing => probing
