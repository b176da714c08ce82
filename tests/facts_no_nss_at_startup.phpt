--TEST--
Startup and every view leave NSS alone: no NSS library mapped before or after them, the process's own maps unchanged
--SKIPIF--
<?php if (function_exists('curl_version')) die('skip ext/curl is compiled into this PHP: its libcurl and libnss3 are always mapped'); ?>
--FILE--
<?php
function nss_maps() {
    preg_match_all('#/\S*lib(nss3|softokn3|freeblpriv3|nssutil3|sqlite3)\.so\S*#', file_get_contents('/proc/self/maps'), $m);
    return array_values(array_unique($m[0]));
}
var_dump(nss_maps());
nsscache_status();
nsscache_versions();
nsscache_in_effect();
ob_start();
phpinfo(INFO_MODULES);
ob_end_clean();
var_dump(nss_maps());
?>
--EXPECT--
array(0) {
}
array(0) {
}
