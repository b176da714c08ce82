<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: judging. What NSS will do in one PHP process, from that process's facts
// (ask.php) and its view of the host (view.php, a View gathered before): which DB libcurl-NSS
// opens, which temp dir sqlite uses, their filesystems, the softokn table row, whether the
// access() probe runs and where, whether NSS_SDB_USE_CACHE is in effect. Pure: data in, codes out;
// it reads no file and says no words (words.php turns the codes into the sentence an admin can
// act on; docs/doctor.md lists the codes).
declare(strict_types=1);

namespace NsscacheDoctor;

// nsscache_status()'s in_effect_reason codes (docs/api.md, a closed list) and what each says in_effect is.
const EXT_REASONS = ['in_effect' => true, 'unset' => false, 'probing_value' => false, 'set_after_nss_init' => false,
    'opened_under_putenv' => false, 'secure_exec' => false, 'softokn_ignores' => false,
    'softokn_version_ambiguous' => null, 'softokn_unknown' => null, 'no_nss_curl' => null, 'changed_below_php' => null];

// ---------------------------------------------------------------- the prediction

// Three-valued: true, false, null (cannot tell).
function tri_and(?bool $a, ?bool $b): ?bool
{
    if ($a === false || $b === false) {
        return false;
    }
    return $a === true && $b === true ? true : null;
}

// One cell of the table as a tri for this DB: probe -> true, no -> false, unknown -> null,
// fstype -> true only when the DB is on FUSE/CODA/NCP (sdb_init's statfs).
function cell_tri(string $cell, string $fs_class): ?bool
{
    switch ($cell) {
        case 'probe':
            return true;
        case 'no':
            return false;
        case 'fstype':
            return $fs_class === 'unknown' ? null : $fs_class === 'measure';
    }
    return null;
}

// The softokn row for one process (softokn_row()).
final class SoftoknRow
{
    /** @var ?array the table's row; null: no version, no table, or outside it */
    public ?array $row;
    /** @var string the family whose rows were used: rhel6, rhel7 or upstream */
    public string $family;
    /** @var bool a build outside the system library directories */
    public bool $private;
    /** @var ?int[] the version's parts (version_parse()); null: no version */
    public ?array $version;
}

// The softokn row for this process: the distribution's own rows only for a build in a system
// library directory; a private build is read as upstream (a distribution patch does not show
// in its version).
function softokn_row(?array $table, array $softokn, string $family): SoftoknRow
{
    $r = new SoftoknRow();
    $r->version = version_parse($softokn['version'] ?? null);
    $r->private = ($softokn['system_build'] ?? null) === false;
    $r->family = !$r->private && ($family === 'rhel6' || $family === 'rhel7') ? $family : 'upstream';
    $r->row = $table === null || $r->version === null ? null : table_lookup($table, $r->family, $r->version);
    return $r;
}

