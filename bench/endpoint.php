<?php
// SPDX-License-Identifier: BSD-2-Clause
// bench/run section 4: one render of the pool endpoint (fleet/nsscache-metrics.php, the
// Prometheus text) inside this php-fpm worker, timed with hrtime() around its include; its
// output is kept in a buffer and dropped. Prints: "<ns> <bytes of the exposition>"
$t = hrtime(true);
ob_start();
include __DIR__ . '/../fleet/nsscache-metrics.php';
$body = ob_get_clean();
$ns = hrtime(true) - $t;
header('Content-Type: text/plain');
printf("%d %d\n", $ns, strlen($body));
