<?php
// SPDX-License-Identifier: BSD-2-Clause
// The doctor's unit tests (phpunit, tests/doctor/run): the doctor and the pool endpoint loaded
// as libraries, fixtures shaped exactly as the frozen nsscache_status() contract says, and
// scratch roots that stand for a target's view of the host.
declare(strict_types=1);

define('NSSCACHE_DOCTOR_LIBRARY', true);
define('NSSCACHE_EP_LIBRARY', true);
define('TOP', dirname(__DIR__, 3));
require __DIR__ . '/fs_guard.php';
require TOP . '/doctor/main.php';
require TOP . '/fleet/nsscache-metrics.php';

// nsscache_status() of a 0.2.0 .so: every frozen key with its type; OVERRIDE replaces parts.
function status_fixture(array $override = []): array
{
    $s = [
        'version' => '0.2.0', 'enabled' => true, 'value' => 'yes', 'override' => 'probing',
        'env' => 'yes', 'previous' => null, 'action' => 'set', 'phase' => 'load', 'repairs' => 1,
        'libcurl' => ['version' => '7.29.0', 'ssl_version' => 'NSS/3.44', 'nss' => true,
            'path' => '/usr/lib64/libcurl.so.4', 'how' => 'ext_curl'],
        'nss' => ['version' => '3.44.0', 'initialized' => false, 'path' => '/usr/lib64/libnss3.so'],
        'softokn' => ['version' => '3.44.0', 'how' => 'file', 'path' => '/usr/lib64/libsoftokn3.so',
            'system_build' => true],
        'ssl_dir' => null, 'tmpdir' => null, 'sqlite_tmpdir' => null,
        'in_effect' => true, 'in_effect_reason' => 'in_effect', 'notes' => [],
    ];
    return array_replace($s, $override);
}

// The facts the endpoint's facts block returns, for a process with ENV (NSS_SDB_USE_CACHE etc.).
function facts_fixture(array $env = [], ?array $status = null, array $curl = ['version' => '7.29.0',
    'ssl_version' => 'NSS/3.44']): array
{
    return ['facts' => 1, 'pid' => 4242, 'cwd' => '/',
        'php' => ['version' => '7.4.33', 'sapi' => 'fpm-fcgi', 'binary' => '/usr/sbin/php-fpm', 'zts' => false,
            'ini' => '/etc/php.ini', 'scanned' => false, 'open_basedir' => ''],
        'uid' => 48, 'env' => array_merge(['NSS_SDB_USE_CACHE' => null, 'SSL_DIR' => null, 'TMPDIR' => null,
            'SQLITE_TMPDIR' => null], $env),
        'curl' => ['loaded' => $curl['version'] !== null] + $curl,
        'nsscache' => ['loaded' => $status !== null, 'status' => $status],
        'maps' => ['libnss3.so' => '/usr/lib64/libnss3.so'], 'view' => null, 'distro_family' => 'rhel7'];
}

// The endpoint's nsscache_ep_view() of a process: a DB at /srv/db with both files in STATE
// (readable, unreadable, absent), on FS, a temp dir /tmp; OVERRIDE replaces parts.
function own_view_fixture(string $state = 'readable', string $fs = 'xfs', array $override = []): array
{
    return array_replace_recursive(['view' => 1, 'db' => ['path' => '/srv/db', 'source' => 'SSL_DIR',
        'cert9' => $state, 'key4' => $state, 'writable' => true, 'fs' => $fs],
        'tmp' => ['path' => '/tmp', 'source' => 'TMPDIR', 'fs' => 'tmpfs'], 'hidden' => []], $override);
}

// A scratch directory, removed at exit.
function scratch(): string
{
    $d = sys_get_temp_dir() . '/nsscache-doctor-test.' . bin2hex(random_bytes(6));
    mkdir($d, 0755);
    register_shutdown_function(function () use ($d) {
        exec('rm -rf ' . escapeshellarg($d));
    });
    return $d;
}

// Where a target's files are seen from: ROOT a scratch root, one local mount unless MOUNTS says.
function view_fixture(?string $root, array $more = []): array
{
    return array_merge(['root' => $root,
        'mounts' => [['mount' => '/', 'fstype' => 'xfs', 'ro' => false]],
        'creds' => ['uid' => 48, 'gid' => 48, 'groups' => []], 'secure' => false, 'maps' => null,
        'distro' => ['id' => 'centos', 'version' => '7', 'id_like' => 'rhel', 'family' => 'rhel7', 'source' => null,
            'notes' => []], 'notes' => []], $more);
}

// The view stage for FACTS in the scratch root of WHERE (view_fixture()): a View as view.php sees it.
function seen(array $where, array $facts): NsscacheDoctor\View
{
    $v = new NsscacheDoctor\View();
    foreach ($where as $k => $x) {
        $v->$k = $x;
    }
    return NsscacheDoctor\see($v, $facts);
}

