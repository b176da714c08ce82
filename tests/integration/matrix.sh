# SPDX-License-Identifier: BSD-2-Clause
# The integration suite's matrix (sourced by tests/integration/run, after its setup and the TLS
# server): softokn x DB x NSS_SDB_USE_CACHE x nsscache mode, one PHP CLI process and one verified
# HTTPS GET per cell, the probe calls counted; in every cell nsscache-doctor's prediction, and
# with nsscache loaded its own in_effect, checked against the count. It leaves, for the sections
# after it in tests/integration/run, what the processes reported (VER_N, VER_BAD, SOK_BAD,
# MAPS_START, MAPS_BAD), which is why SC2034 is off here.
# shellcheck shell=bash disable=SC2034

# Expected probe per cell: P = probe (> 1000 counted access() calls),
# - = no probe (< 10). Stock softokn 3.87 probes on "auto"/"1", and when
# unset only on FUSE (statfs, Mozilla 1456888); legacy behaves the same (it
# only leaks the names); rhel7 also probes when unset; yes/no never probe.
# nsscache defaults set "yes" when unset and replace values that would probe;
# override=never sets "yes" only when unset and keeps "auto" and "1".
#
#                  ---- not loaded ----    -- nsscache defaults --  -- override=never --
#softokn db        unset yes no  auto "1"   unset yes no  auto "1"   unset yes no  auto "1"
EXPECT=$(cat <<'TABLE'
system  local      -     -   -   P    P     -     -   -   -    -     -     -   -   P    P
system  fuse       P     -   -   P    P     -     -   -   -    -     -     -   -   P    P
legacy  local      -     -   -   P    P     -     -   -   -    -     -     -   -   P    P
legacy  fuse       P     -   -   P    P     -     -   -   -    -     -     -   -   P    P
rhel7   local      P     -   -   P    P     -     -   -   -    -     -     -   -   P    P
rhel7   fuse       P     -   -   P    P     -     -   -   -    -     -     -   -   P    P
TABLE
)
VARS=(unset yes no auto 1)
# "disabled" = nsscache loaded with nsscache.enabled=0: it leaves the variable
# alone, so NSS behaves as without nsscache (same expectations as "not loaded"),
# and nsscache_status() answers "what would happen without the fix?".
MODES=(off disabled on never)
MODE_NAME=([0]="not loaded" [1]="enabled=0" [2]="defaults" [3]="override=never")
MODE_GROUP=([0]=0 [1]=0 [2]=1 [3]=2)   # column group of EXPECT

# ---- prediction against measurement
# In every cell, right before the client runs, nsscache-doctor judges the same PHP command
# line in the same environment and case dir (NSSI_PHP is a wrapper that runs the doctor with
# --php set to that command line, then execs the real PHP); the doctor's processes count into
# their own file, which must show 0 probe calls. Its probe must agree with the counted calls:
#   expected => more than NSSI_PROBE_MIN calls;  none => fewer than NSSI_NOPROBE_MAX;
#   possible => allowed only where the behaviour table says it is unknowable: a private
#       softokn build (outside the system library dirs: our legacy and rhel7 builds via
#       LD_LIBRARY_PATH) with the variable unset, because a distribution patch (RHEL 7's
#       "unset probes") does not show in its version (docs/softokn-table.md). Any count is
#       then accepted. 'possible' anywhere else, or 'unknown', is a disagreement;
#   and the variable the doctor reports is the one the client saw.
# With nsscache loaded, client.php --diag also reports nsscache_status()'s own in_effect
# before the GET (NSS not initialized: the prediction a sysadmin gets) and after it:
#   true  => the variable the process saw is yes/no, and no probe measured;
#   false => the variable was unset or a "measure" value (auto, "1", ...);
#   null  => a disagreement: nothing in this matrix is unknowable for nsscache (NSS
#       libcurl, known softokn, variable untouched since NSS opened the DB);
# nss.initialized must be false before the GET and true after it, and (a .so of 0.2.0 or later) the
# doctor's in_effect must be nsscache's own (one brain). Two counts are printed: the doctor's agreement in
# every cell, nsscache's in the loaded ones.
DOCTOR=$NSSCACHE_ROOT/doctor/nsscache-doctor
DOCTOR_PHP=$NSSI_SCRATCH/php-and-doctor
cat > "$DOCTOR_PHP" <<SH
#!/usr/bin/env bash
# The cell's PHP: PHP_ARGS... client.php URL [ARGS]. First nsscache-doctor --php "PHP PHP_ARGS",
# here (the case dir), in this environment, counting into \$NSSI_COUNT_FILE.doctor; then the client.
args=()
for a in "\$@"; do [[ \$a == */client.php ]] && break; args+=("\$a"); done
printf '#!/usr/bin/env bash\nexec %q %s "\$@"\n' "$NSSI_PHP" "\$(printf '%q ' "\${args[@]}")" > "\$PWD/cell-php"
chmod 755 "\$PWD/cell-php"
NSSI_COUNT_FILE=\$NSSI_COUNT_FILE.doctor timeout 60 "$DOCTOR" --json --php "\$PWD/cell-php" \
    > "\$PWD/doctor.json" 2> "\$PWD/doctor.err"
