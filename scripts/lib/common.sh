# SPDX-License-Identifier: BSD-2-Clause
# Shared shell helpers for nsscache's scripts (sourced, not executed).
#
# NSSCACHE_CACHE holds everything that is slow to make (Debian sources, the
# NSS-linked ext/curl, softokn builds, PHP builds). It lives outside the
# checkout so that a fresh clone on the same machine reuses it.
# The variables set here are read by the scripts that source this file (SC2034).
# shellcheck shell=bash disable=SC2034
# The checkout this library belongs to.
NSSCACHE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# Without root (scripts/test --quick), the user's cache instead.
if [ -z "${NSSCACHE_CACHE:-}" ]; then
    NSSCACHE_CACHE=/var/cache/nsscache-dev
    [ "$(id -u)" = 0 ] || NSSCACHE_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/nsscache-dev
fi
export NSSCACHE_CACHE

# The PHP under test (Debian's packages of that minor: php$V, php-fpm$V, php-config$V, php$V-*).
# NSSCACHE_PHP_CONFIG=/path/to/php-config (exported) names another one, e.g. a PHP built from
# source: nsscache is built with its phpize, the phpt run with its run-tests.php, php-fpm is its
# PREFIX/sbin/php-fpm. NSSCACHE_PHP, which runs the scripts' own PHP code, stays Debian's.
: "${NSSCACHE_PHP_VERSION:=8.2}"
export NSSCACHE_PHP_VERSION
NSSCACHE_PHP=php$NSSCACHE_PHP_VERSION
if [ -n "${NSSCACHE_PHP_CONFIG:-}" ]; then
    NSSCACHE_PHP_FPM=$("$NSSCACHE_PHP_CONFIG" --prefix)/sbin/php-fpm
    # Debian's own php-configX.Y: its php-fpmX.Y
    [ "$NSSCACHE_PHP_FPM" != /usr/sbin/php-fpm ] ||
        NSSCACHE_PHP_FPM+=$("$NSSCACHE_PHP_CONFIG" --version | cut -d. -f1,2)
else
    NSSCACHE_PHP_FPM=/usr/sbin/php-fpm$NSSCACHE_PHP_VERSION
    NSSCACHE_PHP_CONFIG=php-config$NSSCACHE_PHP_VERSION
fi

nsscache_log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
nsscache_die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------- quiet steps and their log

