--TEST--
nsscache_status() diagnostics: every documented key, with stable types
--EXTENSIONS--
nsscache
--FILE--
<?php
$s = nsscache_status();
$shape = [
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
];
$types = ['bool' => 'boolean', 'string' => 'string', 'int' => 'integer', 'array' => 'array'];
function check(string $where, $v, string $t, array $types): void {
    $nullable = $t[0] === '?';
    $base = ltrim($t, '?');
    if (($v === null && !$nullable) || ($v !== null && gettype($v) !== $types[$base])) {
        echo "$where: ", gettype($v), " is not $t\n";
    }
}
foreach ($shape as $k => $fields) {
    if (!is_array($s[$k] ?? null)) { echo "$k missing\n"; continue; }
    foreach ($fields as $f => $t) {
        array_key_exists($f, $s[$k]) ? check("$k.$f", $s[$k][$f], $t, $types) : print("$k.$f missing\n");
    }
    if ($extra = array_diff(array_keys($s[$k]), array_keys($fields))) echo "$k has undocumented ", implode(',', $extra), "\n";
}
foreach (['in_effect' => '?bool', 'in_effect_reason' => 'string', 'probe' => 'string', 'reason' => 'string',
          'probe_db_dir' => '?bool', 'probe_temp_dir' => '?bool', 'dentries_freed' => '?bool', 'dentry' => '?array'] as $k => $t) {
    array_key_exists($k, $s) ? check($k, $s[$k], $t, $types) : print("$k missing\n");
}
var_dump(in_array($s['probe'], ['none', 'expected', 'possible'], true));
var_dump(in_array($s['db']['source'], ['SSL_DIR', 'default', 'none'], true));
var_dump(in_array($s['distro']['family'], ['rhel6', 'rhel7', 'other'], true));
var_dump($s['reason'] !== '' && $s['in_effect_reason'] !== '');
// A second call re-reads and gives the same shape.
var_dump(array_keys(nsscache_status()) === array_keys($s));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