// The probe of one process P: 'curl' (none, nss, other), 'var_class' (the variable as NSS read it),
// 'softokn' (version, system_build), 'family' (the distribution's), 'secure' (?bool), 'db' and
// 'tempdir' (the target's). Gives 'probe' (none, expected, possible, unknown), where ('probe_db_dir',
// 'probe_temp_dir', each ?bool), 'dentries_freed', the 'reason' code, 'family_row' (the table rows
// used) and 'notes'.
function predict(array $p, ?array $table): array
{
    $out = ['probe' => 'none', 'probe_db_dir' => false, 'probe_temp_dir' => false, 'dentries_freed' => null,
        'reason' => null, 'notes' => []];
    if ($p['curl'] !== 'nss') {
        $out['reason'] = $p['curl'] === 'none' ? 'no_curl' : 'curl_not_nss';
        return $out;
    }
    $sr = softokn_row($table, $p['softokn'], $p['family']);
    $row = $sr->row;
    $private = $sr->private;
    $v = $sr->version;
    $out['family_row'] = $sr->family;
    $var = $p['var_class'];
    // softokn >= 3.23 reads the variable with secure_getenv (PR_GetEnvSecure): in a
    // setuid/setgid/capability process it sees none
    if ($p['secure'] === true && $var !== 'unset' && $v !== null && version_cmp_lo($v, [3, 23]) >= 0) {
        $var = 'unset';
        $out['notes'][] = 'secure_exec';
    }
    if ($p['db']['source'] === 'none') {
        $out['reason'] = 'no_db';
        return $out;
    }
    if ($table === null) {
        return array_merge($out, ['probe' => 'unknown', 'probe_db_dir' => null, 'probe_temp_dir' => null,
            'reason' => 'table_unreadable']);
    }
    if ($v === null || $row === null) {
        return array_merge($out, ['probe' => 'unknown', 'probe_db_dir' => null, 'probe_temp_dir' => null,
            'reason' => $v === null ? 'softokn_unknown' : 'outside_table']);
    }
    $col = $var === 'unset' ? 'unset' : ($var === 'probing' ? 'measure' : 'yesno');
    $fs = $p['db']['fs_class'];
    $db = cell_tri($row[$col . '_db'], $fs);
    $tmp = cell_tri($row[$col . '_tmp'], $fs);
    $freed = $row['freed'] === 'yes' ? true : ($row['freed'] === 'no' ? false : null);
    if ($private) {
        // a distribution patch (RHEL 7's "unset probes", a build without the mkdtemp variant)
        // does not show in a private build's version
        if ($var === 'unset') {
            $db = $db === false ? null : $db;
            $tmp = $tmp === false ? null : $tmp;
        }
        $freed = $freed === true ? null : $freed;
    }
    $table_db = $db;
    $table_tmp = $tmp;
    // the host: with the mkdtemp variant, the DB-dir probe needs a writable DB dir (else
    // sdb_measureAccess returns at once); the temp-dir probe (sdb_init) needs cert9.db opened
    // and a temp dir found
    if ($p['db']['writable'] === false) {
        $db = $freed === true ? false : ($freed === null ? tri_and(null, $db) : $db);
    } elseif ($p['db']['writable'] === null && $freed !== false) {
        $db = tri_and(null, $db);
    }
    // cert9.db and key4.db there, neither readable by the process (root's 0600, as certutil -N makes
    // them): softokn's open fails with EACCES before it measures anything
    $access = $p['db']['access'] ?? null;
    if ($access === 'unreadable') {
        $db = false;
        $tmp = false;
    } elseif ($access === 'mixed') {
        $db = $db === true ? null : $db;
        $tmp = $tmp === true ? null : $tmp;
    }
    $have_tmp = $p['db']['cert9'] === null || $p['tempdir']['source'] === 'unknown' ? null
        : ($p['db']['cert9'] && $p['tempdir']['source'] !== 'none');
    $tmp = tri_and($have_tmp, $tmp);
    $out['probe_db_dir'] = $db;
    $out['probe_temp_dir'] = $tmp;
    $out['dentries_freed'] = $db === false && $tmp === false ? null : $freed;
    if ($db === true || $tmp === true) {
        $out['probe'] = 'expected';
        $out['reason'] = 'probes';
    } elseif ($db === null || $tmp === null) {
        $out['probe'] = 'possible';
        if ($private && $var === 'unset') {
            $out['reason'] = 'private_build';
        } elseif ($row['honours'] === 'release' && $col === 'yesno') {
            $out['reason'] = 'release_unknown';
        } elseif (!empty($row['partial'])) {
            $out['reason'] = 'version_partial';
        } elseif ($fs === 'unknown' && ($row[$col . '_db'] === 'fstype' || $row[$col . '_tmp'] === 'fstype')) {
            $out['reason'] = 'fs_unknown';
        } else {
            $out['reason'] = 'host_unknown';
        }
    } elseif ($table_db === false && $table_tmp === false) {
        if ($col === 'yesno') {
            $out['reason'] = 'honoured';
        } elseif ($row[$col . '_tmp'] === 'fstype') {
            $out['reason'] = $fs === 'network' ? 'network_fs' : 'local_fs';
        } else {
            $out['reason'] = 'quiet';
        }
    } else {
        $out['reason'] = 'host_prevents';
        $out['notes'][] = $access === 'unreadable' ? 'db_unreadable'
            : ($table_tmp !== false && !$p['db']['cert9'] ? 'no_cert9' : 'db_not_writable');
    }
    return $out;
}

