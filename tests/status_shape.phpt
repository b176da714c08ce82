--TEST--
nsscache_status(), nsscache_versions(), nsscache_in_effect(): the frozen 0.2.0 shape, every key in order, nested too, and every closed value list
--SKIPIF--
<?php if (function_exists('curl_version')) die('skip ext/curl is compiled into this PHP: its libcurl and libnss3 are always mapped'); ?>
--FILE--
<?php
require __DIR__ . '/status.inc';
/* Walks a value against the spec of docs/api.md: every key in order,
 * nested arrays too, each value of an allowed type ("?" = or null) or one of
 * a closed list of strings. Prints only deviations. */
$code = <<<'PHP'
if (getenv('SHAPE_FFI')) $nss = FFI::cdef('const char *NSS_GetVersion(void);', 'libnss3.so');
$codes = ['in_effect', 'unset', 'probing_value', 'set_after_nss_init', 'opened_under_putenv', 'secure_exec', 'softokn_ignores',
          'softokn_version_ambiguous', 'softokn_unknown', 'no_nss_curl', 'changed_below_php'];
$spec = [
    'version' => ['0.3.0'], 'enabled' => 'bool', 'value' => ['yes', 'no'], 'override' => ['probing', 'never', 'always'],
    'env' => '?string', 'previous' => '?string',
    'action' => ['none', 'set', 'kept', 'replaced', 'disabled', 'failed'], 'phase' => ['none', 'load', 'minit', 'rinit'],
    'repairs' => 'int',
    'libcurl' => ['version' => '?string', 'ssl_version' => '?string', 'nss' => 'bool', 'path' => '?string',
                  'how' => ['ext_curl', 'only', 'first', 'none']],
    'nss' => ['version' => '?string', 'initialized' => '?bool', 'path' => '?string'],
    'softokn' => ['version' => '?string', 'how' => ['loaded', 'file', 'none'], 'path' => '?string', 'system_build' => '?bool'],
    'ssl_dir' => '?string', 'tmpdir' => '?string', 'sqlite_tmpdir' => '?string',
    'in_effect' => '?bool', 'in_effect_reason' => $codes,
    'notes' => 'list',
];
$is_list = function ($a) { return is_array($a) && ($a === [] || array_keys($a) === range(0, count($a) - 1)); };
$names = ['boolean' => 'bool', 'string' => 'string', 'integer' => 'int', 'NULL' => 'null', 'array' => 'array'];
$walk = function ($where, $v, array $spec) use (&$walk, $names, $is_list) {
    if (array_keys($v) !== array_keys($spec)) {
        echo "$where keys: ", implode(',', array_keys($v)), "\n";
    }
    foreach ($spec as $k => $t) {
        $got = array_key_exists($k, $v) ? $v[$k] : null;
        if (!array_key_exists($k, $v)) {
            echo "$where.$k missing\n";
        } elseif ($is_list($t)) {
            if (!in_array($got, $t, true)) echo "$where.$k: ", var_export($got, true), " is not one of the list\n";
        } elseif (is_array($t)) {
            is_array($got) ? $walk("$where.$k", $got, $t) : print("$where.$k is not an array\n");
        } elseif ($t === 'list') {
            if (!$is_list($got)
                    || array_diff($got, ['value_not_applied', 'probing_value_kept', 'libcurl_not_ext_curl'])) {
                echo "$where.$k: ", json_encode($got), " is not a list of note codes\n";
            }
        } elseif (!in_array($names[gettype($got)], explode('|', ltrim($t, '?') . ($t[0] === '?' ? '|null' : '')), true)) {
            echo "$where.$k: ", $names[gettype($got)], " is not $t\n";
        }
    }
};
$s = nsscache_status();
$walk('status', $s, $spec);
$walk('versions', nsscache_versions(), ['nsscache' => 'string', 'libcurl' => '?string', 'ssl_version' => '?string',
    'nss' => '?string', 'softokn' => '?string']);
$e = nsscache_in_effect();
echo "action=$s[action] phase=$s[phase] reason=$s[in_effect_reason] nss=", $s['nss']['version'] === null ? 'no' : 'yes',
    " softokn=", $s['softokn']['how'], " in_effect=", $s['in_effect'] === $e ? 'same' : 'differs',
    " json=", json_encode($s) === false ? 'error ' . json_last_error() : 'ok', "\n";
PHP;
$curl = is_file(nsscache_test_system_curl()) ? [nsscache_test_system_curl()] : [];
$ffi = is_file(PHP_EXTENSION_DIR . '/ffi.so') && glob('/{usr/,}lib{,64,/*-linux-gnu}/libnss3.so', GLOB_BRACE)
     ? [PHP_EXTENSION_DIR . '/ffi.so'] : [];
foreach ([
    'no curl' => [[], [], []],
    // the distribution's ext/curl: OpenSSL on Debian, NSS on EL 7
    'system curl' => [['SSL_DIR' => '/nonexistent', 'TMPDIR' => '/tmp'], [], $curl],
    // libnss3 mapped through FFI where this PHP has it (the matrix's own PHPs do not)
    'libnss3 loaded, disabled' => [['NSS_SDB_USE_CACHE' => 'auto'] + ($ffi ? ['SHAPE_FFI' => '1'] : []),
                                   ['nsscache.enabled' => '0'], $ffi],
    'replaced' => [['NSS_SDB_USE_CACHE' => '1'], ['nsscache.value' => 'no'], []],
] as $name => $case) {
    list($env, $ini, $ext) = $case;
    echo "-- $name\n", nsscache_test_child($env, $ini, $code, $ext);
}
?>
--EXPECTF--
-- no curl
action=set phase=load reason=no_nss_curl nss=no softokn=none in_effect=same json=ok
-- system curl
action=set phase=load reason=%s nss=%s softokn=%s in_effect=same json=ok
-- libnss3 loaded, disabled
action=disabled phase=load reason=no_nss_curl nss=%s softokn=%s in_effect=same json=ok
-- replaced
action=replaced phase=load reason=no_nss_curl nss=no softokn=none in_effect=same json=ok
