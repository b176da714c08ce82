# Helpers for the ci/ scripts (sourced, not executed). Builds on
# scripts/lib/common.sh: NSSCACHE_CACHE, nsscache_apt_install, logging.
ci_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=../scripts/lib/common.sh
. "$ci_root/scripts/lib/common.sh"

# A private apt state for SUITE with entries of TYPE (deb or deb-src), derived
# from the machine's own deb822 sources: same mirrors, suite family renamed.
# Unlike nsscache_apt_src_opts it also does binary entries (for the php8.4-dev
# download) and sid, which has no -updates/-security suites. Prints apt options.
ci_apt_opts() {
    local suite=$1 type=${2:-deb-src} state="$NSSCACHE_CACHE/apt-ci/$1-${2:-deb-src}" f
    mkdir -p "$state/sources.list.d" "$state/lists/partial" "$state/archives/partial"
    if [ ! -s "$state/sources.list.d/ci.sources" ]; then
        : > "$state/ci.sources.tmp"
        for f in /etc/apt/sources.list.d/*.sources; do
            [ -f "$f" ] || continue
            # Skip stanzas that are disabled or not Debian's own suites.
            grep -qi '^Enabled: *no' "$f" && continue
            grep -q '^Suites:.*\b\(bookworm\|bullseye\|trixie\|sid\|stable\)' "$f" || continue
            sed -e "s/^Types:.*/Types: $type/" \
                -e "/^Suites:/s/\b[a-z]\+\(-updates\|-security\)\?\b/$suite\1/g" "$f" >> "$state/ci.sources.tmp"
            printf '\n' >> "$state/ci.sources.tmp"
        done
        if [ "$suite" = sid ] || [ "$suite" = unstable ] || [ "$suite" = experimental ]; then
            # sid has neither -updates nor -security; a stanza left without suites is dropped.
            sed -i -e '/^Suites:/s/ *\b[a-z]\+-\(updates\|security\)\b//g' "$state/ci.sources.tmp"
            awk 'BEGIN{RS="";ORS="\n\n"} !/\nSuites: *(\n|$)/' "$state/ci.sources.tmp" > "$state/ci.sources.tmp2"
            mv "$state/ci.sources.tmp2" "$state/ci.sources.tmp"
        fi
        grep -q '^Types:' "$state/ci.sources.tmp" || nsscache_die "no deb822 apt sources in /etc/apt/sources.list.d to derive $suite entries from"
        mv "$state/ci.sources.tmp" "$state/sources.list.d/ci.sources"
    fi
    printf '%s\n' -o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$state/sources.list.d" \
        -o "Dir::State::Lists=$state/lists" -o "Dir::Cache::Archives=$state/archives" \
        -o "Dir::State::status=$state/status" -o "APT::Get::List-Cleanup=0" \
        -o "DPkg::Lock::Timeout=900" -o "Acquire::Retries=3"
}

# apt-get update of that private state, once a day.
ci_apt_update() {
    local suite=$1 type=${2:-deb-src} state="$NSSCACHE_CACHE/apt-ci/$1-${2:-deb-src}" opts
    mapfile -t opts < <(ci_apt_opts "$suite" "$type")
    [ -f "$state/status" ] || : > "$state/status"
    if [ ! -f "$state/.updated" ] || [ -n "$(find "$state/.updated" -mmin +1440 2>/dev/null)" ]; then
        apt-get "${opts[@]}" update -qq >&2 || return 1
        touch "$state/.updated"
    fi
}

# Download source package PKG=VERSION of SUITE into DEST, once. (The same job as
# nsscache_apt_source, through ci_apt_opts.)
ci_apt_source() {
    local suite=$1 pkg=$2 version=$3 dest=$4 opts
    [ -f "$dest/.done-$pkg-$version" ] && return 0
    nsscache_apt_install dpkg-dev ca-certificates
    mkdir -p "$dest"
    chown _apt "$dest" 2>/dev/null || true    # lets apt download sandboxed
    ci_apt_update "$suite" deb-src || return 1
    mapfile -t opts < <(ci_apt_opts "$suite" deb-src)
    (cd "$dest" && apt-get "${opts[@]}" source --download-only -qq "$pkg=$version" >&2) || return 1
    touch "$dest/.done-$pkg-$version"
}

# Download binary package(s) of SUITE (no install) into DEST, once per name=version.
ci_apt_download() {
    local suite=$1 dest=$2; shift 2
    local opts stamp
    stamp="$dest/.done-$(printf '%s_' "$@" | tr '/:=' '___')"
    [ -f "$stamp" ] && return 0
    mkdir -p "$dest"
    chown _apt "$dest" 2>/dev/null || true
    ci_apt_update "$suite" deb || return 1
    mapfile -t opts < <(ci_apt_opts "$suite" deb)
    (cd "$dest" && apt-get "${opts[@]}" download -qq "$@" >&2) || return 1
    touch "$stamp"
}

# Newest version of binary package PKG in SUITE's private state (empty if none).
ci_apt_candidate() {
    local suite=$1 pkg=$2 opts
    ci_apt_update "$suite" deb >/dev/null 2>&1 || return 1
    mapfile -t opts < <(ci_apt_opts "$suite" deb)
    apt-cache "${opts[@]}" policy "$pkg" 2>/dev/null | awk '/Candidate:/ {print ($2=="(none)")?"":$2}'
}

ci_now() { date +%s; }