// The doctor's own in_effect, in the order api.md gives for nsscache_status(): ['in_effect' => ?bool,
// 'in_effect_reason' => the code], as the target holds them.
// set_after_nss_init is a fact only the process knows: taken from nsscache when it says so.
function in_effect(array $p, ?array $table, ?string $nsscache_reason): array
{
    if ($p['curl'] !== 'nss') {
        return ['in_effect' => null, 'in_effect_reason' => 'no_nss_curl'];
    }
    if ($nsscache_reason === 'set_after_nss_init' || $nsscache_reason === 'opened_under_putenv') {
        return ['in_effect' => false, 'in_effect_reason' => $nsscache_reason];
    }
    if ($p['var_class'] === 'unset') {
        return ['in_effect' => false, 'in_effect_reason' => 'unset'];
    }
    if ($p['var_class'] === 'probing') {
        return ['in_effect' => false, 'in_effect_reason' => 'probing_value'];
    }
    $sr = softokn_row($table, $p['softokn'], $p['family']);
    if ($p['secure'] === true && $sr->version !== null && version_cmp_lo($sr->version, [3, 23]) >= 0) {
        return ['in_effect' => false, 'in_effect_reason' => 'secure_exec'];
    }
    if ($sr->row === null) {
        return ['in_effect' => null, 'in_effect_reason' => 'softokn_unknown'];
    }
    switch ($sr->row['honours']) {
        case 'no':
            return ['in_effect' => false, 'in_effect_reason' => 'softokn_ignores'];
        case 'release':
            return ['in_effect' => null, 'in_effect_reason' => 'softokn_release_unknown'];
        case 'yes':
            return ['in_effect' => true, 'in_effect_reason' => 'in_effect'];
    }
    return ['in_effect' => null, 'in_effect_reason' => 'softokn_unknown'];
}

// ---------------------------------------------------------------- one target

// A "none" that rests on something the doctor did not see is at most "possible", for REASON; a
// target whose libcurl is absent or not NSS stays "none" (nothing there opens an NSS database).
// CLEAR_DIRS: where it may probe is no longer known (false becomes null).
function at_most_possible(array &$t, string $reason, bool $clear_dirs = true): void
{
    if ($t['probe'] !== 'none' || in_array($t['reason'], ['no_curl', 'curl_not_nss'], true)) {
        return;
    }
    $t['probe'] = 'possible';
    if ($clear_dirs) {
        $t['probe_db_dir'] = $t['probe_db_dir'] === false ? null : $t['probe_db_dir'];
        $t['probe_temp_dir'] = $t['probe_temp_dir'] === false ? null : $t['probe_temp_dir'];
    }
    $t['reason'] = $t['prediction']['reason'] = $reason;
}

