<?php
// nsscache's host view: a node_exporter textfile collector. Run it from the
// systemd timer (nsscache-textfile.timer) or cron; it writes nsscache.prom
// atomically (a temp file in the same directory, then rename) with
//   - every php-fpm pool's own answer (nsscache-metrics.php asked over
//     FastCGI, as the FPM status page is), labelled sapi="fpm",pool="NAME";
//     a pool that does not answer in time is nsscache_pool_up{pool} 0;
//   - each installed PHP CLI's answer (sapi="cli",php="X.Y");
//   - whether each PHP SAPI's ini loads nsscache (nsscache_sapi_loaded);
//   - the kernel's dentry counters.
// Usage:
//   php nsscache-textfile.php [--output FILE|-] [--pool NAME=SOCKET|HOST:PORT]...
//       [--fpm-conf GLOB]... [--script PATH] [--timeout SECONDS] [--php BINARY]...
// With no --pool and no --fpm-conf it reads the pools of Debian's and RHEL's
// php-fpm configurations. --script is nsscache-metrics.php's path as the
// pools see it (default: beside this script).
declare(strict_types=1);

const FCGI_BEGIN_REQUEST = 1;
const FCGI_END_REQUEST = 3;
const FCGI_PARAMS = 4;
const FCGI_STDIN = 5;
const FCGI_STDOUT = 6;
const FCGI_STDERR = 7;
// a sample line of the text format: name, optional {labels} (values with only \\, \" and \n escapes), value
const SAMPLE_RE = '/^([a-zA-Z_:][a-zA-Z0-9_:]*)'
    . '(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\n]|\\\\[\\\\"n])*",?)*)\})? (\S+)$/u';

function usage(string $why): void
{
    fwrite(STDERR, "nsscache-textfile: $why\n");
    exit(2);
}

function options(array $argv): array
{
    $o = ['output' => '/var/lib/prometheus/node-exporter/nsscache.prom', 'pool' => [], 'fpm-conf' => [],
        'script' => __DIR__ . '/nsscache-metrics.php', 'timeout' => 3.0, 'php' => []];
    for ($i = 1; $i < count($argv); $i++) {
        $a = $argv[$i];
        if ($a === '--help' || $a === '-h') {
            // the header comment of this file, from "Usage:" on
            preg_match('/^\/\/ Usage:.*?(?=^declare)/ms', (string) file_get_contents(__FILE__), $m);
            echo preg_replace('/^\/\/ ?/m', '', $m[0] ?? "see the header of this file\n");
            exit(0);
        }
        if (!preg_match('/^--(output|pool|fpm-conf|script|timeout|php)(?:=(.*))?$/s', $a, $m)) {
            usage("unknown argument $a");
        }
        $v = $m[2] ?? ($argv[++$i] ?? usage("$a needs a value"));
        if (is_array($o[$m[1]])) {
            $o[$m[1]][] = $v;
        } else {
            $o[$m[1]] = $v;
        }
    }
    $o['timeout'] = (float) $o['timeout'];
    if ($o['timeout'] <= 0) {
        usage('--timeout must be positive');
    }
    $pools = [];
    foreach ($o['pool'] as $p) {
        if (!preg_match('/^([^=]+)=(.+)$/', $p, $m)) {
            usage("--pool wants NAME=ADDRESS, not $p");
        }
        $pools[$m[1]] = $m[2];
    }
    if (!$pools && !$o['fpm-conf']) {
        $o['fpm-conf'] = ['/etc/php/*/fpm/pool.d/*.conf', '/etc/php-fpm.d/*.conf', '/etc/opt/remi/*/php-fpm.d/*.conf'];
    }
    foreach ($o['fpm-conf'] as $glob) {
        foreach (glob($glob) ?: [] as $file) {
            $pools += fpm_pools($file);
        }
    }
    ksort($pools);
    $o['pools'] = $pools;
    return $o;
}

// [pool name => listen address] from one php-fpm pool file ($pool expanded).
function fpm_pools(string $file): array
{
    $pools = [];
    $name = null;
    foreach (@file($file) ?: [] as $line) {
        if (preg_match('/^\s*\[([^\]]+)\]/', $line, $m)) {
            $name = trim($m[1]);
        } elseif ($name !== null && $name !== 'global'
                && preg_match('/^\s*listen\s*=\s*"?([^";]+?)"?\s*(?:;.*)?$/', $line, $m)) {
            $pools[$name] = str_replace('$pool', $name, $m[1]);
        }
    }
    return $pools;
}

