# SPDX-License-Identifier: BSD-2-Clause
# bench/run sections 2 (the first HTTPS request of a PHP CLI process) and 3 (startup), sourced by
# bench/run after bench/lib/util.sh.
# The variables set here are read by bench/run (SC2034).
# shellcheck shell=bash disable=SC2034

# A php that records its own wall time (bash's EPOCHREALTIME around the real binary):
# nssi_run_case runs "$NSSI_PHP" inside its env -i, so the harness keeps owning the environment,
# the softokn and the counter. Call after the scratch dir exists.
timed_php_init() {
    WALL_LOG=$S/wall.log
    printf '#!/bin/bash\nt0=$EPOCHREALTIME\n%q "$@"\nrc=$?\necho "$t0 $EPOCHREALTIME" >> %q\nexit $rc\n' \
        "$PHP" "$WALL_LOG" > "$S/php-timed"
    chmod 755 "$S/php-timed"
}

# cli_case FILE DIR VAR MODE [php args]: one run of the harness's case (softokn rhel7, the DB in DIR
# kept from run to run, as on a host); appends "probe_calls neg_dentries get_ms wall_ms status" to FILE.
cli_case() {
    local file=$1 dir=$2 var=$3 mode=$4 calls dent get status rest wall=- t0 t1
    shift 4
    : > "$WALL_LOG"
    read -r calls dent get status rest < <(NSSI_PHP=$S/php-timed NSSI_CASE_DIR=$dir \
        nssi_run_case rhel7 local "$var" "$mode" "$@" -d "auto_prepend_file=$BENCH_DIR/first.php")
    [ -s "$WALL_LOG" ] && read -r t0 t1 < <(tail -n 1 "$WALL_LOG") && wall=$(ms "$t0" "$t1")
    echo "$calls $dent $get $wall $status" >> "$file"
}

# ================================================================ 2. the first request
# Columns: nofix (variable unset), floor (NSS_SDB_USE_CACHE=yes in the environment, by hand),
# floor_empty (the same, and the empty extension loaded: what loading any module costs), nsscache
# (loaded, the variable unset). Every round runs all four, no fix first; the other three one right
# after the other, in each of their 6 orders in turn (each runs first, last, and after each of the
# others equally often), so each round gives one nsscache / floor pair.
S2_COLS=(nofix floor floor_empty nsscache)
S2_ORDER=("1 2 3" "1 3 2" "2 1 3" "2 3 1" "3 1 2" "3 2 1")
s2_run() {   # COLUMN FILE
    case $1 in
        nofix)       cli_case "$2" "${S2_DIR[$1]}" unset off ;;
        floor)       cli_case "$2" "${S2_DIR[$1]}" yes off ;;
        floor_empty) cli_case "$2" "${S2_DIR[$1]}" yes off -d "extension=$EMPTY_SO" ;;
        nsscache)    cli_case "$2" "${S2_DIR[$1]}" unset on ;;
    esac
}
section2() {
    section_t0 2
    local c i k d ir env_a php_a
    declare -gA S2_DIR=()
    for c in "${S2_COLS[@]}"; do S2_DIR[$c]=$(nssi_case_dir local); : > "$D/s2-$c"; done
    # One discarded warm-up run per column (first use of its DB dir and the page cache).
    for c in "${S2_COLS[@]}"; do s2_run "$c" "$S/s2-warmup"; done
    for i in $(seq 1 "$RUNS"); do
        s2_run nofix "$D/s2-nofix"
        for k in ${S2_ORDER[$(( (i - 1) % 6 ))]}; do s2_run "${S2_COLS[$k]}" "$D/s2-${S2_COLS[$k]}"; done
    done
    for c in "${S2_COLS[@]}"; do nssi_case_dir_remove "${S2_DIR[$c]}"; done
    # Instructions: CG_RUNS runs each under callgrind, one DB; the no-fix column is left out (its
    # probe loop is bounded by time, which valgrind stretches). A TLS handshake's count varies a
    # little from run to run (random numbers): render.php takes the median.
    d=$(nssi_case_dir local)
    for c in floor floor_empty nsscache; do
        : > "$D/s2-ir-$c"
        env_a=(PATH="$PATH" HOME="$d" TMPDIR="$d/tmp" SSL_DIR="$d/db" LD_LIBRARY_PATH="$NSSI_SOFTOKN_ROOT/rhel7")
        php_a=(-n)
        case $c in
            floor) env_a+=(NSS_SDB_USE_CACHE=yes) ;;
            floor_empty) env_a+=(NSS_SDB_USE_CACHE=yes); php_a+=(-d "extension=$EMPTY_SO") ;;
            nsscache) php_a+=(-d "extension=$NSSI_NSSCACHE_SO") ;;
        esac
        php_a+=(-d "extension=$NSSI_CURL_SO" "$BENCH_DIR/first.php" "https://127.0.0.1:$NSSI_PORT/")
        for k in $(seq 1 "$CG_RUNS"); do
            (cd "$d" && env -i "${env_a[@]}" timeout 900 valgrind --tool=callgrind \
                --callgrind-out-file="$S/cg/first-$c.out" "$PHP" "${php_a[@]}" > "$S/cg/first-$c.txt" 2>&1)
            ir=$(cg_total "$S/cg/first-$c.out")
            grep -q ' ok ' "$S/cg/first-$c.txt" || ir=failed
            echo "$ir" >> "$D/s2-ir-$c"
        done
    done
    nssi_case_dir_remove "$d"
    section_t1
}

