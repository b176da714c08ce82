# SPDX-License-Identifier: BSD-2-Clause
# The one server launcher of the suites, the demo and the bench (sourced; needs common.sh).
# Every server runs in its own session (setsid: Apache's MPMs signal their whole process
# group), logs to $SRV_DIR/NAME.log, and is stopped at exit by the trap srv_init sets,
# which signals only the PIDs it started and then removes the scratch dir $SRV_DIR.
#   srv_init                      make $SRV_DIR, set the EXIT trap (once per script)
#   srv_port                      print a free 127.0.0.1 TCP port
#   srv_start [-s SIG] [-t SECS] [-l LOG]... NAME READY CMD...
#                                 start CMD as server NAME; wait up to SECS (10) for READY:
#                                 sock:PATH (a unix socket), tcp:PORT (listening on 127.0.0.1),
#                                 cmd:SHELL-CMD (exits 0); on failure show its logs, stop it, return 1.
#                                 SIG (TERM) stops it; -l names more logs to show (error_log...).
#                                 Call it in the script's own shell (not in $(...)): it records the PID.
#   srv_stop NAME                 SIG to the server; once it exits (or after SECS) KILL to what is left
#                                 of its process group; idempotent
#   srv_pid NAME                  its PID (SRV_PID[NAME])
#   srv_fpm NAME DIR [ARG...] [-- POOL_LINE...]   a php-fpm pool on DIR/fpm.sock (below)
#   srv_fpm_global DIR, srv_fpm_pool POOL SOCK DIR [POOL_LINE...], srv_fpm_master NAME DIR READY [ARG...]
#                                 the parts of srv_fpm, for a master with several pools (below)
#   srv_atexit CMD...             run CMD at exit, before the scratch dir is removed (unmounts)
# Example:
#   . scripts/lib/common.sh; . scripts/lib/server.sh; srv_init
#   port=$(srv_port)
#   srv_start tls "tcp:$port" openssl s_server -www -accept "127.0.0.1:$port" -cert c.pem -key k.pem
#   curl -k "https://127.0.0.1:$port/"
#   srv_stop tls                  # or leave it to the EXIT trap
# Stop signals: php-fpm QUIT (graceful: workers exit normally), php -S INT (it dies on TERM
# without running exit handlers), nginx QUIT, Apache WINCH or TERM; the rest TERM.
# shellcheck shell=bash
declare -gA SRV_PID=() SRV_SIG=() SRV_WAIT=() SRV_LOGS=()
SRV_DIR="" SRV_ATEXIT=() SRV_PORTS=" " SRV_FPM_ENV=() SRV_FPM_PREFIX=() SRV_FPM_WRAP=()

srv_init() {
    SRV_DIR=$(mktemp -d -t nsscache-srv.XXXXXX)
    chmod 755 "$SRV_DIR"     # php-fpm workers and nginx may run as another user
    trap srv_cleanup EXIT
    trap 'exit 130' INT TERM
}

# Below the kernel's ephemeral range (outgoing connections take ports from it), unused by any socket.
srv_port() {
    local port i low _
    read -r low _ < /proc/sys/net/ipv4/ip_local_port_range
    for i in $(seq 50); do
        port=$(( 10000 + (RANDOM + i) % (low - 10000) ))
        [[ $SRV_PORTS == *" $port "* ]] && continue
        ss -Htan "sport = :$port" 2>/dev/null | grep -q . && continue
        SRV_PORTS+="$port "
        echo "$port"; return 0
    done
    nsscache_die "srv_port: no free port"
}

srv_ready() {   # READY
    case $1 in
    sock:*) [ -S "${1#sock:}" ] ;;
    tcp:*) ss -Hltn "sport = :${1#tcp:}" 2>/dev/null | grep -q . ;;
    cmd:*) eval "${1#cmd:}" >/dev/null 2>&1 ;;
    *) nsscache_die "srv_start: READY must be sock:PATH, tcp:PORT or cmd:CMD, not '$1'" ;;
    esac
}

srv_start() {
    local sig=TERM wait=10 logs=() name ready pid
    while [ $# -gt 0 ]; do
        case $1 in
        -s) sig=$2; shift 2 ;;
        -t) wait=$2; shift 2 ;;
        -l) logs+=("$2"); shift 2 ;;
        *) break ;;
        esac
    done
    name=$1 ready=$2; shift 2
    [ -n "$SRV_DIR" ] || nsscache_die "srv_start: call srv_init first"
    [ -z "${SRV_PID[$name]:-}" ] || nsscache_die "srv_start: server $name is already running"
    # Not a process group leader (no job control), so setsid execs CMD itself: $! is its PID.
    setsid "$@" </dev/null >"$SRV_DIR/$name.log" 2>&1 &
    pid=$!
    SRV_PID[$name]=$pid SRV_SIG[$name]=$sig SRV_WAIT[$name]=$wait
    SRV_LOGS[$name]="$SRV_DIR/$name.log${logs[*]:+$(printf '\n%s' "${logs[@]}")}"
    for _ in $(seq $((wait * 20))); do
        srv_ready "$ready" && return 0
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.05
    done
    nsscache_log "server $name did not become ready ($ready) within ${wait}s: $*"
    srv_show_logs "$name"
    srv_stop "$name"
    return 1
}

