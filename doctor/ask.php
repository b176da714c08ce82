<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: asking a target for its facts. A PHP CLI runs the endpoint's (fleet/nsscache-metrics.php)
// facts block with -r, the doctor's environment and its own ini (no -n); a php-fpm pool runs the endpoint
// over FastCGI, so one of its real workers answers; a URL is a page that runs it (mod_php, php-cgi). Each
// exchange has one deadline and a size limit; none makes a TLS connection or initialises NSS.
declare(strict_types=1);

namespace NsscacheDoctor;

const FACTS_MARK = '@@nsscache-facts@@';
const ANSWER_MAX = 1 << 20;

// The code a CLI target runs: the endpoint file itself, verbatim (its facts and view functions, not
// served: NSSCACHE_EP_LIBRARY), then one line with the facts; or null and WHY.
function snippet(string $endpoint, ?string &$why = null): ?string
{
    $src = read_bounded($endpoint, 1 << 20, $why);
    if ($src === null || strncmp($src, '<?php', 5) !== 0 || strpos($src, 'function nsscache_ep_facts(') === false
            || strpos($src, '?>') !== false) {
        $why = "$endpoint: " . ($src === null ? $why : "not the endpoint's PHP (no nsscache_ep_facts())");
        return null;
    }
    return "define('NSSCACHE_EP_LIBRARY', true); ?>" . $src . "\n" . 'echo "\n' . FACTS_MARK
        . '", json_encode(nsscache_ep_utf8(nsscache_ep_facts())), "\n";';
}

// Undo nsscache_ep_utf8(): {"hex": "..."} back to its bytes.
function unwrap($v)
{
    $hex = $v['hex'] ?? null;
    if (!is_array($v) || count($v) === 1 && is_string($hex) && ctype_xdigit($hex) && strlen($hex) % 2 === 0) {
        return is_array($v) ? hex2bin($hex) : $v;
    }
    return array_map(__NAMESPACE__ . '\unwrap', $v);
}

// The facts an answer may hold, each with its types ('?' = null too; a missing key is null when
// that is allowed); ARRAYS are nested specs, 'strings' a list of strings, 'paths' string => string.
// Keys not named here are dropped: nothing the doctor does not read is kept.
const FACTS_SPEC = ['facts' => 'int', 'pid' => '?int', 'cwd' => '?string|false',
    'php' => ['version' => '?string', 'sapi' => '?string', 'binary' => '?string', 'zts' => '?bool',
        'ini' => '?string|false', 'scanned' => '?string|false', 'open_basedir' => '?string'],
    'uid' => '?int', 'env' => ['NSS_SDB_USE_CACHE' => '?string', 'SSL_DIR' => '?string', 'TMPDIR' => '?string',
        'SQLITE_TMPDIR' => '?string'],
    'curl' => ['loaded' => 'bool', 'version' => '?string', 'ssl_version' => '?string'],
    'nsscache' => ['loaded' => 'bool', 'status' => ['?', 'version' => '?string', 'enabled' => '?bool',
        'value' => '?string', 'override' => '?string', 'env' => '?string', 'previous' => '?string',
        'action' => '?string', 'phase' => '?string', 'repairs' => '?int',
        'libcurl' => ['?', 'version' => '?string', 'ssl_version' => '?string', 'nss' => '?bool', 'path' => '?string',
            'how' => '?string'],
        'nss' => ['?', 'version' => '?string', 'initialized' => '?bool', 'path' => '?string'],
        'softokn' => ['?', 'version' => '?string', 'how' => '?string', 'path' => '?string', 'system_build' => '?bool'],
        'ssl_dir' => '?string', 'tmpdir' => '?string', 'sqlite_tmpdir' => '?string', 'in_effect' => '?bool',
        'in_effect_reason' => '?string', 'notes' => '?strings']],
    'maps' => '?paths',
    'view' => ['?', 'view' => '?int', 'db' => ['?', 'path' => '?string', 'source' => '?string', 'cert9' => '?string',
        'key4' => '?string', 'writable' => '?bool', 'fs' => '?string'],
        'tmp' => ['?', 'path' => '?string', 'source' => '?string', 'fs' => '?string'], 'hidden' => '?strings'],
    'distro_family' => '?string']; // the endpoint's reading: its Prometheus label; view.php reads the root itself
