--TEST--
MINFO for a kept value and for nsscache.enabled=0
--EXTENSIONS--
nsscache
--INI--
nsscache.override=never
--ENV--
NSS_SDB_USE_CACHE=auto
--FILE--
<?php
ob_start();
(new ReflectionExtension('nsscache'))->info();
$out = ob_get_clean();
preg_match('/^Action => (.*)$/m', $out, $m);
echo $m[1], "\n";
preg_match('/^NSS_SDB_USE_CACHE => (.*)$/m', $out, $m);
echo $m[1], "\n";
?>
--EXPECT--
kept at load, was "auto"
"auto"
