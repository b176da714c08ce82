# SPDX-License-Identifier: BSD-2-Clause
# Helpers of the SAPI suites (sourced by tests/sapi/run, hammer and soak): every PHP server a
# RHEL host runs, on the real-NSS harness (scripts/lib/nss.sh: NSS ext/curl, rhel7 softokn,
# test PKI, access() counter), each started through the one launcher (scripts/lib/server.sh)
# from a private config on 127.0.0.1 and a free port.
# The variables set here are read by the suites that source this file (SC2034).
# shellcheck shell=bash disable=SC2034
SAPI_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../../scripts/lib/nss.sh
. "$SAPI_DIR/../../scripts/lib/nss.sh"
# shellcheck source=../../scripts/lib/assert.sh
. "$NSSCACHE_ROOT/scripts/lib/assert.sh"

# Debian's apache2 enables (and, where invoke-rc.d may, starts) its own service on install. The
# suites never touch it or /etc/apache2: each Apache here has its own ServerRoot, config, PidFile,
# runtime dir and port, so the two never meet.
SAPI_PACKAGES=(apache2 libapache2-mod-php8.2 php8.2-cgi libfcgi-bin curl)
SAPI_APACHE=/usr/sbin/apache2
SAPI_APACHE_MODS=/usr/lib/apache2/modules
SAPI_PHP_CGI=/usr/bin/php-cgi8.2
# A PHP built from source (NSSCACHE_PHP_CONFIG, nss.sh): its php-cgi; mod_php stays Debian's 8.2
[ -z "$NSSI_PHP_PREFIX" ] || SAPI_PHP_CGI=$NSSI_PHP_PREFIX/bin/php-cgi
SAPI_USER=www-data    # Debian's Apache runs its children as www-data

# sapi_tls_start: openssl s_server -www on a free port (nssi_server_start); SAPI_URL is its URL.
sapi_tls_start() {
    nssi_server_start && SAPI_URL="https://127.0.0.1:$NSSI_PORT/"
}

