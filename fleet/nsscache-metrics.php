<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache's pool endpoint: the facts of the PHP process that runs it, as Prometheus text
// (default) or as JSON for nsscache-doctor (nsscache_ep_wants_json()). Served by each php-fpm
// pool it runs in, the answer reflects that pool's clear_env, env[] and php_admin_value.
// In-process facts only: nsscache_status() when nsscache is loaded, else curl_version() and
// the environment. It never calls curl_init() and never makes a TLS connection, so it cannot
// cause the probe it reports on. Keep it off the public site (nginx-nsscache-metrics.conf,
// apache-nsscache-metrics.conf), or let nsscache-doctor ask each pool over FastCGI.
// PHP 5.3 syntax on purpose (no short arrays, closures, ?? or type declarations), so that a
// host's PHP 5.x pool can be asked too; CI runs it on PHP 7.4 and 8.x and lints the syntax.
// nsscache-doctor sends this file verbatim to each PHP CLI it asks, with -r and
// NSSCACHE_EP_LIBRARY defined, and reads nsscache_ep_facts(): one source for both routes. It
// never holds a closing PHP tag.
// The facts of this process; strings raw (nsscache_ep_utf8() wraps bytes that are not UTF-8).
function nsscache_ep_facts()
{
    $f = array('facts' => 1, 'pid' => getmypid(), 'cwd' => getcwd(),
        'php' => array('version' => PHP_VERSION, 'sapi' => PHP_SAPI,
            'binary' => defined('PHP_BINARY') ? PHP_BINARY : null, 'zts' => defined('PHP_ZTS') ? (bool) PHP_ZTS : null,
            'ini' => php_ini_loaded_file(), 'scanned' => php_ini_scanned_files(),
            'open_basedir' => (string) ini_get('open_basedir')),
        'uid' => function_exists('posix_geteuid') ? posix_geteuid() : null, 'env' => array());
    // getenv() of a FastCGI SAPI looks at the request's parameters first; the second
    // argument (PHP >= 5.5.38/5.6.24/7.0.9) asks the process environment only, which NSS reads.
    $r = new ReflectionFunction('getenv');
    $local = $r->getNumberOfParameters() >= 2;
    foreach (array('NSS_SDB_USE_CACHE', 'SSL_DIR', 'TMPDIR', 'SQLITE_TMPDIR') as $k) {
        $v = $local ? getenv($k, true) : getenv($k);
        $f['env'][$k] = $v === false ? null : $v;
    }
    $v = function_exists('curl_version') ? curl_version() : array();
    $f['curl'] = array('loaded' => extension_loaded('curl'), 'version' => isset($v['version']) ? $v['version'] : null,
        'ssl_version' => isset($v['ssl_version']) ? $v['ssl_version'] : null);
    $f['nsscache'] = array('loaded' => extension_loaded('nsscache'),
        'status' => function_exists('nsscache_status') ? nsscache_status() : null);
    // Which NSS/curl libraries this process has mapped (the doctor reads the softokn file).
    $m = @file_get_contents('/proc/self/maps', false, null, 0, 1 << 20);
    $f['maps'] = is_string($m) ? nsscache_ep_maps($m) : null;
    $f['view'] = nsscache_ep_view($f['env']);
    $f['distro_family'] = nsscache_ep_family();
    return $f;
}

// This host's distribution family (nsscache_ep_distro()): os-release, else redhat-release, regular files only.
function nsscache_ep_family()
{
    foreach (array('/etc/os-release', '/usr/lib/os-release', '/etc/redhat-release') as $p) {
        $t = @is_file($p) ? @file_get_contents($p, false, null, 0, 65536) : false;
        $d = is_string($t) ? nsscache_ep_distro($t, $p === '/etc/redhat-release') : array('id' => null);
        if ($d['id'] !== null) {
            return $d['family'];
        }
    }
    return 'other';
}

