# SPDX-License-Identifier: BSD-2-Clause
# Booted Debian roots for the suites that need a real systemd (sourced; needs common.sh): one
# cached base root, unpacked once per container, booted with systemd-nspawn --boot on the host's
# network, entered with nsenter, stopped with nothing left behind.
#   boot_base_tarball            prints the base root's tarball, making it first if it is not cached:
#                                $NSSCACHE_CACHE/roots/boot-base-<recipe>.tar.zst, keyed by a hash of
#                                BOOT_PACKAGES; made under a flock (a parallel run waits, then reuses)
#   boot_unpack DIR              the base root unpacked into DIR (which must not exist or be empty)
#   boot_start NAME DIR          boots DIR as container NAME, waits (60 s) until its systemd is up
#                                (running or degraded); sets BOOT_LEADER[NAME] (its PID 1, as seen here)
#   boot_run NAME CMD...         CMD inside the container (nsenter -t LEADER -a: all its namespaces),
#                                with a clean login-like environment; returns CMD's status
#   boot_stop NAME               powers it off and waits (30 s, then KILL); then checks that no process
#                                of its PID namespace is left, nothing is mounted below DIR and its
#                                cgroups are gone; fails if not
#   boot_stop_all                boot_stop of every container started (for an EXIT trap)
# BOOT_PACKAGES (an array, set before boot_base_tarball) may add packages to the base: systemd,
# dbus, python3 (with python3-apt, which Ansible's apt module needs in --check), openssh-server,
# sudo and Debian's PHP (cli, fpm). No compiler, make or phpX.Y-dev, and no package lists (mmdebstrap
# removes them): a web node as a minimal install leaves it, which the Ansible role must handle.
# Each container logs its console to DIR.console. The machine's apt configuration and Debian
# entries are the root's (an archive that is a frozen snapshot keeps working).
# shellcheck shell=bash
declare -gA BOOT_LEADER=() BOOT_NSPAWN=() BOOT_DIR=() BOOT_PIDNS=() BOOT_CGROUPS=()
BOOT_BASE_PACKAGES=(systemd systemd-sysv dbus python3 python3-apt openssh-server sudo iproute2 procps
    "php$NSSCACHE_PHP_VERSION-cli" "php$NSSCACHE_PHP_VERSION-fpm" libnss3 libcurl3-nss)

boot_packages() { printf '%s\n' "${BOOT_BASE_PACKAGES[@]}" "${BOOT_PACKAGES[@]}" | sort -u; }

boot_base_tarball() {
    local recipe tar
    recipe=$(boot_packages | sha256sum | cut -c1-10)
    tar=$NSSCACHE_CACHE/roots/boot-base-$recipe.tar.zst
    if [ ! -f "$tar" ]; then
        nsscache_apt_install mmdebstrap zstd systemd-container || return 1
        mkdir -p "$NSSCACHE_CACHE/roots" || return 1
        (
            exec 9>"$NSSCACHE_CACHE/roots/.boot-base.lock"
            flock 9
            [ -f "$tar" ] || nsscache_step "mmdebstrap: the booted base root ($(boot_packages | wc -l) packages)" \
                boot_make_base "$tar"
        ) || return 1
    fi
    printf '%s\n' "$tar"
}

