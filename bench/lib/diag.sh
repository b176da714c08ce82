# SPDX-License-Identifier: BSD-2-Clause
# bench/run section 4, the diagnostics (sourced by bench/run after bench/lib/util.sh):
# nsscache_status() and nsscache_in_effect(), first and later calls; one render of the pool
# endpoint in a php-fpm worker; nsscache-doctor's wall time for the fleet suite's host and for
# 10 pools.
# The variables set here are read by bench/run (SC2034).
# shellcheck shell=bash disable=SC2034

# The PHP of the diagnostics: nsscache and the NSS ext/curl loaded, the rhel7 softokn's
# directory first on LD_LIBRARY_PATH (libnss3 and softokn found there), NSS not initialised.
diag_env() { DENV=(PATH=/usr/bin:/bin LD_LIBRARY_PATH="$NSSI_SOFTOKN_ROOT/rhel7"); }

# fcgi_get SOCKET SCRIPT -> the response body (cgi-fcgi, the CGI headers dropped)
fcgi_get() {
    env -i SCRIPT_FILENAME="$2" REQUEST_METHOD=GET QUERY_STRING= timeout 20 cgi-fcgi -bind -connect "$1" \
        2>/dev/null | tr -d '\r' | sed '1,/^$/d'
}

# doctor_runs NAME N ARGS...: N runs of nsscache-doctor --json ARGS; data/s4-doctor-NAME:
# "wall_ms exit_code targets_ok/targets" per run (from the JSON).
doctor_runs() {
    local name=$1 n=$2 i t0 t1 rc; shift 2
    : > "$D/s4-doctor-$name"
    for i in $(seq 1 "$n"); do
        t0=$EPOCHREALTIME
        timeout 120 env -i PATH=/usr/bin:/bin "$NSSCACHE_ROOT/doctor/nsscache-doctor" --json "$@" > "$S/doctor.json" \
            2>/dev/null
        rc=$?
        t1=$EPOCHREALTIME
        echo "$(ms "$t0" "$t1") $rc $("$PHP" -n -r '$j = json_decode(file_get_contents($argv[1]), true);
            $t = is_array($j) ? $j["targets"] ?? [] : [];
            echo count(array_filter($t, fn($x) => $x["status"] === "ok")), "/", count($t);' "$S/doctor.json")" \
            >> "$D/s4-doctor-$name"
    done
}