// A distribution from TEXT, os-release's or (REDHAT) redhat-release's first line ("CentOS release 6.10
// (Final)": RHEL/CentOS 6 have no os-release), and its family by the one rule nsscache-doctor uses too:
// rhel6 or rhel7 for RHEL and its rebuilds with major 6 or 7, and for Amazon Linux 2 (rhel7); else
// other. array('id', 'version', 'id_like', 'family'); id null: none named.
function nsscache_ep_distro($text, $redhat)
{
    $d = array('id' => null, 'version' => null, 'id_like' => null);
    $line = strtolower((string) strtok($text, "\n"));
    $d['version'] = $redhat && preg_match('/release\s+(\d+(?:\.\d+)*)/', $line, $m) ? $m[1] : null;
    foreach ($redhat ? array('red hat' => 'rhel', 'centos' => 'centos', 'scientific' => 'scientific', 'oracle' => 'ol',
            'cloudlinux' => 'cloudlinux', 'rocky' => 'rocky', 'alma' => 'almalinux') : array() as $k => $id) {
        if ($d['id'] === null && strpos($line, $k) !== false) {
            $d = array('id' => $id, 'version' => $d['version'], 'id_like' => 'rhel');
        }
    }
    foreach ($redhat ? array() : explode("\n", $text) as $line) {
        if (preg_match('/^(ID|VERSION_ID|ID_LIKE)=(.{0,512})$/', rtrim($line, "\r"), $m)) {
            $v = trim($m[2]);
            if (strlen($v) >= 2 && ($v[0] === '"' || $v[0] === "'") && substr($v, -1) === $v[0]) {
                $v = stripcslashes(substr($v, 1, -1));
            }
            $v = preg_replace('/[^\x20-\x7e]/', '?', $v);
            $keys = array('ID' => 'id', 'VERSION_ID' => 'version', 'ID_LIKE' => 'id_like');
            $d[$keys[$m[1]]] = $m[1] === 'VERSION_ID' ? $v : strtolower($v);
        }
    }
    $major = preg_match('/^(\d+)/', (string) $d['version'], $m) ? (int) $m[1] : null;
    $el = in_array($d['id'], array('rhel', 'centos', 'rocky', 'almalinux', 'alma', 'ol', 'scientific', 'cloudlinux'),
        true) || preg_match('/(^|\s)(rhel|centos)(\s|$)/', (string) $d['id_like']);
    $d['family'] = $d['id'] === 'amzn' ? ($major === 2 ? 'rhel7' : 'other')
        : ($el && ($major === 6 || $major === 7) ? 'rhel' . $major : 'other');
    return $d;
}

// The host as this process sees it, with its own uid, root and mounts, at the moment it answers:
// the DB directory libcurl-NSS would open (SSL_DIR if it is a directory, else /etc/pki/nssdb),
// whether cert9.db and key4.db are there and readable, whether the directory is writable, the
// temp dir sqlite would use (SQLITE_TMPDIR, TMPDIR, /var/tmp, /usr/tmp, /tmp, .) and the
// filesystem types of both from /proc/self/mountinfo. A path open_basedir keeps from this process
// is named in 'hidden', its part null: the doctor then says at most "possible".
function nsscache_ep_view($env)
{
    $v = array('view' => 1, 'db' => array('path' => null, 'source' => null, 'cert9' => null, 'key4' => null,
        'writable' => null, 'fs' => null), 'tmp' => array('path' => null, 'source' => null, 'fs' => null),
        'hidden' => array());
    $mi = nsscache_ep_allowed('/proc/self/mountinfo')
        ? @file_get_contents('/proc/self/mountinfo', false, null, 0, 4 << 20) : false;
    if (!is_string($mi)) {
        $v['hidden'][] = '/proc/self/mountinfo';
        $mi = null;
    }
    foreach (array(array('SSL_DIR', $env['SSL_DIR']), array('default', '/etc/pki/nssdb')) as $d) {
        if ($d[1] !== null && $d[1] !== '' && !nsscache_ep_allowed($d[1])) {
            $v['hidden'][] = $d[1];
            $v['db']['source'] = null;
            break;
        } elseif ($d[1] !== null && $d[1] !== '') {
            $v['db'] = array_merge($v['db'], @is_dir($d[1]) ? array('path' => $d[1], 'source' => $d[0])
                : array('source' => 'none'));
            if ($v['db']['path'] !== null) {
                break;
            }
        }
    }
    if ($v['db']['source'] === null && !$v['hidden']) {
        $v['db']['source'] = 'none';
    }
    if ($v['db']['path'] !== null) {
        $dir = $v['db']['path'];
        foreach (array('cert9', 'key4') as $k) {
            $file = $dir . '/' . $k . '.db';
            if (!nsscache_ep_allowed($file)) {
                $v['hidden'][] = $file;
            } else {
                $v['db'][$k] = !@file_exists($file) ? 'absent' : (@is_readable($file) ? 'readable' : 'unreadable');
            }
        }
        $v['db']['writable'] = @is_writable($dir);
        $v['db']['fs'] = nsscache_ep_fstype($mi, $v['db']['cert9'] === 'readable' ? $dir . '/cert9.db' : $dir);
    }
    $tmp = array(array('SQLITE_TMPDIR', $env['SQLITE_TMPDIR']), array('TMPDIR', $env['TMPDIR']),
        array('/var/tmp', '/var/tmp'), array('/usr/tmp', '/usr/tmp'), array('/tmp', '/tmp'), array('.', '.'));
    foreach ($tmp as $d) {
        if ($d[1] !== null && $d[1] !== '' && !nsscache_ep_allowed($d[1])) {
            $v['hidden'][] = $d[1];
            break;
        } elseif ($d[1] !== null && $d[1] !== '' && @is_dir($d[1]) && @is_writable($d[1])) {
            $v['tmp'] = array('path' => $d[1], 'source' => $d[0], 'fs' => nsscache_ep_fstype($mi, $d[1]));
            break;
        }
    }
    if ($v['tmp']['source'] === null && !$v['hidden']) {
        $v['tmp']['source'] = 'none';
    }
    return $v;
}

