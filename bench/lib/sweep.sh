# SPDX-License-Identifier: BSD-2-Clause
# bench/run section 1, the php-fpm sweep (sourced by bench/run): ab -> nginx (front) -> four php-fpm
# masters -> bench/fpm.php -> one verified HTTPS GET to an nginx TLS origin, per request.
# The variables set here are read by bench/run (SC2034).
# shellcheck shell=bash disable=SC2034

# The four columns, in the report's order: what an admin may have on a host.
SWEEP_COLS=(nofix unquoted handfix nsscache)
# The order of the columns in a round: a Williams square, so that over 4 rounds every column runs
# once in each position and right after each other column once (a run may leave the machine busy
# for the next one: the probing columns' removal frees thousands of dentries).
SWEEP_ORDER=("0 1 3 2" "1 2 0 3" "2 3 1 0" "3 0 2 1")
# sweep_pool COL: sets MODE (nsscache off/on) and LINES (the pool's env[] line) for that column.
sweep_pool() {
    case $1 in
        nofix)    MODE=off LINES=() ;;
        unquoted) MODE=off LINES=("env[NSS_SDB_USE_CACHE] = yes") ;;     # FPM delivers "1"
        handfix)  MODE=off LINES=('env[NSS_SDB_USE_CACHE] = "yes"') ;;
        nsscache) MODE=on LINES=("env[NSS_SDB_USE_CACHE] = yes") ;;
        *) nsscache_die "sweep_pool: unknown column $1" ;;
    esac
}

# nginx_conf DIR WORKERS: the top of a private nginx config (everything in DIR); the caller adds
# the server blocks and the closing brace.
nginx_conf() {
    local n=$1 t
    printf 'user root root;\nworker_processes %s;\npid %s/nginx.pid;\nerror_log %s/error.log warn;\n' "$2" "$n" "$n"
    printf 'events { worker_connections 4096; }\nhttp {\n  access_log off;\n'
    for t in client_body proxy fastcgi uwsgi scgi; do printf '  %s_temp_path %s/%s;\n' "$t" "$n" "$t"; done
}
nginx_start() {   # NAME PORT DIR
    srv_start -s QUIT -l "$3/error.log" "$1" "tcp:$2" nginx -p "$3" -c "$3/nginx.conf" -e "$3/error.log" \
        -g 'daemon off;'
}

# The origin: nginx with TLS (the harness's test PKI), two workers, a fixed 3-byte body; sets ORIGIN_PORT.
sweep_origin_start() {
    local n=$S/origin
    mkdir -p "$n"
    ORIGIN_PORT=$(srv_port)
    {
        nginx_conf "$n" 2
        printf '  server {\n    listen 127.0.0.1:%s ssl;\n' "$ORIGIN_PORT"
        printf '    ssl_certificate %s/server.pem;\n    ssl_certificate_key %s/server.key;\n' "$NSSI_PKI" "$NSSI_PKI"
        printf '    location / { default_type text/plain; return 200 "ok\\n"; }\n  }\n}\n'
    } > "$n/nginx.conf"
    nginx_start origin "$ORIGIN_PORT" "$n"
}

# The front: nginx, one location per column (/COL) to that master's socket; sets FRONT_PORT.
sweep_front_start() {
    local n=$S/front c
    mkdir -p "$n"
    FRONT_PORT=$(srv_port)
    {
        nginx_conf "$n" 1
        printf '  server {\n    listen 127.0.0.1:%s backlog=4096;\n' "$FRONT_PORT"
        for c in "${SWEEP_COLS[@]}"; do
            printf '    location = /%s {\n      fastcgi_pass unix:%s/fpm-%s/fpm.sock;\n' "$c" "$S" "$c"
            printf '      fastcgi_param SCRIPT_FILENAME %s/fpm.php;\n      fastcgi_param REQUEST_METHOD GET;\n' \
                "$BENCH_DIR"
            printf '      fastcgi_param QUERY_STRING url=https://127.0.0.1:%s/;\n' "$ORIGIN_PORT"
            printf '      fastcgi_param SERVER_PROTOCOL $server_protocol;\n    }\n'
        done
        printf '  }\n}\n'
    } > "$n/nginx.conf"
    nginx_start front "$FRONT_PORT" "$n"
}

# sweep_master COL CHILDREN [pool lines...]: that column's php-fpm master (server fpm-COL) on
# S/fpm-COL, fresh: its own NSS DB and TMPDIR, the counter, the rhel7 softokn, pm.max_requests = 20.
sweep_master() {
    local c=$1 n=$2; shift 2
    sweep_pool "$c"
    rm -rf "$S/fpm-$c"
    NSSI_FPM_NAME=fpm-$c NSSI_FPM_MAX_REQUESTS=20 nssi_fpm_start "$S/fpm-$c" rhel7 "$MODE" \
        "pm.max_children = $n" "listen.mode = 0666" "listen.backlog = 4096" "${LINES[@]}" "$@"
}
# The variable as the column's worker sees it (bench/fpm.php's header), one request.
sweep_seen() {
    curl -s -D - -o /dev/null "http://127.0.0.1:$FRONT_PORT/$1" | tr -d '\r' \
        | sed -n 's/^X-Nss-Sdb-Use-Cache: //Ip' | head -n 1
}

