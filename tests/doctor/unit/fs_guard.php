<?php
// SPDX-License-Identifier: BSD-2-Clause
// A guard on the filesystem for the doctor's code: every file function the doctor calls, defined
// in its namespace, where PHP looks before the global one (an unqualified call in a namespace). It
// passes each call on, and while FsGuard::$armed is set records it and throws instead. Loaded by
// bootstrap.php before any doctor code runs, since PHP remembers which function a call site
// resolved to.
declare(strict_types=1);

namespace NsscacheDoctor;

final class FsGuard
{
    /** @var bool while set, a file function the doctor calls throws */
    public static bool $armed = false;
    /** @var string[] the calls made while armed: name(first argument) */
    public static array $calls = [];

    public static function touched(string $fn, array $args): void
    {
        if (self::$armed) {
            $first = isset($args[0]) && is_scalar($args[0]) ? (string) $args[0] : '';
            self::$calls[] = "$fn($first)";
            throw new \LogicException("the filesystem was touched: $fn($first)");
        }
    }
}

const FS_GUARDED = ['stat', 'lstat', 'readlink', 'realpath', 'is_dir', 'is_file', 'is_link', 'file_exists',
    'is_readable', 'is_writable', 'is_executable', 'fopen', 'file_get_contents', 'file_put_contents', 'file',
    'glob', 'opendir', 'scandir', 'touch', 'unlink', 'rename', 'mkdir', 'rmdir', 'chmod', 'tempnam',
    'clearstatcache', 'fileperms', 'fileowner', 'filesize', 'filemtime', 'parse_ini_file', 'posix_getpwnam',
    'posix_getpwuid', 'posix_access', 'exec', 'shell_exec', 'popen'];

foreach (FS_GUARDED as $fn) {
    if (function_exists($fn)) {
        eval("namespace NsscacheDoctor; function $fn(...\$a) { FsGuard::touched('$fn', \$a); return \\$fn(...\$a); }");
    }
}

// The three the doctor calls with by-reference arguments.
function proc_open($cmd, array $spec, &$pipes, ?string $cwd = null, ?array $env = null)
{
    FsGuard::touched('proc_open', [is_array($cmd) ? implode(' ', $cmd) : $cmd]);
    return \proc_open($cmd, $spec, $pipes, $cwd, $env);
}

function stream_socket_client(string $uri, &$errno = null, &$errstr = null, ?float $timeout = null,
    int $flags = STREAM_CLIENT_CONNECT)
{
    FsGuard::touched('stream_socket_client', [$uri]);
    return \stream_socket_client($uri, $errno, $errstr, $timeout ?? (float) ini_get('default_socket_timeout'),
        $flags);
}

function fsockopen(string $host, int $port = -1, &$errno = null, &$errstr = null, ?float $timeout = null)
{
    FsGuard::touched('fsockopen', [$host]);
    return \fsockopen($host, $port, $errno, $errstr, $timeout ?? (float) ini_get('default_socket_timeout'));
}