boot_make_base() {   # TARBALL (in nsscache_step: the output goes to the log)
    local tar=$1 parts srcs aptopts rc=0
    parts=$(nsscache_apt_opts bookworm deb | sed -n 's/^Dir::Etc::SourceParts=//p')
    srcs=$(mktemp)
    cat "$parts"/*.sources >"$srcs"
    mapfile -t aptopts < <(apt-config dump |
        awk '/^Acquire::Check-(Valid-Until|Date) / {sub(/;$/, ""); print "--aptopt=" $0}')
    # The root keeps the machine's apt.conf.d (its answer to a frozen archive), a hosts file (without
    # one "localhost" goes to DNS) and an empty machine-id that systemd fills at boot. dpkg runs
    # under mmdebstrap's eatmydata hook (no fsync; the root is a tarball once made, then nothing of
    # eatmydata is left in it): 49 s against 96 s, the same files.
    mmdebstrap --variant=apt --mode=root "--include=$(boot_packages | paste -sd,)" \
        --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
        --dpkgopt='path-exclude=/usr/share/locale/*' "${aptopts[@]}" \
        --hook-dir=/usr/share/mmdebstrap/hooks/eatmydata \
        --customize-hook='rm -f "$1/var/lib/dpkg/diversions-old"' \
        --customize-hook='cp -a /etc/apt/apt.conf.d/. "$1/etc/apt/apt.conf.d/"' \
        --customize-hook='rm -f "$1/etc/apt/apt.conf.d/99mmdebstrap"' \
        --customize-hook='printf "127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost\n" >"$1/etc/hosts"' \
        --customize-hook=': >"$1/etc/machine-id"' \
        bookworm "$tar.tmp.tar.zst" "$srcs" || rc=$?
    rm -f "$srcs"
    if [ $rc != 0 ] || ! mv "$tar.tmp.tar.zst" "$tar"; then rm -f "$tar.tmp.tar.zst"; return 1; fi
}

boot_unpack() {   # DIR
    local tar
    tar=$(boot_base_tarball) || return 1
    [ ! -e "$1" ] || [ -z "$(ls -A "$1")" ] || nsscache_die "boot_unpack: $1 is not empty"
    mkdir -p "$1" && tar -C "$1" --zstd -xf "$tar"
}

# The processes of the PID namespace NS (as readlink /proc/PID/ns/pid names it): a container's.
boot_pids_in() {
    local p
    for p in /proc/[0-9]*; do
        [ "$(readlink "$p/ns/pid" 2>/dev/null)" = "$1" ] && echo "${p#/proc/}"
    done
    return 0
}

# Each container's systemd owns a cgroup tree, and two of them must never share one: where
# systemd is this machine's manager, nspawn asks it for a scope of its own. Where it is not (a VM
# whose PID 1 is an agent, as in CI; a chroot), --keep-unit keeps nspawn in its caller's cgroup and
# nspawn puts the container in "payload" below it: for every container started from the root
# cgroup the same /payload, whose systemds then kill and remove each other's unit cgroups
# (status=219/CGROUP, "Failed to kill control group ...: Input/output error": 11 of 45 concurrent
# starts of a oneshot unit in three containers). So there each container starts in a cgroup of
# its own, in the hierarchies nspawn gives the container (the named systemd one and the unified
# one), made here and removed by boot_stop.
boot_cgroups() {   # NAME: those cgroup directories, one a line
    local fs m path
    awk '$3 == "cgroup2" || ($3 == "cgroup" && $4 ~ /(^|,)name=systemd(,|$)/) { print $3, $2 }' /proc/self/mounts |
    while read -r fs m; do
        if [ "$fs" = cgroup2 ]; then path=$(sed -n 's/^0:://p' /proc/self/cgroup)
        else path=$(sed -n 's/^[0-9]*:name=systemd://p' /proc/self/cgroup); fi
        printf '%s%s/nsscache-boot-%s-%s\n' "$m" "${path%/}" "$1" "$$"
    done
}

boot_start() {   # NAME DIR
    local name=$1 dir t c d keep=()
    dir=$(realpath "$2") || return 1
    BOOT_DIR[$name]=$dir BOOT_LEADER[$name]='' BOOT_CGROUPS[$name]=''
    if [ ! -d /run/systemd/system ]; then
        keep=(--keep-unit)
        BOOT_CGROUPS[$name]=$(boot_cgroups "$name")
        while read -r d; do
            [ -z "$d" ] || mkdir "$d" || { nsscache_log "boot $name: cannot make the cgroup $d"; return 1; }
        done <<<"${BOOT_CGROUPS[$name]}"
    fi
    # --register=no: no machined (this machine's PID 1 may not be systemd); --timezone=off: tzdata's
    # postinst replaces /etc/localtime, which nspawn would bind. The subshell enters the cgroups, then
    # becomes systemd-nspawn.
    (
        while read -r d; do
            [ -z "$d" ] || echo "$BASHPID" >"$d/cgroup.procs" || exit 1
        done <<<"${BOOT_CGROUPS[$name]}"
        exec setsid systemd-nspawn -q -D "$dir" --boot -M "$name" --register=no "${keep[@]}" --timezone=off \
            --resolv-conf=copy-host
    ) </dev/null >"$dir.console" 2>&1 &
    BOOT_NSPAWN[$name]=$!
    # Its PID 1 is the child of systemd-nspawn whose innermost PID is 1. (Its /proc/PID/root reads
    # "/": nspawn pivots into DIR in a mount namespace of its own.)
    for t in $(seq 1 100); do
        for c in $(pgrep -P "${BOOT_NSPAWN[$name]}"); do
            [ "$(awk '/^NSpid:/ { print $NF }' "/proc/$c/status" 2>/dev/null)" = 1 ] && BOOT_LEADER[$name]=$c
        done
        [ -z "${BOOT_LEADER[$name]}" ] || break
        kill -0 "${BOOT_NSPAWN[$name]}" 2>/dev/null || break
        sleep 0.2
    done
    [ -n "${BOOT_LEADER[$name]}" ] || { nsscache_log "boot $name: no container (see $dir.console)"; return 1; }
    BOOT_PIDNS[$name]=$(readlink "/proc/${BOOT_LEADER[$name]}/ns/pid")
    # systemctl needs the manager's socket, which comes a moment after PID 1 does.
    for t in $(seq 1 150); do boot_run "$name" test -S /run/systemd/private && break; sleep 0.2; done
    t=$(boot_run "$name" timeout 60 systemctl is-system-running --wait 2>&1)
    case $t in
    running|degraded) return 0 ;;
    *) nsscache_log "boot $name: systemd says '$t' (see $dir.console)"; return 1 ;;
    esac
}

boot_run() {   # NAME CMD...
    local name=$1; shift
    [ -n "${BOOT_LEADER[$name]:-}" ] || { echo "boot_run: $name is not running" >&2; return 1; }
    nsenter -t "${BOOT_LEADER[$name]}" -a env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}

boot_stop() {   # NAME
    local name=$1 dir=${BOOT_DIR[$1]:-} pid=${BOOT_NSPAWN[$1]:-} ns=${BOOT_PIDNS[$1]:-} t pids left d
    local cgroups=${BOOT_CGROUPS[$1]:-}
    [ -n "$dir" ] || return 0
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        # SIGRTMIN+4 to its systemd: a clean poweroff, after which systemd-nspawn exits.
        [ -z "${BOOT_LEADER[$name]:-}" ] || kill -s RTMIN+4 "${BOOT_LEADER[$name]}" 2>/dev/null
        for t in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
        kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
    fi
    if [ -n "$ns" ]; then
        mapfile -t pids < <(boot_pids_in "$ns")
        [ ${#pids[@]} -eq 0 ] || { kill -KILL "${pids[@]}" 2>/dev/null; sleep 1; }
    fi
    # its cgroups, deepest first (what nspawn and the container's systemd made below them)
    while read -r d; do
        [ -z "$d" ] || [ ! -d "$d" ] || find "$d" -depth -type d -exec rmdir {} + 2>/dev/null
    done <<<"$cgroups"
    unset "BOOT_DIR[$name]" "BOOT_NSPAWN[$name]" "BOOT_LEADER[$name]" "BOOT_PIDNS[$name]" "BOOT_CGROUPS[$name]"
    left=$([ -z "$ns" ] || boot_pids_in "$ns"; awk -v d="$dir/" 'index($2 "/", d) == 1 { print $2 }' /proc/mounts
        while read -r d; do [ -z "$d" ] || [ ! -d "$d" ] || echo "$d"; done <<<"$cgroups")
    [ -z "$left" ] || { nsscache_log "boot $name: left behind: $(echo "$left" | tr '\n' ' ')"; return 1; }
    # nspawn's state dir, left empty
    rmdir /run/systemd/nspawn/locks /run/systemd/nspawn 2>/dev/null
    return 0
}

boot_stop_all() {
    local n rc=0
    for n in "${!BOOT_DIR[@]}"; do boot_stop "$n" || rc=1; done
    return $rc
}