exec "$NSSI_PHP" "\$@"
SH
chmod 755 "$DOCTOR_PHP"
# doctor_line FILE -> "status probe reason variable-as-client.php-prints one-brain nsscache-version"
# (one-brain: the doctor's in_effect is nsscache's own, true/false; "null" without nsscache)
doctor_line() {
    "$NSSCACHE_PHP" -n -r '$j = json_decode((string) @file_get_contents($argv[1]), true); $t = $j["targets"][0] ?? [];
        $v = array_key_exists("variable", $t) ? $t["variable"] : false;
        $v = $v === false ? "?" : ($v === null ? "(unset)" : ($v === "" ? "(empty)" : $v));
        $a = ($t["nsscache"]["loaded"] ?? false) ? ($t["in_effect"] ?? 0) === ($t["nsscache"]["in_effect"] ?? 1) : null;
        echo implode(" ", [$t["status"] ?? "no-answer", $t["probe"] ?? "?", $t["reason"] ?? "?", $v,
            $a === null ? "null" : ($a ? "true" : "false"), $t["nsscache"]["version"] ?? "-"]);' "$1"
}
# counts_zero FILE: the counter saw processes, every one with 0 probe calls
counts_zero() { [ -s "$1" ] && awk '$2 != 0 { bad = 1 } END { exit bad }' "$1"; }
set_diag() {   # LINE (client.php's "diag k=v ..." without the prefix) -> D
    local - tok
    set -f
    D=()
    for tok in $1; do D[${tok%%=*}]=${tok#*=}; done
}
# doc_disagree PROBE SOFTOKN SEEN GOT(P|-|?) -> appends to WHY why the doctor and the count disagree
doc_disagree() {
    case $1 in
        expected) [ "$4" = P ] || WHY+=("doctor: probe=expected but measured '$4'") ;;
        none)     [ "$4" = - ] || WHY+=("doctor: probe=none but measured '$4'") ;;
        possible) [ "$2" != system ] && [ "$3" = '(unset)' ] \
                      || WHY+=("doctor: probe=possible where the table knows the answer (softokn $2, variable $3)") ;;
        *)        WHY+=("doctor: probe='$1'") ;;
    esac
}
# ie_disagree PHASE IN_EFFECT SEEN GOT -> appends to WHY why nsscache's in_effect and the count disagree
ie_disagree() {
    local ph=$1 ie=$2 seen=$3 got=$4 yesno=0
    case ${seen,,} in yes|no) yesno=1 ;; esac
    case $ie in
        true)  [ $yesno = 1 ] || WHY+=("$ph: in_effect=true with variable $seen")
               [ "$got" = - ] || WHY+=("$ph: in_effect=true but measured '$got'") ;;
        false) [ $yesno = 0 ] || WHY+=("$ph: in_effect=false with variable $seen") ;;
        *)     WHY+=("$ph: in_effect=$ie") ;;
    esac
}
letter() { case $1 in expected) echo e ;; none) echo n ;; possible) echo p ;; true) echo t ;; false) echo f ;;
    *) echo '?' ;; esac; }

