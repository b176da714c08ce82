<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache 0.1.0's fleet/nsscache-metrics.php, verbatim below this header (from the 0.1.0 tree): the
// fleet suite serves it from a pool with the current .so, to show NsscacheEndpointOutdated fires.
?>
<?php
// nsscache's pool endpoint: this PHP worker's nsscache_metrics() in the
// Prometheus text format. Served by each php-fpm pool it is run in, so the
// answer reflects that pool's clear_env, env[] and php_admin_value. Keep it
// off the public site (see nginx-nsscache-metrics.conf / apache-nsscache-metrics.conf),
// or let nsscache-textfile.php ask each pool over FastCGI.
header('Content-Type: text/plain; version=0.0.4; charset=utf-8');
header('Cache-Control: no-store');
$loaded = function_exists('nsscache_metrics');
if ($loaded) {
    echo nsscache_metrics();
}
echo "# HELP nsscache_loaded 1 if the nsscache extension is loaded in this PHP worker.\n",
    "# TYPE nsscache_loaded gauge\n",
    'nsscache_loaded ', $loaded ? 1 : 0, "\n";
