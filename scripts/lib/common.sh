# Shared shell helpers for nsscache's scripts (sourced, not executed).
#
# NSSCACHE_CACHE holds everything that is slow to make (Debian sources, the
# NSS-linked ext/curl, softokn builds, PHP builds). It lives outside the
# checkout so that a fresh clone on the same machine reuses it.
# The variables set here are read by the scripts that source this file (SC2034).
# shellcheck shell=bash disable=SC2034
# The checkout this library belongs to.
NSSCACHE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
: "${NSSCACHE_CACHE:=/var/cache/nsscache-dev}"
export NSSCACHE_CACHE

# The PHP under test (Debian's packages of that minor: php$V, php-fpm$V, php-config$V, php$V-*).
: "${NSSCACHE_PHP_VERSION:=8.2}"
export NSSCACHE_PHP_VERSION
NSSCACHE_PHP=php$NSSCACHE_PHP_VERSION
NSSCACHE_PHP_FPM=/usr/sbin/php-fpm$NSSCACHE_PHP_VERSION
NSSCACHE_PHP_CONFIG=php-config$NSSCACHE_PHP_VERSION

nsscache_log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
nsscache_die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Install Debian packages that are missing; wait for the dpkg lock rather
# than fail when another installer (a parallel job, unattended-upgrades) holds it.
nsscache_apt_install() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    nsscache_log "apt-get install ${missing[*]}"
    local stamp="$NSSCACHE_CACHE/.apt-updated"
    if [ ! -f "$stamp" ] || [ -n "$(find "$stamp" -mmin +720 2>/dev/null)" ]; then
        apt-get -o DPkg::Lock::Timeout=900 update -qq >&2 || return 1
        mkdir -p "$NSSCACHE_CACHE" && touch "$NSSCACHE_CACHE/.apt-updated"
    fi
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq \
        --no-install-recommends "${missing[@]}" >&2
}

# A private apt state for SUITE (bookworm, bullseye, trixie, sid...) with
# entries of TYPE (deb-src, or deb for a download without install). The entries
# are derived from the machine's own deb822 sources: same mirrors, suite family
# renamed, so no mirror host is ever written into the project. Prints the apt
# options.
nsscache_apt_opts() {
    local suite=$1 type=${2:-deb-src} f
    local state="$NSSCACHE_CACHE/apt/$suite-$type" list
    list="$state/sources.list.d/derived.sources"
    mkdir -p "$state/sources.list.d" "$state/lists/partial" "$state/archives/partial"
    if [ ! -s "$list" ]; then
        : > "$list.tmp"
        for f in /etc/apt/sources.list.d/*.sources; do
            [ -f "$f" ] || continue
            # Only enabled stanzas of Debian's own suites (not a vendor repo).
            grep -qi '^Enabled: *no' "$f" && continue
            grep -q '^Suites:.*\b\(bookworm\|bullseye\|trixie\|sid\|stable\)' "$f" || continue
            # bookworm, bookworm-updates, bookworm-security -> SUITE...
            sed -e "s/^Types:.*/Types: $type/" \
                -e "/^Suites:/s/\b[a-z]\+\(-updates\|-security\)\?\b/$suite\1/g" "$f" >> "$list.tmp"
            printf '\n' >> "$list.tmp"
        done
        if [ "$suite" = sid ] || [ "$suite" = unstable ] || [ "$suite" = experimental ]; then
            # sid has neither -updates nor -security; a stanza left without suites is dropped.
            sed -i -e '/^Suites:/s/ *\b[a-z]\+-\(updates\|security\)\b//g' "$list.tmp"
            awk 'BEGIN{RS="";ORS="\n\n"} !/\nSuites: *(\n|$)/' "$list.tmp" > "$list.tmp2"
            mv "$list.tmp2" "$list.tmp"
        fi
        grep -q '^Types:' "$list.tmp" ||
            nsscache_die "no deb822 apt sources in /etc/apt/sources.list.d to derive $suite $type entries from"
        mv "$list.tmp" "$list"
    fi
    [ -f "$state/status" ] || : > "$state/status"
    printf '%s\n' -o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$state/sources.list.d" \
        -o "Dir::State::Lists=$state/lists" -o "Dir::Cache::Archives=$state/archives" \
        -o "Dir::State::status=$state/status" -o "APT::Get::List-Cleanup=0" \
        -o "DPkg::Lock::Timeout=900" -o "Acquire::Retries=3"
}

# apt-get update of that private state, once a day.
nsscache_apt_update() {
    local suite=$1 type=${2:-deb-src} opts
    local stamp="$NSSCACHE_CACHE/apt/$suite-$type/.updated"
    mapfile -t opts < <(nsscache_apt_opts "$suite" "$type")
    if [ ! -f "$stamp" ] || [ -n "$(find "$stamp" -mmin +1440 2>/dev/null)" ]; then
        apt-get "${opts[@]}" update -qq >&2 || return 1
        touch "$stamp"
    fi
}

# The Debian source package each tested PHP minor comes from: ci/build-php
# builds PHP from it, the integration harness its NSS-linked ext/curl. Pinned,
# like every source here. Sets NSSCACHE_PHP_SUITE, NSSCACHE_PHP_PKG,
# NSSCACHE_PHP_DEBVER and NSSCACHE_PHP_SRC (where it is downloaded, one
# directory for all its users); fails for a minor with no pin.
nsscache_php_source() {
    case $1 in
    7.4) NSSCACHE_PHP_SUITE=bullseye NSSCACHE_PHP_PKG=php7.4 NSSCACHE_PHP_DEBVER=7.4.33-1+deb11u5 ;;
    8.2) NSSCACHE_PHP_SUITE=bookworm NSSCACHE_PHP_PKG=php8.2 NSSCACHE_PHP_DEBVER=8.2.32-1~deb12u1 ;;
    *) return 1 ;;
    esac
    # no ':' or '~' in a path (LD_LIBRARY_PATH, make)
    NSSCACHE_PHP_SRC="$NSSCACHE_CACHE/src/$NSSCACHE_PHP_PKG-$(printf '%s' "$NSSCACHE_PHP_DEBVER" \
        | tr -c 'A-Za-z0-9.+_-' '_')"
}

# Download (not build) Debian source package PKG at VERSION for SUITE into DEST,
# once. Versions are pinned because the security suites often lack the .dsc
# of their newest version.
nsscache_apt_source() {
    local suite=$1 pkg=$2 version=$3 dest=$4 opts
    [ -f "$dest/.done-$pkg-$version" ] && return 0
    nsscache_apt_install dpkg-dev ca-certificates
    mkdir -p "$dest"
    chown _apt "$dest" 2>/dev/null || true    # lets apt download sandboxed
    nsscache_apt_update "$suite" deb-src || return 1
    mapfile -t opts < <(nsscache_apt_opts "$suite" deb-src)
    (cd "$dest" && apt-get "${opts[@]}" source --download-only -qq "$pkg=$version" >&2) || return 1
    touch "$dest/.done-$pkg-$version"
}

# Download binary package(s) of SUITE (no install) into DEST, once per name=version.
nsscache_apt_download() {
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
nsscache_apt_candidate() {
    local suite=$1 pkg=$2 opts
    nsscache_apt_update "$suite" deb >/dev/null 2>&1 || return 1
    mapfile -t opts < <(nsscache_apt_opts "$suite" deb)
    apt-cache "${opts[@]}" policy "$pkg" 2>/dev/null | awk '/Candidate:/ {print ($2=="(none)")?"":$2}'
}
