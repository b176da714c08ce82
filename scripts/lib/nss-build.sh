# SPDX-License-Identifier: BSD-2-Clause
# The real-NSS harness's builds (sourced by scripts/lib/nss.sh; nssi_setup runs them): the apt
# packages, NSS-linked ext/curl from the Debian source of a PHP, the legacy and rhel7 softokn from
# Debian's nss source, the access() counter and the test PKI. Each step is cached and keyed by
# version (the paths are nssi_paths').
# shellcheck shell=bash

# nssi_build_curl PHP_CONFIG OUT_DIR: build ext/curl for that PHP from the
# Debian source it is pinned to (nsscache_php_source), against the installed
# libcurl4-nss-dev, into OUT_DIR/curl.so; once (OUT_DIR/.ok).
nssi_build_curl() {
    local php_config=$1 out=$2 version b src
    [ -f "$out/.ok" ] && return 0
    version=$("$php_config" --version)
    nsscache_php_source "$(cut -d. -f1,2 <<<"$version")" ||
        nsscache_die "no pinned Debian source for PHP $version"
    src=$NSSCACHE_PHP_SRC
    nsscache_apt_source "$NSSCACHE_PHP_SUITE" "$NSSCACHE_PHP_PKG" "$NSSCACHE_PHP_DEBVER" "$src" \
        "$NSSCACHE_PHP_PKG-cli" || return 1
    nsscache_step "building NSS-linked ext/curl for PHP $version from $NSSCACHE_PHP_PKG \
$(nsscache_source_version "$src" "$NSSCACHE_PHP_DEBVER")" \
        nssi_build_curl_now "$php_config" "$out" "$src"
}
nssi_build_curl_now() {   # PHP_CONFIG OUT SRC (output: the step's log)
    local php_config=$1 out=$2 src=$3 b rc=0
    local orig=("$src/${NSSCACHE_PHP_PKG}"_*.orig.tar.[gx]z)
    b=$(mktemp -d)
    tar -C "$b" -xf "${orig[0]}" --wildcards '*/ext/curl/*' || rc=1
    # the phpize beside that php-config (phpize8.2 for php-config8.2)
    [ $rc = 1 ] || (cd "$b"/php-*/ext/curl && "${php_config%php-config*}phpize${php_config##*php-config}" \
        && ./configure -q --with-php-config="$php_config" && make -s -j"$(nproc)") || rc=1
    [ $rc = 1 ] || { mkdir -p "$out" && cp "$b"/php-*/ext/curl/modules/curl.so "$out/curl.so" && touch "$out/.ok"; } ||
        rc=1
    rm -rf "$b"
    return $rc
}


nssi_step_packages() {
    # The libcurl4-*-dev flavours conflict with each other; the runtime libraries coexist.
    local p
    for p in libcurl4-openssl-dev libcurl4-gnutls-dev; do
        if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
            nsscache_step "apt-get remove $p (conflicts with libcurl4-nss-dev)" nsscache_apt_get remove "$p"
        fi
    done
    nsscache_apt_install "${NSSI_PACKAGES[@]}"
}


nssi_src_dir() { printf '%s/src/%s-%s' "$NSSCACHE_CACHE" "$1" "$(nssi_key "$2")"; }

