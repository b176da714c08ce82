<?php
// SPDX-License-Identifier: BSD-2-Clause
// bench/run section 2, loaded with -d auto_prepend_file=... in front of the integration
// harness's client.php (so the harness sets up the environment, the softokn and the counter),
// which it replaces: the same one verified HTTPS GET and the same output line, without calling
// nsscache_status() (its cost is measured on its own, in section 4). Also run as the script
// itself under callgrind (then $argv[1] is the URL too).
// Prints: "<ms of the GET> <status> <NSS_SDB_USE_CACHE seen> - <pid>"
$seen = getenv('NSS_SDB_USE_CACHE');
$seen = $seen === false ? '(unset)' : ($seen === '' ? '(empty)' : $seen);
require __DIR__ . '/../tests/integration/https_get.php';
list($ms, $status) = nsscache_https_get($argv[1]);
printf("%.3f %s %s - %d\n", $ms, $status, $seen, getmypid());
exit(0);