const FACT_STRING_MAX = 4096;

// V checked against SPEC (FACTS_SPEC or a part of it) at PATH: the value as kept, or null and WHY
// (a value may be null without a why). A string is at most FACT_STRING_MAX bytes, an int fits, a
// list holds at most 64 entries.
function fact_check($v, $spec, string $path, ?string &$why = null)
{
    $why = null;
    $nullable = (is_array($spec) ? $spec[0] ?? null : $spec[0]) === '?';
    if ($v === null && $nullable) {
        return null;
    }
    if (is_array($spec)) {
        if (!is_array($v) || ($v && array_keys($v) === range(0, count($v) - 1))) {
            $why = "$path is not an object";
            return null;
        }
        $out = [];
        foreach (array_diff_key($spec, [0 => 0]) as $k => $sub) {
            $out[$k] = fact_check($v[$k] ?? null, $sub, "$path.$k", $why);
            if ($why !== null) {
                $why = array_key_exists($k, $v) ? $why : "$path.$k is missing";
                return null;
            }
        }
        return $out;
    }
    $str = fn($x): bool => is_string($x) && strlen($x) <= FACT_STRING_MAX;
    $list = is_array($v) && count($v) <= 64 && count(array_filter($v, $str)) === count($v);
    foreach (explode('|', ltrim($spec, '?')) as $type) {
        $ok = ['int' => is_int($v) && $v >= 0, 'bool' => is_bool($v), 'false' => $v === false, 'string' => $str($v),
            'strings' => $list && array_values($v) === $v,
            'paths' => $list && count(array_filter(array_keys($v ?: []), 'is_string')) === count($v ?: [])][$type]
            ?? false;
        if ($ok) {
            return $v;
        }
    }
    $why = "$path is not " . str_replace('|', ' or ', ltrim($spec, '?')) . ($nullable ? ' or null' : '')
        . (is_string($v) && strlen($v) > FACT_STRING_MAX ? ' (longer than ' . FACT_STRING_MAX . ' bytes)' : '');
    return null;
}

// The facts of an answer's JSON text, or null and WHY. Every fact is checked to its type
// (FACTS_SPEC): a malformed answer is that target's bad_answer, never the end of the run.
function decode_facts(string $json, ?string &$why = null): ?array
{
    $f = json_decode($json, true, 64);
    if (!is_array($f) || ($f['facts'] ?? null) !== 1 || !is_array($f['env'] ?? null) || !is_array($f['curl'] ?? null)
            || !is_array($f['nsscache'] ?? null) || !is_array($f['php'] ?? null)) {
        $why = 'not the facts of nsscache-metrics.php' . ($f === null ? ' (' . json_last_error_msg() . ')' : '');
        return null;
    }
    $f = fact_check(unwrap($f), FACTS_SPEC, 'facts', $why);
    $why = $f === null ? "malformed facts: $why" : null;
    return $f;
}

// Runs CMD (argv), its stdin /dev/null, ENV (null: ours), until DEADLINE (microtime), as a task
// for drive(). Returns ['stdout' => ..., 'stderr' => ..., 'status' => 'ok', 'exit N', 'crashed: signal
// N (NAME)', 'timeout' or 'error: ...'].
function run(array $cmd, ?array $env, float $deadline): \Generator
{
    $p = @proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null,
        $env);
    if (!is_resource($p)) {
        return ['stdout' => '', 'stderr' => '', 'status' => last_error('error: cannot run')];
    }
    $r = yield from pump([1 => $pipes[1], 2 => $pipes[2]], $deadline);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $status = ['timeout' => 'timeout', 'max' => 'error: more than ' . ANSWER_MAX . ' bytes of output'][$r['stop'] ?? '']
        ?? null;
    if ($status !== null) {
        proc_terminate($p, 9);
    }
    // the exit status is reported once, by the first proc_get_status() after the exit
    $code = null;
    for ($i = 0; $i < 200; $i++) {
        $s = proc_get_status($p);
        if (!$s['running']) {
            $code = $s;
            break;
        }
        yield ['read' => [], 'write' => [], 'until' => microtime(true) + 0.005];
    }
    proc_close($p);
    $sig = $code['termsig'] ?? 0;
    $name = [4 => 'SIGILL', 6 => 'SIGABRT', 7 => 'SIGBUS', 8 => 'SIGFPE', 9 => 'SIGKILL', 11 => 'SIGSEGV',
        15 => 'SIGTERM'][$sig] ?? null;
    $status = $status ?? ($code === null ? 'error: did not exit' : ($code['signaled']
        ? "crashed: signal $sig" . ($name !== null ? " ($name)" : '')
        : ($code['exitcode'] === 0 ? 'ok' : 'exit ' . $code['exitcode'])));
    return ['stdout' => $r['in'][1], 'stderr' => $r['in'][2], 'status' => $status];
}

