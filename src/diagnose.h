/*
 * nsscache: the facts the diagnostics report, gathered in one place
 * (plain C, no Zend types, no English: src/report.c words them).
 *
 * Detected once per process (they cannot change once loaded): which
 * libcurl, NSS and softokn, and the distribution. Re-read on EVERY refresh:
 * NSS initialisation, the database and temp directory (a few stat()/access()/
 * statfs() calls, about 10 us), the dentry counters; then the prediction.
 */
#ifndef NSSCACHE_DIAGNOSE_H
#define NSSCACHE_DIAGNOSE_H

#include "env_policy.h"
#include "detect_dentry.h"
#include "detect_distro.h"
#include "detect_fs.h"
#include "detect_libs.h"
#include "detect_predict.h"

typedef struct {
	/* detected once per process */
	int detected;
	nsscache_libcurl_info curl;
	nsscache_nss_info nss;
	nsscache_softokn_info softokn;
	nsscache_distro distro;

	/* re-read on every refresh */
	int nss_initialized;
	nsscache_db_info db;
	nsscache_tempdir_info tmp;
	int dentry_ok;
	nsscache_dentry_state dentry;
	nsscache_dentry_error dentry_error;
	nsscache_timing timing;
	nsscache_version versions[2];
	nsscache_predict_in in;
	nsscache_prediction prediction;
} nsscache_diag;

/* The environment values the diagnostics depend on (NULL = unset), owned by
 * the caller (a copy taken under its environment lock), and which paths the
 * diagnostics may look at. */
typedef struct {
	const char *nss_sdb_use_cache;
	const char *ssl_dir;
	const char *sqlite_tmpdir;
	const char *tmpdir;
	const nsscache_path_gate *gate;     /* NULL: every path may be looked at */
} nsscache_diag_env;

/*
 * Refresh D. EXT_CURL_ADDR is any address inside ext/curl's object, or
 * NULL; CFG and REC say what nsscache did with the variable, which decides
 * whether NSS saw the current value. DENTRY_PATH is NULL for /proc.
 * Not thread-safe: the caller serialises.
 */
void nsscache_diag_refresh(nsscache_diag *d, const void *ext_curl_addr,
		const nsscache_config *cfg, const nsscache_record *rec,
		const nsscache_diag_env *env, const char *dentry_path);

/*
 * Did NSS see the current value when it opened its database? Before NSS is
 * initialised, it will. After, only the record can tell: nsscache applies
 * before any script code runs, so a value it left (or found at load and
 * kept) is the one NSS saw; anything else was changed by a script later.
 */
nsscache_timing nsscache_diag_timing(int nss_initialized, const nsscache_config *cfg,
		const nsscache_record *rec, const char *current);

#endif
