/*
 * nsscache: everything the diagnostics report, gathered in one place
 * (plain C, no Zend types). Detect once what cannot change in a process
 * (which libcurl, NSS, softokn, distribution), re-read what can (the
 * environment, the DB and temp dir they name, NSS initialisation, the
 * dentry counters), then predict. The Zend glue only formats the result.
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
	char dentry_error[256];
	nsscache_timing timing;
	nsscache_version versions[2];
	nsscache_predict_in in;
	nsscache_prediction prediction;

	/* what db/tmp were computed from: recomputed only when these change */
	int paths_valid;
	int had_ssl_dir, had_sqlite_tmpdir, had_tmpdir;
	char ssl_dir[PATH_MAX], sqlite_tmpdir[PATH_MAX], tmpdir[PATH_MAX];
} nsscache_diag;

/* The environment values the diagnostics depend on (NULL = unset). */
typedef struct {
	const char *nss_sdb_use_cache;
	const char *ssl_dir;
	const char *sqlite_tmpdir;
	const char *tmpdir;
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

/* JSON-free text helpers for MINFO / arrays. */
const char *nsscache_db_source_name(nsscache_db_source s); /* "SSL_DIR", "default", "none" */
const char *nsscache_tri_name(nsscache_tri t);            /* "yes", "no", "unknown" */

#endif