// Runs TASKS (generators that yield ['read' => streams, 'write' => streams, 'until' => wake-up time] and
// return their result) together, in one process: one stream_select() for all, each resumed when one of its
// streams is ready or its time has come. Returns their results, keys kept.
function drive(array $tasks): array
{
    $done = array_fill_keys(array_keys($tasks), null);
    while (true) {
        foreach ($tasks as $k => $g) {
            if (!$g->valid()) {
                $done[$k] = $g->getReturn();
                unset($tasks[$k]);
            }
        }
        if (!$tasks) {
            return $done;
        }
        $ys = array_map(fn(\Generator $g): array => $g->current(), $tasks);
        $r = array_merge([], ...array_column($ys, 'read'));
        $w = array_merge([], ...array_column($ys, 'write'));
        $left = max(0.0, min(array_column($ys, 'until')) - microtime(true));
        if ($r || $w) {
            $e = null;
            @stream_select($r, $w, $e, (int) $left, (int) (fmod($left, 1) * 1e6));
            error_clear_last();
        } else {
            usleep((int) ($left * 1e6));
        }
        // streams by their ids
        $ready = array_map('intval', array_merge($r ?: [], $w ?: []));
        $now = microtime(true);
        foreach ($tasks as $k => $g) {
            $mine = array_map('intval', array_merge($ys[$k]['read'], $ys[$k]['write']));
            if ($now >= $ys[$k]['until'] || array_intersect($mine, $ready)) {
                $g->next();
            }
        }
    }
}

// Asks a PHP CLI, as a task for drive(), until DEADLINE. ENV null: the doctor's own environment
// (PHPRC, PHP_INI_SCAN_DIR and LD_LIBRARY_PATH count, as for a cron job). ARGS go before -r (an
// ini target's -c).
function ask_cli_task(string $bin, string $snippet, float $deadline, ?array $env = null, array $args = []): \Generator
{
    $r = yield from run(array_merge([$bin], $args, ['-r', $snippet]), $env, $deadline);
    $out = $r['stdout'];
    $status = $r['status'];
    $p = strrpos($out, "\n" . FACTS_MARK);
    $facts = $p === false ? null : decode_facts((string) strtok(substr($out, $p + strlen(FACTS_MARK) + 1), "\n"), $why);
    $first = first_line($r['stderr'] !== '' ? $r['stderr'] : $out);
    [$status, $why] = $p !== false ? [$facts !== null ? 'ok' : 'bad_answer', $why]
        : (strncmp($status, 'crashed', 7) === 0 ? ['crashed', substr($status, 9) . ($first ? ": $first" : '')]
        : ($status === 'timeout' ? ['timeout', "$bin did not finish"]
        : ['error', $status . ($first !== '' ? ": $first" : ': no output')]));
    return ['status' => $status, 'facts' => $facts, 'error' => $why];
}

// The first non-empty line of TEXT, printable and at most 160 bytes.
function first_line(string $text): string
{
    foreach (explode("\n", $text) as $l) {
        $l = trim(preg_replace('/[^\x20-\x7e]/', '?', $l));
        if ($l !== '') {
            return strlen($l) > 160 ? substr($l, 0, 157) . '...' : $l;
        }
    }
    return '';
}

// ---------------------------------------------------------------- sockets (FastCGI: fcgi.php; HTTP: below)

