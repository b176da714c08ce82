/*
 * nsscache: the words (plain C, no Zend types).
 *
 * The only unit that turns facts into names and sentences. It reads what the
 * policy recorded and what the diagnostics found, and produces ONE ordered
 * list of rows. Every view is a short walk over that list:
 *
 *   nsscache_status()   rows with NSSCACHE_VIEW_STATUS: SECTION groups rows
 *                       into a sub-array (in order, contiguous), KEY is the
 *                       array key, VALUE its typed value.
 *   MINFO / php --ri    rows with a LABEL: LABEL => TEXT (or VALUE as text).
 *   nsscache_versions() the list built by nsscache_report_versions().
 *   metrics (later)     any row: "SECTION.KEY" (or "KEY") is a stable machine
 *                       name, VALUE is typed (bool/int -> a sample; string ->
 *                       an _info label), so no view re-formats a fact.
 *
 * A report owns its strings (copied into its arena), so it stays valid after
 * the diagnostics that produced it change, and a view can print it without
 * holding any lock.
 */
#ifndef NSSCACHE_REPORT_H
#define NSSCACHE_REPORT_H

#include <stddef.h>

#include "diagnose.h"
#include "env_policy.h"

typedef enum {
	NSSCACHE_RV_NULL = 0,
	NSSCACHE_RV_STRING,
	NSSCACHE_RV_BOOL,
	NSSCACHE_RV_TRI,            /* yes/no/unknown: status shows unknown as null */
	NSSCACHE_RV_INT
} nsscache_rv_type;

/* Which views show a row (a metrics view may read every row). */
#define NSSCACHE_VIEW_STATUS 0x1u
#define NSSCACHE_VIEW_INFO   0x2u

typedef struct {
	const char *section;        /* NULL: top level; else a sub-array ("libcurl", "db", "dentry", ...) */
	const char *key;            /* key in the section; NULL with RV_NULL: the whole section is null */
	const char *label;          /* MINFO row label, or NULL */
	const char *text;           /* MINFO text, or NULL: VALUE as text */
	unsigned views;
	nsscache_rv_type type;
	union {
		const char *s;          /* RV_STRING: never NULL (an absent string is RV_NULL) */
		int b;                  /* RV_BOOL */
		nsscache_tri t;         /* RV_TRI */
		long long i;            /* RV_INT */
	} v;
} nsscache_row;

#define NSSCACHE_REPORT_ROWS  80
/* every path twice (status value, MINFO text), plus the sentences */
#define NSSCACHE_REPORT_ARENA (10 * PATH_MAX + 8192)

typedef struct {
	size_t n;
	nsscache_row rows[NSSCACHE_REPORT_ROWS];
	size_t used;
	char arena[NSSCACHE_REPORT_ARENA];
} nsscache_report;

/* What the policy recorded and what the process looks like, copied by the
 * glue (under its environment lock) before any diagnostics run. */
typedef struct {
	const char *version;                /* nsscache's own */
	const nsscache_config *cfg;
	const nsscache_record *rec;
	const char *env;                    /* NSS_SDB_USE_CACHE now, NULL: unset */
	const nsscache_diag *diag;
} nsscache_report_facts;

/* The status/MINFO rows, in nsscache_status()'s key order. */
void nsscache_report_rows(nsscache_report *r, const nsscache_report_facts *f);

/* nsscache_versions(): nsscache, libcurl, ssl_version, curl_headers, nss, softokn. */
void nsscache_report_versions(nsscache_report *r, const nsscache_report_facts *f);

/* The dentry section alone (nsscache_dentry_state()); returns the number of rows (0: unreadable). */
size_t nsscache_report_dentry(nsscache_report *r, const nsscache_dentry_state *ds);

/* The machine name of a row: "section.key", "key", or "section" for a null
 * section. Returns BUF. */
const char *nsscache_row_name(const nsscache_row *row, char *buf, size_t len);

/* A row's MINFO text: its TEXT, else its value as text ("yes"/"no"/"unknown",
 * digits, "(unset)" for null). Returns BUF or a constant. */
const char *nsscache_row_text(const nsscache_row *row, char *buf, size_t len);

/* Words that views outside the diagnostics need. */
const char *nsscache_tri_name(nsscache_tri t);             /* "yes", "no", "unknown" */
const char *nsscache_action_name(nsscache_action a);       /* "set", "kept", ... */
const char *nsscache_phase_name(nsscache_phase p);         /* "load", "minit", "rinit" */
const char *nsscache_override_name(nsscache_override o);   /* "probing", "never", "always" */
const char *nsscache_var_name(nsscache_var v);             /* "unset", "yes", "no", "measure", "unknown" */
const char *nsscache_probe_name(nsscache_probe p);         /* "none", "expected", "possible" */
const char *nsscache_profile_name(nsscache_profile p);     /* "rhel7", ">=3.38", ... */
const char *nsscache_fs_class_name(nsscache_fs_class cls); /* "local", "network", "measure", "unknown" */
const char *nsscache_distro_family_name(nsscache_distro_family f); /* "rhel6", "rhel7", "other" */
const char *nsscache_softokn_how_name(nsscache_softokn_how how);   /* "loaded", "beside libnss3", ... */
const char *nsscache_db_source_name(nsscache_db_source s); /* "SSL_DIR", "default", "none" */
const char *nsscache_curl_how_name(nsscache_curl_how how);  /* "ext/curl's dependency", ..., NULL for none */

/* MINFO's "Action" row: e.g. 'replaced "1" with "yes" at rinit'. */
void nsscache_describe(const nsscache_config *cfg, const nsscache_record *rec, char *buf, size_t len);

/* The log lines of the policy: the replacement notice (once per process)
 * and the setenv() failure. */
void nsscache_report_notice(const nsscache_config *cfg, const nsscache_record *rec, char *buf, size_t len);
void nsscache_report_failure(const nsscache_record *rec, char *buf, size_t len);

/* The detection's sentences (status "note"/"reason" fields, MINFO). */
void nsscache_report_curl_reason(const nsscache_libcurl_info *c, char *buf, size_t len);
void nsscache_report_nss_reason(const nsscache_nss_info *n, char *buf, size_t len);
void nsscache_report_softokn_reason(const nsscache_softokn_info *s, char *buf, size_t len);
void nsscache_report_db_note(const nsscache_db_info *db, char *buf, size_t len);
void nsscache_report_db_reason(const nsscache_db_info *db, char *buf, size_t len);
void nsscache_report_tempdir_note(const nsscache_tempdir_info *t, char *buf, size_t len);
void nsscache_report_tempdir_reason(const nsscache_tempdir_info *t, char *buf, size_t len);
void nsscache_report_dentry_error(const nsscache_dentry_error *e, const char *path, char *buf, size_t len);

/* The prediction's two sentences, from its reason codes and inputs. */
void nsscache_report_probe_reason(const nsscache_predict_in *in, const nsscache_prediction *p, char *buf, size_t len);
void nsscache_report_in_effect_reason(const nsscache_predict_in *in, const nsscache_prediction *p, char *buf, size_t len);

#endif
