# SPDX-License-Identifier: BSD-2-Clause
# Building nsscache and the PHPs it is tested with (sourced; needs common.sh).
#   nsscache_build                 modules/nsscache.so in the checkout, for $NSSCACHE_PHP_CONFIG (scripts/build)
#   nsscache_build_copy PHP_CONFIG DIR [CFLAGS [PREFIX...]]   a copy of the sources in DIR, built for another PHP
#   nsscache_build_php FLAVOUR     a PHP from Debian's source, cached; prints its prefix (ci/build-php)
#   nsscache_pecl_package DIR      the PECL tarball, made by `pecl package`; prints its path
#   nsscache_c_hash                sha256 of the extension's C without comments (what bench/RESULTS.md measured)
#   nsscache_results_current       bench/RESULTS.md measured this C (else says so, and fails)
#   nsscache_evidence_current [REV]  data/php-evidence.tsv measured REV's C and in-target code (else says so)
#   NSSCACHE_WARN_FLAGS            php-src's warning flags, used by every build of ours
# shellcheck shell=bash
# -Wno-unused-parameter as php-src itself (Zend/Zend.m4): PHP_FUNCTION,
# PHP_MINIT_FUNCTION... declare parameters that most bodies have no use for.
NSSCACHE_WARN_FLAGS="-Wall -Wextra -Wno-unused-parameter"

# nsscache_phpize PHP_CONFIG -> the phpize beside it (phpize8.2 for php-config8.2). A name is looked up
# on PATH; a path is taken as it is (ci/matrix's are inside a Debian root, not on this host).
nsscache_phpize() {
    local p=$1
    case $p in */*) ;; *) p=$(command -v "$p") || p=$1 ;; esac
    printf '%s/phpize%s\n' "$(dirname "$p")" "$(basename "$1" | sed 's/^php-config//')"
}

# Builds in the checkout; fails on any compiler warning (only our files are compiled here, so
# any warning is ours, even one gcc places in a PHP header a macro of ours expanded).
# Env: PHP_CONFIG (default $NSSCACHE_PHP_CONFIG), CFLAGS (default -O2 -g and the warning flags).
nsscache_build() {
    local php_config=${PHP_CONFIG:-$NSSCACHE_PHP_CONFIG} cflags=${CFLAGS:-"-O2 -g $NSSCACHE_WARN_FLAGS"}
    local phpize stamp log rc=0
    nsscache_apt_install build-essential autoconf "php$NSSCACHE_PHP_VERSION-dev" "php$NSSCACHE_PHP_VERSION-cli"
    phpize=$(nsscache_phpize "$php_config")
    stamp="$php_config $cflags"
    if [ ! -f "$NSSCACHE_ROOT/Makefile" ] || [ "$(cat "$NSSCACHE_ROOT/.build-stamp" 2>/dev/null)" != "$stamp" ] ||
        [ "$NSSCACHE_ROOT/config.m4" -nt "$NSSCACHE_ROOT/Makefile" ]; then
        nsscache_step "phpize + configure ($php_config)" nsscache_configure "$phpize" "$php_config" "$cflags" ||
            return 1
        echo "$stamp" > "$NSSCACHE_ROOT/.build-stamp"
    fi
    log=$(mktemp)
    make -C "$NSSCACHE_ROOT" -j2 >"$log" 2>&1 || rc=$?
    # A header that a pull removed is still in the compiler's .dep files: once without them.
    if [ "$rc" -ne 0 ] && grep -q 'No rule to make target' "$log"; then
        find "$NSSCACHE_ROOT" "$NSSCACHE_ROOT/src" -maxdepth 1 -name '*.dep' -delete
        rc=0; make -C "$NSSCACHE_ROOT" -j2 >"$log" 2>&1 || rc=$?
    fi
    if [ "$rc" -ne 0 ] || grep -q 'warning:' "$log"; then
        cat "$log"; rm -f "$log"
        nsscache_log "build failed$([ "$rc" -eq 0 ] && echo ': compiler warnings (see above)')"
        return 1
    fi
    rm -f "$log"
    nsscache_log "built modules/nsscache.so"
}

# sha256 of the extension's C sources with the comments stripped (gcc -fpreprocessed: no include
# or macro is expanded), in a fixed order: nsscache.c, php_nsscache.h, nsscache_compat.h, src/*.c,
# src/*.h. bench/run records it in bench/RESULTS.md and the build suite compares: a change to the
# code (not to a comment) means the benchmark is to be run again.
nsscache_c_hash() {
    local out
    out=$(
        cd "$NSSCACHE_ROOT" || exit 1
        { printf '%s\n' nsscache.c php_nsscache.h nsscache_compat.h nsscache_compat_old.h
            printf '%s\n' src/*.c | LC_ALL=C sort; printf '%s\n' src/*.h | LC_ALL=C sort; } |
            while IFS= read -r f; do gcc -fpreprocessed -dD -E -P -w -x c "$f" || exit 1; done
    ) || return 1
    printf '%s\n' "$out" | sha256sum | cut -d' ' -f1
}

# bench/RESULTS.md describes the C it measured: its "C sources: sha256 `...`" is nsscache_c_hash
# of that C. nsscache_results_current says when it is not this C's (the build suite warns,
# scripts/release refuses).
nsscache_results_hash() {
    sed -n 's/.*C sources: sha256 `\([0-9a-f]\{64\}\)`.*/\1/p' "$NSSCACHE_ROOT/bench/RESULTS.md" | head -n 1
}
nsscache_results_current() {
    local want got
    want=$(nsscache_results_hash); got=$(nsscache_c_hash) || return 1
    if [ "$want" != "$got" ]; then
        printf 'bench/RESULTS.md measured the C with sha256 %s; the C here hashes to %s:\n' "${want:-(none)}" "$got"
        printf '  run bench/run (14 min 6 s on 2 cores on 2026-12-07) and commit its RESULTS.md, data/ and plots\n'
        return 1
    fi
}

