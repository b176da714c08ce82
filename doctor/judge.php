<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: judging. What NSS will do in one process, from its facts (ask.php) and its view of
// the host (view.php, gathered before): its DB and temp dir, the softokn table row, whether the access()
// probe runs and where, whether NSS_SDB_USE_CACHE is in effect. Pure: data in, codes out; it reads no
// file and says no words (words.php; docs/doctor.md lists the codes).
declare(strict_types=1);

namespace NsscacheDoctor;

// softokn >= 3.23 reads the variable with secure_getenv (PR_GetEnvSecure): in a setuid/setgid/capability
// process (SECURE) it sees none. V: its version's parts.
function secure_exec_hides(?bool $secure, ?array $v): bool
{
    return $secure === true && $v !== null && version_cmp_lo($v, [3, 23]) >= 0;
}

// ---------------------------------------------------------------- the prediction

// Three-valued: true, false, null (cannot tell).
function tri_and(?bool $a, ?bool $b): ?bool
{
    return $a === false || $b === false ? false : ($a === true && $b === true ? true : null);
}

// One cell of the table as a tri for this DB: probe -> true, no -> false, unknown -> null,
// fstype -> true only when the DB is on FUSE/CODA/NCP (sdb_init's statfs).
function cell_tri(string $cell, string $fs_class): ?bool
{
    $fstype = $fs_class === 'unknown' ? null : $fs_class === 'measure';
    return ['probe' => true, 'no' => false, 'fstype' => $fstype][$cell] ?? null;
}

// One process as NSS will meet it: what predict() and in_effect() are given (judge() makes it from the Facts).
final class NssProcess
{
    public string $curl;        // libcurl as the DB rule reads it: none, nss, other
    public string $var_class;   // the variable as NSS read it: unset, yes, no, probing
    public array $softokn;      // 'version', 'system_build'
    public string $family;      // the distribution's
    public ?bool $secure;       // secure execution; null: unknown
    public array $db;           // db_dir(), or the target's own reading of it
    public array $tempdir;      // temp_dir(), likewise

    public function __construct(string $curl, string $var_class, array $softokn, string $family, ?bool $secure,
        array $db, array $tempdir)
    {
        [$this->curl, $this->var_class, $this->softokn, $this->family, $this->secure, $this->db, $this->tempdir]
            = func_get_args();
    }
}

// What predict() says of one process, named as the Judgement names it.
final class Prediction
{
    public string $probe = 'none';          // none, expected, possible, unknown
    public ?bool $probe_db_dir = false;     // null: cannot tell
    public ?bool $probe_temp_dir = false;
    public ?bool $dentries_freed = null;
    public ?string $reason = null;          // its code (docs/doctor.md)
    public ?string $family_row = null;      // the family whose table rows were used
    public array $notes = [];
}

// The softokn row for process P: ['version' (its parts; null: none), 'private' (a build outside the
// system library directories), 'family' (whose rows were used), 'row' (null: no version, no table, or
// outside it)]. The distribution's own rows only for a build in a system library directory; a private
// build is read as upstream (a distribution patch does not show in its version).
function softokn_row(?array $table, NssProcess $p): array
{
    $v = version_parse($p->softokn['version'] ?? null);
    $private = ($p->softokn['system_build'] ?? null) === false;
    $family = !$private && ($p->family === 'rhel6' || $p->family === 'rhel7') ? $p->family : 'upstream';
    return ['version' => $v, 'private' => $private, 'family' => $family,
        'row' => $table === null || $v === null ? null : table_lookup($table, $family, $v)];
}

