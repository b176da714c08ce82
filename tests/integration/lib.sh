# Real-NSS harness helpers (sourced by tests/integration/setup, tests/integration/run
# and demo/run). Builds live in $NSSCACHE_CACHE/integration, keyed by version;
# every probing case runs in its own scratch dir (TMPDIR, SSL_DIR) that is removed
# afterwards, which frees the negative dentries the probe leaves.

NSSI_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
NSSI_REPO=$(cd "$NSSI_DIR/../.." && pwd)
# shellcheck source=../../scripts/lib/common.sh
. "$NSSI_REPO/scripts/lib/common.sh"

# Pinned Debian sources (the security suite may lack the .dsc of its newest version).
NSSI_SUITE=bookworm
nsscache_php_source 8.2     # Debian php8.2 source pin (scripts/lib/common.sh)
NSSI_PHP_SRC_VERSION=$NSSCACHE_PHP_DEBVER
NSSI_NSS_SRC_VERSION=2:3.87.1-1+deb12u4
# Another PHP (ci/matrix): NSSI_PHP=<its php>, NSSI_CURL_SO_FOR=<its NSS ext/curl,
# from tests/integration/build-curl>, NSSCACHE_SO=<nsscache built for it>.
NSSI_PHP=${NSSI_PHP:-php8.2}
NSSI_FPM=/usr/sbin/php-fpm8.2
NSSI_PACKAGES=(php8.2-cli php8.2-dev php8.2-fpm libfcgi-bin libcurl4-nss-dev libnss3 libnss3-tools
    libnspr4-dev libsqlite3-dev zlib1g-dev openssl bindfs fuse3 dpkg-dev gcc make iproute2)
NSSI_CLIENT_ARGS=()
NSSI_FPM_MASTER_ENV=()

# Thresholds (probe names are a clock plus a counter: never compare exact numbers).
NSSI_PROBE_MIN=1000     # more than this many counted calls: the probe ran
NSSI_NOPROBE_MAX=10     # fewer than this: it did not
NSSI_DENTRY_LEAK_MIN=100
NSSI_DENTRY_CLEAN_MAX=5

NSSI_CACHE="$NSSCACHE_CACHE/integration"
nssi_key() { printf '%s' "$1" | tr -c 'A-Za-z0-9.+_-' '_'; }   # no ':' (LD_LIBRARY_PATH), no '~'
# nssi_build_curl PHP_CONFIG OUT_DIR: build ext/curl for that PHP from the
# Debian source it is pinned to (nsscache_php_source), against the installed
# libcurl4-nss-dev, into OUT_DIR/curl.so; once (OUT_DIR/.ok).
nssi_build_curl() {
    local php_config=$1 out=$2 version b src
    [ -f "$out/.ok" ] && return 0
    version=$("$php_config" --version)
    nsscache_php_source "$(cut -d. -f1,2 <<<"$version")" ||
        nsscache_die "no pinned Debian source for PHP $version"
    src=$NSSCACHE_PHP_SRC
    nsscache_apt_source "$NSSCACHE_PHP_SUITE" "$NSSCACHE_PHP_PKG" "$NSSCACHE_PHP_DEBVER" "$src" || return 1
    b=$(mktemp -d)
    nsscache_log "building NSS-linked ext/curl for PHP $version from $NSSCACHE_PHP_PKG $NSSCACHE_PHP_DEBVER"
    tar -C "$b" -xf "$(ls "$src/${NSSCACHE_PHP_PKG}"_*.orig.tar.[gx]z | head -n1)" --wildcards '*/ext/curl/*'
    # the phpize beside that php-config (phpize8.2 for php-config8.2)
    (cd "$b"/php-*/ext/curl && "${php_config%php-config*}phpize${php_config##*php-config}" >/dev/null 2>&1 \
        && ./configure -q --with-php-config="$php_config" >/dev/null \
        && make -s -j"$(nproc)" >/dev/null 2>"$b/make.err") || { cat "$b/make.err" >&2; rm -rf "$b"; return 1; }
    mkdir -p "$out"
    cp "$b"/php-*/ext/curl/modules/curl.so "$out/curl.so"
    rm -rf "$b"
    touch "$out/.ok"
}