// Connects to ADDRESS (a unix socket path, HOST:PORT, [V6]:PORT or a bare port) within the
// deadline: the stream, or null and ERR ['status' => dead or timeout, 'why' => ...].
function connect(string $address, float $deadline, ?array &$err = null)
{
    $err = null;
    $uri = $address !== '' && $address[0] === '/' ? "unix://$address"
        : (ctype_digit($address) ? "tcp://127.0.0.1:$address" : "tcp://$address");
    $left = max(0.001, $deadline - microtime(true));
    // TCP connects in the background (exchange() waits for it with the other targets); a unix
    // socket's connect returns at once
    // but localhost: php-fpm binds only the first address getaddrinfo() gives for it ([::1] where
    // /etc/hosts lists "::1 localhost" first), and an asynchronous connect tries only the first; a
    // synchronous one tries each in turn, as cgi-fcgi would (on loopback it is answered at once)
    $async = $uri[0] === 't' && !preg_match('/^localhost:\d+$/i', $address);
    $flags = STREAM_CLIENT_CONNECT | ($async ? STREAM_CLIENT_ASYNC_CONNECT : 0);
    $s = @stream_socket_client($uri, $errno, $errstr, $left, $flags);
    if ($s === false) {
        // 110 ETIMEDOUT, 115 EINPROGRESS: nobody accepted in time; the rest: nobody there
        $timeout = $errno === 110 || $errno === 115 || ($errno === 0 && microtime(true) >= $deadline);
        $err = ['status' => $timeout ? 'timeout' : 'dead', 'why' => "connect $address: " . ($errstr ?: "error $errno")];
        return null;
    }
    return $s;
}

// Reads STREAMS (made non-blocking) until each is at EOF, DONE(a buffer) says that answer is complete or
// DEADLINE, writing OUT to the first meanwhile; a task for drive(). Its result: 'in' (a buffer a stream,
// keys kept) and 'stop': null, 'timeout', 'max' (a buffer longer than ANSWER_MAX) or 'write' ('why').
function pump(array $streams, float $deadline, string $out = '', ?callable $done = null): \Generator
{
    foreach ($streams as $h) {
        stream_set_blocking($h, false);
    }
    $r = ['in' => array_fill_keys(array_keys($streams), ''), 'stop' => null, 'why' => null];
    $first = reset($streams);
    while ($streams) {
        if (microtime(true) >= $deadline) {
            return ['stop' => 'timeout'] + $r;
        }
        yield ['read' => array_values($streams), 'write' => $out !== '' ? [$first] : [], 'until' => $deadline];
        $n = $out !== '' ? @fwrite($first, $out) : 0;
        if ($n === false) {
            // an async TCP connect that was refused fails here
            return ['stop' => 'write', 'why' => last_error('write failed')] + $r;
        }
        $out = (string) substr($out, $n);
        foreach ($streams as $k => $h) {
            $chunk = @fread($h, 65536);
            if ($chunk === '' || $chunk === false) {
                if (feof($h)) {
                    unset($streams[$k]);
                }
                continue;
            }
            $r['in'][$k] .= $chunk;
            if (strlen($r['in'][$k]) > ANSWER_MAX || $done !== null && $done($r['in'][$k])) {
                return ['stop' => strlen($r['in'][$k]) > ANSWER_MAX ? 'max' : null] + $r;
            }
        }
    }
    return $r;
}

// Sends OUT over socket S and reads its answer (pump()); the buffer, or null and ERR ['status' =>
// ..., 'why' => ...].
function exchange($s, string $out, float $deadline, callable $done, ?array &$err = null): \Generator
{
    $r = yield from pump([$s], $deadline, $out, $done);
    fclose($s);
    $in = $r['in'][0];
    $err = ['timeout' => ['status' => 'timeout', 'why' => $in === '' ? 'connected, no answer' : 'answer not finished'],
        'write' => ['status' => 'dead', 'why' => preg_replace('/Send of \d+ bytes failed with errno=\d+ /', '',
            (string) $r['why'])],
        'max' => ['status' => 'bad_answer', 'why' => 'answer longer than ' . ANSWER_MAX . ' bytes']][$r['stop'] ?? '']
        ?? null;
    return $err === null ? $in : null;
}

