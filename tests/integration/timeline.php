<?php
// SPDX-License-Identifier: BSD-2-Clause
// One request of the timeline cases (tests/integration/timeline.sh), under php-fpm or php -S:
// ?do=STEP,STEP,...&url=https://127.0.0.1:PORT/ runs the steps in order and prints one line,
// "pid=<pid> <what each https or view step gave>". Steps:
//   putyes putno put1 puttz  putenv() of NSS_SDB_USE_CACHE=yes, =no, =1, or of TZ (another variable)
//   save restore             keep the variable's value; put it back (the request's own restore)
//   to:CHARSET               one iconv() conversion to CHARSET: glibc maps its gconv module, and
//                            unloads modules no longer used some conversions later; a module of
//                            the same size then takes the unloaded one's address
//   gconv                    the gconv modules mapped: gconv=NAME@BASE,... (from /proc/self/maps)
//   https                    one verified HTTPS GET (the process's first opens the NSS DB): https=ok
//   view                     nsscache_status()'s verdict: view=<in_effect>/<in_effect_reason>
// Last, file_exists() of _nssiReport_ (next to this script) asks the LD_PRELOAD counter
// (counter.c) to append this process's probe calls so far: the harness reads them per request
// from the live process.
// PHP 5.4 syntax: the harness runs it on any PHP nsscache supports.
require __DIR__ . '/https_get.php';
const NAME = 'NSS_SDB_USE_CACHE';
$old = false;
$out = [];
$q = function ($k) {
    return isset($_GET[$k]) ? (string) $_GET[$k] : '';
};
foreach (explode(',', $q('do')) as $step) {
    switch ($step) {
        case 'putyes':
        case 'putno':
        case 'put1':
            putenv(NAME . '=' . substr($step, 3));
            break;
        case 'puttz':
            putenv('TZ=Europe/Paris');
            break;
        case 'save':
            // the process's own environment (getenv()'s local_only exists from 7.0.9; before, the
            // FastCGI params come first, and the harness's requests pass none of this name)
            $old = PHP_VERSION_ID >= 70009 ? getenv(NAME, true) : getenv(NAME);
            break;
        case 'restore':
            putenv($old === false ? NAME : NAME . "=$old");
            break;
        case 'gconv':
            $g = [];
            foreach (file('/proc/self/maps', FILE_IGNORE_NEW_LINES) ?: [] as $l) {
                if (preg_match('~^([0-9a-f]+)-\S+ \S+ 0+ .*/gconv/(\S+)$~', $l, $m) && !isset($g[$m[2]])) {
                    $g[$m[2]] = "$m[2]@$m[1]";
                }
            }
            ksort($g);
            $out[] = 'gconv=' . (implode(',', $g) ?: '-');
            break;
        case 'https':
            $r = nsscache_https_get($q('url'));
            $out[] = 'https=' . $r[1];
            break;
        case 'view':
            $s = nsscache_status();
            $out[] = 'view=' . var_export($s['in_effect'], true) . '/'
                . (isset($s['in_effect_reason']) ? $s['in_effect_reason'] : '-');
            break;
        default:
            if (strncmp($step, 'to:', 3) === 0 && iconv('UTF-8', substr($step, 3), 'x') !== false) {
                break;
            }
            $out[] = "bad-step=$step";
    }
}
echo 'pid=', getmypid(), ' ', implode(' ', $out), "\n";
file_exists(__DIR__ . '/_nssiReport_');