# The output of package installs, downloads and slow builds goes to NSSCACHE_LOG, one file per
# top-level run (exported: the scripts it runs write to the same file); the terminal gets one
# line per step (nsscache_step).
if [ -z "${NSSCACHE_LOG:-}" ]; then
    NSSCACHE_LOG=$(realpath -m "$0")
    NSSCACHE_LOG=${NSSCACHE_LOG#"$NSSCACHE_ROOT"/}
    NSSCACHE_LOG="$NSSCACHE_CACHE/log/$(date +%Y%m%d-%H%M%S)-${NSSCACHE_LOG//\//-}-$$.log"
fi
export NSSCACHE_LOG
# Made when first written to (a script may stop before, e.g. when not run as root).
nsscache_log_open() {
    [ -f "$NSSCACHE_LOG" ] && return 0
    mkdir -p "${NSSCACHE_LOG%/*}" && : >>"$NSSCACHE_LOG" || return 1
    find "${NSSCACHE_LOG%/*}" -maxdepth 1 -name '*.log' -mtime +14 -delete 2>/dev/null || true
}

# nsscache_step LABEL CMD...: runs CMD (a command or a function, in a subshell: it sets no variable
# of the caller's, and nsscache_die ends only the step) with its stdout and stderr appended to
# $NSSCACHE_LOG, and prints one line on stderr: "[time] LABEL ... ok", with the time when the step
# took 2 s or more, and what CMD said with nsscache_note. On failure: the end of CMD's output, and
# where the rest is. Returns CMD's status.
nsscache_step() {
    local label=$1 t0=$SECONDS off rc=0 dt notes=()
    shift
    nsscache_log_open || nsscache_die "cannot write the log $NSSCACHE_LOG"
    off=$(stat -c %s "$NSSCACHE_LOG")
    printf '[%s] %s ... ' "$(date +%H:%M:%S)" "$label" >&2
    { printf '\n===== [%s] %s\n' "$(date '+%F %T')" "$label"; ("$@"); } >>"$NSSCACHE_LOG" 2>&1 </dev/null || rc=$?
    dt=$((SECONDS - t0))
    mapfile -t notes < <(tail -c +$((off + 1)) "$NSSCACHE_LOG" | sed -n 's/^nsscache-note: //p')
    if [ "$rc" -eq 0 ]; then
        printf 'ok%s%s\n' "$([ "$dt" -ge 2 ] && printf ' (%d s)' "$dt")" \
            "$([ ${#notes[@]} -eq 0 ] || printf '; %s' "${notes[@]}")" >&2
    else
        printf 'FAILED (exit %d, %d s)%s; the end of its output (all of it in %s):\n' "$rc" "$dt" \
            "$([ ${#notes[@]} -eq 0 ] || printf '; %s' "${notes[@]}")" "$NSSCACHE_LOG" >&2
        tail -c +$((off + 1)) "$NSSCACHE_LOG" | grep -v '^nsscache-note: ' | tail -n 25 | sed 's/^/  | /' >&2
    fi
    return "$rc"
}
# nsscache_locked LOCKFILE CMD...: CMD (a command or a function) in a subshell that holds an
# exclusive flock on LOCKFILE: a parallel run of the same work waits, then finds it done (the
# background builds of scripts/test and the suites that need them share the cache this way).
nsscache_locked() {
    local lock=$1; shift
    mkdir -p "${lock%/*}" || return 1
    ( exec 7>>"$lock" && flock 7 && "$@" )
}
# Inside a step: a short remark for its progress line.
nsscache_note() { printf 'nsscache-note: %s\n' "$*" >&2; }

# ---------------------------------------------------------------- package installs

# While our installs run, services must not start: a policy-rc.d that refuses them, put in place
# under a lock of ours and removed by a trap. An admin's own policy-rc.d is kept aside (a hard
# link: the same file, owner, mode and times) and put back exactly.
NSSCACHE_POLICY_RC=${NSSCACHE_POLICY_RC:-/usr/sbin/policy-rc.d}
NSSCACHE_APT_LOCK=${NSSCACHE_APT_LOCK:-/run/lock/nsscache-apt.lock}
NSSCACHE_POLICY_MARK='# nsscache-policy-rc.d'

nsscache_policy_hold() {
    local p=$NSSCACHE_POLICY_RC saved=$NSSCACHE_POLICY_RC.nsscache-saved tmp
    if [ -e "$saved" ] || [ -L "$saved" ]; then
        # Left by one of our installs that was killed: $saved is the admin's file, $p ours.
        grep -qF "$NSSCACHE_POLICY_MARK" "$p" 2>/dev/null || {
            echo "error: both $p and $saved exist, and $p is not ours: put the right one back by hand"
            return 1
        }
    elif { [ -e "$p" ] || [ -L "$p" ]; } && ! grep -qF "$NSSCACHE_POLICY_MARK" "$p" 2>/dev/null; then
        ln -P "$p" "$saved" 2>/dev/null || cp -a "$p" "$saved" || return 1
    fi
    tmp=$(mktemp "$p.XXXXXX") || return 1
    printf '#!/bin/sh\n%s: %s\n# (scripts/lib/common.sh; removed when the install ends)\nexit 101\n' \
        "$NSSCACHE_POLICY_MARK" "no service may start while nsscache's scripts install packages" >"$tmp"
    chmod 755 "$tmp" && mv -f "$tmp" "$p"
}
nsscache_policy_release() {
    local p=$NSSCACHE_POLICY_RC saved=$NSSCACHE_POLICY_RC.nsscache-saved
    if [ -e "$saved" ] || [ -L "$saved" ]; then
        mv -f "$saved" "$p"
    elif grep -qF "$NSSCACHE_POLICY_MARK" "$p" 2>/dev/null; then
        rm -f "$p"
    fi
}

# Is systemd this system's PID 1 (not a chroot of one)? Then installs enable units that run, and
# the manager's enabled list is compared; where it is not, the links on disk are.
nsscache_systemd_booted() {
    [ -d /run/systemd/system ] && command -v systemctl >/dev/null && ! systemd-detect-virt -q --chroot 2>/dev/null
}
nsscache_units_enabled() {
    systemctl list-unit-files --state=enabled --no-legend --no-pager | awk '{ print $1 }' | sort -u
}
# What "enabled" is on disk, booted or not: the units' .wants links and the SysV rc start links.
nsscache_enabled_links() {
    { find /etc/systemd/system -mindepth 2 -maxdepth 2 -path '*.wants/*' -printf '%p\n'
      find /etc/rc[0-6S].d -maxdepth 1 -name 'S[0-9][0-9]*' -printf '%p\n'; } 2>/dev/null | sort
}
# nsscache_disable_links LINK...: disables, offline, what made those links (a unit: systemctl, or
# deb-systemd-helper without systemd; an rc link: update-rc.d). deb-systemd-helper acts only when
# DPKG_MAINTSCRIPT_PACKAGE is set, as in a maintainer script (it reads nothing else from it);
# otherwise it exits 1 and leaves the link (on a new machine, where php8.2-common and man-db bring
# timers before anything brings systemd).
nsscache_disable_links() {
    local l n names=()
    for l in "$@"; do
        case $l in
            */*.wants/*) names+=("${l##*/}") ;;
            /etc/rc*) n=${l##*/}; names+=("${n:3}") ;;
        esac
    done
    mapfile -t names < <(printf '%s\n' "${names[@]}" | sort -u)
    for n in "${names[@]}"; do
        case $n in
            *.*) if command -v systemctl >/dev/null; then systemctl --no-reload disable "$n"
                 else DPKG_MAINTSCRIPT_PACKAGE=nsscache deb-systemd-helper disable "$n"; fi ;;
            *) update-rc.d "$n" disable ;;
        esac
    done
}