// A CGI or HTTP answer (headers, blank line, body) -> facts, or why the endpoint did not run.
// HTTP_STATUS: an HTTP answer's, whose body is the endpoint's Prometheus text; else a CGI answer
// (its Status: header), whose body is the facts' JSON.
function cgi_answer(string $raw, string $stderr, ?int $http_status = null): array
{
    $parts = preg_split('/\r?\n\r?\n/', $raw, 2);
    $head = count($parts) === 2 ? $parts[0] : '';
    $body = count($parts) === 2 ? $parts[1] : ($http_status === null ? $raw : '');
    $code = $http_status ?? (preg_match('/^Status:\s*(\d{3})/mi', $head, $m) ? (int) $m[1] : 200);
    $why = first_line($stderr !== '' ? $stderr : $body);
    if ($code !== 200) {
        return ['status' => 'endpoint_failed', 'facts' => null, 'error' => "status $code" . ($why ? ": $why" : '')];
    }
    $text = $http_status !== null;
    $facts = $text ? facts_from_text($body, $err) : decode_facts(trim($body), $err);
    if ($facts === null) {
        return ['status' => $body === '' && $stderr !== '' ? 'endpoint_failed' : 'bad_answer', 'facts' => null,
            'error' => $body === '' ? ($why ?: 'empty answer')
                : ($text || strncmp($err, 'malformed', 9) === 0 ? $err : "$err: " . first_line($body))];
    }
    return ['status' => 'ok', 'facts' => $facts, 'error' => null];
}

// ---------------------------------------------------------------- URL (mod_php, php-cgi)

// The endpoint over HTTP serves its Prometheus text alone (nsscache_ep_wants_json()), so a page is
// read from that text: the families nsscache_ep_families() writes, each checked to its type: one
// sample without labels (0/1 or a count), or a state-set (its label named here) with one current state.
const TEXT_FAMILIES = ['nsscache_loaded' => 'bool', 'nsscache_enabled' => 'bool', 'nsscache_in_effect' => 'bool',
    'nsscache_policy_repairs_total' => 'count', 'nsscache_variable' => 'class', 'nsscache_action' => 'action',
    'nsscache_phase' => 'phase', 'nsscache_in_effect_reason' => 'reason'];
const TEXT_INFO = ['version', 'libcurl', 'tls_backend', 'nss', 'softokn', 'distro_family'];

// The facts of the endpoint's Prometheus text, or null and WHY. The facts have the shape of the
// JSON ones (FACTS_SPEC), with what the text does not show null: no pid, cwd, paths or the
// variable's value (only its class, in 'variable_class'); 'source' => 'text'.
function facts_from_text(string $text, ?string &$why = null): ?array
{
    $why = null;
    $fam = [];
    foreach (explode("\n", $text) as $n => $line) {
        if ($line === '' || $line[0] === '#') {
            continue;
        }
        if (!preg_match('/^(nsscache_[a-z_]+)(?:\{(.*)\})? (\d+)$/', $line, $m)) {
            $why = 'line ' . ($n + 1) . ' is not a sample of nsscache-metrics.php';
            return null;
        }
        preg_match_all('/\G([a-z_]+)="((?:[^"\\\\]|\\\\.)*)"(?:,|$)/', $m[2] ?? '', $l, PREG_SET_ORDER);
        if (strlen(implode('', array_column($l, 0))) !== strlen($m[2] ?? '')) {
            $why = 'line ' . ($n + 1) . ': malformed labels';
            return null;
        }
        $labels = [];
        foreach ($l as $x) {
            $labels[$x[1]] = strtr($x[2], ['\\\\' => '\\', '\\"' => '"', '\\n' => "\n"]);
        }
        $fam[$m[1]][] = [$labels, (int) $m[3]];
    }
    $get = [];
    foreach (TEXT_FAMILIES as $name => $label) {
        $s = $fam[$name] ?? [];
        $one = $label === 'bool' || $label === 'count';
        $now = [];
        foreach ($s as [$labels, $v]) {
            $x = $one ? $v : $labels[$label] ?? null;
            if ($one && (count($s) !== 1 || $labels !== [] || ($label === 'bool' && $v > 1))) {
                $why = "$name is not one " . ($label === 'bool' ? '0/1' : 'count') . ' sample';
            } elseif (!$one && (count($labels) !== 1 || !is_string($x) || !preg_match('/^[a-z_]{1,64}$/', $x)
                    || $v > 1)) {
                $why = "$name: a sample is not a state";
            }
            if ($why !== null) {
                return null;
            }
            $now = $one || $v === 1 ? array_merge($now, [$label === 'bool' ? $v === 1 : $x]) : $now;
        }
        if ($s && count($now) !== 1) {
            $why = "$name has " . count($now) . ' current states';
            return null;
        }
        $get[$name] = $now[0] ?? null;
    }
    $info = $fam['nsscache_info'] ?? [];
    if (count($info) !== 1 || $info[0][1] !== 1 || array_keys($info[0][0]) !== TEXT_INFO) {
        $why = 'nsscache_info is not one sample with its six labels';
        return null;
    }
    $info = $info[0][0];
    foreach ($info as $k => $v) {
        if (strlen($v) > 264 || preg_match('/[\x00-\x1f\x7f]/', $v)) {
            $why = "nsscache_info $k is not a version";
            return null;
        }
        $info[$k] = $v === '' ? null : $v;
    }
    $class = $get['nsscache_variable'];
    $loaded = $get['nsscache_loaded'];
    if ($loaded === null || !in_array($class, ['unset', 'yes', 'no', 'probing'], true)) {
        $why = 'nsscache_loaded or nsscache_variable missing';
        return null;
    }
    if ($loaded && in_array(null, [$get['nsscache_enabled'], $get['nsscache_action'], $get['nsscache_phase'],
            $get['nsscache_in_effect_reason']], true)) {
        $why = 'nsscache loaded, but its families are missing';
        return null;
    }
    $var = $class === 'yes' || $class === 'no' ? $class : null;
    $ssl = $info['tls_backend'] === 'NSS' ? 'NSS/' . $info['nss'] : $info['tls_backend'];
    $status = !$loaded ? null : ['version' => $info['version'], 'enabled' => $get['nsscache_enabled'],
        'env' => $var, 'action' => $get['nsscache_action'], 'phase' => $get['nsscache_phase'],
        'repairs' => $get['nsscache_policy_repairs_total'], 'in_effect' => $get['nsscache_in_effect'],
        'in_effect_reason' => $get['nsscache_in_effect_reason'],
        'libcurl' => ['version' => $info['libcurl'], 'ssl_version' => $ssl],
        'nss' => ['version' => $info['nss']], 'softokn' => ['version' => $info['softokn']], 'notes' => []];
    $f = fact_check(['facts' => 1, 'php' => [], 'env' => ['NSS_SDB_USE_CACHE' => $var],
        'curl' => ['loaded' => $info['libcurl'] !== null, 'version' => $info['libcurl'], 'ssl_version' => $ssl],
        'nsscache' => ['loaded' => $loaded, 'status' => $status]], FACTS_SPEC, 'facts', $why);
    return $f === null ? null
        : $f + ['source' => 'text', 'variable_class' => $class, 'distro' => ['family' => $info['distro_family']]];
}