declare -A D VER_N VER_BAD SOK_BAD MAPS_START
WHY=()
DOC_N=0 DOC_OK=0 DOC_BAD=() DOC_PROBES=() IE_N=0 IE_OK=0 IE_BAD=() MAPS_BAD=()
NSSI_CLIENT_ARGS=(--diag)
section_start "Matrix: one PHP CLI process, one verified HTTPS GET; cell = counted probe calls, expected P/-"
echo "After the count: nsscache-doctor's probe (e = expected, n = none, p = possible), then with"
echo "nsscache loaded its in_effect before/after the GET (t/f); '!' marks a disagreement."
printf '%-7s %-5s %-14s' softokn db nsscache
for v in "${VARS[@]}"; do printf ' %-20s' "$( [ "$v" = 1 ] && echo '"1"' || echo "$v")"; done
echo
while read -r softokn db e; do
    read -ra exp <<<"$e"
    for mi in "${!MODES[@]}"; do
        mode=${MODES[$mi]}
        printf '%-7s %-5s %-14s' "$softokn" "$db" "${MODE_NAME[$mi]}"
        if [ "$mode" != off ] && [ "$EXT" = no ]; then
            check_skip "$softokn $db ${MODE_NAME[$mi]} (nsscache not built)" ${#VARS[@]}; continue
        fi
        for vi in "${!VARS[@]}"; do
            want=${exp[$((MODE_GROUP[mi] * 5 + vi))]}
            cell="$softokn/$db/NSS_SDB_USE_CACHE=${VARS[$vi]}/nsscache ${MODE_NAME[$mi]}"
            cd_=$(nssi_case_dir "$db")
            out=$(NSSI_CASE_DIR=$cd_ NSSI_PHP=$DOCTOR_PHP nssi_run_case "$softokn" "$db" "${VARS[$vi]}" "$mode")
            read -r dstatus dprobe dreason dvar dagree dver <<<"$(doctor_line "$cd_/doctor.json")"
            derr=$(head -c 300 "$cd_/doctor.err" 2>/dev/null | tr -s '\n' ' ')
            dzero=0; counts_zero "$cd_/count.doctor" && dzero=1
            nssi_case_dir_remove "$cd_"
            read -r calls _ _ status seen _ <<<"${out%%$'\n'*}"
            dline=
            [[ $out == *$'\n'diag\ * ]] && { dline=${out#*$'\n'diag }; dline=${dline%%$'\n'*}; }
            set_diag "$dline"
            got=$(classify "$calls")
            ok=0; [ "$status" = ok ] && [ "$got" = "$want" ] && ok=1
            check "matrix $cell: expected $want, got $calls calls, client $status" [ "$ok" = 1 ]
            # startup: the NSS libraries mapped before the script ran any code
            MAPS_START["$softokn $mode"]+="${D[maps.start]:-missing} "
            [[ ${D[maps.start]:-} == *libsoftokn3* ]] &&
                MAPS_BAD+=("$cell: libsoftokn3 mapped at startup: ${D[maps.start]}")
            # the doctor, every cell
            WHY=()
            if [ "$dstatus" != ok ]; then
                WHY=("doctor: $dstatus ($derr)")
            else
                doc_disagree "$dprobe" "$softokn" "$seen" "$got"
                [ "$dvar" = "$seen" ] || WHY+=("doctor saw the variable as $dvar, the client as $seen")
                [ "$mode" != off ] && [ "$dver" != 0.1.0 ] && [ "$dagree" != true ] &&
                    WHY+=("doctor: its in_effect is not nsscache's own (one brain: $dagree)")
            fi
            [ $dzero = 1 ] || WHY+=("the doctor's run made probe calls, or was not counted")
            DOC_N=$((DOC_N + 1))
            DOC_PROBES+=("$dprobe")
            pred=$(letter "$dprobe")
            msg="$cell: measured $calls calls with variable $seen; doctor: probe $dprobe ($dreason)"
            if [ ${#WHY[@]} -eq 0 ]; then
                DOC_OK=$((DOC_OK + 1)); check_pass "doctor's prediction $msg"
            else
                pred+='!'
                old_ifs=$IFS; IFS=';'; msg+=": ${WHY[*]}"; IFS=$old_ifs
                DOC_BAD+=("$msg"); check_fail "doctor's prediction $msg"
            fi
            if [ "$mode" != off ]; then
                WHY=()
                if [ "$status" != ok ] || [ "${D[loaded]:-}" != true ]; then
                    WHY=("no answer (client $status, nsscache loaded: ${D[loaded]:-?})")
                else
                    for ph in before after; do
                        ie_disagree $ph "${D[$ph.in_effect]:-}" "$seen" "$got"
                    done
                    [ "${D[before.nss.initialized]}" = false ] && [ "${D[after.nss.initialized]}" = true ] \
                        || WHY+=("nss.initialized before/after the GET:" \
                                 "${D[before.nss.initialized]}/${D[after.nss.initialized]}, want false/true")
                fi
                IE_N=$((IE_N + 1))
                pred+=$(letter "${D[before.in_effect]:-}")$(letter "${D[after.in_effect]:-}")
                msg="$cell: measured $calls calls with variable $seen; nsscache_status() before/after the GET:"
                msg+=" in_effect ${D[before.in_effect]:-?}/${D[after.in_effect]:-?}"
                msg+=" (${D[before.in_effect_reason]:-?}/${D[after.in_effect_reason]:-?})"
                if [ ${#WHY[@]} -eq 0 ]; then
                    IE_OK=$((IE_OK + 1))
                    check_pass "nsscache's in_effect $msg"
                else
                    [[ $pred == *'!'* ]] || pred+='!'
                    old_ifs=$IFS; IFS=';'; msg+=": ${WHY[*]}"; IFS=$old_ifs
                    IE_BAD+=("$msg")
                    check_fail "nsscache's in_effect $msg"
                fi
                # versions: nsscache's libcurl/NSS answer vs curl_version(), softokn vs /proc/self/maps
                VER_N[$softokn]=$(( ${VER_N[$softokn]:-0} + 1 ))
                nssv=${D[curl.ssl_version]:-}; nssv=${nssv#NSS/}
                [ "${D[after.libcurl.version]:-x}" = "${D[curl.version]:-y}" ] \
                    && [ "${D[after.libcurl.ssl_version]:-x}" = "${D[curl.ssl_version]:-y}" ] \
                    && [[ ${D[curl.ssl_version]:-} == NSS/* ]] && [ "${D[after.nss.version]:-x}" = "$nssv" ] \
                    && [ "${D[before.libcurl.version]:-x}" = "${D[curl.version]:-y}" ] \
                    && [ "${D[before.nss.version]:-x}" = "$nssv" ] \
                    || VER_BAD[$softokn]+="$cell: libcurl\
 ${D[before.libcurl.version]:-?}/${D[after.libcurl.version]:-?}\
 ssl ${D[after.libcurl.ssl_version]:-?} nss ${D[before.nss.version]:-?}/${D[after.nss.version]:-?}\
 vs curl_version() ${D[curl.version]:-?} ${D[curl.ssl_version]:-?}; "
                sysb=false; [ "$softokn" = system ] && sysb=true
                [ -n "${D[maps.after.softokn]:-}" ] && [ "${D[maps.after.softokn]}" != null ] \
                    && [ "${D[after.softokn.real]:-x}" = "${D[maps.after.softokn]}" ] \
                    && [ "${D[before.softokn.real]:-x}" = "${D[maps.after.softokn]}" ] \
                    && [ "${D[after.softokn.how]:-}" = loaded ] \
                    && [ "${D[after.softokn.system_build]:-}" = $sysb ] \
                    && [ "${D[before.softokn.system_build]:-}" = $sysb ] \
                    || SOK_BAD[$softokn]+="$cell: softokn.path\
 ${D[before.softokn.path]:-?} / ${D[after.softokn.path]:-?}\
 (real ${D[after.softokn.real]:-?}, how ${D[after.softokn.how]:-?}, system_build\
 ${D[before.softokn.system_build]:-?}/${D[after.softokn.system_build]:-?}, want $sysb),\
 mapped ${D[maps.after.softokn]:-?}; "
            fi
            printf ' %6s %s %-6s %-4s' "$calls" "$want" "$pred" "$(okfail $ok)"
        done
        echo
    done
done <<<"$EXPECT"
NSSI_CLIENT_ARGS=()
echo
echo "doctor's prediction agrees with measurement: $DOC_OK/$DOC_N cells" \
    "($(printf '%s\n' "${DOC_PROBES[@]}" | sort | uniq -c | awk '{ printf "%s%s %s", s, $1, $2; s = ", " }'))"
for m in "${DOC_BAD[@]}"; do echo "  disagrees: $m"; done
if [ "$IE_N" -gt 0 ]; then
    echo "nsscache's in_effect agrees with measurement: $IE_OK/$IE_N cells"
    for m in "${IE_BAD[@]}"; do echo "  disagrees: $m"; done
fi
section_end matrix
