# Helpers for the ci/ scripts (sourced, not executed). Builds on
# scripts/lib/common.sh: NSSCACHE_CACHE, the apt helpers, logging.
ci_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=../scripts/lib/common.sh
. "$ci_root/scripts/lib/common.sh"

# Download binary package(s) of SUITE (no install) into DEST, once per name=version.
ci_apt_download() {
    local suite=$1 dest=$2; shift 2
    local opts stamp
    stamp="$dest/.done-$(printf '%s_' "$@" | tr '/:=' '___')"
    [ -f "$stamp" ] && return 0
    mkdir -p "$dest"
    chown _apt "$dest" 2>/dev/null || true
    nsscache_apt_update "$suite" deb || return 1
    mapfile -t opts < <(nsscache_apt_opts "$suite" deb)
    (cd "$dest" && apt-get "${opts[@]}" download -qq "$@" >&2) || return 1
    touch "$stamp"
}

# Newest version of binary package PKG in SUITE's private state (empty if none).
ci_apt_candidate() {
    local suite=$1 pkg=$2 opts
    nsscache_apt_update "$suite" deb >/dev/null 2>&1 || return 1
    mapfile -t opts < <(nsscache_apt_opts "$suite" deb)
    apt-cache "${opts[@]}" policy "$pkg" 2>/dev/null | awk '/Candidate:/ {print ($2=="(none)")?"":$2}'
}

ci_now() { date +%s; }