# data/php-evidence.tsv (the old PHPs, measured by hand) names in each row the commit it measured.
# What runs inside the PHP under test must be the same there as at REV (default HEAD): config.m4,
# the sources it compiles, every header, and the doctor's in-target code (fleet/nsscache-metrics.php,
# sent verbatim to each PHP it asks). PHP 5.3's rows (not supported) are for information.
nsscache_evidence_current() {
    local rev=${1:-HEAD} git=(git -C "$NSSCACHE_ROOT") srcs php build ran c bad=() n=0
    srcs=$("${git[@]}" show "$rev:config.m4" | sed -n 's/^ *NSSCACHE_SOURCES="\(.*\)"/\1/p')
    [ -n "$srcs" ] || { echo "config.m4 at $rev names no NSSCACHE_SOURCES"; return 1; }
    while IFS=$'\t' read -r php build ran _ _ c; do
        [[ -z $php || $php == \#* || $php == 5.3.* ]] && continue
        n=$((n + 1))
        # shellcheck disable=SC2086 # the sources are words
        "${git[@]}" diff --quiet "$c" "$rev" -- config.m4 $srcs ':(glob)*.h' ':(glob)src/*.h' \
            fleet/nsscache-metrics.php 2>/dev/null || bad+=("$php $build $ran ($c)")
    done < <("${git[@]}" show "$rev:data/php-evidence.tsv")
    [ "$n" -gt 0 ] || { echo "data/php-evidence.tsv at $rev has no rows"; return 1; }
    [ ${#bad[@]} -eq 0 ] && return 0
    echo "data/php-evidence.tsv: rows measured on other C or in-target code than $rev's: measure them again"
    printf '  %s\n' "${bad[@]}"
    return 1
}

nsscache_configure() {   # PHPIZE PHP_CONFIG CFLAGS: in the checkout (output: the step's log)
    cd "$NSSCACHE_ROOT" || return 1
    if [ -f Makefile ]; then make distclean >/dev/null 2>&1 || true; fi
    "$1" && ./configure --enable-nsscache --with-php-config="$(command -v "$2")" CFLAGS="$3"
}

# The extension's files: what git tracks (plus new, unignored files in a work tree); in an
# unpacked release, what package.xml names. Run in the source root.
nsscache_source_files() {
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files --cached --others --exclude-standard
    elif [ -f package.xml ]; then
        "$NSSCACHE_PHP" "$NSSCACHE_ROOT/ci/package-xml.php" list package.xml
    else
        nsscache_die "$PWD: neither a git work tree nor a package.xml to list the sources"
    fi
}

# nsscache_build_copy PHP_CONFIG DIR [CFLAGS [PREFIX...]]: copies the extension's sources from
# ${NSSCACHE_SRC:-the checkout} into DIR (the checkout stays clean) and builds them there with
# phpize + configure + make (CC and LDFLAGS from the environment); DIR/build.log keeps the output.
# PREFIX...: a command that phpize, configure and make run through (ci/matrix: `ci/debian-root run ROOT DIR`).
nsscache_build_copy() {
    local php_config=$1 dir=$2 cflags=${3:-"-O2 -g $NSSCACHE_WARN_FLAGS"} phpize
    local -a pre=("${@:4}")
    phpize=$(nsscache_phpize "$php_config")
    mkdir -p "$dir"
    (cd "${NSSCACHE_SRC:-$NSSCACHE_ROOT}" && nsscache_source_files \
        | grep -v -e '^ci/' -e '^\.ci/' -e '^bench/' -e '^demo/' -e '^scripts/' \
        | while IFS= read -r f; do [ -f "$f" ] && printf '%s\0' "$f"; done \
        | xargs -0 cp --parents -t "$dir") || return 1
    (
        cd "$dir" && "${pre[@]}" "$phpize" \
            && CFLAGS=$cflags "${pre[@]}" ./configure --with-php-config="$php_config" --enable-nsscache \
            && "${pre[@]}" make -j2
    ) >"$dir/build.log" 2>&1 && [ -f "$dir/modules/nsscache.so" ]
}

# nsscache_pecl_package DIR: the release tarball DIR/nsscache-VERSION.tgz, made by `pecl package`
# from a copy (DIR/pkg) of only what package.xml names; prints its path. DIR/package.log keeps
# pecl's output. Needs php-pear and php-xml.
nsscache_pecl_package() {
    local dir=$1 version
    version=$(sed -n 's/^#define PHP_NSSCACHE_VERSION "\(.*\)"/\1/p' "$NSSCACHE_ROOT/php_nsscache.h")
    rm -rf "$dir/pkg" && mkdir -p "$dir/pkg" || return 1
    (cd "$NSSCACHE_ROOT" && "$NSSCACHE_PHP" ci/package-xml.php list package.xml | xargs cp --parents -t "$dir/pkg" \
        && cp package.xml "$dir/pkg/") || return 1
    (cd "$dir/pkg" && pecl package package.xml) >"$dir/package.log" 2>&1 || { cat "$dir/package.log" >&2; return 1; }
    mv "$dir/pkg/nsscache-$version.tgz" "$dir/" && rm -rf "$dir/pkg" && printf '%s\n' "$dir/nsscache-$version.tgz"
}

NSSCACHE_PHP_FLAVOURS="7.4-nts 7.4-zts 8.2-nts 8.2-zts 8.2-asan 8.2-curl"

# nsscache_build_php FLAVOUR -> prints the install prefix (bin/php, bin/phpize, bin/php-config,
# lib/php/run-tests.php): $NSSCACHE_CACHE/php/<version>-<flavour>-<hash>, the hash covering the
# Debian source version, compiler and configure flags; a .done marker makes a second run instant,
# a lock makes a parallel build of the same flavour wait and reuse. Orig tarballs only (no Debian
# patches): the matrix tests our extension, not Debian's PHP.
nsscache_build_php() {
    local flavour=$1 debver upver pkg suite flags cc cflags pkgs hash prefix build
    case " $NSSCACHE_PHP_FLAVOURS " in
    *" $flavour "*) ;;
    *) nsscache_die "unknown PHP flavour $flavour (one of: $NSSCACHE_PHP_FLAVOURS)" ;;
    esac
    nsscache_php_source "${flavour%%-*}"
    suite=$NSSCACHE_PHP_SUITE pkg=$NSSCACHE_PHP_PKG debver=$NSSCACHE_PHP_DEBVER
    upver=${debver%-*}
    # What run-tests.php and the phpt suite use beyond the core: posix (pids,
    # uids), json (7.4 lets --disable-all drop it), ctype/tokenizer are cheap.
    flags=(--disable-all --enable-cli --disable-cgi --disable-phpdbg --without-pear
           --enable-posix --enable-ctype --enable-tokenizer)
    [ "${upver%%.*}" = 7 ] && flags+=(--enable-json)
    # -O0: these PHPs run tests, not benchmarks, and the build is most of a cold
    # CI run (-O2 spends 3.5x the CPU on Zend/zend_execute.c). The matrix builds
    # the extension itself with -O2 whatever PHP was built with.
    cc=gcc cflags="-O0 -g"
    case $flavour in
    *-nts) ;;
    7.4-zts) flags+=(--enable-maintainer-zts) ;;
    # 8.2-zts also builds the Apache 2.4 module (Debian's apache2-dev) for tests/sapi/hammer:
    # <prefix>/lib/apache2/libphp.so, never the system's Apache dirs or config (below).
    8.2-zts) flags+=(--enable-zts --with-apxs2=/usr/bin/apxs2) ;;
    # ext/curl compiled into the binary, as the official Docker images ship it: the loader names
    # the main program after argv[0], which is the process title, not the binary's name. libcurl4-nss-dev:
    # the one libcurl4-*-dev the integration harness installs (they conflict with each other).
    8.2-curl) flags+=(--with-curl) ;;
    8.2-asan)
        # PHP's own switches (8.0+) add -fsanitize=... and ZEND_TRACK_ARENA_ALLOC so
        # the arena allocator is visible to ASan; clang as in php-src's CI.
        cc=clang cflags="-O0 -g -fno-omit-frame-pointer"
        flags+=(--enable-debug --enable-address-sanitizer --enable-undefined-sanitizer) ;;
    esac
    pkgs=(build-essential pkg-config xz-utils dpkg-dev ca-certificates)
    [ "$cc" = clang ] && pkgs+=(clang)
    [ "$flavour" = 8.2-curl ] && pkgs+=(libcurl4-nss-dev)
    # configure runs apxs2 and `apache2 -v` (apache2-bin) to learn Apache's version
    [ "$flavour" = 8.2-zts ] && pkgs+=(apache2-dev apache2-bin)
    nsscache_apt_install "${pkgs[@]}"

    hash=$(printf '%s\n' "$debver" "$cc" "$("$cc" -dumpversion)" "$cflags" "${flags[@]}" | sha256sum | cut -c1-10)
    prefix="$NSSCACHE_CACHE/php/$upver-${flavour#*-}-$hash"
    if [ -f "$prefix/.done" ]; then printf '%s\n' "$prefix"; return 0; fi
    mkdir -p "$NSSCACHE_CACHE/php"
    (
        exec 9>"$prefix.lock"
        flock 9
        if [ -f "$prefix/.done" ]; then exit 0; fi
        nsscache_apt_source "$suite" "$pkg" "$debver" "$NSSCACHE_PHP_SRC" "$pkg-cli" || exit 1
        build="$NSSCACHE_CACHE/php/.build-$upver-${flavour#*-}-$hash"
        # the source used: the pin, or what nsscache_apt_source fell back to
        debver=$(nsscache_source_version "$NSSCACHE_PHP_SRC" "$debver") upver=${debver%-*} upver=${upver#*:}
        nsscache_step "build-php $flavour: PHP $upver ($debver) from source, a few minutes" \
            nsscache_build_php_now "$prefix" "$build" "$NSSCACHE_PHP_SRC/${pkg}_$upver.orig.tar.xz" \
            "$cc" "$cflags" "$flavour" "$debver" "${flags[@]}"
    ) >&2 || return 1
    printf '%s\n' "$prefix"
}
# PREFIX BUILD ORIG_TARBALL CC CFLAGS FLAVOUR DEBVER CONFIGURE_FLAG... (output: the step's log)
nsscache_build_php_now() {
    local prefix=$1 build=$2 orig=$3 cc=$4 cflags=$5 flavour=$6 debver=$7
    shift 7
    rm -rf "$build" "$prefix"
    mkdir -p "$build" || return 1
    trap 'rm -rf "$build"' EXIT
    echo "build-php $flavour -> $prefix"
    tar -xJf "$orig" -C "$build" --strip-components=1 && cd "$build" || return 1
    CC=$cc CFLAGS=$cflags ./configure --prefix="$prefix" "$@" && make -j"$(nproc)" && make install INSTALL_IT=: ||
        return 1
    # INSTALL_IT=: above: PHP's install-sapi runs `apxs -i -a`, which copies libphp.so into
    # the system's Apache module dir and enables it in its config. Into the prefix instead.
    if [ -f libs/libphp.so ]; then
        install -D -m 0644 libs/libphp.so "$prefix/lib/apache2/libphp.so" || return 1
    fi
    # run-tests.php is installed by 8.x (lib/php/build) but not by 7.4: keep one at a fixed place.
    cp run-tests.php "$prefix/lib/php/run-tests.php" &&
        printf '%s\n' "$flavour" "$debver" "$cc $cflags" "$@" > "$prefix/build-info" &&
        "$prefix/bin/php" -n -v && touch "$prefix/.done"
}