// Whether NSS's access() probe runs in process P, where, and why.
function predict(NssProcess $p, ?array $table): Prediction
{
    $out = new Prediction();
    if ($p->curl !== 'nss') {
        $out->reason = $p->curl === 'none' ? 'no_curl' : 'curl_not_nss';
        return $out;
    }
    ['row' => $row, 'private' => $private, 'family' => $out->family_row, 'version' => $version]
        = softokn_row($table, $p);
    $var = $p->var_class;
    if ($var !== 'unset' && secure_exec_hides($p->secure, $version)) {
        $var = 'unset';
        $out->notes[] = 'secure_exec';
    }
    if ($p->db['source'] === 'none') {
        $out->reason = 'no_db';
        return $out;
    }
    if ($row === null) {
        $out->probe = 'unknown';
        $out->probe_db_dir = $out->probe_temp_dir = null;
        $out->reason = $table === null ? 'table_unreadable' : ($version === null ? 'softokn_unknown'
            : 'outside_table');
        return $out;
    }
    $col = $var === 'unset' ? 'unset' : ($var === 'probing' ? 'measure' : 'yesno');
    $fs = $p->db['fs_class'];
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
    if ($p->db['writable'] === false) {
        $db = $freed === true ? false : ($freed === null ? tri_and(null, $db) : $db);
    } elseif ($p->db['writable'] === null && $freed !== false) {
        $db = tri_and(null, $db);
    }
    // cert9.db and key4.db there, neither readable by the process (root's 0600, as certutil -N makes
    // them): sdb_init()'s open fails with EACCES before it measures the temp dir; s_open() has
    // measured the DB dir already (legacy and RHEL 7 builds: 7,014 and 10,000 calls as nobody)
    $access = $p->db['access'] ?? null;
    if ($access === 'unreadable') {
        $tmp = false;
    } elseif ($access === 'mixed') {
        $tmp = $tmp === true ? null : $tmp;
    }
    $have_tmp = $p->db['cert9'] === null || $p->tempdir['source'] === 'unknown' ? null
        : ($p->db['cert9'] && $p->tempdir['source'] !== 'none');
    $tmp = tri_and($have_tmp, $tmp);
    $out->probe_db_dir = $db;
    $out->probe_temp_dir = $tmp;
    $out->dentries_freed = $db === false && $tmp === false ? null : $freed;
    if ($db === true || $tmp === true) {
        $out->probe = 'expected';
        $out->reason = 'probes';
    } elseif ($db === null || $tmp === null) {
        $out->probe = 'possible';
        $out->reason = $private && $var === 'unset' ? 'private_build'
            : ($row['honours'] === 'release' && $col === 'yesno' ? 'release_unknown'
            : (!empty($row['partial']) ? 'version_partial'
            : ($fs === 'unknown' && in_array('fstype', [$row[$col . '_db'], $row[$col . '_tmp']], true) ? 'fs_unknown'
            : 'host_unknown')));
    } elseif ($table_db === false && $table_tmp === false) {
        $out->reason = $col === 'yesno' ? 'honoured'
            : ($row[$col . '_tmp'] !== 'fstype' ? 'quiet' : ($fs === 'network' ? 'network_fs' : 'local_fs'));
    } else {
        $out->reason = 'host_prevents';
        $out->notes[] = $access === 'unreadable' ? 'db_unreadable'
            : ($table_tmp !== false && !$p->db['cert9'] ? 'no_cert9' : 'db_not_writable');
    }
    return $out;
}

// The doctor's own in_effect of process P, in the order api.md gives for nsscache_status(), as
// nsscache_status() names it. set_after_nss_init is a fact only the process knows: taken from
// nsscache when it says so.
function in_effect(NssProcess $p, ?array $table, ?string $nsscache_reason): array
{
    $r = fn (?bool $in_effect, string $why): array => ['in_effect' => $in_effect, 'in_effect_reason' => $why];
    if ($p->curl !== 'nss') {
        return $r(null, 'no_nss_curl');
    }
    if ($nsscache_reason === 'set_after_nss_init' || $nsscache_reason === 'opened_under_putenv') {
        return $r(false, $nsscache_reason);
    }
    if ($p->var_class === 'unset' || $p->var_class === 'probing') {
        return $r(false, $p->var_class === 'unset' ? 'unset' : 'probing_value');
    }
    $sr = softokn_row($table, $p);
    if (secure_exec_hides($p->secure, $sr['version'])) {
        return $r(false, 'secure_exec');
    }
    return $r(...['no' => [false, 'softokn_ignores'], 'release' => [null, 'softokn_release_unknown'],
        'yes' => [true, 'in_effect']][$sr['row']['honours'] ?? ''] ?? [null, 'softokn_unknown']);
}

// ---------------------------------------------------------------- one target's facts

