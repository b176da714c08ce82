# SPDX-License-Identifier: BSD-2-Clause
# The one assertion helper and the one summary line of every suite (sourced).
#   check NAME CMD...          one test: passes when CMD exits 0
#   check_eq NAME WANT GOT     one test: passes when WANT = GOT
#   check_skip NAME [N]        N tests (default 1) skipped
#   check_add P F S            adds counts made elsewhere (a run-tests or TAP report)
#   check_add_line LINE [RC]   adds a sub-run's closing line; no line, or RC != 0 with 0 failed, is a failure
#   check_summary              lists the failures, prints "N passed, N failed, N skipped" LAST; fails on a failure
#   check_reset                counts from zero (a suite run inside a runner's subshell)
# CHECK_QUIET=1 prints nothing per test (for suites that print their own tables): check_summary lists the failures.
# shellcheck shell=bash
check_reset() { CHECK_PASSED=0 CHECK_FAILED=0 CHECK_SKIPPED=0 CHECK_FAILURES=(); }
check_reset
CHECK_LINE_RE='^([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$'

check_pass() { CHECK_PASSED=$((CHECK_PASSED + 1)); [ "${CHECK_QUIET:-}" = 1 ] || printf 'PASS %s\n' "$1"; }
check_fail() {
    CHECK_FAILED=$((CHECK_FAILED + 1)) CHECK_FAILURES+=("$1")
    [ "${CHECK_QUIET:-}" = 1 ] || printf 'FAIL %s\n' "$1"
}

check() {
    local name=$1; shift
    if "$@"; then check_pass "$name"; else check_fail "$name"; fi
}

check_eq() {
    if [ "$2" = "$3" ]; then check_pass "$1"; else check_fail "$1: expected [$2], got [$3]"; fi
}

check_skip() { CHECK_SKIPPED=$((CHECK_SKIPPED + ${2:-1})); printf 'SKIP %s\n' "$1"; }

check_add() {
    CHECK_PASSED=$((CHECK_PASSED + $1)) CHECK_FAILED=$((CHECK_FAILED + $2)) CHECK_SKIPPED=$((CHECK_SKIPPED + $3))
}

check_add_line() {
    local line=$1 rc=${2:-0}
    if [[ $line =~ $CHECK_LINE_RE ]]; then
        check_add "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "${BASH_REMATCH[3]}"
        [ "$rc" -ne 0 ] && [ "${BASH_REMATCH[2]}" -eq 0 ] && check_add 0 1 0
    else
        check_add 0 1 0
    fi
    return 0
}

check_summary() {
    # shellcheck disable=SC2034 # read by server.sh's srv_cleanup
    CHECK_SUMMARIZED=1
    if [ ${#CHECK_FAILURES[@]} -gt 0 ]; then
        echo "Failed:"
        printf '  %s\n' "${CHECK_FAILURES[@]}"
    fi
    printf '%d passed, %d failed, %d skipped\n' "$CHECK_PASSED" "$CHECK_FAILED" "$CHECK_SKIPPED"
    [ "$CHECK_FAILED" -eq 0 ]
}
