# Shared shell helpers for nsscache's scripts (sourced, not executed).
#
# NSSCACHE_CACHE holds everything that is slow to make (Debian sources, the
# NSS-linked ext/curl, softokn builds, PHP builds). It lives outside the
# checkout so that a fresh clone on the same machine reuses it.
: "${NSSCACHE_CACHE:=/var/cache/nsscache-dev}"
export NSSCACHE_CACHE

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
    if [ ! -f "$NSSCACHE_CACHE/.apt-updated" ] || [ -n "$(find "$NSSCACHE_CACHE/.apt-updated" -mmin +720 2>/dev/null)" ]; then
        apt-get -o DPkg::Lock::Timeout=900 update -qq >&2 || return 1
        mkdir -p "$NSSCACHE_CACHE" && touch "$NSSCACHE_CACHE/.apt-updated"
    fi
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq \
        --no-install-recommends "${missing[@]}" >&2
}

# A private apt state that knows deb-src entries for SUITE (e.g. bookworm,
# bullseye). The entries are derived from the machine's own deb822 sources,
# so no mirror host is ever written into the project. Prints the apt options.
nsscache_apt_src_opts() {
    local suite=$1 state="$NSSCACHE_CACHE/apt-src/$1" f
    mkdir -p "$state/sources.list.d" "$state/lists/partial" "$state/archives/partial"
    if [ ! -s "$state/sources.list.d/src.sources" ]; then
        : > "$state/sources.list.d/src.sources.tmp"
        for f in /etc/apt/sources.list.d/*.sources; do
            [ -f "$f" ] || continue
            # Keep the mirror, switch to source entries, rename the suite family
            # (bookworm, bookworm-updates, bookworm-security -> SUITE...).
            sed -e 's/^Types:.*/Types: deb-src/' \
                -e "/^Suites:/s/\b[a-z]\+\(-updates\|-security\)\?\b/$suite\1/g" \
                "$f" >> "$state/sources.list.d/src.sources.tmp"
            printf '\n' >> "$state/sources.list.d/src.sources.tmp"
        done
        [ -s "$state/sources.list.d/src.sources.tmp" ] || nsscache_die "no deb822 apt sources in /etc/apt/sources.list.d to derive deb-src from"
        mv "$state/sources.list.d/src.sources.tmp" "$state/sources.list.d/src.sources"
    fi
    printf '%s\n' -o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$state/sources.list.d" \
        -o "Dir::State::Lists=$state/lists" -o "Dir::Cache::Archives=$state/archives" \
        -o "APT::Get::List-Cleanup=0"
}

# Download (not build) Debian source package PKG at VERSION for SUITE into DEST,
# once. Versions are pinned because the security suites often lack the .dsc
# of their newest version.
nsscache_apt_source() {
    local suite=$1 pkg=$2 version=$3 dest=$4 opts
    [ -f "$dest/.done-$pkg-$version" ] && return 0
    mkdir -p "$dest"
    mapfile -t opts < <(nsscache_apt_src_opts "$suite")
    local state="$NSSCACHE_CACHE/apt-src/$suite"
    if [ ! -f "$state/.updated" ]; then
        apt-get "${opts[@]}" -o DPkg::Lock::Timeout=900 update -qq >&2 || return 1
        touch "$state/.updated"
    fi
    (cd "$dest" && apt-get "${opts[@]}" source --download-only -qq "$pkg=$version" >&2) || return 1
    touch "$dest/.done-$pkg-$version"
}
