# SPDX-License-Identifier: BSD-2-Clause
# Debian sources and packages beside the machine's own apt state (sourced by common.sh): the
# machine's apt sources in either style, private apt states derived from them for another suite
# or for deb-src entries, the pinned Debian sources of the PHPs under test, and downloads of
# source and binary packages with their fallbacks.
# The variables set here are read by the scripts that source common.sh (SC2034).
# shellcheck shell=bash disable=SC2034

# ---------------------------------------------------------------- the machine's apt sources

# Every enabled entry of the machine's apt sources, in either style (one-line: sources.list and
# sources.list.d/*.list, as the Debian installer writes; deb822: sources.list.d/*.sources), as
# deb822 stanzas with a blank line after each.
nsscache_apt_sources() {
    local SL='' SP='' f
    eval "$(apt-config shell SL Dir::Etc::sourcelist/f SP Dir::Etc::sourceparts/d)"
    for f in "$SL" "${SP%/}"/*.list; do
        [ -f "$f" ] || continue
        awk '
            { sub(/^[ \t]+/, ""); sub(/[ \t]*#.*$/, "") }
            $1 != "deb" && $1 != "deb-src" { next }
            {
                type = $1; $1 = ""; line = $0; opts = ""
                if (match(line, /^ *\[[^]]*\]/)) {
                    opts = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
                    gsub(/[][]/, "", opts)
                }
                n = split(line, w, /[ \t]+/); k = 0
                for (i = 1; i <= n; i++) if (w[i] != "") f[++k] = w[i]
                if (k < 2) next
                print "Types: " type; print "URIs: " f[1]; print "Suites: " f[2]
                comps = ""; for (i = 3; i <= k; i++) comps = comps (i > 3 ? " " : "") f[i]
                if (comps != "") print "Components: " comps
                m = split(opts, o, /[ \t]+/)
                for (i = 1; i <= m; i++) {
                    if (!(j = index(o[i], "="))) continue
                    key = substr(o[i], 1, j - 1); val = substr(o[i], j + 1); gsub(/,/, " ", val)
                    if (key == "arch") key = "Architectures"; else if (key == "lang") key = "Languages"
                    else if (key == "target") key = "Targets"
                    else {
                        p = split(key, part, "-"); key = ""
                        for (q = 1; q <= p; q++)
                            key = key (q > 1 ? "-" : "") toupper(substr(part[q], 1, 1)) substr(part[q], 2)
                    }
                    print key ": " val
                }
                print ""
            }' "$f"
    done
    for f in "${SP%/}"/*.sources; do
        [ -f "$f" ] || continue
        # Paragraphs; comment lines dropped; "Enabled: no" stanzas skipped.
        awk 'BEGIN { RS = ""; ORS = "\n\n" }
            { out = ""; n = split($0, l, "\n")
              for (i = 1; i <= n; i++) if (l[i] !~ /^#/) out = out (out == "" ? "" : "\n") l[i]
              if (out == "" || out ~ /(^|\n)Enabled: *[Nn][Oo]/) next
              print out }' "$f"
    done
}

# A private apt state for SUITE (bookworm, bullseye, trixie, sid...) with
# entries of TYPE (deb-src, or deb for a download without install). The entries
# are derived from the machine's own sources (either style): same mirrors, suite family
# renamed, so no mirror host is ever written into the project. Prints the apt
# options.
nsscache_apt_opts() {
    local suite=$1 type=${2:-deb-src}
    local state="$NSSCACHE_CACHE/apt/$suite-$type" list derived
    list="$state/sources.list.d/derived.sources"
    mkdir -p "$state/sources.list.d" "$state/lists/partial" "$state/archives/partial"
    # Only Debian's own suites (not a vendor repo): bookworm, bookworm-updates, bookworm-security
    # -> SUITE, SUITE-updates, SUITE-security; sid and experimental have neither, and a stanza
    # left without suites is dropped. One entry once.
    derived=$(nsscache_apt_sources | awk -v suite="$suite" -v type="$type" '
        BEGIN { RS = ""; ORS = "\n\n"
                debian = "^(buster|bullseye|bookworm|trixie|forky|sid|experimental|"
                debian = debian "stable|testing|unstable|oldstable|oldoldstable)$"
                bare = suite ~ /^(sid|unstable|experimental)$/ }
        {
            n = split($0, l, "\n"); ok_type = 0; ok_suite = 0; out = ""
            for (i = 1; i <= n; i++) {
                if (l[i] ~ /^Types:/) { if (l[i] ~ /[ \t]deb([ \t]|$)/) ok_type = 1; l[i] = "Types: " type }
                else if (l[i] ~ /^Suites:/) {
                    m = split(substr(l[i], 8), w, /[ \t]+/); s = ""; delete seen
                    for (j = 1; j <= m; j++) {
                        if (w[j] == "") continue
                        base = w[j]; suf = ""
                        if (match(w[j], /-(updates|security|backports|proposed-updates)$/)) {
                            base = substr(w[j], 1, RSTART - 1); suf = substr(w[j], RSTART)
                        }
                        if (base !~ debian) continue
                        ok_suite = 1
                        if (bare && suf != "") continue
                        if (!((suite suf) in seen)) { seen[suite suf] = 1; s = s (s == "" ? "" : " ") suite suf }
                    }
                    if (s == "") { ok_suite = 0; break }
                    l[i] = "Suites: " s
                }
                out = out (i > 1 ? "\n" : "") l[i]
            }
            if (ok_type && ok_suite && !(out in done)) { done[out] = 1; print out }
        }')
    [ -n "$derived" ] || nsscache_die "no Debian entries in the machine's apt sources" \
        "(sources.list, sources.list.d/*.list or *.sources) to derive $suite $type entries from"
    if [ "$(cat "$list" 2>/dev/null)" != "$derived" ]; then
        printf '%s\n' "$derived" >"$list.tmp" && mv "$list.tmp" "$list"
        rm -f "$state/.updated"      # new entries: their lists are not there yet
    fi
    [ -f "$state/status" ] || : > "$state/status"
    printf '%s\n' -o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$state/sources.list.d" \
        -o "Dir::State::Lists=$state/lists" -o "Dir::Cache::Archives=$state/archives" \
        -o "Dir::State::status=$state/status" -o "APT::Get::List-Cleanup=0" \
        -o "DPkg::Lock::Timeout=900" -o "Acquire::Retries=3"
}

# apt-get update of that private state, once a day; under the state's lock (two updates of one
# state at once fail on apt's lists lock).
nsscache_apt_update() {
    nsscache_locked "$NSSCACHE_CACHE/apt/$1-${2:-deb-src}.lock" nsscache_apt_update_now "$@"
}
nsscache_apt_update_now() {
    local suite=$1 type=${2:-deb-src} opts
    local stamp="$NSSCACHE_CACHE/apt/$suite-$type/.updated"
    mapfile -t opts < <(nsscache_apt_opts "$suite" "$type")
    if [ ! -f "$stamp" ] || [ -n "$(find "$stamp" -mmin +1440 2>/dev/null)" ]; then
        nsscache_step "apt-get update: Debian $suite $type entries" apt-get "${opts[@]}" -q update || return 1
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

nsscache_in_dir() { (cd "$1" && shift && "$@"); }   # DIR CMD...: CMD run in DIR

# Download (not build) Debian source package PKG at VERSION for SUITE into DEST, once. Versions
# are pinned because the security suites often lack the .dsc of their newest version. Where the
# pin is not in the sources (a machine with one sources.list line: no SUITE-security), or does
# not download, the source version of the installed package BINARY, then each source version
# that starts with PREFIX, newest first (nsscache_source_pick). With ORIG=orig, a version whose
# upstream tarball came but not the rest (a mirror without its Debian tarball) will do: the
# caller builds from the upstream tree. DEST/.version names what was downloaded
# (nsscache_source_version). Under DEST's lock: a parallel download of the same source waits.
nsscache_apt_source() {   # SUITE PKG VERSION DEST [BINARY [PREFIX [ORIG]]]
    [ -f "$4/.done-$2-$3" ] && return 0
    nsscache_locked "${4%/}.lock" nsscache_apt_source_now "$@"
}
nsscache_apt_source_now() {
    local suite=$1 pkg=$2 version=$3 dest=$4 bin=${5:-} prefix=${6:-} orig=${7:-} opts use uses=() label
    [ -f "$dest/.done-$pkg-$version" ] && return 0
    nsscache_apt_install dpkg-dev ca-certificates
    mkdir -p "$dest"
    chown _apt "$dest" 2>/dev/null || true    # lets apt download sandboxed
    nsscache_apt_update "$suite" deb-src || return 1
    mapfile -t opts < <(nsscache_apt_opts "$suite" deb-src)
    mapfile -t uses < <(nsscache_source_pick "$pkg" "$version" "$bin" "$prefix" "${opts[@]}")
    [ ${#uses[@]} -gt 0 ] || {
        nsscache_log "no source of $pkg $version in the $suite sources${bin:+, nor of the installed $bin}" \
            "${prefix:+, nor any $prefix*}"
        return 1
    }
    label="apt-get source $pkg=$version (download)"
    [ "${uses[0]}" = "$version" ] ||
        label="apt-get source $pkg (download; the pin $version is not in the sources)"
    nsscache_step "$label" nsscache_source_get "$dest" "$pkg" "$version" "$orig" ${#opts[@]} "${opts[@]}" \
        "${uses[@]}" || return 1
    touch "$dest/.done-$pkg-$version"
}
# nsscache_source_get DEST PKG PIN ORIG N APT-OPTION(N)... VERSION...: in a step, each version in
# turn; DEST/.version records the one downloaded, and a note names it when it is not the pin.
nsscache_source_get() {
    local dest=$1 pkg=$2 pin=$3 orig=$4 n=$5 opts use; shift 5
    opts=("${@:1:n}"); shift "$n"
    for use in "$@"; do
        if nsscache_in_dir "$dest" apt-get "${opts[@]}" -q source --download-only "$pkg=$use"; then
            printf '%s\n' "$use" >"$dest/.version"
            [ "$use" = "$pin" ] || nsscache_note "used $pkg $use"
            return 0
        fi
    done
    [ "$orig" = orig ] || return 1
    for use in "$@"; do
        compgen -G "$dest/${pkg}_$(sed 's/^[0-9]*://; s/-[^-]*$//' <<<"$use").orig.tar.*" >/dev/null || continue
        printf '%s\n' "$use (upstream tarball)" >"$dest/.version"
        nsscache_note "used $pkg $use, its upstream tarball only (the rest does not download)"
        return 0
    done
    return 1
}
# nsscache_source_pick PKG PIN BINARY PREFIX APT-OPTION...: the versions to try, in order: the pin,
# the installed BINARY's source version, those starting with PREFIX (newest first); only those the
# sources have.
nsscache_source_pick() {
    local pkg=$1 pin=$2 bin=$3 prefix=$4 have v; shift 4
    have=$(apt-cache "$@" showsrc "$pkg" 2>/dev/null | sed -n 's/^Version: //p' | sort -uV)
    {   echo "$pin"
        [ -z "$bin" ] || dpkg-query -W -f='${source:Version}\n' "$bin" 2>/dev/null
        [ -z "$prefix" ] || awk -v p="$prefix" 'index($0, p) == 1' <<<"$have" | tac
    } | awk 'NF && !seen[$0]++' | while IFS= read -r v; do grep -qxF -- "$v" <<<"$have" && echo "$v"; done
}
# nsscache_source_version DEST PIN: the version nsscache_apt_source downloaded into DEST (PIN
# for a download older than DEST/.version).
nsscache_source_version() { cat "$1/.version" 2>/dev/null || echo "$2"; }

# Download binary package(s) of SUITE (no install) into DEST, once per name=version (under
# DEST's lock).
nsscache_apt_download() {
    [ -f "$2/.done-$(printf '%s_' "${@:3}" | tr '/:=' '___')" ] && return 0
    nsscache_locked "${2%/}.lock" nsscache_apt_download_now "$@"
}
nsscache_apt_download_now() {
    local suite=$1 dest=$2; shift 2
    local opts stamp
    stamp="$dest/.done-$(printf '%s_' "$@" | tr '/:=' '___')"
    [ -f "$stamp" ] && return 0
    mkdir -p "$dest"
    chown _apt "$dest" 2>/dev/null || true
    nsscache_apt_update "$suite" deb || return 1
    mapfile -t opts < <(nsscache_apt_opts "$suite" deb)
    nsscache_step "apt-get download $*" nsscache_in_dir "$dest" apt-get "${opts[@]}" -q download "$@" || return 1
    touch "$stamp"
}

# Newest version of binary package PKG in SUITE's private state (empty if none).
nsscache_apt_candidate() {
    local suite=$1 pkg=$2 opts
    nsscache_apt_update "$suite" deb >/dev/null 2>&1 || return 1
    mapfile -t opts < <(nsscache_apt_opts "$suite" deb)
    apt-cache "${opts[@]}" policy "$pkg" 2>/dev/null | awk '/Candidate:/ {print ($2=="(none)")?"":$2}'
}