// The Facts of answered target T (its Answer's facts, seen through VIEW, view.php), merged once:
// the target's own reading first (nsscache's status, the endpoint's own view of its DB and temp
// dir), the doctor's outside reading only where the target cannot report; 'source' names where
// each merged fact came from. 'notes': the Address's, then the run's NOTES for it, then the view's.
function facts_of(Target $t, View $view, array $notes = []): array
{
    $facts = $t->answer()['facts'];
    // a running server maps nsscache.so or not, whatever its ini files load now: one started before its
    // ini loaded nsscache runs without it, with the environment it started with
    $sk = $facts['nsscache']['status']['softokn'] ?? null;    // the softokn it read stays a fact
    $loaded = (bool) ($facts['nsscache']['loaded'] ?? false);
    $srv = $t->address()['server_nsscache'] ?? null;
    $notes[] = is_bool($srv) && $srv !== $loaded ? ($loaded ? 'server_lacks_nsscache' : 'server_has_nsscache') : null;
    if (is_bool($srv) && !$srv && $loaded) {
        $facts['nsscache'] = ['loaded' => false, 'status' => null];
        $facts['env']['NSS_SDB_USE_CACHE'] = $t->address()['server_env']['NSS_SDB_USE_CACHE'] ?? null;
    }
    $notes = array_values(array_filter($notes));
    $st = $facts['nsscache']['status'] ?? null;
    $env = $facts['env'] ?? [];
    $f = ['pid' => $facts['pid'] ?? null, 'php' => ['version' => $facts['php']['version'] ?? null,
        'sapi' => $facts['php']['sapi'] ?? null, 'binary' => $facts['php']['binary'] ?? null],
        'variable' => $env['NSS_SDB_USE_CACHE'] ?? null, 'nsscache_status' => $st, 'secure' => $view->secure,
        'notes' => array_merge($t->address()['notes'], $notes, $view->notes)];
    // a page's Prometheus text shows the class alone (ask.php facts_from_text())
    $f['variable_class'] = is_string($facts['variable_class'] ?? null) ? $facts['variable_class']
        : \nsscache_ep_class($f['variable']);
    foreach (['ssl_dir' => 'SSL_DIR', 'tmpdir' => 'TMPDIR', 'sqlite_tmpdir' => 'SQLITE_TMPDIR'] as $k => $e) {
        $f[$k] = $env[$e] ?? null;
    }
    if ($st !== null) {
        $f['notes'] = array_merge($f['notes'], status_shape($st));
        // status() escapes its strings reversibly (\\, \xHH: docs/api.md); the variable is raw
        $st_env = is_string($st['env'] ?? null) ? stripcslashes($st['env']) : ($st['env'] ?? null);
        if (array_key_exists('env', $st) && $st_env !== $f['variable']) {
            $f['notes'][] = 'status_env_differs';
        }
    }
    // libcurl: nsscache's own reading when loaded, else curl_version() of ext/curl
    $ssl = $st['libcurl']['ssl_version'] ?? ($facts['curl']['ssl_version'] ?? null);
    $f['libcurl'] = $st['libcurl']['version'] ?? ($facts['curl']['version'] ?? null);
    $f['tls_backend'] = \nsscache_ep_tls_backend($ssl) ?: null;
    $curl_loaded = ($facts['curl']['loaded'] ?? false) || ($st['libcurl']['version'] ?? null) !== null;
    $f['nss_curl'] = $curl_loaded ? $f['tls_backend'] === 'NSS' : false;
    // libcurl as the DB rule reads it (none, nss, other)
    $f['curl'] = !$curl_loaded ? 'none' : ($f['nss_curl'] ? 'nss' : 'other');
    $f['nss'] = $st['nss']['version'] ?? ($f['nss_curl'] ? substr((string) $ssl, 4) : null);
    $f['softokn'] = (is_array($sk) && is_string($sk['version'] ?? null) ? ['version' => $sk['version'],
        'path' => $sk['path'] ?? null, 'how' => $sk['how'] ?? null, 'system_build' => $sk['system_build'] ?? null,
        'source' => 'nsscache'] : $view->softokn) + ['build' => $view->build];
    // the doctor's own reading of the target's root; a page's text (a remote URL) gives the endpoint's
    $f['distro'] = is_string($facts['distro']['family'] ?? null) ? ['id' => null, 'version' => null,
        'family' => $facts['distro']['family'], 'source' => 'endpoint'] : $view->distro;
    $f['source'] = ['softokn' => $f['softokn']['source'] ?? 'doctor', 'distro' => $f['distro']['source'] ?? 'doctor',
        'libcurl' => ($st['libcurl']['version'] ?? null) !== null ? 'nsscache' : 'curl', 'db' => 'doctor',
        'tempdir' => 'doctor'];
    $f['db'] = $view->db;
    $f['tempdir'] = $view->tempdir;
    own_view($f, $facts['view'] ?? null);
    $f['nsscache'] = ['loaded' => (bool) ($facts['nsscache']['loaded'] ?? false), 'version' => $st['version'] ?? null,
        'in_effect' => $st['in_effect'] ?? null, 'in_effect_reason' => $st['in_effect_reason'] ?? null,
        'action' => $st['action'] ?? null, 'phase' => $st['phase'] ?? null];
    if (isset($facts['process'])) {
        // a running non-PHP process (process_facts()): its own libcurl, taken as NSS's by the DB rule
        $p = $facts['process'];
        $f = array_merge($f, ['php' => null, 'libcurl' => $p['libcurl'], 'nss_curl' => $p['libcurl_nss'], 'nss' => null,
            'tls_backend' => $p['libcurl_nss'] === true ? 'NSS' : null, 'curl' => 'nss', 'process' => $p]);
    }
    return $f;
}

