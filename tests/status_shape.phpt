--TEST--
nsscache_status(), nsscache_versions(), nsscache_in_effect(): the whole key/type shape, in order, nested too
--EXTENSIONS--
nsscache
--SKIPIF--
<?php
require __DIR__ . '/status.inc';
if (!is_file(nsscache_test_system_curl())) die('skip no ext/curl beside this PHP (' . nsscache_test_system_curl() . '); scripts/test installs php8.2-curl');
?>
--FILE--
<?php
require __DIR__ . '/status.inc';
/* Walks a value against a spec (README's PHP API section): every key in
 * order, nested arrays too, each value of an allowed type ("?" = or null).
 * Prints only deviations: a key missing, added or moved, a type changed. */
$code = <<<'PHP'
$spec = [
    'version' => 'string', 'enabled' => 'bool', 'value' => 'string', 'override' => 'string',
    'env' => '?string', 'previous' => '?string', 'action' => 'string', 'phase' => 'string',
    'libcurl' => ['version' => '?string', 'ssl_version' => '?string', 'nss' => '?bool', 'path' => '?string',
                  'how' => '?string', 'headers' => '?string', 'reason' => '?string'],
    'nss' => ['version' => '?string', 'initialized' => 'bool', 'path' => '?string', 'reason' => '?string'],
    'softokn' => ['version' => '?string', 'description' => '?string', 'path' => '?string', 'how' => '?string',
                  'system_build' => '?bool', 'reason' => '?string'],
    'db' => ['path' => '?string', 'source' => 'string', 'exists' => 'bool', 'directory' => 'bool',
             'readable' => 'bool', 'writable' => 'bool', 'cert9' => 'bool', 'fs' => '?string',
             'fs_class' => 'string', 'note' => '?string', 'reason' => '?string'],
    'tempdir' => ['path' => '?string', 'source' => '?string', 'fs' => '?string', 'fs_class' => 'string',
                  'note' => '?string', 'reason' => '?string'],
    'distro' => ['id' => '?string', 'version' => '?string', 'family' => 'string'],
    'in_effect' => '?bool', 'in_effect_reason' => 'string', 'probe' => 'string', 'reason' => 'string',
    'probe_db_dir' => '?bool', 'probe_temp_dir' => '?bool', 'dentries_freed' => '?bool',
    'dentry' => ['?', 'nr_dentry' => 'int', 'nr_unused' => 'int', 'age_limit' => 'int',
                 'want_pages' => 'int', 'nr_negative' => '?int'],
];
$names = ['boolean' => 'bool', 'string' => 'string', 'integer' => 'int', 'NULL' => 'null', 'array' => 'array'];
$walk = function (string $where, $v, array $spec) use (&$walk, $names) {
    $nullable = ($spec[0] ?? null) === '?';
    unset($spec[0]);
    if ($v === null && $nullable) {
        echo "$where: ?array (null)\n";
        return;
    }
    if (!is_array($v)) {
        echo "$where: ", $names[gettype($v)], " is not an array\n";
        return;
    }
    if (array_keys($v) !== array_keys($spec)) {
        echo "$where keys: ", implode(',', array_keys($v)), "\n";
    }
    foreach ($spec as $k => $t) {
        if (!array_key_exists($k, $v)) {
            echo "$where.$k missing\n";
        } elseif (is_array($t)) {
            $walk("$where.$k", $v[$k], $t);
        } elseif (!in_array($names[gettype($v[$k])], explode('|', ltrim($t, '?') . ($t[0] === '?' ? '|null' : '')), true)) {
            echo "$where.$k: ", $names[gettype($v[$k])], " is not $t\n";
        }
    }
};
$walk('status', nsscache_status(), $spec);
$walk('versions', nsscache_versions(), ['nsscache' => 'string', 'libcurl' => '?string', 'ssl_version' => '?string',
    'curl_headers' => '?string', 'nss' => '?string', 'softokn' => '?string']);
$e = nsscache_in_effect();
if ($e !== null && !is_bool($e)) echo "in_effect: ", gettype($e), "\n";
$s = nsscache_status();
echo "probe=", in_array($s['probe'], ['none', 'expected', 'possible'], true) ? 'ok' : $s['probe'],
    " source=", in_array($s['db']['source'], ['SSL_DIR', 'default', 'none'], true) ? 'ok' : $s['db']['source'],
    " fs_class=", in_array($s['db']['fs_class'], ['local', 'network', 'measure', 'unknown'], true) ? 'ok' : $s['db']['fs_class'],
    " family=", in_array($s['distro']['family'], ['rhel6', 'rhel7', 'other'], true) ? 'ok' : $s['distro']['family'],
    " action=", in_array($s['action'], ['set', 'kept', 'replaced', 'disabled', 'failed'], true) ? 'ok' : $s['action'],
    " in_effect=", $s['in_effect'] === $e ? 'same' : 'differs', "\n";
echo "done\n";
PHP;
$tmp = sys_get_temp_dir() . '/nsscache-shape-' . getmypid();
@mkdir($tmp);
touch("$tmp/cert9.db");
$curl = [nsscache_test_system_curl()];
// Every branch of each section: nothing found, libcurl found, a DB with
// cert9.db, an unusable SSL_DIR and TMPDIR, nsscache disabled, a replaced value.
foreach ([
    'no curl' => [[], [], []],
    'curl, DB dir' => [['SSL_DIR' => $tmp, 'TMPDIR' => $tmp], [], $curl],
    'bad dirs, disabled' => [['SSL_DIR' => "$tmp/no", 'TMPDIR' => "$tmp/no", 'NSS_SDB_USE_CACHE' => 'auto'],
                             ['nsscache.enabled' => '0'], $curl],
    'replaced' => [['NSS_SDB_USE_CACHE' => '1'], [], []],
] as $name => [$env, $ini, $ext]) {
    echo "-- $name\n", nsscache_test_child($env, $ini, $code, $ext);
}
unlink("$tmp/cert9.db");
rmdir($tmp);
?>
--EXPECT--
-- no curl
probe=ok source=ok fs_class=ok family=ok action=ok in_effect=same
done
-- curl, DB dir
probe=ok source=ok fs_class=ok family=ok action=ok in_effect=same
done
-- bad dirs, disabled
probe=ok source=ok fs_class=ok family=ok action=ok in_effect=same
done
-- replaced
probe=ok source=ok fs_class=ok family=ok action=ok in_effect=same
done