# sapi_case NAME MODE(on|off) [ini line...] -> sets SAPI_CASE=$SRV_DIR/NAME with www/ (the request
# scripts), db/ (SSL_DIR: a copy of the test NSS DB), tmp/ (TMPDIR), php/php.ini (the NSS
# ext/curl, nsscache before it when MODE=on, the extra lines, $SAPI_INI) and count (the counter's
# file). Everything is readable by www-data, tmp/ and count writable.
sapi_case() {
    local name=$1 mode=$2 d; shift 2
    d="$SRV_DIR/$name"
    mkdir -p "$d/www" "$d/db" "$d/tmp" "$d/php"
    cp -a "$NSSI_PKI/nssdb/." "$d/db/"
    cp "$SAPI_DIR"/www/*.php "$NSSI_DIR/https_get.php" "$d/www/"
    {
        [ "$mode" = on ] && printf 'extension=%s\n' "$NSSI_NSSCACHE_SO"
        printf 'extension=%s\n' "$NSSI_CURL_SO"
        printf '%s\n' "$@"
        # SAPI_INI: one more line for every case, e.g. nsscache.enabled=0 to watch the suites fail
        [ -z "${SAPI_INI:-}" ] || printf '%s\n' "$SAPI_INI"
    } > "$d/php/php.ini"
    : > "$d/count"
    : > "$d/www/_nssiReport_"
    chmod -R a+rX "$d"
    chmod 1777 "$d/tmp"
    chmod 0666 "$d/count"
    SAPI_CASE=$d
}

# sapi_admin_env DIR [VAR=value...]: DIR/envvars, what an admin adds to /etc/apache2/envvars
# (or /etc/sysconfig/httpd on RHEL) for the rhel7 softokn and the test DB; the extra
# assignments too (e.g. the parent-environment hand fix NSS_SDB_USE_CACHE=yes).
sapi_admin_env() {
    local d=$1 a; shift
    {
        printf 'export LD_LIBRARY_PATH=%q\n' "$NSSI_SOFTOKN_ROOT/rhel7"
        printf 'export SSL_DIR=%q\nexport TMPDIR=%q\n' "$d/db" "$d/tmp"
        for a in "$@"; do printf 'export %s=%q\n' "${a%%=*}" "${a#*=}"; done
    } > "$d/envvars"
}

# sapi_env DIR -> (array SAPI_ENV) what every server starts with under env -i: PATH, HOME, the
# counter preloaded with libnspr4 (PHP dlopens ext/curl with RTLD_DEEPBIND), its file, and
# no ini scan dir (Debian's conf.d would load Debian's OpenSSL ext/curl next to ours).
sapi_env() {
    SAPI_ENV=(PATH="$PATH" HOME="$1" LD_PRELOAD="$NSSI_COUNTER_SO libnspr4.so" NSSI_COUNT_FILE="$1/count"
        PHP_INI_SCAN_DIR=)
}

# sapi_apache_conf DIR PORT MPM MOD_PHP [line...] -> DIR/apache2.conf: a private ServerRoot,
# prefork or event MPM, mod_php from MOD_PHP with PHPIniDir DIR/php, children recycled after
# ${SAPI_MAX_CONN:-3} connections, .htaccess allowed in DIR/www; extra lines at the end.
sapi_apache_conf() {
    local d=$1 port=$2 mpm=$3 mod=$4; shift 4
    mkdir -p "$d/run"
    {
        printf 'ServerRoot %s\nServerName 127.0.0.1\nListen 127.0.0.1:%s\n' "$d" "$port"
        printf 'PidFile %s/apache2.pid\nDefaultRuntimeDir %s/run\n' "$d" "$d"
        printf 'ErrorLog %s/error.log\nLogLevel notice\nUser %s\nGroup %s\n' "$d" "$SAPI_USER" "$SAPI_USER"
        printf 'LoadModule mpm_%s_module %s/mod_mpm_%s.so\n' "$mpm" "$SAPI_APACHE_MODS" "$mpm"
        printf 'LoadModule authz_core_module %s/mod_authz_core.so\n' "$SAPI_APACHE_MODS"
        printf 'LoadModule env_module %s/mod_env.so\n' "$SAPI_APACHE_MODS"
        printf 'LoadModule php_module %s\nPHPIniDir %s/php\n' "$mod" "$d"
        printf 'MaxConnectionsPerChild %s\nKeepAlive Off\nTimeout 30\n' "${SAPI_MAX_CONN:-3}"
        printf 'DocumentRoot %s/www\n<Directory %s/www>\n' "$d" "$d"
        printf '  AllowOverride FileInfo\n  Require all granted\n</Directory>\n'
        printf '<FilesMatch "\\.php$">\n  SetHandler application/x-httpd-php\n</FilesMatch>\n'
        printf '%s\n' "$@"
    } > "$d/apache2.conf"
}

# sapi_apache_start NAME DIR: Apache from DIR/apache2.conf in the foreground of its own session,
# with the admin's DIR/envvars sourced first, as apache2ctl does, through the SAPI_APACHE_PREFIX
# command when set (one that ends by exec'ing its arguments: unshare with bind mounts). Stopped with TERM.
SAPI_APACHE_PREFIX=()
sapi_apache_start() {
    local name=$1 d=$2 port
    port=$(sed -n 's/^Listen 127.0.0.1:\([0-9]*\)$/\1/p' "$d/apache2.conf")
    sapi_env "$d"
    srv_start -t 20 -l "$d/error.log" "$name" "tcp:$port" "${SAPI_APACHE_PREFIX[@]}" env -i "${SAPI_ENV[@]}" \
        bash -c '. "$1" && exec "$2" -f "$3" -DFOREGROUND' apache2 "$d/envvars" "$SAPI_APACHE" "$d/apache2.conf"
}

# sapi_get PORT SCRIPT [QUERY] -> the body of one HTTP request to 127.0.0.1:PORT/SCRIPT?url=...
sapi_get() {
    curl -sS --max-time 30 "http://127.0.0.1:$1/$2?url=$SAPI_URL${3:+&$3}" 2>&1 || true
}

# sapi_fcgi ADDR SCRIPT_FILENAME -> the body of one FastCGI request (cgi-fcgi, CGI headers cut).
sapi_fcgi() {
    local out
    out=$(env -i SCRIPT_FILENAME="$2" REQUEST_METHOD=GET QUERY_STRING="url=$SAPI_URL" REDIRECT_STATUS=200 \
        GATEWAY_INTERFACE=CGI/1.1 SERVER_PROTOCOL=HTTP/1.1 timeout 30 cgi-fcgi -bind -connect "$1" 2>&1)
    out=${out//$'\r'/}
    printf '%s\n' "${out#*$'\n\n'}"
}

# sapi_count DIR -> the probe calls of all processes that reported to DIR/count: the last
# (cumulative) line of each pid, summed; "missing" when none reported.
sapi_count() {
    [ -s "$1/count" ] || { echo missing; return; }
    awk '{ last[$1] = $2 } END { s = 0; for (p in last) s += last[p]; print s }' "$1/count"
}

# sapi_judge NAME DIR N WANT(P|-) [KEY=VALUE...]: checks DIR/responses (one JSON line per request,
# from www/https.php): N lines, every one "ok" with every KEY=VALUE; the probe calls counted in
# DIR/count classified as WANT (P: > NSSI_PROBE_MIN, -: < NSSI_NOPROBE_MAX); every pid that answered
# reported a count. Prints one summary line.
sapi_judge() {
    local name=$1 d=$2 n=$3 want=$4 calls got summary; shift 4
    calls=$(sapi_count "$d")
    got='?'
    case $calls in
    *[!0-9]*|'') ;;
    *) if [ "$calls" -gt "$NSSI_PROBE_MIN" ]; then got=P; elif [ "$calls" -lt "$NSSI_NOPROBE_MAX" ]; then got=-; fi ;;
    esac
    summary=$(env -i "$NSSCACHE_PHP" -n "$SAPI_DIR/judge.php" "$d/responses" "$d/count" "$n" "$@" 2>&1) || true
    printf '  %-58s %8s probe calls (want %s)  %s\n' "$name" "$calls" "$want" "$summary"
    check_eq "$name: probe" "$want" "$got"
    check_eq "$name: responses" ok "${summary%% *}"
}

# sapi_no_signal ERROR_LOG: Apache's parent logs a child that died on a signal (AH00052 "exit
# signal Segmentation fault"...); fails when it did.
sapi_no_signal() { ! grep -E 'exit signal|AH00052|exited on signal' "$1"; }
