# SPDX-License-Identifier: BSD-2-Clause
# bench/run's own helpers (sourced by bench/run after scripts/lib/nss.sh): the raw-results writer,
# section timing, callgrind readers and the empty extension. Numbers only: the words are in
# bench/RESULTS.md.php.
# The variables set here are read by bench/run and the other bench/lib files (SC2034).
# shellcheck shell=bash disable=SC2034

# val KEY VALUE...: one line of DIR/data/values.tsv (KEY<tab>VALUE), what render.php reads.
val() { local k=$1; shift; printf '%s\t%s\n' "$k" "$*" >> "$D/values.tsv"; }
section_t0() { SEC=$1; SEC_T0=$(date +%s); nsscache_log "section $1"; }
section_t1() { val "s$SEC.seconds" $(( $(date +%s) - SEC_T0 )); }

# cg FILE [VAR=VALUE...] CMD...: CMD under callgrind (instructions: exact, and the same from run to
# run within a few hundred) in a clean environment (env -i with the VARs), its output discarded;
# prints the total. In / : the length and the name of the working directory move PHP's startup
# by a few thousand instructions, and the scratch dir's name is random.
cg() {
    local out=$1 envs=(); shift
    while [[ ${1:-} =~ ^[A-Za-z_][A-Za-z0-9_]*= ]]; do envs+=("$1"); shift; done
    (cd / && env -i "${envs[@]}" timeout 900 valgrind --tool=callgrind --callgrind-out-file="$out" "$@" \
        >/dev/null 2>&1)
    cg_total "$out"
}
cg_total() { awk '/^summary:|^totals:/ { print $2; exit }' "$1" 2>/dev/null; }
# cg_inclusive FILE -> "count function_key" lines: inclusive counts per function, as
# callgrind_annotate computes them (key: name [object basename]; a name listed under several source
# files, inlined code, counts once, with its largest figure).
cg_inclusive() {
    callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null | awk '
        /^ *[0-9,]+ +(\([ 0-9.]+%\) +)?[^ ]/ {
            v = $1; gsub(/,/, "", v); line = $0
            sub(/^ *[0-9,]+ +(\([ 0-9.]+%\) +)?/, "", line)
            obj = ""
            if (match(line, / \[[^]]*\]$/)) {
                obj = substr(line, RSTART + 2, RLENGTH - 3); line = substr(line, 1, RSTART - 1)
            }
            fn = line; sub(/^.*:/, "", fn)
            n = split(obj, p, "/"); o = p[n]
            key = fn (o != "" ? " [" o "]" : "")
            if (!(key in best) || v + 0 > best[key] + 0) best[key] = v
        }
        END { for (k in best) print best[k], k }' | sort -k2
}
# cg_self FILE -> "count function_key" lines: self counts per function and object, read from
# callgrind's own file (callgrind_annotate drops the object of inlined code); they add up to the
# total, which comes last as "N PROGRAM TOTALS".
cg_self() {
    awk '
        function nm(s, map,    id, rest) {     # "(id) name" defines an id, "(id)" uses it
            if (match(s, /^\([0-9]+\)/)) {
                id = substr(s, 2, RLENGTH - 2); rest = substr(s, RLENGTH + 2)
                if (rest != "") map[id] = rest
                return map[id]
            }
            return s
        }
        function base(p,    n, a) { n = split(p, a, "/"); return a[n] }
        /^ob=/  { ob = nm(substr($0, 4), obs); next }
        /^cob=/ { nm(substr($0, 5), obs); next }
        /^fn=/  { cur = nm(substr($0, 4), fns) " [" base(ob) "]"; next }
        /^cfn=/ { nm(substr($0, 5), fns); next }
        /^calls=/ { call = 1; next }
        /^[0-9+*-]/ { if (call) { call = 0; next } self[cur] += $2; tot += $2; next }
        END { for (k in self) if (self[k]) print self[k], k; print tot, "PROGRAM TOTALS" }' "$1"
}

# The comparison extensions, each a directory of bench/ with config.m4 and NAME.c, built like
# nsscache (phpize, -O2 -g) and cached by content in $NSSCACHE_CACHE/bench:
#   empty/emptyext  a module entry and nothing else: what loading any module costs
#   floor/floorext  the smallest extension that does nsscache's job (three INI directives, the
#                   variable set at MINIT and RINIT): the floor for nsscache's startup
#   minit/minitenv  setenv() at MINIT alone
# bench_ext DIR NAME: builds it if needed and sets BENCH_EXT_SO to its .so.
BENCH_EXT_CFLAGS="-O2 -g -Wall -Wextra"
bench_ext() {
    local src=$BENCH_DIR/$1 name=$2 key dir b
    key=$( { cat "$src/config.m4" "$src/$name.c"
             echo "$BENCH_EXT_CFLAGS $NSSI_PHP_API $NSSCACHE_PHP_CONFIG"; } \
        | sha256sum | cut -c1-12)
    dir="$NSSCACHE_CACHE/bench/$name-$key"
    BENCH_EXT_SO="$dir/$name.so"
    [ -f "$BENCH_EXT_SO" ] && return 0
    nsscache_log "building bench/$1 ($name)"
    b=$(mktemp -d)
    cp "$src/config.m4" "$src/$name.c" "$b/"
    (cd "$b" && "$(nsscache_phpize "$NSSCACHE_PHP_CONFIG")" >/dev/null 2>&1 \
        && ./configure -q "--enable-$name" --with-php-config="$NSSCACHE_PHP_CONFIG" CFLAGS="$BENCH_EXT_CFLAGS" \
            >/dev/null 2>&1 \
        && make -s -j2 >/dev/null 2>&1) || { rm -rf "$b"; return 1; }
    mkdir -p "$dir"
    cp "$b/modules/$name.so" "$BENCH_EXT_SO.tmp" && mv "$BENCH_EXT_SO.tmp" "$BENCH_EXT_SO"
    rm -rf "$b"
}

# ms T0 T1: milliseconds between two $EPOCHREALTIME readings, 3 decimals.
ms() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f\n", (b - a) * 1000 }'; }
