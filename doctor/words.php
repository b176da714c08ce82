<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: the words. Every sentence the doctor says about a target, from the codes
// judge.php gives (docs/doctor.md lists them); judging itself says nothing.
declare(strict_types=1);

namespace NsscacheDoctor;

// A value as an admin should read it in one line: quoted, control bytes escaped, cut at 64 bytes.
function quote(?string $v): string
{
    if ($v === null) {
        return 'unset';
    }
    $cut = strlen($v) > 64;
    $s = substr($v, 0, 64);
    $s = preg_replace_callback('/[^\x20-\x7e]|["\\\\]/', fn(array $m): string => ['"' => '\\"', '\\' => '\\\\',
        "\n" => '\\n', "\r" => '\\r', "\t" => '\\t'][$m[0]] ?? sprintf('\\x%02x', ord($m[0])), $s);
    return '"' . $s . '"' . ($cut ? '... (' . strlen($v) . ' bytes)' : '');
}

// Where judgement J of a target with facts F says NSS probes.
function where(array $j, array $f): string
{
    return implode(' and ', array_filter([
        $j['probe_db_dir'] === false ? null
            : ($f['db']['path'] !== null ? 'the DB dir ' . $f['db']['path'] : 'its DB dir'),
        $j['probe_temp_dir'] === false ? null
            : ($f['tempdir']['path'] !== null ? 'the temp dir ' . $f['tempdir']['path'] : 'its temp dir')]));
}

// The one sentence for target T: its Judgement's, or why it was not inspected.
function words(Target $t): string
{
    $a = $t->answer();
    if (isset($a['cut'])) {
        return "Not inspected: {$a['cut']['deadline']} processes were not read before the deadline (a longer "
            . "--deadline reads them) and {$a['cut']['bound']} have maps longer than " . (MAPS_MAX >> 20)
            . ' MiB; any of them may have softokn mapped.';
    }
    return $a['status'] === 'ok' ? sentence($t->address(), $t->facts(), $t->judgement())
        : status_sentence($t->address()['kind'], $a);
}