// GET URL over HTTP/1.0 until DEADLINE, as a task for drive(): the endpoint's Prometheus text (http://
// only: over HTTP it serves nothing else, and the doctor makes no TLS connection).
function ask_url_task(string $url, float $deadline): \Generator
{
    $u = parse_url($url);
    if (!is_array($u) || !isset($u['host']) || ($u['scheme'] ?? '') !== 'http') {
        return ['status' => 'error', 'facts' => null, 'error' => 'not an http:// URL (the page serves its Prometheus '
            . 'text over plain HTTP; ask it on a local or management listener)'];
    }
    $port = $u['port'] ?? 80;
    $host = $u['host'];
    $path = ($u['path'] ?? '/') . (isset($u['query']) ? '?' . $u['query'] : '');
    $left = max(0.001, $deadline - microtime(true));
    $s = @stream_socket_client("tcp://$host:$port", $errno, $errstr, $left, STREAM_CLIENT_CONNECT);
    if ($s === false) {
        $why = $errstr ?: last_error("error $errno");
        return ['status' => $errno === 110 ? 'timeout' : 'dead', 'facts' => null, 'error' => "$host:$port: $why"];
    }
    $req = "GET $path HTTP/1.0\r\nHost: $host\r\nUser-Agent: nsscache-doctor\r\nConnection: close\r\n\r\n";
    $in = yield from exchange($s, $req, $deadline, fn(string $in): bool => false, $err);
    if ($in === null) {
        return ['status' => $err['status'], 'facts' => null, 'error' => "$url: {$err['why']}"];
    }
    if (!preg_match('/^HTTP\/\d\.\d (\d{3})/', $in, $m)) {
        return ['status' => 'bad_answer', 'facts' => null, 'error' => 'not an HTTP answer'];
    }
    return cgi_answer($in, '', (int) $m[1]);
}