function fcgi_record(int $type, string $content): string
{
    return pack('CCnnCx', 1, $type, 1, strlen($content), 0) . $content;
}

function fcgi_pairs(array $params): string
{
    $out = '';
    foreach ($params as $k => $v) {
        foreach ([strlen($k), strlen($v)] as $n) {
            $out .= $n < 128 ? chr($n) : pack('N', $n | 0x80000000);
        }
        $out .= $k . $v;
    }
    return $out;
}

// One FastCGI request to ADDRESS (a unix socket path, or host:port) running
// SCRIPT; every step bounded by one deadline. Returns [body, null] or [null, why].
function fcgi_get(string $address, string $script, float $timeout): array
{
    $deadline = microtime(true) + $timeout;
    $uri = $address[0] === '/' ? "unix://$address" : "tcp://$address";
    $s = @stream_socket_client($uri, $errno, $errstr, $timeout);
    if (!$s) {
        return [null, "connect: $errstr"];
    }
    stream_set_blocking($s, false);
    $params = fcgi_pairs([
        'GATEWAY_INTERFACE' => 'FastCGI/1.0', 'REQUEST_METHOD' => 'GET', 'SCRIPT_FILENAME' => $script,
        'SCRIPT_NAME' => '/' . basename($script), 'REQUEST_URI' => '/' . basename($script), 'QUERY_STRING' => '',
        'DOCUMENT_ROOT' => dirname($script), 'SERVER_PROTOCOL' => 'HTTP/1.1', 'SERVER_SOFTWARE' => 'nsscache-textfile',
        'REMOTE_ADDR' => '127.0.0.1', 'SERVER_NAME' => 'localhost', 'SERVER_ADDR' => '127.0.0.1', 'SERVER_PORT' => '80',
    ]);
    $out = fcgi_record(FCGI_BEGIN_REQUEST, pack('nCx5', 1, 0)) . fcgi_record(FCGI_PARAMS, $params)
        . fcgi_record(FCGI_PARAMS, '') . fcgi_record(FCGI_STDIN, '');
    $in = '';
    $stdout = '';
    $ended = false;
    while (!$ended) {
        $left = $deadline - microtime(true);
        if ($left <= 0) {
            fclose($s);
            return [null, 'timeout'];
        }
        $r = [$s];
        $w = $out !== '' ? [$s] : [];
        $e = null;
        if (@stream_select($r, $w, $e, (int) $left, (int) (fmod($left, 1) * 1e6)) === false) {
            fclose($s);
            return [null, 'select failed'];
        }
        if ($w) {
            $n = @fwrite($s, $out);
            if ($n === false) {
                fclose($s);
                return [null, 'write failed'];
            }
            $out = (string) substr($out, $n);
        }
        if ($r) {
            $chunk = fread($s, 65536);
            if ($chunk === '' || $chunk === false) {
                if (feof($s)) {
                    break;
                }
                continue;
            }
            $in .= $chunk;
            while (strlen($in) >= 8) {
                $h = unpack('Cversion/Ctype/nid/nlen/Cpad', $in);
                if (strlen($in) < 8 + $h['len'] + $h['pad']) {
                    break;
                }
                if ($h['type'] === FCGI_STDOUT) {
                    $stdout .= substr($in, 8, $h['len']);
                } elseif ($h['type'] === FCGI_END_REQUEST) {
                    $ended = true;
                }
                $in = (string) substr($in, 8 + $h['len'] + $h['pad']);
            }
            if (strlen($stdout) > 1 << 20) {
                fclose($s);
                return [null, 'answer too long'];
            }
        }
    }
    fclose($s);
    if (!$ended) {
        return [null, 'connection closed before the end of the request'];
    }
    $parts = preg_split('/\r?\n\r?\n/', $stdout, 2);
    if (count($parts) !== 2) {
        return [null, 'no CGI headers'];
    }
    if (preg_match('/^Status:\s*(\d+)/mi', $parts[0], $m) && $m[1] !== '200') {
        return [null, "status $m[1]"];
    }
    return [$parts[1], null];
}