nssi_step_curl() {
    # NSSI_CURL_SO_FOR: built by whoever built that PHP (checked below), never rebuilt here
    [ -n "${NSSI_CURL_SO_FOR:-}" ] || nssi_build_curl "$NSSCACHE_PHP_CONFIG" "${NSSI_CURL_SO%/*}" || return 1
    [ -f "$NSSI_CURL_SO" ] || nsscache_die "no $NSSI_CURL_SO"
    local v
    v=$(env -i "$NSSI_PHP" -n -d "extension=$NSSI_CURL_SO" -r 'echo curl_version()["ssl_version"];')
    case $v in
        NSS/*) ;;
        *) nsscache_die "ext/curl at $NSSI_CURL_SO uses '$v', not NSS" ;;
    esac
}

nssi_nss_make() {
    local top=$1; shift
    make -s -j2 -C "$top/nss/$1" SOURCE_PREFIX="$top/dist" SOURCE_MD_DIR="$top/dist" DIST="$top/dist" \
        OBJDIR_NAME=OBJS USE_64=1 BUILD_OPT=1 NS_USE_GCC=1 MOZILLA_CLIENT=1 \
        NSPR_INCLUDE_DIR=/usr/include/nspr NSPR_LIB_DIR="/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)" \
        NSS_USE_SYSTEM_SQLITE=1 NSS_DISABLE_DBM=1 NSS_ENABLE_WERROR=0 CHECKLOC= "${@:2}"
}

# One dir per flavour: our libsoftokn3.so next to the system libnss3.so (it
# loads softokn from its own directory) and libfreeblpriv3.{so,chk} (softokn
# loads freebl from its own directory).
nssi_install_softokn() {
    local top=$1 flavour=$2 dest lib
    dest=$NSSI_SOFTOKN_ROOT/$flavour
    lib="/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
    rm -rf "$dest.tmp"; mkdir -p "$dest.tmp"
    cp "$top/dist/lib/libsoftokn3.so" "$dest.tmp/"
    cp "$lib/libnss3.so" "$lib/libfreeblpriv3.so" "$lib/libfreeblpriv3.chk" "$dest.tmp/"
    rm -rf "$dest"; mv "$dest.tmp" "$dest"
}

nssi_step_softokn() {
    local src
    [ -f "$NSSI_SOFTOKN_ROOT/.ok" ] && return 0
    src=$(nssi_src_dir nss "$NSSI_NSS_SRC_VERSION")
    # Not pinned on this machine's sources: the installed libnss3's source, else any 3.87 (the
    # legacy softokn build only needs a 3.87 softoken tree).
    nsscache_apt_source "$NSSI_SUITE" nss "$NSSI_NSS_SRC_VERSION" "$src" libnss3 "2:3.87." orig || return 1
    nsscache_step "building softokn legacy + rhel7 from nss \
$(nsscache_source_version "$src" "$NSSI_NSS_SRC_VERSION") (about 2 min)" \
        nssi_build_softokn "$src"
}
nssi_build_softokn() {   # SRC (output: the step's log)
    local src=$1 b top
    b=$(mktemp -d); top="$b/nss"
    # Debian's tree, or (a mirror without the Debian tarball: nsscache_apt_source) the upstream one
    if ! dpkg-source -q -x "$src"/nss_*.dsc "$top"; then
        rm -rf "$top"; mkdir -p "$top"
        tar -xf "$src"/nss_*.orig.tar.* -C "$top" --strip-components=1 ||
            { rm -rf "$b"; nsscache_die "neither dpkg-source -x nor tar -x of $src worked"; }
        echo "nss: the upstream tree, without Debian's patches"
    fi
    # legacy: probe directly in the DB and temp dirs (no removed mkdtemp dir, Mozilla 1720227).
    sed -i 's/ -DSDB_MEASURE_USE_TEMP_DIR//' "$top/nss/coreconf/Linux.mk"
    ! grep -q SDB_MEASURE_USE_TEMP_DIR "$top/nss/coreconf/Linux.mk" || nsscache_die "Linux.mk patch failed"
    (   nssi_nss_make "$top" coreconf/nsinstall && nssi_nss_make "$top" lib export \
        && nssi_nss_make "$top" lib/util && nssi_nss_make "$top" lib/freebl && nssi_nss_make "$top" lib/softoken
    ) >"$b/build.log" 2>&1 || { tail -30 "$b/build.log"; rm -rf "$b"; return 1; }
    nm -D "$top/dist/lib/libsoftokn3.so" | grep -q ' U mkdtemp' && nsscache_die "legacy softokn still uses mkdtemp"
    nssi_install_softokn "$top" legacy
    # rhel7: an unset variable means "measure", in sdb_init (else statfs
    # decides) and in s_open (else the DB dir is not measured).
    local sdb="$top/nss/lib/softoken/sdb.c"
    sed -i -e 's/^\(        \)checkFSType = PR_TRUE;$/\1measureSpeed = PR_TRUE;/' \
        -e 's/^\(        if (\)env && \(PORT_Strcasecmp(env, "no") != 0 &&\)$/\1!env || (\2/' \
        -e 's/^\(            PORT_Strcasecmp(env, "yes") != 0\)) {$/\1)) {/' "$sdb"
    if [ "$(grep -c 'measureSpeed = PR_TRUE;' "$sdb")" -lt 2 ] || ! grep -q 'if (!env || (PORT_Strcasecmp' "$sdb" \
        || ! grep -q '"yes") != 0)) {' "$sdb"; then
        nsscache_die "rhel7 patch of sdb.c failed"
    fi
    nssi_nss_make "$top" lib/softoken >"$b/build.log" 2>&1 || { tail -30 "$b/build.log"; rm -rf "$b"; return 1; }
    nssi_install_softokn "$top" rhel7
    rm -rf "$b"
    touch "$NSSI_SOFTOKN_ROOT/.ok"
}

nssi_step_counter() {
    [ -f "$NSSI_COUNTER_SO" ] && return 0
    mkdir -p "${NSSI_COUNTER_SO%/*}"
    gcc -shared -fPIC -O2 -Wall -Wextra -o "$NSSI_COUNTER_SO.tmp" "$NSSI_DIR/counter.c" -ldl -lpthread
    mv "$NSSI_COUNTER_SO.tmp" "$NSSI_COUNTER_SO"
}

nssi_step_pki() {
    local p=$NSSI_PKI t
    if [ -f "$p/.ok" ] && openssl x509 -checkend 86400 -noout -in "$p/server.pem" >/dev/null; then
        return 0
    fi
    nsscache_log "making test PKI"
    t=$(mktemp -d)
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=nsscache test CA" \
        -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign \
        -keyout "$t/ca.key" -out "$t/ca.pem" 2>/dev/null
    openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout "$t/server.key" -out "$t/server.csr" 2>/dev/null
    printf '%s\n' subjectAltName=IP:127.0.0.1,DNS:localhost basicConstraints=CA:FALSE \
        extendedKeyUsage=serverAuth > "$t/ext"
    openssl x509 -req -in "$t/server.csr" -CA "$t/ca.pem" -CAkey "$t/ca.key" -CAcreateserial \
        -days 3650 -extfile "$t/ext" -out "$t/server.pem" 2>/dev/null
    mkdir "$t/nssdb"
    certutil -N -d "sql:$t/nssdb" --empty-password
    certutil -A -d "sql:$t/nssdb" -n "nsscache test CA" -t CT,C,C -i "$t/ca.pem"
    rm -f "$t/ca.key" "$t/server.csr" "$t"/*.srl "$t/ext"
    rm -rf "$p"; mkdir -p "${p%/*}"; mv "$t" "$p"; chmod 755 "$p"
    touch "$p/.ok"
}