// Judges one answered target T: its codes (probe, reason, in_effect, notes, ...; docs/doctor.md).
// FACTS: the decoded answer (ask.php); VIEW: what was seen of the host for it (view.php see());
// TABLE: the softokn rows or null. Reads nothing but its arguments.
function judge(array $t, array $facts, View $view, ?array $table): array
{
    $st = $facts['nsscache']['status'] ?? null;
    $st = is_array($st) ? $st : null;
    $env = $facts['env'] ?? [];
    $t['pid'] = $facts['pid'] ?? null;
    $t['php'] = ['version' => $facts['php']['version'] ?? null, 'sapi' => $facts['php']['sapi'] ?? null,
        'binary' => $facts['php']['binary'] ?? null];
    $t['variable'] = $env['NSS_SDB_USE_CACHE'] ?? null;
    // a page's Prometheus text shows the class alone (ask.php facts_from_text())
    $t['variable_class'] = is_string($facts['variable_class'] ?? null) ? $facts['variable_class']
        : \nsscache_ep_class($t['variable']);
    foreach (['ssl_dir' => 'SSL_DIR', 'tmpdir' => 'TMPDIR', 'sqlite_tmpdir' => 'SQLITE_TMPDIR'] as $k => $e) {
        $t[$k] = $env[$e] ?? null;
    }
    $t['notes'] = array_merge($t['notes'] ?? [], $view->notes);
    if ($st !== null) {
        $t['notes'] = array_merge($t['notes'], status_shape($st));
        // status() escapes its strings reversibly (\\, \xHH: docs/api.md); the variable is raw
        $st_env = is_string($st['env'] ?? null) ? stripcslashes($st['env']) : ($st['env'] ?? null);
        if (array_key_exists('env', $st) && $st_env !== $t['variable']) {
            $t['notes'][] = 'status_env_differs';
        }
    }
    // libcurl: nsscache's own reading when loaded, else curl_version() of ext/curl
    $ssl = $st['libcurl']['ssl_version'] ?? ($facts['curl']['ssl_version'] ?? null);
    $t['libcurl'] = $st['libcurl']['version'] ?? ($facts['curl']['version'] ?? null);
    $t['tls_backend'] = \nsscache_ep_tls_backend($ssl) ?: null;
    $curl_loaded = ($facts['curl']['loaded'] ?? false) || ($st['libcurl']['version'] ?? null) !== null;
    $t['nss_curl'] = $curl_loaded ? $t['tls_backend'] === 'NSS' : false;
    $t['nss'] = $st['nss']['version'] ?? ($t['nss_curl'] ? substr((string) $ssl, 4) : null);
    $t['softokn'] = $st !== null && is_string($st['softokn']['version'] ?? null) ? ['version' =>
        $st['softokn']['version'], 'path' => $st['softokn']['path'] ?? null, 'how' => $st['softokn']['how'] ?? null,
        'system_build' => $st['softokn']['system_build'] ?? null, 'source' => 'nsscache'] : $view->softokn;
    // the doctor's own reading of the target's root; a page's text (a remote URL) gives the endpoint's
    $t['distro'] = is_string($facts['distro']['family'] ?? null) ? ['id' => null, 'version' => null,
        'family' => $facts['distro']['family'], 'source' => 'endpoint'] : $view->distro;
    $t['db'] = $view->db;
    $t['tempdir'] = $view->tempdir;
    own_view($t, $facts['view'] ?? null);
    $p = ['curl' => !$curl_loaded ? 'none' : ($t['nss_curl'] ? 'nss' : 'other'), 'var_class' => $t['variable_class'],
        'softokn' => $t['softokn'], 'family' => $t['distro']['family'], 'secure' => $view->secure,
        'db' => $t['db'], 'tempdir' => $t['tempdir']];
    // one brain: where nsscache is loaded, its own in_effect and reason (a code of the closed list,
    // its in_effect as that code says), but softokn_version_ambiguous, which api.md leaves to the doctor
    $ext = null;
    if (($facts['nsscache']['loaded'] ?? false) && is_string($st['in_effect_reason'] ?? null)
            && array_key_exists($st['in_effect_reason'], EXT_REASONS)
            && ($st['in_effect'] ?? null) === EXT_REASONS[$st['in_effect_reason']]) {
        $ext = $st['in_effect_reason'];
    }
    // what NSS saw when it read the variable, where nsscache knows better than the value now
    if ($ext === 'set_after_nss_init') {
        $p['var_class'] = \nsscache_ep_class(is_string($st['previous'] ?? null) ? stripcslashes($st['previous'])
            : null);
    } elseif ($ext === 'secure_exec') {
        $p['secure'] = true;
    }
    $t['prediction'] = predict($p, $table);
    // NSS read a request's putenv() value, or one set below PHP, which the value now does not tell
    if (in_array($ext, ['opened_under_putenv', 'changed_below_php'], true) && $t['prediction']['probe'] === 'none'
            && !in_array($t['prediction']['reason'], ['no_curl', 'curl_not_nss', 'no_db'], true)) {
        $t['prediction'] = array_merge($t['prediction'], ['probe' => 'possible', 'probe_db_dir' => null,
            'probe_temp_dir' => null, 'reason' => $ext]);
    }
    $t['probe'] = $t['prediction']['probe'];
    $t['probe_db_dir'] = $t['prediction']['probe_db_dir'];
    $t['probe_temp_dir'] = $t['prediction']['probe_temp_dir'];
    $t['dentries_freed'] = $t['prediction']['dentries_freed'];
    $t['reason'] = $t['prediction']['reason'];
    // open_basedir kept the process from looking at its DB, temp dir or mounts
    if (in_array('open_basedir_hides', $t['notes'], true) && ($st['in_effect'] ?? null) !== true) {
        at_most_possible($t, 'open_basedir_hides');
    }
    // the process that answered is gone and no master of it was seen: its files were looked at from
    // the doctor's own view, or through a /proc entry that vanished while read: neither
    // can vouch for what that process saw
    // (with its own view, only the softokn file the doctor read is in doubt)
    $gone = (in_array('process_exited_while_read', $t['notes'], true)
        || in_array('process_gone', $t['notes'], true) && !in_array('judged_from_master', $t['notes'], true))
        && (!in_array('own_view', $t['notes'], true) || $t['softokn']['source'] !== 'nsscache');
    // (a "none" where nsscache itself says in_effect rests on the process's own facts alone)
    if ($gone && ($st['in_effect'] ?? null) !== true) {
        at_most_possible($t, 'process_gone');
    }
    // an ini target whose running server's environment could not be read
    if (in_array('server_environment_not_seen', $t['notes'], true)) {
        at_most_possible($t, 'server_env_unseen');
    }
    // the doctor's own PHP may have set the variable a CLI target inherited (main.php target_env())
    if (in_array('doctor_env_unknown', $t['notes'], true)) {
        at_most_possible($t, 'doctor_env_unknown', false);
    }
    // a page's text shows neither its files nor whether its softokn is a system build: "none" there
    // rests on what was not seen, unless its libcurl is not NSS or nsscache itself says in effect
    if (($facts['source'] ?? null) === 'text'
            && (($st['in_effect'] ?? null) !== true || ($facts['variable_class'] ?? null) === 'probing')) {
        at_most_possible($t, 'page_unconfirmed');
        // without nsscache the text shows no softokn: the page's silence, not a softokn the host lacks
        if ($t['reason'] === 'softokn_unknown' && $st === null) {
            $t['probe'] = 'possible';
            $t['probe_db_dir'] = $t['probe_temp_dir'] = null;
            $t['reason'] = $t['prediction']['reason'] = 'page_unconfirmed';
        }
    }
    $t['notes'] = array_values(array_unique(array_merge($t['notes'], $t['db']['notes'], $t['tempdir']['notes'],
        $t['prediction']['notes'])));
    $ns_reason = $st['in_effect_reason'] ?? null;
    $t = array_merge($t, $ext !== null && $ext !== 'softokn_version_ambiguous'
        ? ['in_effect' => EXT_REASONS[$ext], 'in_effect_reason' => $ext]
        : in_effect($p, $table, is_string($ns_reason) ? $ns_reason : null));
    $ns_ie = $st !== null && array_key_exists('in_effect', $st) ? $st['in_effect'] : null;
    $t['nsscache'] = ['loaded' => (bool) ($facts['nsscache']['loaded'] ?? false),
        'version' => $st['version'] ?? null, 'in_effect' => is_bool($ns_ie) ? $ns_ie : null,
        'in_effect_reason' => is_string($ns_reason) ? $ns_reason : null, 'action' => $st['action'] ?? null,
        'phase' => $st['phase'] ?? null];
    if (($st['nss']['initialized'] ?? null) === true || isset($facts['maps']['libsoftokn3.so'])) {
        $t['notes'][] = 'nss_already_initialized';
    }
    return $t;
}

