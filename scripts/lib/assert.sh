# Tiny assertion helpers for shell test suites (sourced).
# Each check is one counted test; nsscache_summary prints the closing line.
NSSCACHE_PASSED=0 NSSCACHE_FAILED=0 NSSCACHE_SKIPPED=0

# check NAME CMD...: run CMD; pass when it exits 0.
check() {
    local name=$1; shift
    if "$@"; then
        NSSCACHE_PASSED=$((NSSCACHE_PASSED + 1)); printf 'PASS %s\n' "$name"
    else
        NSSCACHE_FAILED=$((NSSCACHE_FAILED + 1)); printf 'FAIL %s\n' "$name"
    fi
}

# check_eq NAME EXPECTED ACTUAL
check_eq() {
    local name=$1 want=$2 got=$3
    if [ "$want" = "$got" ]; then
        NSSCACHE_PASSED=$((NSSCACHE_PASSED + 1)); printf 'PASS %s\n' "$name"
    else
        NSSCACHE_FAILED=$((NSSCACHE_FAILED + 1)); printf 'FAIL %s: expected [%s], got [%s]\n' "$name" "$want" "$got"
    fi
}

nsscache_summary() {
    printf '%d passed, %d failed, %d skipped\n' "$NSSCACHE_PASSED" "$NSSCACHE_FAILED" "$NSSCACHE_SKIPPED"
    [ "$NSSCACHE_FAILED" -eq 0 ]
}
