<?php
// SPDX-License-Identifier: BSD-2-Clause
// One request of tests/fpm/matrix: one line, tab-separated, first field "R" (the body, after
// the CGI headers): pid, ppid, env, action, previous, phase, notes, enabled, value.
// env is getenv(.., true), the process environment that NSS reads: a plain getenv() under FPM
// and mod_php looks at the request's parameters and Apache's table first. Unset/null is
// "(unset)", a key nsscache_status() lacks is "(missing)", no notes is "-"; bytes outside
// printable ASCII and the space are escaped, so every field is one word.
$s = function_exists('nsscache_status') ? nsscache_status() : [];
$word = function ($v): string {
    if ($v === null || $v === false) {
        return '(unset)';
    }
    if (is_bool($v)) {
        return $v ? 'on' : 'off';
    }
    if (is_array($v)) {
        return $v ? implode(',', array_map('strval', $v)) : '-';
    }
    return addcslashes((string) $v, "\0..\40\\\177..\377");
};
$key = fn(string $k) => array_key_exists($k, $s) ? $word($s[$k]) : '(missing)';
preg_match('/^PPid:\s*(\d+)/m', (string) @file_get_contents('/proc/self/status'), $m);
echo implode("\t", ['R', getmypid(), $m[1] ?? '?', $word(getenv('NSS_SDB_USE_CACHE', true)),
    $key('action'), $key('previous'), $key('phase'), $key('notes'), $key('enabled'), $key('value')]), "\n";
