# SPDX-License-Identifier: BSD-2-Clause
# The variable's timeline on real NSS (sourced by tests/integration/run, after the php-fpm part):
# request sequences that putenv() NSS_SDB_USE_CACHE (or another variable, or put the old value
# back) around the process's first HTTPS request, with iconv conversions that make glibc unload
# gconv modules and map others at the addresses they had. Each case runs in a fresh process of
# its own: a php-fpm pool with one worker (pm static, dynamic and ondemand; never recycled) and
# php -S, with the rhel7 softokn (it probes unless NSS opens under yes or no). Every request runs
# tests/integration/timeline.php and reads the counter from the live process afterwards; each
# case asserts together the verdicts of its views (nsscache_status()'s in_effect/reason) and the
# probe calls counted: > NSSI_PROBE_MIN where NSS opened under "1", < NSSI_NOPROBE_MAX otherwise.
# shellcheck shell=bash

# iconv on glibc: to:UTF-16 maps UTF-16.so; the three conversions of TL_UNLOAD unload it (glibc
# keeps an unused gconv module for two more releases), and IBM1047.so, of the same size, is then
# mapped at the address UTF-16.so had. The gconv steps show the modules and their addresses, and
# each case checks that the churn did this (tl_churn_ok).
TL_ICONV=to:UTF-16,gconv
TL_UNLOAD=to:IBM037,to:EUC-JP,to:IBM500,gconv
TL_REUSE=to:IBM1047,gconv
TL_T=view=true/in_effect TL_F=view=false/opened_under_putenv
# NAME|AUTO_PREPEND(0|1: the README's auto_prepend_file hand fix)|PROBE(P|-)|REQUEST...
# A request is its steps (timeline.php), comma-separated; view=WANT is a view and its verdict.
TL_CASES=(
    "putenv yes, then HTTPS|0|-|putyes,https,$TL_T $TL_T"
    "auto_prepend_file putenv yes, then HTTPS|1|-|https,$TL_T $TL_T"
    "putenv no, then HTTPS|0|-|putno,https,$TL_T $TL_T"
    "HTTPS, then putenv 1 (same request)|0|-|https,put1,$TL_T $TL_T"
    "HTTPS, then putenv 1 (a later request)|0|-|https,$TL_T put1,$TL_T $TL_T"
    "putenv TZ only, then HTTPS|0|-|puttz,https,$TL_T $TL_T"
    "putenv 1, HTTPS, old value put back|0|P|save,put1,https,restore,$TL_F $TL_F"
    "the same, no view in that request|0|P|save,put1,https,restore $TL_F"
    "the same, iconv before and after HTTPS|0|P|$TL_ICONV,save,put1,$TL_UNLOAD,https,$TL_REUSE,restore,$TL_F $TL_F"
    "NSS opened under yes; putenv 1 + iconv later|0|-|https,$TL_T $TL_ICONV put1,$TL_UNLOAD $TL_T"
    "iconv; then putenv 1, iconv, first HTTPS|0|P|$TL_ICONV put1,$TL_UNLOAD,https,$TL_REUSE $TL_F"
    "the same, a view after the HTTPS|0|P|$TL_ICONV put1,$TL_UNLOAD,https,$TL_REUSE,$TL_F $TL_F"
)
TL_MODES=(static dynamic ondemand php-S)
TL_ICONV_SO=$("$NSSCACHE_PHP_CONFIG" --extension-dir)/iconv.so     # Debian's is shared; -n loads none
# date.timezone: PHP 5 adds a warning to the response when it dates a logged line without one