// The target's own view (the endpoint's nsscache_ep_view(), taken inside the request or -r run
// that answered, with its uid, root and mounts) over the one the doctor has from outside: F's db
// and tempdir. OWN null: an older endpoint, the outside view stays.
function own_view(array &$f, ?array $own): void
{
    if ($own === null || ($own['view'] ?? null) !== 1) {
        return;
    }
    $f['notes'][] = 'own_view';
    if (!empty($own['hidden'])) {
        $f['notes'][] = 'open_basedir_hides';
    }
    $states = ['readable', 'unreadable', 'absent'];
    $d = $own['db'] ?? null;
    if (is_array($d) && in_array($d['source'] ?? null, ['SSL_DIR', 'default', 'none'], true)) {
        $c9 = in_array($d['cert9'] ?? null, $states, true) ? $d['cert9'] : null;
        $k4 = in_array($d['key4'] ?? null, $states, true) ? $d['key4'] : null;
        // unreadable: neither file readable (NSS fails to open them); mixed: one may be
        $access = in_array('unreadable', [$c9, $k4], true)
            ? (array_diff([$c9, $k4], ['unreadable', 'absent']) ? 'mixed' : 'unreadable')
            : ($c9 === 'readable' ? 'readable' : null);
        $f['db'] = own_dir($d, $f['db']['path'] === ($d['path'] ?? null) ? $f['db']['resolved'] : null,
            $f['db']['notes'], ['cert9' => $c9 === null ? null : $c9 !== 'absent', 'access' => $access,
            'writable' => is_bool($d['writable'] ?? null) ? $d['writable'] : null]);
        $f['source']['db'] = 'target';
    }
    $m = $own['tmp'] ?? null;
    if (is_array($m) && is_string($m['source'] ?? null)) {
        $f['tempdir'] = own_dir($m, null, $f['tempdir']['notes']);
        $f['source']['tempdir'] = 'target';
    }
}

// One directory of the target's own view (D: its 'path', 'source' and 'fs') in the shape of
// view.php db_dir() and temp_dir(), with RESOLVED and NOTES from the doctor's reading, and MORE.
function own_dir(array $d, ?string $resolved, array $notes, array $more = []): array
{
    $none = $d['source'] === 'none' || !is_string($d['path'] ?? null);
    $fs = is_string($d['fs'] ?? null) ? $d['fs'] : null;
    return ['path' => $none ? null : $d['path'], 'source' => $none ? 'none' : $d['source'],
        'resolved' => $none ? null : $resolved] + $more + ['fs' => $fs, 'fs_class' => fs_class($fs), 'notes' => $notes];
}

// The keys of nsscache_status() that api.md freezes and that are never null (their types are
// FACTS_SPEC's, checked with the answer, ask.php); one missing is a note. An in_effect_reason
// outside nsscache_ep_reasons() (a newer nsscache's) is reported as unknown, never a bad answer.
const STATUS_FROZEN = ['version', 'enabled', 'action', 'phase', 'in_effect_reason', 'libcurl', 'nss', 'softokn',
    'notes'];
function status_shape(array $st): array
{
    $bad = array_values(array_filter(STATUS_FROZEN, fn(string $k): bool => !isset($st[$k])));
    $r = $st['in_effect_reason'] ?? null;
    return array_merge($bad ? ['status_shape:' . implode(',', $bad)] : [],
        is_string($r) && !array_key_exists($r, \nsscache_ep_reasons()) ? ['in_effect_reason_unknown'] : []);
}

// ---------------------------------------------------------------- one target's judgement

// J (the Judgement judge() is making) at "possible" for REASON (null: its own stays); where it may
// probe is no longer known, but with KEEP_DIRS.
function possible(array &$j, ?string $reason, bool $keep_dirs = false): void
{
    $j['probe'] = 'possible';
    if (!$keep_dirs) {
        $j['probe_db_dir'] = $j['probe_temp_dir'] = null;
    }
    $j['reason'] = $reason ?? $j['reason'];
}