// The sentence for a judged target: its Address AD, Facts F and Judgement J.
function sentence(array $ad, array $f, array $j): string
{
    $soft = $f['softokn']['version'] !== null ? 'softokn ' . $f['softokn']['version'] : 'softokn';
    $fam = $j['family_row'] ?? 'upstream';
    $of = $fam === 'upstream' ? '' : " ($fam build)";
    $var = 'NSS_SDB_USE_CACHE ' . ($f['variable'] !== null ? '= ' . quote($f['variable'])
        : ($f['variable_class'] === 'probing' ? 'set to a value NSS measures with' : 'unset'));
    // the fix where nsscache is loaded, worded from what it says of itself: turned off, told to keep
    // a probing value, or else its settings to check
    $st = $f['nsscache_status'] ?? [];
    $what = $ad['kind'] === 'fpm' ? 'pool' : 'PHP';
    $kept = ($st['override'] ?? null) === 'never' && in_array('probing_value_kept', $st['notes'] ?? [], true);
    $ns_fix = !$f['nsscache']['loaded'] ? 'load nsscache' : (($st['enabled'] ?? null) === false
        ? "turn nsscache.enabled on for this $what" : ($kept ? "set nsscache.override = probing for this $what"
            : "check nsscache.enabled/override for this $what"));
    $fix = $f['nsscache']['loaded'] ? $ns_fix : 'load nsscache, or set NSS_SDB_USE_CACHE=yes in its environment';
    if ($ad['kind'] === 'process') {
        $unit = $f['process']['unit'] ?? null;
        $fix = 'set NSS_SDB_USE_CACHE=yes in the environment it starts with'
            . ($unit !== null && substr($unit, -8) === '.service' ? " (nsscache-doctor --fix-host $unit)"
                : ' (its unit, or host-wide: nsscache-doctor --fix-host systemd)');
    }
    if ($ad['kind'] === 'fpm' && \nsscache_ep_class($f['variable']) === 'probing' && $f['variable'] === '1') {
        $fix = 'quote the pool\'s env[] line (env[NSS_SDB_USE_CACHE] = "yes": unquoted yes arrives as "1"), '
            . "or $ns_fix";
    }
    switch ($j['reason']) {
        case 'no_curl':
            return 'Not affected: this PHP has no ext/curl.';
        case 'curl_not_nss':
            return 'Not affected: libcurl uses ' . ($f['tls_backend'] ?: 'another TLS backend') . ', not NSS.';
        case 'no_db':
            return 'Nothing probes now: libcurl-NSS opens no database (SSL_DIR is not a directory and '
                . NSSDB_DEFAULT . ' does not exist)'
                . (in_array(\nsscache_ep_class($f['variable']), ['yes', 'no'], true)
                    ? '.' : "; once one appears it may: $fix.");
        case 'honoured':
            return "Fixed: $var, and $soft$of honours it, so NSS skips the probe"
                . ($f['nsscache']['loaded'] && in_array($f['nsscache']['action'], ['set', 'replaced'], true)
                    ? ' (nsscache ' . $f['nsscache']['action'] . ' it)' : '') . '.';
        case 'quiet':
            return "Nothing probes: $soft$of does not probe with $var.";
        case 'network_fs':
            return "Nothing probes: $soft$of sees the DB on {$f['db']['fs']} (network) and turns its cache on.";
        case 'local_fs':
            return "Nothing probes: $soft$of with $var probes only for a DB on FUSE/CODA/NCP, and "
                . "{$f['db']['path']} is on {$f['db']['fs']}.";
        case 'host_prevents':
            return "Nothing probes here, by luck: $soft$of would probe with $var, but "
                . (in_array('db_unreadable', $j['notes'], true) ? 'this process cannot read '
                    . $f['db']['path'] . '/cert9.db or key4.db (NSS fails to open them)'
                    : (in_array('no_cert9', $j['notes'], true) ? $f['db']['path'] . ' has no cert9.db'
                    : 'the DB dir is not writable for its mkdtemp')) . "; $fix to be safe.";
        case 'probes':
            return ($ad['kind'] === 'process' ? 'NSS probed (when this process opened its DB; each new one of it '
                . 'will) ' : 'NSS will probe ') . where($j, $f) . " ($soft$of, $var"
                . ($j['dentries_freed'] === true ? ', dentries freed but the access() storm remains'
                    : ($j['dentries_freed'] === false ? ', leaving negative dentries' : '')) . "): $fix.";
        case 'private_build':
            return "May probe: $soft at {$f['softokn']['path']} is a private build, whose unset default "
                . "(RHEL 7's patch probes) its version does not show; $fix to be sure.";
        case 'unmeasured':
            return "May probe: by the softokn table nothing probes here ({$j['model']}), but no truth-suite layout "
                . 'measured that for this build (' . ($f['softokn']['build'] ?? "$soft at " . ($f['softokn']['path']
                ?? '?') . ', not a distribution package the doctor could check') . '), and builds of one version '
                . "differ (legacy and RHEL 7 builds probe anyway); $fix to be sure.";
        case 'release_unknown':
            return "May probe: RHEL 6 $soft honours NSS_SDB_USE_CACHE only from 3.14.3-12.el6, which the version "
                . "does not show; check rpm -q nss-softokn.";
        case 'version_partial':
            return "May probe: $soft is only known as major.minor, and the table changes inside it.";
        case 'open_basedir_hides':
            return "May probe: open_basedir keeps this PHP from looking at its DB, temp dir or mounts; "
                . "$fix to be sure.";
        case 'server_env_unseen':
            return "May probe: this PHP's ini read with its CLI says nothing probes, but the running server's "
                . "environment (pid " . ($ad['server_pid'] ?? '?') . ") could not be read; ask the server itself: "
                . "--url http://HOST/nsscache-metrics.php.";
        case 'nss_db_unknown':
            return "May probe: " . ($f['nss_curl'] === false ? 'its libcurl is not NSS\'s, so ' : '')
                . "NSS opens a database of this program's own choosing, which the doctor does not know; $fix.";
        case 'restart_needed':
            return ($j['probe'] === 'expected' ? 'Expected: restart ' : 'May probe: restart ')
                . (($ad['sapi'] ?? null) === 'cgi' ? 'php-cgi' : 'apache2 (or httpd)') . ': the running server (pid '
                . ($ad['server_pid'] ?? '?') . ') ' . (in_array('server_lacks_nsscache', $j['notes'], true)
                    ? 'started before its ini files loaded nsscache, and runs without it' . ($j['probe'] === 'expected'
                    ? ' (NSS will probe ' . where($j, $f) . ", $soft$of, $var)" : '')
                    : (in_array('server_has_nsscache', $j['notes'], true) ? 'still runs the nsscache its ini files '
                    . 'no longer load' : 'started before its ini files last changed')) . ', so they do not say what it '
                . 'does; then run the doctor again.';
        case 'nsscache_not_asked':
            return 'May probe: nsscache is loaded in this PHP process, and what it set after the process started does '
                . 'not show from outside; ask that PHP itself (--php with its binary, ini and environment).';
        case 'process_gone':
            return $ad['kind'] === 'process'
                ? 'May probe: the process exited while it was read; its verdict rests on what was not seen.'
                : "May probe: the process that answered exited before its files could be seen, and no php-fpm "
                . "master of it was found; ask again, or name its pool's config with --fpm-conf.";
        case 'opened_under_putenv':
            return "May probe: NSS opened its database during a request that putenv() NSS_SDB_USE_CACHE, and read "
                . "that request's value, not the one nsscache keeps; restart that PHP and avoid putenv() "
                . "of the variable.";
        case 'changed_below_php':
            return "May probe: code below PHP (an extension's C, or FFI) changed NSS_SDB_USE_CACHE around the time NSS "
                . "opened its database, so the value NSS read is not known; restart that PHP and find what calls "
                . "setenv().";
        case 'doctor_env_unknown':
            return "May probe: nsscache in the doctor's own PHP may have set the NSS_SDB_USE_CACHE this CLI "
                . "inherited, and that PHP does not say what it held before; run the doctor through its launcher.";
        case 'page_unconfirmed':
            return "May probe: a page's Prometheus text shows neither its DB, its temp dir nor its softokn build, "
                . "and nsscache there does not say NSS_SDB_USE_CACHE is in effect; $fix to be sure.";
        case 'fs_unknown':
            return "May probe: the DB's filesystem decides, and it could not be read from here; $fix to be sure.";
        case 'host_unknown':
            return "May probe: whether cert9.db, the temp dir or a writable DB dir exist could not be read; "
                . "$fix to be sure.";
        case 'softokn_unknown':
            return 'Could not tell: no softokn version found (not loaded, no libsoftokn3.so beside libnss3 '
                . 'or in a system library directory).';
        case 'outside_table':
            return "Could not tell: $soft is outside the table (data/softokn.tsv).";
        case 'table_unreadable':
            return 'Could not tell: the softokn table could not be read.';
    }
    return 'Could not tell (' . $j['reason'] . ').';
}