# tl_start MODE DIR PREPEND: one process for one case, its count in DIR/count
tl_start() {
    local mode=$1 d=$2 prepend=$3 ini=() pool=() port
    [ "$prepend" = 0 ] || ini=(-d "auto_prepend_file=$d/www/prepend.php")
    if [ "$mode" = php-S ]; then
        mkdir -p "$d/db" "$d/tmp" && cp -a "$NSSI_PKI/nssdb/." "$d/db/"
        port=$(srv_port)
        TL_URL=http://127.0.0.1:$port/timeline.php
        srv_start -s INT builtin "tcp:$port" env -i PATH="$PATH" HOME="$d" NSSI_COUNT_FILE="$d/count" \
            LD_PRELOAD="$NSSI_COUNTER_SO libnspr4.so" LD_LIBRARY_PATH="$NSSI_SOFTOKN_ROOT/rhel7" SSL_DIR="$d/db" \
            TMPDIR="$d/tmp" "$NSSI_PHP" -n -d "extension=$NSSI_NSSCACHE_SO" -d "extension=$NSSI_CURL_SO" \
            -d "extension=$TL_ICONV_SO" -d date.timezone=UTC "${ini[@]}" -S "127.0.0.1:$port" -t "$d/www"
        return
    fi
    case $mode in
        static) pool=("pm = static") ;;
        dynamic) pool=("pm = dynamic" "pm.start_servers = 1" "pm.min_spare_servers = 1" "pm.max_spare_servers = 1") ;;
        ondemand) pool=("pm = ondemand" "pm.process_idle_timeout = 60s") ;;
    esac
    pool+=("pm.max_children = 1")
    [ "$prepend" = 0 ] || pool+=("php_value[auto_prepend_file] = $d/www/prepend.php")
    # iconv on the master's command line: PHP 5's workers get no functions from php_admin_value[extension]
    # shellcheck disable=SC2034 # nssi_fpm_start reads it (this local shadows the global)
    local NSSI_FPM_ARGS=(-d "extension=$TL_ICONV_SO" -d date.timezone=UTC)
    NSSI_FPM_MAX_REQUESTS=0 NSSI_FPM_NAME=timeline nssi_fpm_start "$d" rhel7 on "${pool[@]}"
}

tl_stop() { if [ "$1" = php-S ]; then srv_stop builtin; else NSSI_FPM_NAME=timeline nssi_fpm_stop; fi; }