// A "none" that rests on something the doctor did not see is at most "possible", for REASON; a
// target whose libcurl is absent or not NSS stays "none" (nothing there opens an NSS database).
function at_most_possible(array &$j, string $reason, bool $keep_dirs = false): void
{
    if ($j['probe'] === 'none' && !in_array($j['reason'], ['no_curl', 'curl_not_nss'], true)) {
        possible($j, $reason, $keep_dirs);
    }
}

// The Judgement of target T (its codes; docs/doctor.md), downgrades included: from its Answer and,
// when it answered, its Facts (facts_of()). TABLE: the softokn rows or null. Reads nothing but its
// arguments.
function judge(Target $t, ?array $table): array
{
    $a = $t->answer();
    $none = ['probe' => 'unknown', 'probe_db_dir' => null, 'probe_temp_dir' => null, 'dentries_freed' => null,
        'family_row' => null, 'in_effect' => null, 'in_effect_reason' => null];
    if ($a['status'] !== 'ok') {
        return ['reason' => isset($a['cut']) ? 'processes_cut' : $a['status'],
            'notes' => array_merge($t->address()['notes'], isset($a['cut']) ? ['processes_cut'] : [])] + $none;
    }
    $facts = $a['facts'];
    $f = $t->facts();
    $st = $f['nsscache_status'];
    $notes = $f['notes'];
    // one brain: where nsscache is loaded, its own in_effect and reason (a code of the closed list,
    // its in_effect as that code says), but softokn_version_ambiguous, which api.md leaves to the doctor
    $ns_reason = is_string($st['in_effect_reason'] ?? null) ? $st['in_effect_reason'] : null;
    $ext = $f['nsscache']['loaded'] && array_key_exists((string) $ns_reason, \nsscache_ep_reasons())
        && ($st['in_effect'] ?? null) === \nsscache_ep_reasons()[$ns_reason] ? $ns_reason : null;
    // what NSS saw when it read the variable, where nsscache knows better than the value now
    $var_class = $ext !== 'set_after_nss_init' ? $f['variable_class']
        : \nsscache_ep_class(is_string($st['previous'] ?? null) ? stripcslashes($st['previous']) : null);
    $p = new NssProcess($f['curl'], $var_class, $f['softokn'], $f['distro']['family'],
        $ext === 'secure_exec' ? true : $f['secure'], $f['db'], $f['tempdir']);
    $pred = predict($p, $table);
    $j = array_diff_key(get_object_vars($pred), ['notes' => 0]);
    // a "none" from the table's model stands only for a build a truth-suite layout measured for that reason
    $key = $pred->reason === 'host_prevents' ? ($pred->notes ? end($pred->notes) : null) : $pred->reason;
    if ($pred->probe === 'none' && in_array($key, TABLE_MEASURED, true)
            && table_measured($table, $f['softokn']['build'] ?? null, $key) === null) {
        possible($j, 'unmeasured');
        $j['model'] = $key;
    }
    // a "none" that rests on what was not seen is at most "possible", for the first of these reasons:
    // NSS read a request's putenv() value, or one set below PHP, which the value now does not tell;
    // open_basedir kept the process from looking at its DB, temp dir or mounts; the process that
    // answered is gone and no master of it was seen: its files were looked at from the doctor's own
    // view, or through a /proc entry that vanished while read: neither can vouch for what that process
    // saw (with its own view, only the softokn file the doctor read is in doubt); an ini target whose
    // running server's environment could not be read. (A "none" where nsscache itself says in_effect
    // rests on the process's own facts alone.)
    $has = fn(string $note): bool => in_array($note, $notes, true);
    $said = ($st['in_effect'] ?? null) === true;
    $gone = ($has('process_exited_while_read') || $has('process_gone') && !$has('judged_from_master'))
        && (!$has('own_view') || $f['softokn']['source'] !== 'nsscache');
    foreach ([[in_array($ext, ['opened_under_putenv', 'changed_below_php'], true) && $j['reason'] !== 'no_db', $ext],
            [$has('open_basedir_hides') && !$said, 'open_basedir_hides'], [$gone && !$said, 'process_gone'],
            [$has('server_environment_not_seen'), 'server_env_unseen']] as [$if, $reason]) {
        if ($if) {
            at_most_possible($j, $reason);
        }
    }
    // what runs is not what the ini files say now: restart the server (expected where, without the
    // nsscache it lacks, it probes); a server that maps nsscache, or started before an ini changed, is
    // at most "possible" from those files
    $srv = array_intersect(['server_lacks_nsscache', 'server_has_nsscache', 'ini_newer_than_server'], $notes);
    if ($srv && $p->curl === 'nss') {
        if ($j['probe'] === 'expected' ? !$has('server_lacks_nsscache') : $j['probe'] === 'none') {
            possible($j, null);
        }
        $j['reason'] = $j['probe'] !== 'unknown' && $j['reason'] !== 'server_env_unseen' ? 'restart_needed'
            : $j['reason'];
    }
    // the doctor's own PHP may have set the variable a CLI target inherited (main.php target_env())
    if ($has('doctor_env_unknown')) {
        at_most_possible($j, 'doctor_env_unknown', true);
    }
    // a page's text shows neither its files nor whether its softokn is a system build: "none" there
    // rests on what was not seen, unless its libcurl is not NSS or nsscache itself says in effect
    if (($facts['source'] ?? null) === 'text' && (!$said || ($facts['variable_class'] ?? null) === 'probing')) {
        at_most_possible($j, 'page_unconfirmed');
        // without nsscache the text shows no softokn: the page's silence, not a softokn the host lacks
        if ($j['reason'] === 'softokn_unknown' && $st === null) {
            possible($j, 'page_unconfirmed');
        }
    }
    // a running non-PHP process: its environment is /proc/PID/environ, the exec-time one (a setenv()
    // later does not show): unreadable, the process is taken as gone. Without a libcurl-NSS mapped,
    // NSS opens a database of the program's own choosing: only a value NSS honours is "none"; the
    // rest is at most "possible" (nss_db_unknown).
    $proc = $f['process'] ?? null;
    // (nsscache's setenv() in a PHP does not show in its exec-time environment: only it could say)
    $why = $proc === null ? null : (!$facts['environ_read'] ? 'process_gone'
        : ($proc['libcurl_nss'] !== true && $j['reason'] !== 'honoured' ? 'nss_db_unknown'
        : (($proc['nsscache'] ?? false) && $j['reason'] !== 'honoured' ? 'nsscache_not_asked' : null)));
    $j['notes'] = array_values(array_unique(array_merge($notes, $f['db']['notes'], $f['tempdir']['notes'],
        $pred->notes)));
    $j += $ext !== null && $ext !== 'softokn_version_ambiguous'
        ? ['in_effect' => \nsscache_ep_reasons()[$ext], 'in_effect_reason' => $ext]
        : in_effect($p, $table, $ns_reason);
    if (($st['nss']['initialized'] ?? null) === true || isset($facts['maps']['libsoftokn3.so'])) {
        $j['notes'][] = 'nss_already_initialized';
    }
    if ($why !== null && in_array($j['probe'], ['none', 'expected'], true)) {
        possible($j, $why);
    }
    return $j;
}