// The sentence for a target of KIND not inspected, from its Answer A: its status (ask.php) and error.
function status_sentence(string $kind, array $a): string
{
    $d = $a['error'] ?? '';
    $what = $kind === 'fpm' ? 'pool' : ($kind === 'url' ? 'page' : 'PHP');
    switch ($a['status']) {
        case 'not_running':
            return $kind === 'ini' ? "Not running ($d); informational, not counted."
                : "Not running (no php-fpm master uses $d); informational, not counted.";
        case 'dead':
            return "No $what listening ($d): start it, or fix the address.";
        case 'timeout':
            return "No answer within {$a['timeout']} s ($d): the $what is hung or all its workers are busy.";
        case 'endpoint_failed':
            $b = $a['blocked'] ?? null;
            if ($b !== null) {
                return "The pool's user {$b['user']} cannot {$b['what']} {$b['path']} (mode {$b['mode']}, "
                    . "owner {$b['owner']}), so it cannot run the endpoint ($d): "
                    . "install nsscache-metrics.php where it can read it and pass --script, or let it in.";
            }
            return "The $what answered but could not run the endpoint ($d): check open_basedir, chroot and "
                . "security.limit_extensions, or pass --script with a path the $what can read.";
        case 'crashed':
            return "The PHP binary crashed ($d).";
        case 'bad_answer':
            return "The $what answered something that is not the endpoint's facts ($d).";
        case 'config':
            return "Its configuration could not be read ($d).";
    }
    return "Could not be inspected ($d).";
}