section4() {
    section_t0 4
    local f n i p body t0 t1 pools=() DENV line a1 a2 b1 c1 c2
    diag_env
    # -- the two functions, timed in PHP (STATUS_PROCS processes each, the rows alternated)
    for f in status status_nocurl in_effect getenv; do : > "$D/s4-$f"; done
    for i in $(seq 1 "$STATUS_PROCS"); do
        env -i "${DENV[@]}" "$PHP" -n -d "extension=$NSSI_NSSCACHE_SO" -d "extension=$NSSI_CURL_SO" \
            "$BENCH_DIR/status.php" nsscache_status 1000 >> "$D/s4-status"
        env -i "${DENV[@]}" "$PHP" -n -d "extension=$NSSI_NSSCACHE_SO" \
            "$BENCH_DIR/status.php" nsscache_status 1000 >> "$D/s4-status_nocurl"
        env -i "${DENV[@]}" "$PHP" -n -d "extension=$NSSI_NSSCACHE_SO" -d "extension=$NSSI_CURL_SO" \
            "$BENCH_DIR/status.php" nsscache_in_effect 1000 >> "$D/s4-in_effect"
        env -i "${DENV[@]}" "$PHP" -n -d "extension=$NSSI_NSSCACHE_SO" -d "extension=$NSSI_CURL_SO" \
            "$BENCH_DIR/status.php" getenv 1000 >> "$D/s4-getenv"
    done
    # -- instructions: loops of 0, 1 and 101 calls
    for f in nsscache_status nsscache_in_effect; do
        for n in 0 1 101; do
            [ "$n" = 0 ] && [ "$f" = nsscache_in_effect ] && continue
            val "s4.ir.$f.$n" "$(cg "$S/cg/$f-$n.out" "${DENV[@]}" "$PHP" -n -d "extension=$NSSI_NSSCACHE_SO" \
                -d "extension=$NSSI_CURL_SO" -r "for (\$i = 0; \$i < $n; \$i++) { $f(); }")"
        done
    done
    val s4.keys "$(env -i "${DENV[@]}" "$PHP" -n -d "extension=$NSSI_NSSCACHE_SO" -d "extension=$NSSI_CURL_SO" \
        -r 'echo count(nsscache_status()), " ", json_encode(nsscache_in_effect());')"
    # -- the pool endpoint: the CLI's instructions for one render, against php -r '' with the same modules
    val s4.ir.endpoint "$(cg "$S/cg/endpoint.out" "${DENV[@]}" "$PHP" -n -d "extension=$NSSI_NSSCACHE_SO" \
        -d "extension=$NSSI_CURL_SO" "$NSSCACHE_ROOT/fleet/nsscache-metrics.php")"
    val s4.ir.endpoint_base "$(cg "$S/cg/endpoint-base.out" "${DENV[@]}" "$PHP" -n \
        -d "extension=$NSSI_NSSCACHE_SO" -d "extension=$NSSI_CURL_SO" -r '')"
    # ... and in a php-fpm worker (the sweep's nsscache pool, pm.max_requests = 2): each worker renders
    # twice, its first render (nsscache_status()'s first call in the process) and a later one.
    # data/s4-endpoint: "first_ns later_ns bytes fastcgi_ms_first fastcgi_ms_later" per worker.
    : > "$D/s4-endpoint"
    NSSI_FPM_NAME=fpm-ep NSSI_FPM_MAX_REQUESTS=2 nssi_fpm_start "$S/ep" rhel7 on "pm.max_children = 1" \
        "env[NSS_SDB_USE_CACHE] = yes" || { val s4.endpoint_failed 1; }
    for i in $(seq 1 "$STATUS_PROCS"); do
        line=()
        for p in first later; do
            t0=$EPOCHREALTIME
            body=$(fcgi_get "$S/ep/fpm.sock" "$BENCH_DIR/endpoint.php")
            t1=$EPOCHREALTIME
            line+=("$body" "$(ms "$t0" "$t1")")
        done
        # "first_ns bytes ms later_ns bytes ms" -> the columns above
        read -r a1 b1 c1 a2 _ c2 <<<"${line[*]}"
        echo "$a1 $a2 $b1 $c1 $c2" >> "$D/s4-endpoint"
    done
    NSSI_FPM_NAME=fpm-ep nssi_fpm_stop
    # -- nsscache-doctor: the fleet suite's host (a pool with nsscache, one with nsscache.enabled=0,
    # both with the unquoted env[] line, and a CLI with nsscache and the NSS ext/curl), then 10 pools
    # of one master.
    printf '#!/bin/sh\nexec %s -n -d extension=%s -d extension=%s "$@"\n' "$PHP" "$NSSI_NSSCACHE_SO" "$NSSI_CURL_SO" \
        > "$S/php-cli"
    chmod 755 "$S/php-cli"
    NSSI_FPM_NAME=fpm-good nssi_fpm_start "$S/good" rhel7 on "pm.max_children = 1" "env[NSS_SDB_USE_CACHE] = yes"
    NSSI_FPM_NAME=fpm-bad nssi_fpm_start "$S/bad" rhel7 on "pm.max_children = 1" "env[NSS_SDB_USE_CACHE] = yes" \
        "php_admin_value[nsscache.enabled] = 0"
    doctor_runs host "$DOCTOR_RUNS" --pool good="$S/good/fpm.sock" --pool bad="$S/bad/fpm.sock" --php "$S/php-cli"
    NSSI_FPM_NAME=fpm-good nssi_fpm_stop; NSSI_FPM_NAME=fpm-bad nssi_fpm_stop
    mkdir -p "$S/ten/db" "$S/ten/tmp"
    cp -a "$NSSI_PKI/nssdb/." "$S/ten/db/"
    {
        srv_fpm_global "$S/ten"
        for i in $(seq 1 10); do
            srv_fpm_pool "p$i" "$S/ten/p$i.sock" "$S/ten" "pm.max_children = 1" "env[SSL_DIR] = $S/ten/db" \
                "env[TMPDIR] = $S/ten/tmp" "env[NSS_SDB_USE_CACHE] = yes"
            pools+=(--pool "p$i=$S/ten/p$i.sock")
        done
    } > "$S/ten/fpm.conf"
    SRV_FPM_ENV=(LD_LIBRARY_PATH="$NSSI_SOFTOKN_ROOT/rhel7")
    srv_fpm_master fpm-ten "$S/ten" "sock:$S/ten/p10.sock" -d "extension=$NSSI_NSSCACHE_SO" \
        -d "extension=$NSSI_CURL_SO" && doctor_runs ten "$DOCTOR_RUNS" "${pools[@]}"
    srv_stop fpm-ten
    val s4.doctor_php "$(sh "$NSSCACHE_ROOT/doctor/nsscache-doctor" --version 2>&1 | head -n 1)"
    section_t1
}
