<?php
// SPDX-License-Identifier: BSD-2-Clause
// One verified HTTPS GET, the first TLS use of this process: libcurl-nss opens
// the NSS DB in $SSL_DIR here, which is where softoken may probe.
// CLI:  php client.php URL [--putenv] [--status] [--diag]
// FPM:  ?url=URL[&putenv=1][&status=1][&diag=1]
// Prints one line: "<ms of the GET> <status> <NSS_SDB_USE_CACHE seen> <nsscache action> <pid>"
// --status adds "nsscache_status(): k=v ..." with the short set of keys (what
//   nsscache did, in_effect and its reason), for the demo.
// --diag adds "diag k=v ..." for tests/integration/run: the NSS libraries
//   mapped at the start of the script (before anything calls nsscache or curl),
//   nsscache_status()'s in_effect (and its reason)/versions/softokn before the GET
//   (the prediction a sysadmin gets before NSS opens the DB) and after it (NSS
//   initialized, softokn loaded), curl_version() and the libsoftokn3 really
//   mapped after the GET. Values: strings without blanks as is, others JSON.
//   (The probe prediction is nsscache-doctor's: tests/integration/run runs it per cell.)
$cli = PHP_SAPI === 'cli';
// PHP 5.4 syntax: the harness runs it on any PHP nsscache supports.
$opt = function ($name) use ($cli) {
    return $cli ? in_array("--$name", $GLOBALS['argv'], true) : isset($_GET[$name]);
};
// NSS/NSPR libraries mapped into this process: basename => real path.
function nss_maps() {
    $libs = [];
    foreach (@file('/proc/self/maps', FILE_IGNORE_NEW_LINES) ?: [] as $l) {
        $p = strstr($l, '/');
        if ($p !== false && preg_match('~/(lib(?:nss3|nssutil3|smime3|ssl3|softokn3|freeblpriv3|freebl3|nssdbm3|nsssysinit|nssckbi|nspr4|plc4|plds4)\.so)[^/]*$~', $p, $m)) {
            $libs[$m[1]] = $p;
        }
    }
    ksort($libs);
    return $libs;
}
$diag = $opt('diag');
$maps_start = $diag ? nss_maps() : [];    // first: before nsscache or curl run any code
$loaded = function_exists('nsscache_status');
$get = function (array $a, $k) {
    return isset($a[$k]) ? $a[$k] : null;
};
$pick = function (array $s) use ($get) {
    return [
        'in_effect' => $s['in_effect'], 'in_effect_reason' => $get($s, 'in_effect_reason'), 'env' => $s['env'],
        'nss.initialized' => $s['nss']['initialized'], 'nss.version' => $s['nss']['version'],
        'libcurl.version' => $s['libcurl']['version'], 'libcurl.ssl_version' => $s['libcurl']['ssl_version'],
        'softokn.path' => $s['softokn']['path'], 'softokn.how' => $s['softokn']['how'],
        'softokn.system_build' => $s['softokn']['system_build'],
        'softokn.real' => $s['softokn']['path'] !== null ? (realpath($s['softokn']['path']) ?: null) : null,
    ];
};
$before = $diag && $loaded ? $pick(nsscache_status()) : [];

$putenv = $opt('putenv');
if ($putenv) {
    // The usual hand fix, at the top of the script.
    putenv('NSS_SDB_USE_CACHE=yes');
}
$url = $cli ? $argv[1] : $_GET['url'];
$seen = getenv('NSS_SDB_USE_CACHE');
$seen = $seen === false ? '(unset)' : ($seen === '' ? '(empty)' : $seen);
$action = $loaded ? ($get(nsscache_status(), 'action') ?: '?') : '-';

require __DIR__ . '/https_get.php';
list($ms, $status) = nsscache_https_get($url);
printf("%.1f %s %s %s %d\n", $ms, $status, $seen, $action, getmypid());

$kv = function (array $a) {
    $line = [];
    foreach ($a as $k => $v) {
        $line[] = $k . '=' . (is_string($v) && $v !== '' && !preg_match('/\s/', $v) ? $v : json_encode($v, JSON_UNESCAPED_SLASHES));
    }
    return implode(' ', $line);
};
if ($opt('status')) {
    // What nsscache recorded for this process, short: the full array is big.
    $line = ['loaded' => false];
    if ($loaded) {
        $s = nsscache_status();
        $line = [];
        foreach (['version', 'enabled', 'value', 'override', 'env', 'previous', 'action', 'phase',
                  'in_effect', 'in_effect_reason'] as $k) {
            $line[$k] = $get($s, $k);
        }
    }
    echo 'nsscache_status(): ', $kv($line), "\n";
}
if ($diag) {
    $d = ['loaded' => $loaded, 'maps.start' => implode(',', array_keys($maps_start)) ?: '-'];
    foreach ($before as $k => $v) {
        $d["before.$k"] = $v;
    }
    if ($loaded) {
        foreach ($pick(nsscache_status()) as $k => $v) {
            $d["after.$k"] = $v;
        }
    }
    $cv = curl_version();
    $d['curl.version'] = $cv['version'];
    $d['curl.ssl_version'] = $cv['ssl_version'];
    $maps_after = nss_maps();
    $d['maps.after.softokn'] = $get($maps_after, 'libsoftokn3.so');
    echo 'diag ', $kv($d), "\n";
}
