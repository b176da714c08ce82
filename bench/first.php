<?php
// bench/run sections 1 and 6, loaded with -d auto_prepend_file=... in front of
// the integration harness's client.php (so the harness sets up the
// environment, the softokn and the counter), which it replaces: the same one
// verified HTTPS GET and the same output line, without calling
// nsscache_status() (its diagnostics are measured on their own, in section 4).
// Prints: "<ms of the GET> <status> <NSS_SDB_USE_CACHE seen> - <pid>"
if (in_array('--putenv', $argv, true)) {
    putenv('NSS_SDB_USE_CACHE=yes');   // the usual hand fix, at the top of the script
}
$seen = getenv('NSS_SDB_USE_CACHE');
$seen = $seen === false ? '(unset)' : ($seen === '' ? '(empty)' : $seen);
require __DIR__ . '/../tests/integration/https_get.php';
[$ms, $status] = nsscache_https_get($argv[1]);
printf("%.1f %s %s - %d\n", $ms, $status, $seen, getmypid());
exit(0);