// The target's own view (the endpoint's nsscache_ep_view(), taken inside the request or -r run
// that answered, with its uid, root and mounts) over the one the doctor has from outside: T's db
// and tempdir. OWN null: an older endpoint, the outside view stays.
function own_view(array &$t, ?array $own): void
{
    if ($own === null || ($own['view'] ?? null) !== 1) {
        return;
    }
    $t['notes'][] = 'own_view';
    if (!empty($own['hidden'])) {
        $t['notes'][] = 'open_basedir_hides';
    }
    $states = ['readable', 'unreadable', 'absent'];
    $d = $own['db'] ?? null;
    if (is_array($d) && in_array($d['source'] ?? null, ['SSL_DIR', 'default', 'none'], true)) {
        $c9 = in_array($d['cert9'] ?? null, $states, true) ? $d['cert9'] : null;
        $k4 = in_array($d['key4'] ?? null, $states, true) ? $d['key4'] : null;
        $access = null;
        if ($c9 !== null && $k4 !== null && $c9 !== 'readable' && $k4 !== 'readable'
                && ($c9 === 'unreadable' || $k4 === 'unreadable')) {
            $access = 'unreadable';
        } elseif ($c9 === 'unreadable' || $k4 === 'unreadable') {
            $access = 'mixed';
        } elseif ($c9 === 'readable') {
            $access = 'readable';
        }
        $none = $d['source'] === 'none' || !is_string($d['path'] ?? null);
        $t['db'] = ['path' => $none ? null : $d['path'], 'source' => $none ? 'none' : $d['source'],
            'resolved' => $none || $t['db']['path'] !== $d['path'] ? null : $t['db']['resolved'],
            'cert9' => $c9 === null ? null : $c9 !== 'absent', 'access' => $access,
            'writable' => is_bool($d['writable'] ?? null) ? $d['writable'] : null,
            'fs' => is_string($d['fs'] ?? null) ? $d['fs'] : null, 'fs_class' => 'unknown',
            'notes' => $t['db']['notes']];
        $t['db']['fs_class'] = fs_class($t['db']['fs']);
    }
    $m = $own['tmp'] ?? null;
    if (is_array($m) && is_string($m['source'] ?? null)) {
        $none = $m['source'] === 'none' || !is_string($m['path'] ?? null);
        $t['tempdir'] = ['path' => $none ? null : $m['path'], 'source' => $none ? 'none' : $m['source'],
            'resolved' => null, 'fs' => is_string($m['fs'] ?? null) ? $m['fs'] : null, 'fs_class' => 'unknown',
            'notes' => $t['tempdir']['notes']];
        $t['tempdir']['fs_class'] = fs_class($t['tempdir']['fs']);
    }
}