// Families of one exposition: [name => ['help' => ..., 'type' => ..., 'samples' => [[labels, rest]]]].
// A sample keeps its label text verbatim (escaped as it came) and its value.
// Returns null when a line is not valid 0.0.4 text.
function parse_exposition(string $text): ?array
{
    $fam = [];
    foreach (explode("\n", rtrim($text, "\n")) as $line) {
        if ($line === '') {
            continue;
        }
        if (preg_match('/^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/', $line, $m)) {
            $fam[$m[2]][strtolower($m[1])] = $m[3];
            $fam[$m[2]]['samples'] = $fam[$m[2]]['samples'] ?? [];
        } elseif ($line[0] === '#') {
            continue;
        } elseif (preg_match(SAMPLE_RE, $line, $m)) {
            $fam[$m[1]]['samples'][] = [rtrim($m[2], ','), $m[3]];
        } else {
            return null;
        }
    }
    return $fam;
}

function label_value(string $v): string
{
    // the same escaping as src/metrics.c, minus its UTF-8 repair: pool and
    // PHP names come from this host's own configuration
    return strtr($v, ['\\' => '\\\\', '"' => '\\"', "\n" => '\\n']);
}

function labels(array $l): string
{
    $out = [];
    foreach ($l as $k => $v) {
        $out[] = $k . '="' . label_value((string) $v) . '"';
    }
    return implode(',', $out);
}

// Adds SOURCE's families to ALL with EXTRA labels; the host-wide dentry
// counters come from /proc once, not from every process.
function merge(array &$all, array $source, array $extra): void
{
    foreach ($source as $name => $f) {
        if (strpos($name, 'nsscache_dentries') === 0) {
            continue;
        }
        $all[$name]['help'] = $all[$name]['help'] ?? ($f['help'] ?? '');
        $all[$name]['type'] = $all[$name]['type'] ?? ($f['type'] ?? 'untyped');
        foreach ($f['samples'] ?? [] as [$l, $v]) {
            $all[$name]['samples'][] = [labels($extra) . ($l !== '' ? ",$l" : ''), $v];
        }
    }
}

function add(array &$all, string $name, string $type, string $help, array $labels, $value): void
{
    if (($all[$name]['help'] ?? '') === '') {
        $all[$name]['help'] = $help;
    }
    $all[$name]['type'] = $type;
    $all[$name]['samples'][] = [labels($labels), (string) $value];
}

// PHP CLIs installed: Debian's php8.2..., RHEL's php, Remi's collections.
function php_binaries(array $given): array
{
    $found = [];
    $cands = $given ?: array_merge(glob('/usr/bin/php[0-9]*.[0-9]*') ?: [], ['/usr/bin/php'],
        glob('/opt/remi/php*/root/usr/bin/php') ?: []);
    foreach ($cands as $b) {
        $real = realpath($b);
        if ($real !== false && is_executable($real) && !isset($found[$real])) {
            $found[$real] = $b;
        }
    }
    return array_values($found);
}

// Does an ini file of DIR (or FILE) load nsscache?
function ini_loads_nsscache(array $files): bool
{
    foreach ($files as $f) {
        foreach (@file($f) ?: [] as $line) {
            if (preg_match('/^\s*extension\s*=\s*"?([^"\s;]*\/)?nsscache(\.so)?"?\s*(;.*)?$/i', $line)) {
                return true;
            }
        }
    }
    return false;
}