# tl_request MODE DIR STEPS -> timeline.php's line
tl_request() {
    local q="do=$3&url=https://127.0.0.1:$NSSI_PORT/" out
    if [ "$1" = php-S ]; then
        curl -sS --max-time 30 "$TL_URL?$q" 2>&1 || true
        return
    fi
    out=$(env -i SCRIPT_FILENAME="$2/www/timeline.php" REQUEST_METHOD=GET QUERY_STRING="$q" \
        timeout 30 cgi-fcgi -bind -connect "$2/fpm.sock" 2>&1) || true
    out=${out//$'\r'/}
    printf '%s\n' "${out#*$'\n\n'}"
}

# tl_churn_ok REUSE(0|1) GCONV...: the gconv steps' lines of a case, in order (none: nothing to
# check). The first has UTF-16.so at some address; no later one has UTF-16.so; IBM1047.so is only
# ever at that address, and with REUSE=1 the last line has it there.
tl_churn_ok() {
    local reuse=$1 a t; shift
    [ $# -gt 0 ] || return 0
    [[ $1 =~ UTF-16\.so@([0-9a-f]+) ]] || return 1
    a=${BASH_REMATCH[1]}
    shift
    for t in "$@"; do
        [[ $t != *UTF-16.so@* ]] && [[ $t, != *IBM1047.so@* || $t, == *IBM1047.so@$a,* ]] || return 1
    done
    [ "$reuse" = 0 ] || [[ ${*: -1}, == *IBM1047.so@$a,* ]]
}

# tl_case MODE NAME PREPEND PROBE REQUEST...: prints one table row and makes one check
tl_case() {
    local mode=$1 name=$2 prepend=$3 want=$4; shift 4
    local d r v out pid n steps calls=missing want_views='' views='' counts='' pids='' why=() gconv=()
    d=$(mktemp -d "$NSSI_SCRATCH/timeline.XXXXXX")
    mkdir "$d/www"
    cp "$NSSI_DIR/timeline.php" "$NSSI_DIR/https_get.php" "$d/www/"
    : > "$d/www/_nssiReport_"
    printf '<?php\nputenv("NSS_SDB_USE_CACHE=yes");\n' > "$d/www/prepend.php"
    if ! tl_start "$mode" "$d" "$prepend"; then
        check_fail "timeline, $mode: $name: the server did not start"; rm -rf "$d"; return
    fi
    for r in "$@"; do
        IFS=, read -ra steps <<<"$r"
        v=$(printf '%s\n' "${steps[@]}" | grep '^view=' | paste -sd' ')
        want_views+=${want_views:+ | }${v:--}
        steps=("${steps[@]%%=*}")      # view=WANT: the step is view
        out=$(tl_request "$mode" "$d" "$(IFS=,; echo "${steps[*]}")")
        [[ $out =~ ^pid=([0-9]+) ]] || { why+=("a request answered '${out:0:200}'"); continue; }
        pid=${BASH_REMATCH[1]}
        [[ " $pids " == *" $pid "* ]] || pids+=" $pid"
        v=$(grep -o 'view=[^ ]*' <<<"$out" | paste -sd' ')
        views+=${views:+ | }${v:--}
        mapfile -t -O ${#gconv[@]} gconv < <(grep -o 'gconv=[^ ]*' <<<"$out")
        grep -q 'https=' <<<"$out" && ! grep -q 'https=ok' <<<"$out" && why+=("HTTPS: $out")
        grep -q 'bad-step=' <<<"$out" && why+=("$out")
        # the counter's last line for this process: its probe calls so far
        calls=$(awk -v p="$pid" '$1 == p { n = $2 } END { print (n == "" ? "missing" : n) }' "$d/count" 2>/dev/null)
        counts+=${counts:+/}${calls:-missing}
    done
    tl_stop "$mode"
    rm -rf "$d"
    n=$(wc -w <<<"$pids")
    [ "$n" = 1 ] || why+=("$n processes served the requests, want one")
    v=0; [[ " $* " != *"$TL_REUSE"* ]] || v=1
    tl_churn_ok "$v" "${gconv[@]}" || why+=("iconv did not unload UTF-16.so and map IBM1047.so there: ${gconv[*]}")
    [ "$views" = "$want_views" ] || why+=("views: want ${want_views//view=/}")
    case $want:$calls in
        P:*[!0-9]*|-:*[!0-9]*|P:|-:) why+=("probe calls not counted") ;;
        P:*) [ "$calls" -gt "$NSSI_PROBE_MIN" ] || why+=("want > $NSSI_PROBE_MIN probe calls") ;;
        -:*) [ "$calls" -lt "$NSSI_NOPROBE_MAX" ] || why+=("want < $NSSI_NOPROBE_MAX probe calls") ;;
    esac
    printf '  %-8s %-46s %-22s %s  %s\n' "$mode" "$name" "$counts" "${views//view=/}" \
        "$([ ${#why[@]} = 0 ] && echo ok || echo "FAIL: ${why[*]}")"
    check "timeline, $mode: $name: probe calls $counts, views ${views//view=/}: ${why[*]}" [ ${#why[@]} = 0 ]
}

section_start "The variable's timeline: putenv(), iconv, the first HTTPS request (rhel7 softokn, a process per case)"
if [ "$EXT" != yes ]; then
    check_skip "timeline (nsscache not built)" $(( ${#TL_CASES[@]} * ${#TL_MODES[@]} ))
elif [ -n "${NSSI_NO_FPM:-}" ]; then
    # the source-built PHPs (ci/build-php) have neither php-fpm nor iconv
    check_skip "timeline (this PHP has no php-fpm and no iconv: Debian's PHP runs these cases)" \
        $(( ${#TL_CASES[@]} * ${#TL_MODES[@]} ))
else
    echo "  (probe calls after each request, cumulative; the views' in_effect/reason in order)"
    for tl_mode in "${TL_MODES[@]}"; do
        for tl in "${TL_CASES[@]}"; do
            IFS='|' read -r tl_name tl_prepend tl_want tl_requests <<<"$tl"
            read -ra tl_requests <<<"$tl_requests"
            tl_case "$tl_mode" "$tl_name" "$tl_prepend" "$tl_want" "${tl_requests[@]}"
        done
    done
fi
section_end timeline