// ---------------------------------------------------------------- a running non-PHP process

// The facts of process P (host.php read_process()) as an Answer holds them: its exec-time
// environment (ENV_KEEP), cwd and maps, and what the scan read of it ('process'); a process whose
// environ could not be read is taken as gone (process_exited_while_read).
function process_facts(array $p): array
{
    $env = array_merge(array_fill_keys(array_keys(FACTS_SPEC['env']), null),
        array_intersect_key($p['env'] ?? [], FACTS_SPEC['env']));
    return ['pid' => $p['pid'], 'cwd' => $p['cwd'] ?? '/', 'php' => ['version' => null, 'sapi' => null,
        'binary' => $p['exe']], 'env' => $env,
        'curl' => ['loaded' => true, 'version' => null, 'ssl_version' => 'NSS'],
        'nsscache' => ['loaded' => false, 'status' => null], 'maps' => $p['maps'], 'view' => null,
        'environ_read' => $p['env'] !== null, 'process' => ['comm' => $p['comm'], 'cmdline' => $p['cmdline'],
            'exe' => $p['exe'], 'unit' => $p['unit'], 'libcurl' => $p['libcurl'], 'libcurl_nss' => $p['libcurl_nss'],
            'nsscache' => $p['nsscache'] ?? false]];
}

// Target T with its Facts (facts_of(), seen through VIEW with NOTES first, when it answered) and
// its Judgement (judge()) made: the stages after asking.
function settled(Target $t, ?View $view, ?array $table, array $notes = []): Target
{
    if ($t->answer()['status'] === 'ok') {
        $t = $t->with('facts', facts_of($t, $view, $notes));
    }
    return $t->with('judgement', judge($t, $table));
}