# sweep_run COL LEVEL REP -> one line of data/s1-runs:
# "level rep col rps p50 p99 failed requests probe_calls neg_dentries workers seen"
# requests: the ones PHP served (ab's and sweep_seen's); probe calls: the counter's, from every
# worker (the master is stopped gracefully, so each reports); negative dentries: what removing
# the pool's DB dir and TMPDIR freed (nssi_case_dir_remove_counting).
sweep_run() {
    local c=$1 lvl=$2 rep=$3 ab=$S/ab.txt seen rps p50 p99 failed non2xx complete calls workers dent
    if ! sweep_master "$c" "$FCHILD"; then
        echo "$lvl $rep $c - - - - 0 - - - start-failed" >> "$D/s1-runs"
        return 1
    fi
    seen=$(sweep_seen "$c")
    timeout 600 ab -q -r -s 30 -n "$FREQ" -c "$lvl" "http://127.0.0.1:$FRONT_PORT/$c" > "$ab" 2>&1
    NSSI_FPM_NAME=fpm-$c nssi_fpm_stop
    calls=$(nssi_count_sum "$S/fpm-$c/count")
    workers=$(awk 'END { print (NR > 0 ? NR - 1 : 0) }' "$S/fpm-$c/count" 2>/dev/null)
    dent=$(nssi_case_dir_remove_counting "$S/fpm-$c")
    rps=$(awk '/^Requests per second:/ { print $4 }' "$ab")
    p50=$(awk '$1 == "50%" { print $2 }' "$ab"); p99=$(awk '$1 == "99%" { print $2 }' "$ab")
    failed=$(awk '/^Failed requests:/ { print $3 }' "$ab"); non2xx=$(awk '/^Non-2xx responses:/ { print $3 }' "$ab")
    complete=$(awk '/^Complete requests:/ { print $3 }' "$ab")
    echo "$lvl $rep $c ${rps:--} ${p50:--} ${p99:--} $(( ${failed:-0} + ${non2xx:-0} )) $(( ${complete:-0} + 1 ))" \
        "$calls $dent ${workers:-0} ${seen:-(none)}" >> "$D/s1-runs"
}

# Per-request instructions: one worker of each column under callgrind (valgrind follows php-fpm's
# fork), a dump before every php_request_startup, so each part file holds one request (the first
# holds the worker's start); 20 requests one after the other: the worker's whole life
# (pm.max_requests = 20). data/s1-cg-COL: "request instructions probe_calls_of_the_worker".
sweep_callgrind() {
    local c=$1 i f pid calls out
    out=$S/cg/fpm-$c
    rm -f "$out".*
    SRV_FPM_WRAP=(valgrind --tool=callgrind "--callgrind-out-file=$out.%p" --dump-before=php_request_startup)
    SRV_FPM_WAIT=120 sweep_master "$c" 1
    i=$?
    SRV_FPM_WRAP=()
    [ "$i" = 0 ] || return 1
    for i in $(seq 1 20); do curl -s -o /dev/null "http://127.0.0.1:$FRONT_PORT/$c"; done
    NSSI_FPM_NAME=fpm-$c nssi_fpm_stop
    # The worker that served: the pid with the most parts.
    pid=$(find "$S/cg" -name "fpm-$c.*.*" | sed 's/.*\.\([0-9]*\)\.[0-9]*$/\1/' | sort | uniq -c | sort -rn \
        | awk 'NR == 1 { print $2 }')
    calls=$(awk -v p="$pid" '$1 == p { n = $2 } END { print n + 0 }' "$S/fpm-$c/count" 2>/dev/null)
    : > "$D/s1-cg-$c"
    for f in "$out.$pid".*; do
        [ -f "$f" ] && echo "${f##*.} $(cg_total "$f") $calls" >> "$D/s1-cg-$c"
    done
    [ -f "$out.$pid" ] && echo "21 $(cg_total "$out.$pid") $calls" >> "$D/s1-cg-$c"
    sort -n -o "$D/s1-cg-$c" "$D/s1-cg-$c"
    nssi_case_dir_remove "$S/fpm-$c"
}

section1() {
    section_t0 1
    local lvl rep i k
    : > "$D/s1-runs"
    sweep_front_start || { val s1.skipped "the nginx front did not start"; return 1; }
    for lvl in $LEVELS; do
        for rep in $(seq 1 "$FREPS"); do
            nsscache_log "section 1: concurrency $lvl, round $rep of $FREPS"
            for k in ${SWEEP_ORDER[$(( (rep - 1) % 4 ))]}; do sweep_run "${SWEEP_COLS[$k]}" "$lvl" "$rep"; done
        done
    done
    for i in "${SWEEP_COLS[@]}"; do sweep_callgrind "$i" || nsscache_log "section 1: callgrind of $i failed"; done
    srv_stop front
    section_t1
}