// Keys and types of nsscache_status() that api.md freezes and this doctor reads; a mismatch is a note.
function status_shape(array $st): array
{
    $want = ['version' => 'string', 'enabled' => 'boolean', 'env' => '?string', 'action' => 'string',
        'phase' => 'string', 'in_effect' => '?boolean', 'in_effect_reason' => 'string', 'libcurl' => 'array',
        'nss' => 'array', 'softokn' => 'array', 'notes' => 'array'];
    $bad = [];
    foreach ($want as $k => $type) {
        $null_ok = $type[0] === '?';
        $type = ltrim($type, '?');
        if (!array_key_exists($k, $st) || !($null_ok && $st[$k] === null || gettype($st[$k]) === $type)) {
            $bad[] = $k;
        }
    }
    return $bad ? ['status_shape:' . implode(',', $bad)] : [];
}

// ---------------------------------------------------------------- a running non-PHP process

// The facts judge() takes, for process P (host.php read_process()): its exec-time environment
// (ENV_KEEP), cwd and maps, libcurl taken as NSS's (the DB rule is libcurl-NSS's; judge_process()
// says where that is not known).
function process_facts(array $p): array
{
    $env = $p['env'] ?? [];
    return ['pid' => $p['pid'], 'cwd' => $p['cwd'] ?? '/', 'php' => ['version' => null, 'sapi' => null,
        'binary' => $p['exe']], 'env' => ['NSS_SDB_USE_CACHE' => $env['NSS_SDB_USE_CACHE'] ?? null,
        'SSL_DIR' => $env['SSL_DIR'] ?? null, 'TMPDIR' => $env['TMPDIR'] ?? null,
        'SQLITE_TMPDIR' => $env['SQLITE_TMPDIR'] ?? null],
        'curl' => ['loaded' => true, 'version' => null, 'ssl_version' => 'NSS'],
        'nsscache' => ['loaded' => false, 'status' => null], 'maps' => $p['maps'], 'view' => null];
}

// Judges process P (read_process()) seen through VIEW: judge() of its facts, then what a process's
// facts cannot show. Its environment is /proc/PID/environ, the exec-time one (a setenv() later
// does not show): unreadable, the process is taken as gone. Without a libcurl-NSS mapped, NSS
// opens a database of the program's own choosing: only a value NSS honours is "none"; the rest
// is at most "possible" (nss_db_unknown).
function judge_process(array $t, array $p, View $view, ?array $table): array
{
    if ($p['env'] === null) {
        $view->notes[] = 'process_exited_while_read';
    }
    $t = judge($t, process_facts($p), $view, $table);
    $t['php'] = null;
    $t['libcurl'] = $p['libcurl'];
    $t['nss_curl'] = $p['libcurl_nss'];
    $t['nss'] = null;
    $t['tls_backend'] = $p['libcurl_nss'] === true ? 'NSS' : null;
    $t['process'] = ['comm' => $p['comm'], 'cmdline' => $p['cmdline'], 'exe' => $p['exe'], 'unit' => $p['unit'],
        'libcurl' => $p['libcurl'], 'libcurl_nss' => $p['libcurl_nss']];
    $why = $p['env'] === null ? 'process_gone' : ($p['libcurl_nss'] !== true && $t['reason'] !== 'honoured'
        ? 'nss_db_unknown' : null);
    if ($why !== null && in_array($t['probe'], ['none', 'expected'], true)) {
        $t['probe'] = 'possible';
        $t['probe_db_dir'] = $t['probe_temp_dir'] = null;
        $t['reason'] = $t['prediction']['reason'] = $why;
    }
    return $t;
}