srv_show_logs() {   # NAME: the tail of each of its logs, on stderr
    local f
    while IFS= read -r f; do
        [ -s "$f" ] && { printf '  --- %s\n' "$f"; tail -n 20 "$f" | sed 's/^/  | /'; } >&2
    done <<<"${SRV_LOGS[$1]}"
    return 0
}

srv_pid() { echo "${SRV_PID[$1]:-}"; }

srv_stop() {
    local name=$1 pid
    pid=${SRV_PID[$name]:-}
    [ -n "$pid" ] || return 0
    kill -"${SRV_SIG[$name]}" "$pid" 2>/dev/null || true
    for _ in $(seq $((SRV_WAIT[$name] * 20))); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.05
    done
    # Whatever is left of its session (its process group: setsid made pgid = pid).
    kill -KILL -- "-$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    unset "SRV_PID[$name]"
    return 0
}

srv_atexit() { SRV_ATEXIT+=("$(printf '%q ' "$@")"); }

srv_cleanup() {
    local rc=$? name c shown=0
    for name in "${!SRV_PID[@]}"; do
        [ "$rc" -eq 0 ] || { srv_show_logs "$name"; shown=1; }
        srv_stop "$name"
    done
    # The logs came after the suite's closing line: say it again, for scripts/test reads the last.
    [ $shown = 1 ] && [ -n "${CHECK_SUMMARIZED:-}" ] && check_summary
    for c in "${SRV_ATEXIT[@]}"; do eval "$c" || true; done
    [ -n "$SRV_DIR" ] && rm -rf "$SRV_DIR"
    return "$rc"
}

# srv_fpm NAME DIR [ARG...] [-- POOL_LINE...]
# A php-fpm master of the PHP under test ($NSSCACHE_PHP_FPM) as server NAME: config DIR/fpm.conf,
# pool "www" on DIR/fpm.sock, pm = static with 2 children, pm.max_requests = $SRV_FPM_MAX_REQUESTS
# (0: never recycle), clear_env = yes, workers' output and PHP errors logged (DIR/fpm.log,
# DIR/php-error.log). ARGs go to php-fpm after -n (-d extension=...). POOL_LINEs are added to the
# pool (later lines win). The master starts with env -i: PATH, HOME=DIR and the SRV_FPM_ENV array,
# through the SRV_FPM_PREFIX command when set (a command that ends by exec'ing its arguments, e.g.
# unshare with bind mounts: the master keeps the PID srv_start recorded), and the binary under the
# SRV_FPM_WRAP command when set (after env -i: valgrind, which follows the forked workers); the
# master has SRV_FPM_WAIT seconds (default 10) to open its socket.
srv_fpm() {
    local name=$1 dir=$2 args=(); shift 2
    while [ $# -gt 0 ] && [ "$1" != -- ]; do args+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    mkdir -p "$dir"
    { srv_fpm_global "$dir"; srv_fpm_pool www "$dir/fpm.sock" "$dir" "$@"; } > "$dir/fpm.conf"
    srv_fpm_master "$name" "$dir" "sock:$dir/fpm.sock" "${args[@]}"
}

# A master with several pools: the caller writes DIR/fpm.conf from srv_fpm_global DIR and one
# srv_fpm_pool per pool (each on its own SOCK; the pool lines srv_fpm has, then POOL_LINEs), then
# starts it with srv_fpm_master, which waits for READY (srv_start's: e.g. the last pool's socket).
srv_fpm_global() {
    printf '[global]\npid = %s/fpm.pid\nerror_log = %s/fpm.log\n' "$1" "$1"
    printf 'daemonize = no\nprocess_control_timeout = 10\n'
}
srv_fpm_pool() {
    local pool=$1 sock=$2 dir=$3 line; shift 3
    printf '[%s]\nlisten = %s\npm = static\npm.max_children = 2\n' "$pool" "$sock"
    # PHP 5's php-fpm, as root, refuses a pool that names no user, even with -R ("user has not been
    # defined"); a POOL_LINE that names one wins (later lines win)
    if [ "$(id -u)" = 0 ] && [[ $("$NSSCACHE_PHP_FPM" -v 2>/dev/null) == "PHP 5."* ]]; then printf 'user = root\n'; fi
    printf 'pm.max_requests = %s\nclear_env = yes\ncatch_workers_output = yes\n' "${SRV_FPM_MAX_REQUESTS:-0}"
    printf 'php_admin_flag[log_errors] = on\nphp_admin_value[error_log] = %s/php-error.log\n' "$dir"
    for line in "$@"; do printf '%s\n' "$line"; done
}
srv_fpm_master() {
    local name=$1 dir=$2 ready=$3 o=(); shift 3
    # -O (--force-stderr: workers' lines on the master's stderr too) where php-fpm has it (7.3+)
    [[ $("$NSSCACHE_PHP_FPM" -h 2>&1) != *--force-stderr* ]] || o=(-O)
    srv_start -s QUIT -t "${SRV_FPM_WAIT:-10}" -l "$dir/fpm.log" "$name" "$ready" \
        "${SRV_FPM_PREFIX[@]}" env -i PATH="$PATH" HOME="$dir" "${SRV_FPM_ENV[@]}" \
        "${SRV_FPM_WRAP[@]}" "$NSSCACHE_PHP_FPM" -R -F "${o[@]}" -n "$@" -y "$dir/fpm.conf"
}
