/* SPDX-License-Identifier: BSD-2-Clause */
/* What only this process can tell (plain C, no Zend types): its libcurl, libnss3 and libsoftokn3,
 * and whether NSS_SDB_USE_CACHE is in effect for them. No library is loaded, no code run but
 * libcurl's curl_version_info(); NSS's versions are read from the mapped images or the softokn
 * file beside libnss3 or in a system library directory (never a path from the environment). */
#ifndef NSSCACHE_FACTS_H
#define NSSCACHE_FACTS_H

#include <stddef.h>
#include <stdint.h>

#include "policy.h"
#include "util.h"

typedef enum { NSSCACHE_CURL_NONE = 0, NSSCACHE_CURL_EXT_CURL, NSSCACHE_CURL_ONLY, NSSCACHE_CURL_FIRST } nsscache_curl_how;
typedef enum { NSSCACHE_SOFTOKN_NONE = 0, NSSCACHE_SOFTOKN_LOADED, NSSCACHE_SOFTOKN_FILE } nsscache_softokn_how;

/* "3.87.1" as NSSCACHE_VERSION(3, 87, 1), which orders as the versions do;
 * a part the string does not give is 0 */
typedef long long nsscache_version;
#define NSSCACHE_VERSION(major, minor, patch) (((long long) (major) * 1000 + (minor)) * 1000000 + (patch))

typedef struct {
	/* libcurl */
	nsscache_curl_how curl_how;
	char curl_version[32];          /* "" when not found */
	char curl_ssl[64];              /* "NSS/3.87.1"; "" when none */
	int curl_nss;                   /* curl_ssl starts with "NSS/" */
	char curl_path[PATH_MAX];
	int ext_curl_missed;            /* ext/curl is loaded, but its libcurl was not identified */
	/* libnss3 */
	char nss_version[32];           /* "" when its string was not found */
	char nss_path[PATH_MAX];        /* "" when not loaded */
	/* libsoftokn3: loaded means NSS has initialised (NSS_Init, NSS_NoDB_Init) */
	nsscache_softokn_how softokn_how;
	char softokn_version[32];
	nsscache_version softokn_v;
	char softokn_path[PATH_MAX];
	int softokn_system;             /* in a system library directory */
	int secure_exec;                /* AT_SECURE: softokn >= 3.23 reads the variable with secure_getenv */
} nsscache_libs;

/* The loader's counts of loads and unloads (glibc's dlpi_adds and
 * dlpi_subs): facts gathered under an equal stamp are still true. */
typedef struct {
	unsigned long long adds, subs;
} nsscache_stamp;

void nsscache_stamp_now(nsscache_stamp *s);
int nsscache_stamp_equal(const nsscache_stamp *a, const nsscache_stamp *b);

/* EXT_CURL: ext/curl is loaded; EXT_CURL_HANDLE: the dlopen() handle of its
 * .so, NULL when it is compiled into PHP. */
void nsscache_libs_gather(nsscache_libs *out, int ext_curl, void *ext_curl_handle);

/* Is NSS's softoken loaded (so NSS has opened its DB)? */
int nsscache_softokn_loaded(void);
/* Where NSS takes softokn from when not loaded (data/softokn-candidates.tsv): beside libnss3 NSS and
 * REAL, its resolved path (NULL: none; relative: nowhere), then the system dirs (system-lib-dirs.tsv). */
int nsscache_softokn_dirs(const char *nss, const char *real, const char *libc_dir, char dirs[8][PATH_MAX]);

/* The version built into softokn/libnss3 ("Version: NSS 3.87.1 Basic ECC"; older
 * builds: "$Header: NSS 3.12.9.0 ..."), in LEN bytes of BUF: 0 with VERSION
 * ("3.87.1") and V, else -1. Only a complete string counts: one that runs to the
 * end of BUF may continue beyond it. */
int nsscache_parse_nss_version(const char *buf, size_t len, char *version, size_t versionlen,
		nsscache_version *v);
/* The same string in the file at PATH, read in chunks without running it (bounded, never blocking):
 * 0 when PATH is a regular file (VERSION stays "" when it holds no string), or -1. */
int nsscache_file_nss_version(const char *path, char *version, size_t versionlen, nsscache_version *v);

/* Why in_effect is what it is: the closed list of docs/api.md. In effect;
 * not (UNSET to SOFTOKN_IGNORES); cannot be known or does not apply (the rest). */
typedef enum {
	NSSCACHE_EFFECT_IN_EFFECT = 0, NSSCACHE_EFFECT_UNSET, NSSCACHE_EFFECT_PROBING_VALUE,
	NSSCACHE_EFFECT_SET_AFTER_NSS_INIT, NSSCACHE_EFFECT_OPENED_UNDER_PUTENV, NSSCACHE_EFFECT_SECURE_EXEC,
	NSSCACHE_EFFECT_SOFTOKN_IGNORES, NSSCACHE_EFFECT_SOFTOKN_VERSION_AMBIGUOUS, NSSCACHE_EFFECT_SOFTOKN_UNKNOWN,
	NSSCACHE_EFFECT_NO_NSS_CURL, NSSCACHE_EFFECT_CHANGED_BELOW_PHP, NSSCACHE_EFFECT_N
} nsscache_effect;

/* 1 in effect, 0 not, -1 cannot be known or does not apply. */
#define nsscache_effect_value(e) \
	((e) == NSSCACHE_EFFECT_IN_EFFECT ? 1 : (e) < NSSCACHE_EFFECT_SOFTOKN_VERSION_AMBIGUOUS ? 0 : -1)
const char *nsscache_effect_code(nsscache_effect e);

/* CURRENT: the variable now (NULL: unset); REC: the policy's record. */
nsscache_effect nsscache_in_effect(const nsscache_libs *libs, const nsscache_record *rec, const char *current);

#endif