// Whether open_basedir lets this process look at PATH (its directory, for one that is not there).
function nsscache_ep_allowed($path)
{
    $ob = (string) ini_get('open_basedir');
    if ($ob === '') {
        return true;
    }
    $real = @realpath($path);
    $dir = $real === false ? @realpath(dirname($path)) : false;
    $real = $real !== false ? $real : ($dir !== false ? $dir . '/' . basename($path) : false);
    foreach ($real === false ? array() : explode(PATH_SEPARATOR, $ob) as $b) {
        $rb = $b === '.' ? @getcwd() : @realpath($b);
        if (is_string($rb) && $rb !== '' && ($real === $rb || strncmp($real, rtrim($rb, '/') . '/',
                strlen(rtrim($rb, '/')) + 1) === 0)) {
            return true;
        }
    }
    return false;
}

// The filesystem type of PATH's mount from the text of /proc/self/mountinfo (null: not known).
function nsscache_ep_fstype($mountinfo, $path)
{
    $real = $mountinfo === null ? false : @realpath($path);
    $m = $real === false ? null : nsscache_ep_mount_of(nsscache_ep_mounts($mountinfo), $real);
    return $m === null ? null : $m['fstype'];
}

// The mounts in a mountinfo file's TEXT, in order: array('mount', 'fstype', 'ro'), the mount points
// relative to that process's root, the kernel's octal escapes (\ooo) undone. The doctor's too.
function nsscache_ep_mounts($text)
{
    $out = array();
    foreach (explode("\n", $text) as $line) {
        $f = explode(' ', $line);
        $dash = array_search('-', $f, true);
        if (count($f) >= 10 && $dash !== false && $dash >= 6 && isset($f[$dash + 1])) {
            $u = preg_replace_callback('/\\\\([0-7]{3})/', 'nsscache_ep_octal', array($f[4], $f[$dash + 1]));
            $out[] = array('mount' => $u[0], 'fstype' => $u[1], 'ro' => in_array('ro', explode(',', $f[5]), true));
        }
    }
    return $out;
}

// The mount that holds PATH: the longest mount point above it, the later one on a tie (mounted on top).
function nsscache_ep_mount_of($mounts, $path)
{
    $best = null;
    $len = -1;
    foreach ($mounts as $m) {
        $mp = rtrim($m['mount'], '/');
        if (($mp === '' || $path === $mp || strncmp($path, $mp . '/', strlen($mp) + 1) === 0) && strlen($mp) >= $len) {
            $best = $m;
            $len = strlen($mp);
        }
    }
    return $best;
}

function nsscache_ep_octal($m)
{
    return chr(octdec($m[1]) & 0xff);
}

// Strings that are not valid UTF-8 become array('hex' => ...), so that json_encode() of any
// PHP version keeps every byte (nsscache-doctor unwraps them).
function nsscache_ep_utf8($v)
{
    return is_array($v) ? array_map('nsscache_ep_utf8', $v)
        : (is_string($v) && !preg_match('//u', $v) ? array('hex' => bin2hex($v)) : $v);
}

// Library paths of interest in a maps file's TEXT, by file name (libc for any libc.so) => the
// mapping's path (the doctor reads another process's maps with this too).
function nsscache_ep_maps($text)
{
    $out = array();
    foreach (explode("\n", $text) as $line) {
        $p = strpos($line, '/');
        if ($p !== false && preg_match('~/(libnss3\.so|libsoftokn3\.so|libcurl[^/]*\.so|libnspr4\.so|libc(?=\.so|-\d))'
                . '[^/]*$~', $line, $m)) {
            $out[$m[1]] = substr($line, $p);
        }
    }
    return $out;
}