# Artefact paths, keyed by source version, PHP API and flags. Called again by
# setup once php8.2-dev is installed (the API number comes from php-config).
nssi_paths() {
    NSSI_PHP_API=$(php-config8.2 --phpapi 2>/dev/null || echo unknown)
    NSSI_CURL_SO=${NSSI_CURL_SO_FOR:-"$NSSI_CACHE/curl-nss/$(nssi_key "$NSSI_PHP_SRC_VERSION")-api$NSSI_PHP_API/curl.so"}
    NSSI_SOFTOKN_ROOT="$NSSI_CACHE/softokn/$(nssi_key "$NSSI_NSS_SRC_VERSION")"
    NSSI_COUNTER_SO="$NSSI_CACHE/counter/$(sha256sum "$NSSI_DIR/counter.c" | cut -c1-12)/counter.so"
    NSSI_PKI="$NSSI_CACHE/pki-v1"
    NSSI_NSSCACHE_SO="${NSSCACHE_SO:-$NSSI_REPO/modules/nsscache.so}"
}
nssi_paths

# ---------------------------------------------------------------- scratch

# One root per script run; cases get their own dir below it. Removed on exit,
# after unmounting any FUSE mount and stopping the servers we started.
NSSI_PIDS=()
nssi_scratch_init() {
    NSSI_SCRATCH=$(mktemp -d -t nsscache-it.XXXXXX)
    trap nssi_cleanup EXIT
    trap 'exit 130' INT TERM
}

nssi_cleanup() {
    local p m
    for p in "${NSSI_PIDS[@]}"; do
        kill "$p" 2>/dev/null
    done
    for p in "${NSSI_PIDS[@]}"; do
        wait "$p" 2>/dev/null
    done
    NSSI_PIDS=()
    if [ -n "${NSSI_SCRATCH:-}" ] && [ -d "$NSSI_SCRATCH" ]; then
        for m in $(awk -v r="$NSSI_SCRATCH/" 'index($2, r) == 1 { print $2 }' /proc/mounts); do
            fusermount3 -u -z "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
        done
        rm -rf "$NSSI_SCRATCH"
    fi
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

# Starts openssl s_server -www on a free loopback port; sets NSSI_PORT.
nssi_server_start() {
    local i port log
    log="$NSSI_SCRATCH/s_server.log"
    for i in 1 2 3 4 5 6 7 8 9 10; do
        port=$(( 20000 + (RANDOM * 32768 + RANDOM) % 40000 ))
        ss -Hltn "sport = :$port" 2>/dev/null | grep -q . && continue
        openssl s_server -quiet -www -accept "127.0.0.1:$port" \
            -cert "$NSSI_PKI/server.pem" -key "$NSSI_PKI/server.key" </dev/null >"$log" 2>&1 &
        local pid=$!
        local t
        for t in $(seq 1 50); do
            if ss -Hltn "sport = :$port" 2>/dev/null | grep -q .; then
                NSSI_PIDS+=("$pid"); NSSI_PORT=$port; return 0
            fi
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
    done
    nsscache_log "could not start openssl s_server: $(cat "$log")"
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
        "$NSSI_DIR/client.php" "https://127.0.0.1:$NSSI_PORT/" "${NSSI_CLIENT_ARGS[@]}" 2>"$d/stderr")
    read -r _a _b _c _d after _f < /proc/sys/fs/dentry-state
    calls=$(nssi_count_sum "$d/count")
    [ -n "$out" ] || out="0 php-failed:$(head -c 200 "$d/stderr" | tr -s ' \n' '  ')"
    [ -n "${NSSI_CASE_DIR:-}" ] || nssi_case_dir_remove "$d"
    printf '%s %s %s\n' "$calls" "$((after - before))" "$out"
}

# ---------------------------------------------------------------- php-fpm

