--TEST--
Startup loads no NSS library; a diagnostic may look at softokn but leaves nothing mapped
--EXTENSIONS--
nsscache
--FILE--
<?php
function nss_maps(): array {
    preg_match_all('#/\S*lib(nss3|softokn3|freeblpriv3)\.so\S*#', file_get_contents('/proc/self/maps'), $m);
    return array_values(array_unique($m[0]));
}
var_dump(nss_maps());
$s = nsscache_status();
var_dump(is_string($s['softokn']['version']) || is_string($s['softokn']['reason']));
var_dump(nss_maps());
?>
--EXPECT--
array(0) {
}
bool(true)
array(0) {
}
