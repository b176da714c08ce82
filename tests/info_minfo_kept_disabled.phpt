--TEST--
MINFO for a kept value and for nsscache.enabled=0
--INI--
nsscache.override=never
--ENV--
NSS_SDB_USE_CACHE=auto
--FILE--
<?php
ob_start();
(new ReflectionExtension('nsscache'))->info();
$out = ob_get_clean();
preg_match_all('/^(env|previous|action|phase|override) => (.*)$/m', $out, $m, PREG_SET_ORDER);
foreach ($m as $row) {
    echo $row[1], '=', $row[2], "\n";
}
?>
--EXPECT--
override=never
env=auto
previous=auto
action=kept
phase=load