function collect(array $o): string
{
    $all = [];
    // the CLIs: version, whether nsscache is loaded, and its own view
    $probe = 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION, "\n";'
        . 'if (function_exists("nsscache_metrics")) echo nsscache_metrics();';
    $seen_versions = [];
    foreach (php_binaries($o['php']) as $bin) {
        $out = [];
        exec('timeout ' . escapeshellarg((string) $o['timeout']) . ' ' . escapeshellarg($bin)
            . ' -r ' . escapeshellarg($probe) . ' 2>/dev/null', $out, $rc);
        if ($rc !== 0 || !$out || !preg_match('/^\d+\.\d+$/', $out[0])) {
            continue;
        }
        $v = array_shift($out);
        if (isset($seen_versions[$v])) {
            continue;
        }
        $seen_versions[$v] = true;
        $fam = $out ? parse_exposition(implode("\n", $out) . "\n") : [];
        add($all, 'nsscache_sapi_loaded', 'gauge',
            'Whether nsscache is loaded for a PHP SAPI: cli measured by running it, the others from their ini files.',
            ['php' => $v, 'sapi' => 'cli'], $fam ? 1 : 0);
        if ($fam) {
            merge($all, $fam, ['sapi' => 'cli', 'php' => $v]);
        }
    }
    // other SAPIs: their ini files (Debian: one dir per version and SAPI;
    // RHEL and Remi: one php.d for every SAPI)
    foreach (glob('/etc/php/*/*', GLOB_ONLYDIR) ?: [] as $dir) {
        $sapi = basename($dir);
        if ($sapi === 'cli' || $sapi === 'mods-available') {
            continue;
        }
        add($all, 'nsscache_sapi_loaded', 'gauge', '', ['php' => basename(dirname($dir)), 'sapi' => $sapi],
            ini_loads_nsscache(array_merge(glob("$dir/conf.d/*.ini") ?: [], ["$dir/php.ini"])) ? 1 : 0);
    }
    foreach (['/etc' => '', '/etc/opt/remi/*' => null] as $pattern => $v) {
        foreach (glob($pattern, GLOB_ONLYDIR) ?: [] as $etc) {
            if (!is_dir("$etc/php.d")) {
                continue;
            }
            add($all, 'nsscache_sapi_loaded', 'gauge', '', ['php' => $v ?? basename($etc), 'sapi' => 'all'],
                ini_loads_nsscache(array_merge(glob("$etc/php.d/*.ini") ?: [], ["$etc/php.ini"])) ? 1 : 0);
        }
    }

    // the pools, each answered by one of its own workers
    foreach ($o['pools'] as $pool => $address) {
        [$body, $why] = fcgi_get($address, $o['script'], $o['timeout']);
        $fam = $body !== null ? parse_exposition($body) : null;
        if ($body !== null && $fam === null) {
            $why = 'not the Prometheus text format';
        }
        add($all, 'nsscache_pool_up', 'gauge',
            '1 if the php-fpm pool answered nsscache-metrics.php over FastCGI in time.',
            ['pool' => $pool], $fam ? 1 : 0);
        if ($fam) {
            merge($all, $fam, ['sapi' => 'fpm', 'pool' => $pool]);
        } else {
            fwrite(STDERR, "nsscache-textfile: pool $pool ($address): $why\n");
        }
    }

    // the host's dentry counters (field 5: nr_negative, Linux >= 5.0)
    $ds = @file_get_contents('/proc/sys/fs/dentry-state');
    if ($ds !== false && preg_match('/^(\d+)\s+(-?\d+)\s+\d+\s+\d+\s+(\d+)/', $ds, $m)) {
        add($all, 'nsscache_dentries', 'gauge',
            'Dentries allocated by the kernel (nr_dentry, /proc/sys/fs/dentry-state).', [], $m[1]);
        add($all, 'nsscache_dentries_unused', 'gauge',
            'Unused dentries (nr_unused, /proc/sys/fs/dentry-state).', [], $m[2]);
        if (version_compare(php_uname('r'), '5.0', '>=') || $m[3] !== '0') {
            add($all, 'nsscache_dentries_negative', 'gauge',
                'Negative dentries (nr_negative, /proc/sys/fs/dentry-state, Linux >= 5.0): what the probe leaks.',
                [], $m[3]);
        }
    }

    $text = '';
    foreach ($all as $name => $f) {
        $text .= "# HELP $name " . ($f['help'] !== '' ? $f['help'] : $name) . "\n# TYPE $name {$f['type']}\n";
        foreach ($f['samples'] ?? [] as [$l, $v]) {
            $text .= $name . ($l !== '' ? '{' . $l . '}' : '') . " $v\n";
        }
    }
    return $text;
}

$o = options($argv);
$text = collect($o);
if ($o['output'] === '-') {
    echo $text;
    exit(0);
}
// atomic: node_exporter reads *.prom only, and never sees a half-written file
$tmp = $o['output'] . '.' . getmypid() . '.tmp';
if (@file_put_contents($tmp, $text) !== strlen($text) || !@chmod($tmp, 0644) || !@rename($tmp, $o['output'])) {
    @unlink($tmp);
    fwrite(STDERR, "nsscache-textfile: cannot write {$o['output']}\n");
    exit(1);
}