# nsscache_apt_get ARGS...: apt-get ARGS (non-interactive, waiting for the dpkg lock) with services
# held back (above); every unit the run enabled is disabled again afterwards (and stopped, where
# systemd is PID 1), and the enabled units (booted) or links (not booted) are checked to be those
# from before. Output on stdout/stderr: run it in nsscache_step.
nsscache_apt_get() {
    mkdir -p "${NSSCACHE_APT_LOCK%/*}" || return 1
    (
        exec 8>>"$NSSCACHE_APT_LOCK"
        flock 8
        nsscache_policy_hold || exit 1
        trap nsscache_policy_release EXIT
        trap 'exit 130' INT TERM HUP
        booted=0 before='' new=() rc=0
        if nsscache_systemd_booted; then booted=1 before=$(nsscache_units_enabled) || exit 1
        else before=$(nsscache_enabled_links); fi
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 -o Dpkg::Use-Pty=0 -q -y "$@" || rc=$?
        # Also after a failed install: the packages it did configure have enabled theirs.
        if [ $booted = 0 ]; then
            mapfile -t new < <(comm -13 <(printf '%s\n' "$before") <(nsscache_enabled_links))
            if [ ${#new[@]} -gt 0 ]; then
                nsscache_disable_links "${new[@]}"
                nsscache_note "disabled, offline, what it enabled:" \
                    "$(printf '%s\n' "${new[@]##*/}" | sed 's/^S[0-9][0-9]//' | sort -u | tr '\n' ' ')"
            fi
            [ "$(nsscache_enabled_links)" = "$before" ] || {
                echo "error: the enabled links differ from before the install:"
                diff <(printf '%s\n' "$before") <(nsscache_enabled_links)
                exit 1
            }
            exit "$rc"
        fi
        mapfile -t new < <(comm -13 <(printf '%s\n' "$before") <(nsscache_units_enabled))
        if [ ${#new[@]} -gt 0 ]; then
            systemctl disable --now "${new[@]}" || exit
            nsscache_note "disabled ${#new[@]} unit(s) it enabled: ${new[*]}"
        fi
        [ "$(nsscache_units_enabled)" = "$before" ] || {
            echo "error: the enabled units differ from before the install:"
            diff <(printf '%s\n' "$before") <(nsscache_units_enabled)
            exit 1
        }
        exit "$rc"
    )
}

# Install Debian packages that are missing (nsscache_apt_get: no service starts, no unit stays
# enabled), updating the package lists twice a day or when one of them is unknown. Without root it
# installs nothing, and fails when one is missing.
nsscache_apt_install() {
    local missing=() p label
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" != 0 ]; then
        nsscache_log "not root: not installing ${missing[*]}"
        return 1
    fi
    label="apt-get install ${missing[*]}"
    [ ${#label} -le 90 ] || label="${label:0:80}... (${#missing[@]} packages)"
    nsscache_step "$label" nsscache_apt_install_now "${missing[@]}"
}
nsscache_apt_install_now() {
    local stamp="$NSSCACHE_CACHE/.apt-updated"
    if [ ! -f "$stamp" ] || [ -n "$(find "$stamp" -mmin +720 2>/dev/null)" ] ||
        ! apt-cache show "$@" >/dev/null 2>&1; then
        nsscache_apt_get update || return 1
        mkdir -p "$NSSCACHE_CACHE" && touch "$stamp"
    fi
    nsscache_apt_get install --no-install-recommends "$@"
}

# Debian sources and downloads: their own file.
. "$NSSCACHE_ROOT/scripts/lib/apt.sh"