# ================================================================ 3. startup
# php -r '' three ways, each with nothing (none), the empty extension, setenv() at MINIT alone
# (minit), the floor (the smallest extension that does nsscache's job) and nsscache:
#   ini:  an empty php.ini (-c) and a scan dir (PHP_INI_SCAN_DIR) holding only the module's file,
#         or nothing for the baseline: the mechanism a host uses, and nothing else loaded;
#   host: the PHP's own CLI configuration (php.ini and conf.d) plus that scan dir (":DIR" appends
#         it), as on a host with the distribution's extensions;
#   d:    -n -d extension=PATH (the baseline without the option; "matched": -d user_agent=PATH,
#         a core INI string as long as the module's option, the same command line without a module).
# Every module's .so path has the same length. Each run under callgrind, the columns one after the
# other, S3_REPS rounds: data/s3-ir-WAY holds a line per round, "none empty minit floor nsscache".
# data/s3-WAY.self (first round): "self_none self_empty self_nsscache function [object]" for every
# function whose self count differs between the runs (they add up to the differences: the
# attribution), and "... PROGRAM TOTALS"; data/s3-WAY.inc: "none empty nsscache function [object]",
# inclusive counts of the module's own functions and of the loader's entry points below;
# data/s3-WAY.floor.self: "self_floor self_nsscache function [object]", the same against the floor.
S3_COLS=(none empty minit floor nsscache)
S3_ENTRY='^(php_load_extension|dlopen@@GLIBC_2.34|dlclose@@GLIBC_2.34|_dl_runtime_resolve_xsave'
S3_ENTRY+='|php_module_startup|php_module_shutdown|zend_startup_modules|php_request_startup) '
S3_ENTRY+='|\[(nsscache|emptyext)\.so\]$'
# s3_join FILE... -> "count_1 ... count_n key" for every key of the "count key" files (0 where absent)
s3_join() {
    awk 'FNR == 1 { f++ } { k = $0; sub(/^[0-9]+ /, "", k); v[k, f] = $1; keys[k] = 1 }
        END { for (k in keys) { l = ""; for (i = 1; i <= f; i++) l = l (v[k, i] + 0) " "; print l k } }' "$@" | sort -k3
}
s3_so() {   # COL -> the module's .so ('' for none)
    case $1 in empty) echo "$EMPTY_SO" ;; minit) echo "$MINIT_SO" ;; floor) echo "$FLOOR_SO" ;;
        nsscache) echo "$NSSI_NSSCACHE_SO" ;; esac
}
s3_cmd() {   # WAY COL -> sets CMD (the command after env -i)
    local so; so=$(s3_so "$2")
    case $1 in
        ini)  CMD=(PHP_INI_SCAN_DIR="$S/s3/scan-$2" "$PHP" -c "$S/s3/php.ini" -r '') ;;
        host) CMD=(PHP_INI_SCAN_DIR=":$S/s3/scan-$2" "$PHP" -r '') ;;
        d)    if [ "$2" = none ]; then CMD=("$PHP" -n -r '')
              elif [ "$2" = matched ]; then CMD=("$PHP" -n -d "user_agent=$NSSI_NSSCACHE_SO" -r '')
              else CMD=("$PHP" -n -d "extension=$so" -r ''); fi ;;
    esac
}
section3() {
    section_t0 3
    local way c so out rep line
    mkdir -p "$S/s3/scan-none"; : > "$S/s3/php.ini"
    for c in "${S3_COLS[@]}"; do
        [ "$c" = none ] && continue
        mkdir -p "$S/s3/scan-$c"; echo "extension=$(s3_so "$c")" > "$S/s3/scan-$c/20-bench.ini"
    done
    for way in ini host d; do
        : > "$D/s3-ir-$way"
        for rep in $(seq 1 "$S3_REPS"); do
            line=
            for c in "${S3_COLS[@]}"; do
                s3_cmd "$way" "$c"
                out=$S/cg/startup-$way-$c-$rep.out
                line+="$(cg "$out" PATH=/usr/bin:/bin "${CMD[@]}") "
            done
            echo "$line" >> "$D/s3-ir-$way"
        done
        if [ "$way" = d ]; then
            s3_cmd d matched
            val s3.ir.d.matched "$(cg "$S/cg/startup-d-matched.out" PATH=/usr/bin:/bin "${CMD[@]}")"
        fi
        for c in none empty floor nsscache; do
            cg_inclusive "$S/cg/startup-$way-$c-1.out" > "$S/cg/s3-$way-$c.inc"
            cg_self "$S/cg/startup-$way-$c-1.out" > "$S/cg/s3-$way-$c.self"
        done
        # nsscache against the floor, function by function: "self_floor self_nsscache function [object]"
        s3_join "$S/cg/s3-$way-floor.self" "$S/cg/s3-$way-nsscache.self" \
            | awk '$1 != $2 || /PROGRAM TOTALS$/' > "$D/s3-$way.floor.self"
        s3_join "$S/cg/s3-$way-none.self" "$S/cg/s3-$way-empty.self" "$S/cg/s3-$way-nsscache.self" \
            | awk '$1 != $2 || $2 != $3 || /PROGRAM TOTALS$/' > "$D/s3-$way.self"
        s3_join "$S/cg/s3-$way-none.inc" "$S/cg/s3-$way-empty.inc" "$S/cg/s3-$way-nsscache.inc" \
            | RE=$S3_ENTRY awk '{ k = $0; sub(/^[0-9]+ [0-9]+ [0-9]+ /, "", k) } k ~ ENVIRON["RE"]' > "$D/s3-$way.inc"
    done
    val s3.host_ini "$(env -i PATH=/usr/bin:/bin "$PHP" -r 'echo count(get_loaded_extensions()), " ",
        php_ini_loaded_file();')"
    val s3.nsslibs "$(env -i PATH=/usr/bin:/bin PHP_INI_SCAN_DIR="$S/s3/scan-nsscache" "$PHP" -c "$S/s3/php.ini" \
        -r 'preg_match_all("~/(lib(nss3|softokn3|nspr4|ssl3|smime3|nssutil3|freeblpriv3|curl[^/]*)\.so)~",
            file_get_contents("/proc/self/maps"), $m); echo implode(" ", array_unique($m[1]));')"
    val s3.relocs.nsscache "$(readelf -rW "$NSSI_NSSCACHE_SO" | grep -c 'R_X86_64')"
    val s3.relocs.empty "$(readelf -rW "$EMPTY_SO" | grep -c 'R_X86_64')"
    val s3.relocs.floor "$(readelf -rW "$FLOOR_SO" | grep -c 'R_X86_64')"
    val s3.undef.nsscache "$(readelf --dyn-syms -W "$NSSI_NSSCACHE_SO" | awk '$7 == "UND" && $8 != ""' | wc -l)"
    val s3.undef.empty "$(readelf --dyn-syms -W "$EMPTY_SO" | awk '$7 == "UND" && $8 != ""' | wc -l)"
    val s3.undef.floor "$(readelf --dyn-syms -W "$FLOOR_SO" | awk '$7 == "UND" && $8 != ""' | wc -l)"
    section_t1
}