// The TLS backend's name in curl's ssl_version ("NSS/3.44", "OpenSSL/3.0.19"); '' for none.
function nsscache_ep_tls_backend($ssl)
{
    return is_string($ssl) && preg_match('/^\(?([A-Za-z][A-Za-z0-9_-]*)/', $ssl, $m) ? $m[1] : '';
}

// The variable's class, as nsscache and NSS see it (the doctor's too): yes/no in any case, else
// probing ("" included: NSS measures).
function nsscache_ep_class($v)
{
    $l = strtolower((string) $v);
    return $v === null ? 'unset' : ($l === 'yes' || $l === 'no' ? $l : 'probing');
}

// Metric families of one process's facts: name => array(type, help, samples), each
// sample array(labels, value). The doctor adds its own families and labels to these.
function nsscache_ep_families($f)
{
    $st = $f['nsscache']['status'];
    $ssl = $f['curl']['ssl_version'];
    $tls = nsscache_ep_tls_backend($ssl);
    $info = array('version' => '', 'libcurl' => (string) $f['curl']['version'], 'tls_backend' => $tls,
        'nss' => $tls === 'NSS' ? (string) substr($ssl, 4) : '', 'softokn' => '',
        'distro_family' => isset($f['distro_family']) ? (string) $f['distro_family'] : '');
    $loaded = $f['nsscache']['loaded'] && is_array($st);
    if ($loaded) {
        $info['version'] = (string) nsscache_ep_get($st, 'version');
        $info['nss'] = (string) nsscache_ep_get($st, 'nss', 'version');
        $info['softokn'] = (string) nsscache_ep_get($st, 'softokn', 'version');
    }
    $fam = array();
    $fam['nsscache_loaded'] = array('gauge', '1 if the nsscache extension is loaded in this PHP process.',
        array(array(array(), $f['nsscache']['loaded'] ? 1 : 0)));
    $fam['nsscache_info'] = array('gauge', 'Versions in this PHP process: nsscache, libcurl, its TLS backend, '
        . 'NSS, softokn, distribution family; empty where not loaded or unknown.', array(array($info, 1)));
    $fam['nsscache_variable'] = nsscache_ep_stateset('What NSS_SDB_USE_CACHE holds in this process: unset, yes, no, '
        . 'or probing (any other value, which makes NSS probe).', 'class', array('unset', 'yes', 'no', 'probing'),
        nsscache_ep_class($f['env']['NSS_SDB_USE_CACHE']));
    if (!$loaded) {
        return $fam;
    }
    $fam['nsscache_enabled'] = array('gauge', '1 if nsscache.enabled is on, so nsscache may set NSS_SDB_USE_CACHE.',
        array(array(array(), nsscache_ep_get($st, 'enabled') ? 1 : 0)));
    $fam['nsscache_action'] = nsscache_ep_stateset('What nsscache last did with NSS_SDB_USE_CACHE.', 'action',
        array('none', 'set', 'kept', 'replaced', 'disabled', 'failed'), nsscache_ep_get($st, 'action'));
    $fam['nsscache_phase'] = nsscache_ep_stateset('When nsscache last acted: at load, module init or request init.',
        'phase', array('none', 'load', 'minit', 'rinit'), nsscache_ep_get($st, 'phase'));
    $ie = nsscache_ep_get($st, 'in_effect');
    if (is_bool($ie)) {
        $fam['nsscache_in_effect'] = array('gauge', '1 if NSS_SDB_USE_CACHE is yes or no, was set before NSS opened '
            . 'its database and this softokn honours it (nsscache_status()); absent where that is not known.',
            array(array(array(), $ie ? 1 : 0)));
    }
    $fam['nsscache_in_effect_reason'] = nsscache_ep_stateset('Why nsscache_in_effect is what it is '
        . '(nsscache_status() in_effect_reason).', 'reason', array_keys(nsscache_ep_reasons()),
        nsscache_ep_get($st, 'in_effect_reason'));
    $r = nsscache_ep_get($st, 'repairs');
    if (is_int($r)) {
        $fam['nsscache_policy_repairs_total'] = array('counter', 'Times this process (with its FPM master before '
            . 'the fork) set or replaced NSS_SDB_USE_CACHE.', array(array(array(), $r)));
    }
    return $fam;
}

// nsscache_status()'s in_effect_reason codes (docs/api.md) and what each says in_effect is.
function nsscache_ep_reasons()
{
    return array_merge(array('in_effect' => true), array_fill_keys(array('unset', 'probing_value', 'set_after_nss_init',
        'opened_under_putenv', 'secure_exec', 'softokn_ignores'), false), array_fill_keys(array(
        'softokn_version_ambiguous', 'softokn_unknown', 'no_nss_curl', 'changed_below_php'), null));
}