# nssi_fpm_start DIR SOFTOKN NSSCACHE(off|on) [pool lines...]
# Starts a php-fpm master in DIR (socket DIR/fpm.sock, clear_env = yes,
# pm.max_requests = $NSSI_FPM_MAX_REQUESTS, default 5) with the counter preloaded and the softokn on
# LD_LIBRARY_PATH of the master. The pool passes SSL_DIR and TMPDIR into the
# workers with env[] (clear_env empties everything else). Extra arguments are
# added to the pool verbatim. The variable NSSI_FPM_MASTER_ENV (array) adds
# variables to the master's environment.
nssi_fpm_start() {
    local dir=$1 softokn=$2 mode=$3; shift 3
    local env_args ini_args=(-n -d "extension=$NSSI_CURL_SO") line t
    [ "$mode" = on ] && ini_args=(-n -d "extension=$NSSI_NSSCACHE_SO" -d "extension=$NSSI_CURL_SO")
    mkdir -p "$dir/tmp" "$dir/db"
    cp -a "$NSSI_PKI/nssdb/." "$dir/db/"
    {
        printf '[global]\npid = %s/fpm.pid\nerror_log = %s/fpm.log\ndaemonize = no\nprocess_control_timeout = 10\n' "$dir" "$dir"
        printf '[www]\nuser = root\ngroup = root\nlisten = %s/fpm.sock\n' "$dir"
        printf 'pm = static\npm.max_children = 2\npm.max_requests = %s\nclear_env = yes\n' "${NSSI_FPM_MAX_REQUESTS:-5}"
        printf 'env[SSL_DIR] = %s/db\nenv[TMPDIR] = %s/tmp\n' "$dir" "$dir"
        for line in "$@"; do printf '%s\n' "$line"; done
    } > "$dir/fpm.conf"
    env_args=(PATH="$PATH" HOME="$dir" NSSI_COUNT_FILE="$dir/count"
        LD_PRELOAD="$NSSI_COUNTER_SO libnspr4.so" "${NSSI_FPM_MASTER_ENV[@]}")
    [ "$softokn" = system ] || env_args+=(LD_LIBRARY_PATH="$NSSI_SOFTOKN_ROOT/$softokn")
    env -i "${env_args[@]}" "$NSSI_FPM" -R -F -O "${ini_args[@]}" -y "$dir/fpm.conf" \
        >"$dir/fpm.out" 2>&1 &
    NSSI_FPM_PID=$!
    NSSI_PIDS+=("$NSSI_FPM_PID")
    for t in $(seq 1 100); do
        [ -S "$dir/fpm.sock" ] && return 0
        kill -0 "$NSSI_FPM_PID" 2>/dev/null || break
        sleep 0.1
    done
    nsscache_log "php-fpm did not start: $(tail -5 "$dir/fpm.out" "$dir/fpm.log" 2>/dev/null)"
    return 1
}

# Graceful stop (SIGQUIT): workers exit normally, so the counter reports.
nssi_fpm_stop() {
    local t
    kill -QUIT "$NSSI_FPM_PID" 2>/dev/null
    for t in $(seq 1 100); do
        kill -0 "$NSSI_FPM_PID" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL "$NSSI_FPM_PID" 2>/dev/null
    wait "$NSSI_FPM_PID" 2>/dev/null
    local keep=() p
    for p in "${NSSI_PIDS[@]}"; do [ "$p" = "$NSSI_FPM_PID" ] || keep+=("$p"); done
    NSSI_PIDS=("${keep[@]}")
}

# nssi_fpm_request DIR [query] -> the client's output line for one request.
nssi_fpm_request() {
    local dir=$1 q=${2:-} out
    out=$(env -i SCRIPT_FILENAME="$NSSI_DIR/client.php" REQUEST_METHOD=GET \
        QUERY_STRING="url=https://127.0.0.1:$NSSI_PORT/${q:+&$q}" \
        timeout 30 cgi-fcgi -bind -connect "$dir/fpm.sock" 2>/dev/null)
    out=${out//$'\r'/}
    printf '%s\n' "${out#*$'\n\n'}"     # the body, after the CGI headers
}

# ---------------------------------------------------------------- nsscache

# The extension is built from this checkout by scripts/build when the .so is
# missing or older than a source file. Returns 2 when the checkout has no
# extension source yet.
nssi_build_nsscache() {
    [ -n "${NSSCACHE_SO:-}" ] && { [ -f "$NSSCACHE_SO" ]; return; }
    [ -f "$NSSI_REPO/config.m4" ] || return 2
    if [ -f "$NSSI_NSSCACHE_SO" ] && [ -z "$(find "$NSSI_REPO" -maxdepth 2 \
            \( -name '*.c' -o -name '*.h' -o -name config.m4 \) -newer "$NSSI_NSSCACHE_SO" 2>/dev/null)" ]; then
        return 0
    fi
    nsscache_log "building the extension"
    if [ -x "$NSSI_REPO/scripts/build" ]; then
        "$NSSI_REPO/scripts/build" >&2 || return 1
    else
        (cd "$NSSI_REPO" && phpize8.2 >/dev/null && ./configure -q --with-php-config=php-config8.2 >/dev/null \
            && make -s -j2 >/dev/null) >&2 || return 1
    fi
    [ -f "$NSSI_NSSCACHE_SO" ]
}
