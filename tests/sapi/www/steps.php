<?php
// SPDX-License-Identifier: BSD-2-Clause
// Threads (tests/sapi/threads): one request that runs the steps of ?do=STEP,STEP... in order, so
// that requests on several threads of one process interleave where a case says. Steps:
//   p<value>  putenv() the variable to <value>      r  putenv() it back to what it held at the start
//   h         the verified HTTPS GET of ?url=        v  a view: nsscache_status()
//   m<name>   make the marker file ../tmp/<name>    w<name>  wait for that marker (at most 60 s)
// The markers order the threads: the suite starts a request once a marker exists (its RINIT
// then comes after that point), and a request waits for another's marker (that one has started).
// One line per step: "<step> <result>"; a view's is "<in_effect>/<in_effect_reason>/<NSS
// initialized>" (e.g. "false/opened_under_putenv/true"). First line "pid <pid>". 500 when a GET
// fails or a wait times out. Last, file_exists() of _nssiReport_ asks the access() counter to
// append this process's count (www/https.php says why).
require __DIR__ . '/https_get.php';
const NAME = 'NSS_SDB_USE_CACHE';
$word = function ($v) {
    return $v === null ? 'null' : var_export($v, true);
};
$start = getenv(NAME, true);
$tmp = dirname(__DIR__) . '/tmp/';
$ok = true;
$lines = ['pid ' . getmypid()];
foreach (explode(',', (string) ($_GET['do'] ?? '')) as $step) {
    $arg = (string) substr($step, 1);
    switch ($step[0] ?? '') {
        case 'p':
            putenv(NAME . "=$arg");
            $out = getenv(NAME, true);
            break;
        case 'r':
            putenv($start === false ? NAME : NAME . "=$start");
            $out = $word(getenv(NAME, true));
            break;
        case 'h':
            [, $out] = nsscache_https_get((string) ($_GET['url'] ?? ''));
            $ok = $ok && $out === 'ok';
            break;
        case 'v':
            $s = nsscache_status();
            $out = $word($s['in_effect']) . '/' . $s['in_effect_reason'] . '/' . $word($s['nss']['initialized']);
            break;
        case 'm':
            $out = file_put_contents($tmp . basename($arg), '') === 0 ? 'made' : 'not made';
            break;
        case 'w':
            for ($i = 0; $i < 6000 && !file_exists($tmp . basename($arg)); $i++) {
                usleep(10000);
                clearstatcache();
            }
            $out = $i < 6000 ? 'seen' : 'timeout';
            $ok = $ok && $i < 6000;
            break;
        default:
            $out = 'unknown step';
            $ok = false;
    }
    $lines[] = "$step $out";
}
http_response_code($ok ? 200 : 500);    // before any output: the status goes with the headers
echo implode("\n", $lines), "\n";
file_exists(__DIR__ . '/_nssiReport_');