// Target T (an Address) that answered FACTS, seen (seen()) and judged, as main.php's answered() does.
function judged_in(array $t, array $facts, array $where, ?array $table): NsscacheDoctor\Target
{
    return answered_with($t, $facts, seen($where, $facts), $table);
}

// Target T (an Address) that answered FACTS, seen through VIEW, judged with TABLE.
function answered_with(array $t, array $facts, NsscacheDoctor\View $view, ?array $table): NsscacheDoctor\Target
{
    return NsscacheDoctor\settled((new NsscacheDoctor\Target($t))->with('answer', ['status' => 'ok', 'error' => null,
        'facts' => $facts]), $view, $table);
}

// A Target from FLAT, its keys sorted into the parts record.php names (for the output's tests,
// which build targets as judging leaves them): the Answer's, the Judgement's, the Address's (with
// target()'s defaults), the rest its Facts when it answered.
function made(array $flat): NsscacheDoctor\Target
{
    $answer = ['status' => 'ok', 'error' => null, 'facts' => null, 'timeout' => null, 'blocked' => null];
    $judgement = ['probe' => 'unknown', 'probe_db_dir' => null, 'probe_temp_dir' => null, 'dentries_freed' => null,
        'reason' => null, 'family_row' => null, 'in_effect' => null, 'in_effect_reason' => null, 'notes' => []];
    $address = NsscacheDoctor\target($flat['kind'] ?? 'fpm', $flat['name'] ?? 'x');
    $address += array_fill_keys(['pool', 'conf', 'sapi', 'php_version', 'binary', 'scan_dir', 'ini_args', 'server_pid',
        'server_env'], null);
    $t = (new NsscacheDoctor\Target(array_replace($address, array_intersect_key($flat, $address))))
        ->with('answer', array_replace($answer, array_intersect_key($flat, $answer)));
    if ($t->answer()['status'] === 'ok') {
        $t = $t->with('facts', array_diff_key($flat, $answer, $judgement, $address));
    }
    return $t->with('judgement', array_replace($judgement, array_intersect_key($flat, $judgement)));
}

// A copy of T with keys of its Address, Answer and Facts replaced, its Judgement kept (the output's
// tests feed it hostile fields).
function remade(NsscacheDoctor\Target $t, array $address = [], array $answer = [], array $facts = []):
    NsscacheDoctor\Target
{
    $n = (new NsscacheDoctor\Target(array_replace($t->address(), $address)))
        ->with('answer', array_replace($t->answer(), $answer));
    $n = $t->facts() === null ? $n : $n->with('facts', array_replace($t->facts(), $facts));
    return $n->with('judgement', $t->judgement());
}

function the_table(): array
{
    $rows = NsscacheDoctor\table_load(TOP . '/data/softokn.tsv', $why);
    if ($rows === null) {
        throw new RuntimeException($why);
    }
    return $rows;
}

// A View built in memory, as judge() takes it (PureJudgingTest, HostTest): a CentOS 7 pool's view, a
// DB in /srv/db with cert9.db on xfs, writable, a temp dir /tmp, the system softokn 3.44.0 the
// doctor found, its root a directory that does not exist; OVERRIDE replaces properties (keyed
// arrays key by key).
function memory_view(array $override = []): NsscacheDoctor\View
{
    $v = new NsscacheDoctor\View();
    $v->root = '/nonexistent/nsscache-doctor-pure-judging';
    $v->mounts = [['mount' => '/', 'fstype' => 'xfs', 'ro' => false]];
    $v->creds = ['uid' => 48, 'gid' => 48, 'groups' => []];
    $v->secure = false;
    $v->distro = ['id' => 'centos', 'version' => '7', 'id_like' => 'rhel', 'family' => 'rhel7', 'source' => null,
        'notes' => []];
    $v->db = ['path' => '/srv/db', 'source' => 'SSL_DIR', 'resolved' => '/srv/db', 'cert9' => true,
        'writable' => true, 'fs' => 'xfs', 'fs_class' => 'local', 'notes' => []];
    $v->tempdir = ['path' => '/tmp', 'source' => 'TMPDIR', 'resolved' => '/tmp', 'fs' => 'tmpfs',
        'fs_class' => 'local', 'notes' => []];
    $v->softokn = ['version' => '3.44.0', 'path' => '/usr/lib64/libsoftokn3.so', 'how' => 'file',
        'system_build' => true, 'source' => 'doctor'];
    foreach ($override as $k => $x) {
        $v->$k = is_array($x) && is_array($v->$k) && $v->$k !== [] && array_keys($x) !== [0]
            ? array_replace($v->$k, $x) : $x;
    }
    return $v;
}

// The KEYS of target T's Judgement, in that order.
function judged_as(NsscacheDoctor\Target $t, string ...$keys): array
{
    return array_map(function (string $k) use ($t) {
        return $t->judgement()[$k];
    }, $keys);
}
