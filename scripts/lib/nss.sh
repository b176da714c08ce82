# SPDX-License-Identifier: BSD-2-Clause
# The real-NSS harness (sourced by tests/integration/run, demo/run and bench/run; sources
# common.sh, build.sh, server.sh and nss-build.sh, its builds): NSS-linked ext/curl, softokn
# builds, the access() counter, a test PKI (nssi_setup, cached in $NSSCACHE_CACHE/integration,
# keyed by version), one PHP CLI case (nssi_run_case), php-fpm pools and the TLS server through
# scripts/lib/server.sh. Every probing case runs in its own scratch dir (TMPDIR, SSL_DIR) that is
# removed afterwards, which frees the negative dentries the probe leaves.
# The variables set here are read by the scripts that source this file (SC2034).
# shellcheck shell=bash disable=SC2034
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
. "$NSSCACHE_ROOT/scripts/lib/build.sh"
. "$NSSCACHE_ROOT/scripts/lib/server.sh"
. "$NSSCACHE_ROOT/scripts/lib/nss-build.sh"
NSSI_DIR=$NSSCACHE_ROOT/tests/integration      # client.php, counter.c

# Pinned Debian sources (the security suite may lack the .dsc of its newest version).
NSSI_SUITE=bookworm
nsscache_php_source "$NSSCACHE_PHP_VERSION" || true    # Debian source pin of the PHP under test
NSSI_PHP_SRC_VERSION=${NSSCACHE_PHP_DEBVER:-}
NSSI_NSS_SRC_VERSION=2:3.87.1-1+deb12u4
# Another PHP: NSSI_PHP_FLAVOUR=<ci/build-php flavour> (nssi_use_flavour), or NSSI_PHP=<its php>,
# NSSI_CURL_SO_FOR=<its NSS ext/curl>, NSSCACHE_SO=<nsscache built for it>.
# A PHP built from source (NSSCACHE_PHP_CONFIG=PREFIX/bin/php-config): its CLI, and the NSS-linked
# ext/curl built for it in its extension_dir (no Debian source to build one from).
NSSI_PHP_PREFIX=''     # set for such a PHP: its prefix
if [[ $NSSCACHE_PHP_CONFIG == */* ]] && [ "$("$NSSCACHE_PHP_CONFIG" --prefix)" != /usr ]; then
    NSSI_PHP_PREFIX=$("$NSSCACHE_PHP_CONFIG" --prefix)
    : "${NSSI_PHP:=$NSSI_PHP_PREFIX/bin/php}"
    : "${NSSI_CURL_SO_FOR:=$("$NSSCACHE_PHP_CONFIG" --extension-dir)/curl.so}"
fi
NSSI_PHP=${NSSI_PHP:-$NSSCACHE_PHP}
NSSI_PACKAGES=("php$NSSCACHE_PHP_VERSION-"{cli,dev,fpm} libfcgi-bin libcurl4-nss-dev libnss3 libnss3-tools
    libnspr4-dev libsqlite3-dev zlib1g-dev openssl bindfs fuse3 dpkg-dev gcc make iproute2)
NSSI_CLIENT_ARGS=()
NSSI_FPM_MASTER_ENV=() NSSI_FPM_ARGS=()

# Thresholds (probe names are a clock plus a counter: never compare exact numbers).
NSSI_PROBE_MIN=1000     # more than this many counted calls: the probe ran
NSSI_NOPROBE_MAX=10     # fewer than this: it did not
NSSI_DENTRY_LEAK_MIN=100
NSSI_DENTRY_CLEAN_MAX=5

NSSI_CACHE="$NSSCACHE_CACHE/integration"
nssi_key() { printf '%s' "$1" | tr -c 'A-Za-z0-9.+_-' '_'; }   # no ':' (LD_LIBRARY_PATH), no '~'
# php-config, which php-dev installs: nssi_setup calls this again, in the caller's shell, once
# the packages are there (before, the ext/curl path says "apiunknown").
nssi_paths() {
    NSSI_PHP_API=$("$NSSCACHE_PHP_CONFIG" --phpapi 2>/dev/null || echo unknown)
    NSSI_CURL_SO=$NSSI_CACHE/curl-nss/$(nssi_key "$NSSI_PHP_SRC_VERSION")-api$NSSI_PHP_API/curl.so
    NSSI_CURL_SO=${NSSI_CURL_SO_FOR:-$NSSI_CURL_SO}
    NSSI_SOFTOKN_ROOT="$NSSI_CACHE/softokn/$(nssi_key "$NSSI_NSS_SRC_VERSION")"
    NSSI_COUNTER_SO="$NSSI_CACHE/counter/$(sha256sum "$NSSI_DIR/counter.c" | cut -c1-12)/counter.so"
    NSSI_PKI="$NSSI_CACHE/pki-v1"
    NSSI_NSSCACHE_SO="${NSSCACHE_SO:-$NSSCACHE_ROOT/modules/nsscache.so}"
}
nssi_paths

# nssi_curl_for PHP_CONFIG -> prints the path of an NSS-linked ext/curl for another PHP, from the
# same Debian source that PHP came from; cached by source version, PHP API and thread safety.
nssi_curl_for() {
    local php_config=$1 abi out
    # e.g. no-debug-zts-20220829: thread safety, debug and the module API in one
    abi=$(basename "$("$php_config" --extension-dir)")
    nsscache_php_source "$(cut -d. -f1,2 <<<"$("$php_config" --version)")" ||
        nsscache_die "no pinned Debian source for PHP $("$php_config" --version)"
    out="$NSSI_CACHE/curl-nss/$(nssi_key "$NSSCACHE_PHP_DEBVER")-$abi"
    nssi_build_curl "$php_config" "$out" >&2 || return 1
    echo "$out/curl.so"
}

# nssi_use_flavour FLAVOUR: the harness runs with a PHP built by nsscache_build_php (no php-fpm),
# nsscache built for it in the scratch dir (call after nssi_scratch_init), and its NSS ext/curl.
nssi_use_flavour() {
    local prefix dir
    prefix=$(nsscache_build_php "$1") || return 1
    dir="$NSSI_SCRATCH/nsscache-$1"
    nsscache_build_copy "$prefix/bin/php-config" "$dir" || { tail -n 30 "$dir/build.log" >&2; return 1; }
    NSSI_CURL_SO=$(nssi_curl_for "$prefix/bin/php-config") || return 1
    NSSI_PHP=$prefix/bin/php NSSCACHE_SO=$dir/modules/nsscache.so NSSI_NSSCACHE_SO=$dir/modules/nsscache.so
    NSSI_NO_FPM=1
}

# ---------------------------------------------------------------- setup

# nssi_setup: everything the harness needs; idempotent, cached in $NSSCACHE_CACHE/integration.
#   1. apt packages (libcurl4-nss-dev, php cli/fpm/dev, nss tools, bindfs, ...)
#   2. ext/curl from Debian's php source, linked to libcurl-nss (phpize)
#   3. softokn builds from Debian's nss source: "legacy" (no
#      -DSDB_MEASURE_USE_TEMP_DIR: probe names leak negative dentries, as on
#      RHEL6/7) and "rhel7" (legacy + an unset NSS_SDB_USE_CACHE means
#      "measure", as RHEL7's nss-softokn-fs-probe.patch does)
#   4. the access() counter (counter.c)
#   5. test PKI: CA, server cert for 127.0.0.1/localhost, NSS sql: DB trusting the CA
# Cold: about 4 minutes on 2 cores (the softokn build dominates). Warm: a few seconds.
# A bash of its own, so that set -e holds whatever the caller's context (an `if`, a `||`).
# The paths it sets (nssi_paths) hold in the caller's shell afterwards.
nssi_setup() {
    bash -euo pipefail -c '. "$1"; nssi_step_packages; nssi_paths; nssi_step_curl; nssi_step_softokn
        nssi_step_counter; nssi_step_pki; nsscache_log "integration setup ready in $NSSI_CACHE"' \
        nssi_setup "${BASH_SOURCE[0]}" || return 1
    nssi_paths
}

# ---------------------------------------------------------------- scratch

# One root per script run (the server launcher's scratch dir); cases get their own dir below it.
# Removed on exit, after stopping the servers and unmounting any FUSE mount.
nssi_scratch_init() {
    srv_init
    NSSI_SCRATCH=$SRV_DIR
    srv_atexit nssi_unmount_all
}

nssi_unmount_all() {
    local m
    awk -v r="$NSSI_SCRATCH/" 'index($2, r) == 1 { print $2 }' /proc/mounts | while IFS= read -r m; do
        fusermount3 -u -z "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
    done
}

# nssi_case_dir local|fuse -> prints a fresh case dir with db/ (the NSS DB,
# SSL_DIR) and tmp/ (TMPDIR). With fuse, db/ is a bindfs view of src/.
nssi_case_dir() {
    local kind=$1 d
    d=$(mktemp -d "$NSSI_SCRATCH/case.XXXXXX") || return 1
    mkdir "$d/tmp" "$d/db"
    if [ "$kind" = fuse ]; then
        cp -a "$NSSI_PKI/nssdb" "$d/src"
        bindfs --no-allow-other "$d/src" "$d/db" || return 1
    else
        cp -a "$NSSI_PKI/nssdb/." "$d/db/"
    fi
    printf '%s\n' "$d"
}

nssi_case_dir_remove() {
    local d=$1
    if [ -d "$d/src" ]; then
        fusermount3 -u "$d/db" 2>/dev/null || fusermount3 -u -z "$d/db" 2>/dev/null
    fi
    rm -rf "$d"
}

# nssi_case_dir_remove_counting DIR -> prints how many negative dentries the
# removal freed: rmdir prunes the cached children of a directory, so this is
# what the runs left under DIR (DB dir and TMPDIR), with little noise from
# other processes (the window is the removal, not the runs).
nssi_case_dir_remove_counting() {
    local before after
    before=$(nssi_neg_dentries)
    nssi_case_dir_remove "$1"
    after=$(nssi_neg_dentries)
    echo $((before - after))
}

# Field 5 of dentry-state is nr_negative (kernel >= 5.9). No fork: it is read
# right before and after each case.
nssi_neg_dentries() { local _a _b _c _d n _f; read -r _a _b _c _d n _f < /proc/sys/fs/dentry-state; echo "$n"; }

# Sum of the per-process counts the counter appended to FILE; "missing" when
# no process reported (the counter was not loaded).
nssi_count_sum() {
    [ -s "$1" ] || { echo missing; return; }
    local pid n s=0
    while read -r pid n; do s=$((s + n)); done < "$1"
    echo "$s"
}

# ---------------------------------------------------------------- TLS server

# Starts openssl s_server -www on a free loopback port (server "tls"); sets NSSI_PORT.
nssi_server_start() {
    local i
    for i in 1 2 3; do     # a port taken between srv_port and the bind: another one
        NSSI_PORT=$(srv_port)
        srv_start tls "tcp:$NSSI_PORT" openssl s_server -quiet -www -accept "127.0.0.1:$NSSI_PORT" \
            -cert "$NSSI_PKI/server.pem" -key "$NSSI_PKI/server.key" && return 0
        nsscache_log "openssl s_server did not start (try $i)"
    done
    return 1
}

# ---------------------------------------------------------------- PHP CLI cases

# nssi_run_case SOFTOKN DB VAR NSSCACHE [php -d args...]
#   SOFTOKN  system | legacy | rhel7
#   DB       local | fuse
#   VAR      unset | any value of NSS_SDB_USE_CACHE ("" for empty)
#   NSSCACHE off | on | never (override=never) | after (extension= after curl)
#            | disabled (loaded with nsscache.enabled=0: the variable is left as
#              it was, and nsscache_status() predicts what NSS does without the fix)
#   extra args are passed to php before the script (e.g. -d ...), and
#   NSSI_CLIENT_ARGS (array) after it (e.g. --putenv).
# One PHP CLI process, one verified HTTPS GET. Prints:
#   <probe calls> <negative dentry delta> <client.php's line: ms status seen action pid>
# followed by client.php's extra lines, if NSSI_CLIENT_ARGS asked for any.
# The case gets its own scratch dir, removed afterwards, unless NSSI_CASE_DIR
# names one made by nssi_case_dir (to repeat runs against one DB, as a host does).
nssi_run_case() {
    local softokn=$1 db=$2 var=$3 mode=$4; shift 4
    local d before after calls out env_args=() php_args=(-n)
    if [ -n "${NSSI_CASE_DIR:-}" ]; then
        d=$NSSI_CASE_DIR; rm -f "$d/count"
    else
        d=$(nssi_case_dir "$db") || { echo "missing 0 0 setup-failed"; return 1; }
    fi
    env_args=(PATH="$PATH" HOME="$d" TMPDIR="$d/tmp" SSL_DIR="$d/db" NSSI_COUNT_FILE="$d/count"
        LD_PRELOAD="$NSSI_COUNTER_SO libnspr4.so")
    [ "$softokn" = system ] || env_args+=(LD_LIBRARY_PATH="$NSSI_SOFTOKN_ROOT/$softokn")
    [ "$var" = unset ] || env_args+=(NSS_SDB_USE_CACHE="$var")
    case $mode in
        off)    php_args+=(-d "extension=$NSSI_CURL_SO") ;;
        on)     php_args+=(-d "extension=$NSSI_NSSCACHE_SO" -d "extension=$NSSI_CURL_SO") ;;
        never)  php_args+=(-d "extension=$NSSI_NSSCACHE_SO" -d "extension=$NSSI_CURL_SO" -d nsscache.override=never) ;;
        after)  php_args+=(-d "extension=$NSSI_CURL_SO" -d "extension=$NSSI_NSSCACHE_SO") ;;
        disabled) php_args+=(-d "extension=$NSSI_NSSCACHE_SO" -d "extension=$NSSI_CURL_SO" -d nsscache.enabled=0) ;;
        *) nsscache_die "nssi_run_case: unknown nsscache mode $mode" ;;
    esac
    local _a _b _c _d _f
    read -r _a _b _c _d before _f < /proc/sys/fs/dentry-state
    out=$(cd "$d" && timeout 30 env -i "${env_args[@]}" "$NSSI_PHP" "${php_args[@]}" "$@" \
        "$NSSI_DIR/client.php" "https://127.0.0.1:$NSSI_PORT/" "${NSSI_CLIENT_ARGS[@]}" 2>"$d/stderr") || true
    read -r _a _b _c _d after _f < /proc/sys/fs/dentry-state
    calls=$(nssi_count_sum "$d/count")
    # Not client.php's line ("<ms> <status> ..."): PHP failed (a library it could not load, a fatal
    # error). Then the status is php-failed: and what PHP said, on stdout and stderr, on one line.
    if ! [[ ${out%%$'\n'*} =~ ^[0-9]+(\.[0-9]+)?\ [^\ ] ]]; then
        out="0 php-failed: $({ printf '%s\n' "$out"; cat "$d/stderr"; } | tr -s ' \t\n' '   ' | sed 's/^ //' |
            head -c 400)"
    fi
    [ -n "${NSSI_CASE_DIR:-}" ] || nssi_case_dir_remove "$d"
    printf '%s %s %s\n' "$calls" "$((after - before))" "$out"
}

# ---------------------------------------------------------------- php-fpm

# nssi_fpm_start DIR SOFTOKN NSSCACHE(off|on) [pool lines...]
# Starts a php-fpm master (server $NSSI_FPM_NAME, default "fpm"; srv_fpm: socket DIR/fpm.sock, clear_env
# = yes) with pm.max_requests = $NSSI_FPM_MAX_REQUESTS (default 5), the counter preloaded and the softokn on
# LD_LIBRARY_PATH of the master. The pool passes SSL_DIR and TMPDIR into the workers with env[]
# (clear_env empties everything else). Extra arguments are added to the pool verbatim. The
# variable NSSI_FPM_MASTER_ENV (array) adds variables to the master's environment, NSSI_FPM_ARGS
# (array) arguments to its command line (-d ...).
nssi_fpm_start() {
    local dir=$1 softokn=$2 mode=$3; shift 3
    local args=(-d "extension=$NSSI_CURL_SO")
    [ "$mode" = on ] && args=(-d "extension=$NSSI_NSSCACHE_SO" -d "extension=$NSSI_CURL_SO")
    args+=("${NSSI_FPM_ARGS[@]}")
    mkdir -p "$dir/tmp" "$dir/db"
    cp -a "$NSSI_PKI/nssdb/." "$dir/db/"
    SRV_FPM_ENV=(NSSI_COUNT_FILE="$dir/count" LD_PRELOAD="$NSSI_COUNTER_SO libnspr4.so" "${NSSI_FPM_MASTER_ENV[@]}")
    [ "$softokn" = system ] || SRV_FPM_ENV+=(LD_LIBRARY_PATH="$NSSI_SOFTOKN_ROOT/$softokn")
    SRV_FPM_MAX_REQUESTS=${NSSI_FPM_MAX_REQUESTS:-5} srv_fpm "${NSSI_FPM_NAME:-fpm}" "$dir" "${args[@]}" -- \
        "env[SSL_DIR] = $dir/db" "env[TMPDIR] = $dir/tmp" "$@"
}

# Graceful stop (SIGQUIT): workers exit normally, so the counter reports.
nssi_fpm_stop() { srv_stop "${NSSI_FPM_NAME:-fpm}"; }

# nssi_fpm_request DIR [query] -> the client's output line for one request.
nssi_fpm_request() {
    local dir=$1 q=${2:-} out
    out=$(env -i SCRIPT_FILENAME="$NSSI_DIR/client.php" REQUEST_METHOD=GET \
        QUERY_STRING="url=https://127.0.0.1:$NSSI_PORT/${q:+&$q}" \
        timeout 30 cgi-fcgi -bind -connect "$dir/fpm.sock" 2>/dev/null) || true
    out=${out//$'\r'/}
    printf '%s\n' "${out#*$'\n\n'}"     # the body, after the CGI headers
}

# ---------------------------------------------------------------- nsscache

# The extension under test: NSSCACHE_SO when set, else built in the checkout (nsscache_build).
# Returns 2 when the checkout has no extension source.
nssi_build_nsscache() {
    [ -n "${NSSCACHE_SO:-}" ] && { [ -f "$NSSCACHE_SO" ]; return; }
    [ -f "$NSSCACHE_ROOT/config.m4" ] || return 2
    nsscache_build >&2 && [ -f "$NSSI_NSSCACHE_SO" ]
}
