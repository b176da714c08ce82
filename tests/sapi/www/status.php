<?php
// SPDX-License-Identifier: BSD-2-Clause
// Hammer (tests/sapi/hammer): nsscache_status(), phpinfo() (into a buffer: it writes after all
// modules) and nsscache's own MINFO section printed straight to the client
// (ReflectionExtension::info()). 500 unless nsscache is loaded, its section is in phpinfo()
// and, when given, ?action=..&phase=.. match nsscache_status().
$s = function_exists('nsscache_status') ? nsscache_status() : null;
ob_start();
phpinfo(INFO_MODULES);
$info = ob_get_clean();
$ok = is_array($s) && strpos($info, 'nsscache') !== false
    && (!isset($_GET['action']) || $_GET['action'] === $s['action'])
    && (!isset($_GET['phase']) || $_GET['phase'] === $s['phase']);
http_response_code($ok ? 200 : 500);
echo json_encode(['action' => $s['action'] ?? null, 'phase' => $s['phase'] ?? null,
    'in_effect' => $s['in_effect'] ?? null, 'phpinfo' => strlen($info)]), "\n";
if (is_array($s)) {
    (new ReflectionExtension('nsscache'))->info();
}