function nsscache_ep_get($a, $k, $k2 = null)
{
    $v = is_array($a) && array_key_exists($k, $a) ? $a[$k] : null;
    return $k2 === null ? $v : nsscache_ep_get($v, $k2);
}

// One series per state, the current one 1; a state outside the list is added as its own series.
function nsscache_ep_stateset($help, $label, $states, $now)
{
    $s = array();
    foreach ($states as $x) {
        $s[] = array(array($label => $x), $x === $now ? 1 : 0);
    }
    if (is_string($now) && !in_array($now, $states, true)) {
        $s[] = array(array($label => $now), 1);
    }
    return array('gauge', $help, $s);
}

// A label value as the text format wants it: \\ \" \n escaped, other control bytes and bytes
// that are not UTF-8 replaced by U+FFFD, cut after 256 bytes at a character boundary.
function nsscache_ep_label($v)
{
    $v = (string) $v;
    // one well-formed UTF-8 sequence (RFC 3629: no overlongs, no surrogates), or any other byte
    preg_match_all('/([\x00-\x7F]|[\xC2-\xDF][\x80-\xBF]|\xE0[\xA0-\xBF][\x80-\xBF]'
        . '|[\xE1-\xEC\xEE\xEF][\x80-\xBF]{2}|\xED[\x80-\x9F][\x80-\xBF]|\xF0[\x90-\xBF][\x80-\xBF]{2}'
        . '|[\xF1-\xF3][\x80-\xBF]{3}|\xF4[\x80-\x8F][\x80-\xBF]{2})|./s', $v, $m);
    $out = '';
    $n = 0;
    foreach ($m[0] as $i => $c) {
        if ($n >= 256) {
            return $out . '...';
        }
        $n += strlen($c);
        if ($m[1][$i] === '' || (strlen($c) === 1 && (ord($c) < 0x20 && $c !== "\n" || ord($c) === 0x7F))) {
            $out .= "\xEF\xBF\xBD";
        } else {
            $out .= strtr($c, array('\\' => '\\\\', '"' => '\\"', "\n" => '\\n'));
        }
    }
    return $out;
}

// Families -> the text exposition format 0.0.4. EXTRA labels go first on every sample.
function nsscache_ep_render($families, $extra = array())
{
    $out = '';
    foreach ($families as $name => $fam) {
        $out .= '# HELP ' . $name . ' ' . strtr($fam[1], array('\\' => '\\\\', "\n" => '\\n')) . "\n"
            . '# TYPE ' . $name . ' ' . $fam[0] . "\n";
        foreach ($fam[2] as $s) {
            $l = array();
            foreach (array_merge($extra, $s[0]) as $k => $v) {
                $l[] = $k . '="' . nsscache_ep_label($v) . '"';
            }
            $out .= $name . ($l ? '{' . implode(',', $l) . '}' : '') . ' ' . $s[1] . "\n";
        }
    }
    return $out;
}

// JSON (the facts: cwd, uid, ini files, library paths) or the Prometheus text. JSON only for the
// doctor: over FastCGI (php-fpm, php-cgi) when the request carries the parameter NSSCACHE_DOCTOR=1,
// which nsscache-doctor sets and which nginx and Apache never forward (a client's header arrives
// as HTTP_*); from the command line. Over HTTP (mod_php, php -S, any other SAPI) the Prometheus
// text alone: whoever can reach the page gets nothing else.
function nsscache_ep_wants_json($sapi, $query, $server)
{
    parse_str($query, $args);
    $fcgi = $sapi === 'fpm-fcgi' || $sapi === 'cgi-fcgi';
    return isset($args['format']) && $args['format'] === 'json' && ($fcgi
        ? isset($server['NSSCACHE_DOCTOR']) && $server['NSSCACHE_DOCTOR'] === '1' : $sapi === 'cli');
}

// Served, unless included as a library (nsscache-doctor, its tests).
if (!defined('NSSCACHE_EP_LIBRARY')) {
    $q = isset($_SERVER['QUERY_STRING']) ? $_SERVER['QUERY_STRING'] : '';
    header('Cache-Control: no-store');
    if (nsscache_ep_wants_json(PHP_SAPI, $q, $_SERVER)) {
        header('Content-Type: application/json');
        echo json_encode(nsscache_ep_utf8(nsscache_ep_facts())), "\n";
    } else {
        header('Content-Type: text/plain; version=0.0.4; charset=utf-8');
        echo nsscache_ep_render(nsscache_ep_families(nsscache_ep_facts()));
    }
}
