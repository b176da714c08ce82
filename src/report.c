/*
 * nsscache: the words. Every enum-to-name mapping and every sentence of
 * nsscache lives here, and nowhere else (plain C, no Zend types). The
 * detect_* units and the policy give facts and reason codes; this unit turns
 * them into one ordered list of rows that every view walks (see report.h).
 */
#include "report.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* {{{ names */

const char *nsscache_tri_name(nsscache_tri t)
{
	return t == NSSCACHE_YES ? "yes" : t == NSSCACHE_NO ? "no" : "unknown";
}

/* Names by enum value; every enum here counts from 0 without gaps. */
#define NAMES(fn, type, fallback, ...) \
	const char *fn(type v) \
	{ \
		static const char *const n[] = { __VA_ARGS__ }; \
		return (size_t) v < sizeof(n) / sizeof(n[0]) ? n[(size_t) v] : (fallback); \
	}

NAMES(nsscache_action_name, nsscache_action, "none", "none", "set", "kept", "replaced", "disabled", "failed")
NAMES(nsscache_phase_name, nsscache_phase, "none", "none", "load", "minit", "rinit")
NAMES(nsscache_override_name, nsscache_override, "probing", "probing", "never", "always")
NAMES(nsscache_var_name, nsscache_var, "unknown", "unset", "yes", "no", "measure", "unknown")
NAMES(nsscache_probe_name, nsscache_probe, "possible", "none", "expected", "possible")
NAMES(nsscache_profile_name, nsscache_profile, "unknown",
	"unknown", "3.12.3-3.15", "rhel6", "3.16-3.32", "rhel7", "3.33-3.37", ">=3.38")
NAMES(nsscache_fs_class_name, nsscache_fs_class, "unknown", "unknown", "local", "network", "measure")
NAMES(nsscache_distro_family_name, nsscache_distro_family, "other", "other", "rhel6", "rhel7")
NAMES(nsscache_softokn_how_name, nsscache_softokn_how, "not found",
	"not found", "loaded", "beside libnss3", "beside libnss3 (resolved symlink)", "search path")
NAMES(nsscache_db_source_name, nsscache_db_source, "none", "none", "SSL_DIR", "default")
/* NONE has no name: the status array shows null */
NAMES(nsscache_curl_how_name, nsscache_curl_how, NULL,
	NULL, "ext/curl's dependency", "only libcurl loaded", "first of several")
/* }}} */

/* {{{ the policy's sentences */

void nsscache_describe(const nsscache_config *cfg, const nsscache_record *rec, char *buf, size_t len)
{
	const char *phase = nsscache_phase_name(rec->phase);
	const char *cut = rec->previous_truncated ? "..." : "";
	const char *want = nsscache_value_string(cfg->value);

	if (!buf || len == 0) {
		return;
	}
	switch (rec->action) {
		case NSSCACHE_ACTION_SET:
			snprintf(buf, len, "set to \"%s\" at %s (was unset)", want, phase);
			break;
		case NSSCACHE_ACTION_REPLACED:
			snprintf(buf, len, "replaced \"%s%s\" with \"%s\" at %s", rec->previous, cut, want, phase);
			break;
		case NSSCACHE_ACTION_KEPT:
			snprintf(buf, len, "kept \"%s%s\" (found at %s, nsscache.override=%s)",
				rec->previous, cut, phase, nsscache_override_name(cfg->override));
			break;
		case NSSCACHE_ACTION_DISABLED:
			snprintf(buf, len, "none: nsscache.enabled=0");
			break;
		case NSSCACHE_ACTION_FAILED:
			snprintf(buf, len, "setenv() failed at %s: %s", phase, strerror(rec->error));
			break;
		default:
			snprintf(buf, len, "none yet");
			break;
	}
}

void nsscache_report_notice(const nsscache_config *cfg, const nsscache_record *rec, char *buf, size_t len)
{
	int probes = nsscache_var_classify(rec->previous) == NSSCACHE_VAR_MEASURE;

	snprintf(buf, len, "PHP Notice:  nsscache: replaced " NSSCACHE_ENV_NAME "=\"%s%s\" with \"%s\" at %s (%s)",
		rec->previous, rec->previous_truncated ? "..." : "",
		nsscache_value_string(cfg->value), nsscache_phase_name(rec->phase),
		probes ? "NSS treats that value as \"measure\" and probes the filesystem"
		       : "nsscache.override=always");
}

void nsscache_report_failure(const nsscache_record *rec, char *buf, size_t len)
{
	snprintf(buf, len, "Cannot set " NSSCACHE_ENV_NAME ": %s", strerror(rec->error));
}
/* }}} */

/* {{{ the detection's sentences */

static void lib_reason(nsscache_lib_why why, const char *detail, int count, char *buf, size_t len)
{
	const char *d = detail[0] != '\0' ? detail : "unknown error";

	switch (why) {
		case NSSCACHE_LIB_OK: buf[0] = '\0'; break;
		case NSSCACHE_LIB_OOM: snprintf(buf, len, "out of memory"); break;
		case NSSCACHE_LIB_NOT_LOADED: buf[0] = '\0'; break; /* per library, below */
		case NSSCACHE_LIB_NO_SYMBOL: snprintf(buf, len, "%.100s has no curl_version_info", detail); break;
		case NSSCACHE_LIB_NO_INFO: snprintf(buf, len, "curl_version_info returned nothing"); break;
		case NSSCACHE_LIB_EXT_CURL_MISS:
			snprintf(buf, len, "ext/curl's address led to no curl_version_info; reported the loaded %.100s", detail);
			break;
		case NSSCACHE_LIB_SEVERAL:
			snprintf(buf, len, "%d libcurl objects are loaded; without ext/curl's address the first (%.100s) was reported",
				count, detail);
			break;
		case NSSCACHE_LIB_CANNOT_OPEN: snprintf(buf, len, "libnss3 is mapped but cannot be opened: %.180s", d); break;
		case NSSCACHE_LIB_NO_VERSION_FN: snprintf(buf, len, "libnss3 has no NSS_GetVersion (NSS older than 3.13)"); break;
		case NSSCACHE_LIB_NOT_FOUND:
			snprintf(buf, len, "libsoftokn3 not found: not loaded, not beside libnss3, and dlopen by name failed (%.150s)", d);
			break;
		case NSSCACHE_LIB_GETINFO_FAILED: snprintf(buf, len, "C_GetInfo of %.150s failed", detail); break;
	}
}

void nsscache_report_curl_reason(const nsscache_libcurl_info *c, char *buf, size_t len)
{
	if (c->why == NSSCACHE_LIB_NOT_LOADED) {
		snprintf(buf, len, "ext/curl not loaded: no libcurl in this process");
	} else {
		lib_reason(c->why, c->detail, c->candidates, buf, len);
	}
}

void nsscache_report_nss_reason(const nsscache_nss_info *n, char *buf, size_t len)
{
	if (n->why == NSSCACHE_LIB_NOT_LOADED) {
		snprintf(buf, len, "libnss3 not loaded in this process (libcurl does not use NSS)");
	} else if (n->why == NSSCACHE_LIB_SEVERAL) {
		snprintf(buf, len, "%d copies of libnss3 are loaded; reported the first", n->copies);
	} else {
		lib_reason(n->why, n->detail, 0, buf, len);
	}
}

void nsscache_report_softokn_reason(const nsscache_softokn_info *s, char *buf, size_t len)
{
	if (s->why == NSSCACHE_LIB_NO_SYMBOL) {
		snprintf(buf, len, "libsoftokn3 has no C_GetFunctionList");
	} else {
		lib_reason(s->why, s->detail, 0, buf, len);
	}
}

/* By nsscache_ssl_dir_note; each takes SSL_DIR's start, then strerror (unused
 * arguments are allowed, C99 7.19.6.1). */
static const char *const db_notes[] = {
	[NSSCACHE_SSL_DIR_EMPTY] = "SSL_DIR is set but empty; libcurl ignores it",
	[NSSCACHE_SSL_DIR_NSS_PREFIX] = "SSL_DIR=%.120s has an NSS prefix, but libcurl adds \"sql:\" itself and stat()s the value as a plain path, so it ignores it",
	[NSSCACHE_SSL_DIR_STAT_FAILED] = "SSL_DIR=%.120s cannot be used (%s); libcurl ignores it",
	[NSSCACHE_SSL_DIR_NOT_DIR] = "SSL_DIR=%.120s is not a directory; libcurl ignores it",
	[NSSCACHE_SSL_DIR_HIDDEN] = "SSL_DIR=%.120s is outside open_basedir, so nsscache did not look at it",
};

void nsscache_report_db_note(const nsscache_db_info *db, char *buf, size_t len)
{
	if (db->note == NSSCACHE_SSL_DIR_TOO_LONG) {
		snprintf(buf, len, "SSL_DIR is %zu bytes long, over PATH_MAX; libcurl cannot stat it and ignores it", db->ssl_dir_len);
	} else if ((size_t) db->note < sizeof(db_notes) / sizeof(db_notes[0]) && db_notes[db->note] != NULL) {
		snprintf(buf, len, db_notes[db->note], db->ssl_dir, strerror(db->note_errno));
	} else {
		buf[0] = '\0';
	}
}

void nsscache_report_db_reason(const nsscache_db_info *db, char *buf, size_t len)
{
	if (db->hidden) {
		snprintf(buf, len, "not checked: open_basedir hides sql:%.120s (%s) from this script, so nsscache did not look at it",
			db->path, db->source == NSSCACHE_DB_SSL_DIR ? "from SSL_DIR" : "the default");
	} else if (db->source == NSSCACHE_DB_NONE) {
		snprintf(buf, len, "no certificate database: SSL_DIR is %s and %.100s does not exist, so libcurl starts NSS without one",
			db->ssl_dir_set ? "not a usable directory" : "unset", db->default_dir);
	} else if (!db->readable) {
		snprintf(buf, len, "libcurl will open sql:%.120s but this process cannot read that directory, so NSS will fail to open it", db->path);
	} else if (!db->cert9) {
		snprintf(buf, len, "libcurl will open sql:%.120s but it holds no readable cert9.db, so NSS will fail to open it read-only", db->path);
	} else {
		snprintf(buf, len, "libcurl will open sql:%.120s (%s, on %s)", db->path,
			db->source == NSSCACHE_DB_SSL_DIR ? "from SSL_DIR" : "the default", db->fs.ok ? db->fs.name : "an unknown filesystem");
	}
}

static const char *const tmp_names[2] = { "SQLITE_TMPDIR", "TMPDIR" };

/* Appends to BUF (LEN bytes, USED so far), "; " between parts; stops when full. */
static size_t append(char *buf, size_t len, size_t used, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (used >= len - 1) {
		return used;
	}
	if (used > 0) {
		n = snprintf(buf + used, len - used, "; ");
		used += (size_t) n < len - used ? (size_t) n : len - used - 1;
	}
	va_start(ap, fmt);
	n = vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
	if (n > 0) {
		used += (size_t) n < len - used ? (size_t) n : len - used - 1;
	}
	return used;
}

void nsscache_report_tempdir_note(const nsscache_tempdir_info *t, char *buf, size_t len)
{
	size_t used = 0, i;

	buf[0] = '\0';
	for (i = 0; i < 2; i++) {
		const nsscache_tmp_skipped *k = &t->skipped[i];
		const char *why = k->why == NSSCACHE_TMP_EMPTY ? "empty"
			: k->why == NSSCACHE_TMP_TOO_LONG ? "longer than PATH_MAX"
			: k->why == NSSCACHE_TMP_STAT_FAILED ? strerror(k->err)
			: k->why == NSSCACHE_TMP_NOT_DIR ? "not a directory" : "not writable";

		if (k->why != NSSCACHE_TMP_OK) {
			used = append(buf, len, used, "%s=%.60s skipped by sqlite (%s)", tmp_names[i], k->value, why);
		}
	}
	if (t->hidden) {
		append(buf, len, used, "%s is outside open_basedir, so nsscache did not look at it", t->source);
	} else if (t->relative) {
		append(buf, len, used, "%s is relative, so it depends on the working directory at the first TLS use", t->source);
	} else if (t->too_long_for_sqlite) {
		append(buf, len, used, "%s is too long for sqlite's 512-byte temp names, so NSS may find no temp dir", t->source);
	}
}

void nsscache_report_tempdir_reason(const nsscache_tempdir_info *t, char *buf, size_t len)
{
	if (t->hidden) {
		snprintf(buf, len, "not checked: open_basedir hides %.120s (%s) from this script, so nsscache did not look at it",
			t->path, t->source);
	} else if (!t->found) {
		snprintf(buf, len, "no writable temp directory: sqlite finds none, so NSS measures no temp dir");
	} else {
		snprintf(buf, len, "NSS's probe would use %.120s (%s, on %s)", t->path, t->source,
			t->fs.ok ? t->fs.name : "an unknown filesystem");
	}
}

void nsscache_report_dentry_error(const nsscache_dentry_error *e, const char *path, char *buf, size_t len)
{
	if (path == NULL) {
		path = NSSCACHE_DENTRY_PATH;
	}
	if (e->why == NSSCACHE_DENTRY_CANNOT_PARSE) {
		snprintf(buf, len, "cannot parse %.200s: expected at least 4 numbers", path);
	} else {
		snprintf(buf, len, "cannot read %.200s: %s", path, strerror(e->errnum));
	}
}
/* }}} */

/* {{{ the prediction's sentences */

static const char *tri_where(nsscache_tri db, nsscache_tri tmp)
{
	if (db != NSSCACHE_NO && tmp != NSSCACHE_NO) {
		return "the DB directory and the temp directory";
	}
	return db != NSSCACHE_NO ? "the DB directory" : "the temp directory";
}

static void var_phrase(const nsscache_predict_in *in, const nsscache_prediction *p, char *buf, size_t len)
{
	switch (p->var) {
		case NSSCACHE_VAR_UNSET:
			snprintf(buf, len, p->secure_ignored
				? "NSS_SDB_USE_CACHE ignored (a setuid/setgid process: NSS reads it with secure_getenv)"
				: "NSS_SDB_USE_CACHE unset");
			break;
		case NSSCACHE_VAR_YES:
		case NSSCACHE_VAR_NO:
			snprintf(buf, len, "NSS_SDB_USE_CACHE=%s", nsscache_var_name(p->var));
			break;
		case NSSCACHE_VAR_MEASURE:
			if (in->var_value != NULL) {
				snprintf(buf, len, "NSS_SDB_USE_CACHE=\"%.32s\" (NSS treats anything but yes/no as \"measure\")", in->var_value);
			} else {
				snprintf(buf, len, "NSS_SDB_USE_CACHE set to a value other than yes/no (\"measure\")");
			}
			break;
		default:
			snprintf(buf, len, "an unknown NSS_SDB_USE_CACHE value");
			break;
	}
}

static void softokn_phrase(const nsscache_predict_in *in, const nsscache_prediction *p, char *buf, size_t len)
{
	const nsscache_version *v = in->softokn != NULL ? in->softokn : in->nss;
	char ver[12];
	const char *what = "";

	if (v == NULL) {
		snprintf(buf, len, "an unknown softokn version");
		return;
	}
	/* C_GetInfo's CK_VERSION bytes, or a parsed NSS version: never above 5 digits each */
	snprintf(ver, sizeof(ver), "%hu.%hu", (unsigned short) v->major, (unsigned short) v->minor);
	switch (p->profile) {
		case NSSCACHE_PROFILE_RHEL6: what = " (RHEL 6)"; break;
		case NSSCACHE_PROFILE_RHEL7: what = " (RHEL/CentOS 7, which probes by default)"; break;
		case NSSCACHE_PROFILE_ALWAYS_DB: what = " (before 3.16)"; break;
		case NSSCACHE_PROFILE_UNKNOWN: what = " (outside the known table)"; break;
		default: break;
	}
	snprintf(buf, len, "%ssoftokn %s%s%s", in->softokn_private ? "a private build of " : "", ver, what,
		in->softokn == NULL ? " (assumed from NSS; softokn not found)" : "");
}

/* A sentence and what fills its blanks, in order. */
typedef enum { W_NONE, W_VP, W_VP_SV, W_VP_VER, W_VP_SV_FS } words_kind;
typedef struct {
	const char *fmt;
	words_kind kind;
	const char *fs_fallback;    /* W_VP_SV_FS: when the filesystem has no name */
} words;

static void say(const words *w, const nsscache_predict_in *in, const nsscache_prediction *p, char *buf, size_t len)
{
	const nsscache_version *v = in->softokn != NULL ? in->softokn : in->nss;
	char vp[112], sv[128];

	var_phrase(in, p, vp, sizeof(vp));
	softokn_phrase(in, p, sv, sizeof(sv));
	switch (w->kind) {
		case W_NONE: snprintf(buf, len, "%s", w->fmt); break;
		case W_VP: snprintf(buf, len, w->fmt, vp); break;
		case W_VP_SV: snprintf(buf, len, w->fmt, vp, sv); break;
		case W_VP_VER: snprintf(buf, len, w->fmt, vp, v != NULL ? v->major : 0, v != NULL ? v->minor : 0); break;
		case W_VP_SV_FS:
			snprintf(buf, len, w->fmt, vp, sv, in->db_fs_name != NULL ? in->db_fs_name : w->fs_fallback);
			break;
	}
}

/* By nsscache_effect_why. */
static const words effect_words[] = {
	[NSSCACHE_EFFECT_VAR_NOT_YESNO] = { "%s, so the cache setting is not in effect", W_VP, NULL },
	[NSSCACHE_EFFECT_VAR_UNKNOWN] = { "the value NSS saw when it opened the database is not known", W_NONE, NULL },
	[NSSCACHE_EFFECT_SET_AFTER_OPEN] = { "%s was set after NSS had opened the database, which NSS does once per process",
		W_VP, NULL },
	[NSSCACHE_EFFECT_TIMING_UNKNOWN] = { "it is not known whether %s was set before NSS opened the database", W_VP, NULL },
	[NSSCACHE_EFFECT_PROFILE_UNKNOWN] = { "%s, but %s: whether it honours the variable is unknown", W_VP_SV, NULL },
	[NSSCACHE_EFFECT_ALWAYS_DB] = { "%s, but %s still probes the DB directory (fixed in 3.16, Mozilla 956082)",
		W_VP_SV, NULL },
	[NSSCACHE_EFFECT_RHEL6] = { "%s; RHEL 6 nss-softokn honours it from 3.14.3-12.el6 (RH bz 1044666), which major.minor %d.%d cannot show",
		W_VP_VER, NULL },
	[NSSCACHE_EFFECT_HONOURED] = { "%s was set before NSS opened the database and %s honours it", W_VP_SV, NULL },
	[NSSCACHE_EFFECT_NO_CURL] = { "no libcurl is loaded in this process, so NSS_SDB_USE_CACHE has nothing to act on here",
		W_NONE, NULL },
	[NSSCACHE_EFFECT_CURL_OTHER_TLS] = { "this process's libcurl does not use NSS, so NSS_SDB_USE_CACHE has nothing to act on here",
		W_NONE, NULL },
};

/* By nsscache_probe_why; the others (expected, possible, host prevents) are
 * composed in nsscache_report_probe_reason. */
static const words probe_words[] = {
	[NSSCACHE_WHY_NO_CURL] = { "No libcurl is loaded in this process, so libcurl opens no NSS database and nothing probes",
		W_NONE, NULL },
	[NSSCACHE_WHY_CURL_OTHER_TLS] = { "This process's libcurl does not use NSS, so libcurl opens no NSS database and nothing probes",
		W_NONE, NULL },
	[NSSCACHE_WHY_NO_DB] = { "libcurl-NSS opens no certificate database here (SSL_DIR is not a directory and /etc/pki/nssdb is absent), so nothing probes",
		W_NONE, NULL },
	[NSSCACHE_WHY_SKIPS] = { "With %s, %s skips the probe", W_VP_SV, NULL },
	[NSSCACHE_WHY_NETWORK_FS] = { "With %s, %s sees the database on a network filesystem (%s) and turns its cache on instead of probing",
		W_VP_SV_FS, "NFS/SMB/CIFS" },
	[NSSCACHE_WHY_LOCAL_FS] = { "With %s, %s probes only databases on FUSE, CODA or NCP, and this one is on %s",
		W_VP_SV_FS, "a local filesystem" },
	[NSSCACHE_WHY_QUIET] = { "With %s, %s does not probe (Mozilla 1382736)", W_VP_SV, NULL },
	[NSSCACHE_WHY_NO_PROBE] = { "With %s, %s does not probe", W_VP_SV, NULL },
	[NSSCACHE_WHY_HOST_PREVENTS] = { NULL, W_NONE, NULL },
};

void nsscache_report_in_effect_reason(const nsscache_predict_in *in, const nsscache_prediction *p, char *buf, size_t len)
{
	if ((size_t) p->effect_why < sizeof(effect_words) / sizeof(effect_words[0])) {
		say(&effect_words[p->effect_why], in, p, buf, len);
	} else {
		snprintf(buf, len, "unknown");
	}
}

static const char *possible_why(nsscache_probe_why why)
{
	switch (why) {
		case NSSCACHE_WHY_CURL_UNKNOWN: return "it is not known whether libcurl uses NSS";
		case NSSCACHE_WHY_VAR_UNKNOWN: return "the value NSS saw is not known";
		case NSSCACHE_WHY_PROFILE_UNKNOWN: return "this softokn version is outside the known behaviour table";
		case NSSCACHE_WHY_RHEL6_PATCH:
			return "RHEL 6 stopped this probe in nss-softokn 3.14.3-12.el6, and major.minor cannot tell that build apart";
		case NSSCACHE_WHY_PRIVATE_PATCH:
			return "a build outside the system library directories may carry a distribution patch (RHEL 7 probes when unset) that its version does not show";
		case NSSCACHE_WHY_NOT_CHECKED:
			return "open_basedir hides the DB or temp directory from this script, so nsscache did not look at it";
		default:
			return "it depends on whether this build probes inside a temporary subdirectory, which fails in a read-only DB directory";
	}
}

void nsscache_report_probe_reason(const nsscache_predict_in *in, const nsscache_prediction *p, char *buf, size_t len)
{
	char vp[112], sv[128];
	const char *after, *db_why, *tmp_why;

	if ((size_t) p->why < sizeof(probe_words) / sizeof(probe_words[0]) && probe_words[p->why].fmt != NULL) {
		say(&probe_words[p->why], in, p, buf, len);
		return;
	}
	var_phrase(in, p, vp, sizeof(vp));
	softokn_phrase(in, p, sv, sizeof(sv));
	if (p->why == NSSCACHE_WHY_PROBES) {
		after = p->dentries_freed == NSSCACHE_YES
			? " (inside a temporary subdirectory it removes, so the negative dentries are freed)"
			: p->dentries_freed == NSSCACHE_MAYBE ? " (whether the negative dentries are freed depends on how it was built)"
			: ", leaving a negative dentry per call";
		snprintf(buf, len, "With %s, %s times thousands of access() calls on non-existent files in %s%s; NSS_SDB_USE_CACHE=yes before the first TLS use prevents it",
			vp, sv, tri_where(p->probe_db_dir == NSSCACHE_YES ? NSSCACHE_YES : NSSCACHE_NO,
				p->probe_temp_dir == NSSCACHE_YES ? NSSCACHE_YES : NSSCACHE_NO), after);
	} else if (p->why == NSSCACHE_WHY_HOST_PREVENTS) {
		db_why = p->db_blocked ? "it cannot create its probe directory in the read-only DB directory" : "";
		tmp_why = !p->tmp_blocked ? ""
			: p->tmp_blocked_no_cert9 ? "the DB directory has no readable cert9.db for NSS to open before its temp-dir probe"
			: "sqlite finds no writable temp directory";
		snprintf(buf, len, "With %s, %s would probe, but %s%s%s, so nothing probes",
			vp, sv, db_why, db_why[0] != '\0' && tmp_why[0] != '\0' ? " and " : "", tmp_why);
	} else { /* possible */
		snprintf(buf, len, "With %s, %s may probe %s: %s%s", vp, sv, tri_where(p->probe_db_dir, p->probe_temp_dir),
			possible_why(p->why), nsscache_var_skips_probe(p->var) ? "" : "; set NSS_SDB_USE_CACHE=yes to be sure");
	}
}
/* }}} */

/* {{{ rows */

/* Copies S into the report's arena; "" when the arena is full (never NULL). */
static const char *keep(nsscache_report *r, const char *s)
{
	size_t n = strlen(s) + 1;
	char *dst;

	if (n > sizeof(r->arena) - r->used) {
		return "";
	}
	dst = r->arena + r->used;
	memcpy(dst, s, n);
	r->used += n;
	return dst;
}

static const char *keepf(nsscache_report *r, const char *fmt, ...)
{
	char buf[PATH_MAX + 512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return keep(r, buf);
}

static nsscache_row *add(nsscache_report *r, const char *section, const char *key, unsigned views, nsscache_rv_type type)
{
	static nsscache_row spare;
	nsscache_row *row = r->n < NSSCACHE_REPORT_ROWS ? &r->rows[r->n++] : &spare;

	memset(row, 0, sizeof(*row));
	row->section = section;
	row->key = key;
	row->views = views;
	row->type = type;
	return row;
}

/* A string; NULL or "" is null (the status array's convention for "none"). */
static nsscache_row *add_str(nsscache_report *r, const char *section, const char *key, const char *s)
{
	nsscache_row *row;

	if (s == NULL || s[0] == '\0') {
		return add(r, section, key, NSSCACHE_VIEW_STATUS, NSSCACHE_RV_NULL);
	}
	row = add(r, section, key, NSSCACHE_VIEW_STATUS, NSSCACHE_RV_STRING);
	row->v.s = keep(r, s);
	return row;
}

/* A string that is always there, even empty. */
static nsscache_row *add_word(nsscache_report *r, const char *section, const char *key, const char *s)
{
	nsscache_row *row = add(r, section, key, NSSCACHE_VIEW_STATUS, NSSCACHE_RV_STRING);

	row->v.s = keep(r, s);
	return row;
}

static nsscache_row *add_bool(nsscache_report *r, const char *section, const char *key, int b)
{
	nsscache_row *row = add(r, section, key, NSSCACHE_VIEW_STATUS, NSSCACHE_RV_BOOL);

	row->v.b = b != 0;
	return row;
}

/* A bool that is null when FOUND is false. */
static nsscache_row *add_bool_if(nsscache_report *r, const char *section, const char *key, int found, int b)
{
	return found ? add_bool(r, section, key, b) : add(r, section, key, NSSCACHE_VIEW_STATUS, NSSCACHE_RV_NULL);
}

static nsscache_row *add_tri(nsscache_report *r, const char *section, const char *key, nsscache_tri t)
{
	nsscache_row *row = add(r, section, key, NSSCACHE_VIEW_STATUS, NSSCACHE_RV_TRI);

	row->v.t = t;
	return row;
}

static nsscache_row *add_int(nsscache_report *r, const char *section, const char *key, long long i)
{
	nsscache_row *row = add(r, section, key, NSSCACHE_VIEW_STATUS, NSSCACHE_RV_INT);

	row->v.i = i;
	return row;
}

/* Shows ROW in MINFO too, as LABEL => TEXT (NULL: the value as text). */
static void info(nsscache_row *row, const char *label, const char *text)
{
	row->views |= NSSCACHE_VIEW_INFO;
	row->label = label;
	row->text = text;
}

static void rows_policy(nsscache_report *r, const nsscache_report_facts *f)
{
	char buf[512];
	nsscache_row *row;

	row = add_word(r, NULL, "support", "enabled");
	row->views = 0;
	info(row, "nsscache support", NULL);
	info(add_word(r, NULL, "version", f->version), "Version", NULL);
	add_bool(r, NULL, "enabled", f->cfg->enabled);
	add_word(r, NULL, "value", nsscache_value_string(f->cfg->value));
	add_word(r, NULL, "override", nsscache_override_name(f->cfg->override));
	/* the variable as it is: "" is a value, not "none" */
	if (f->env != NULL) {
		info(add_word(r, NULL, "env", f->env), NSSCACHE_ENV_NAME, NULL);
	} else {
		info(add(r, NULL, "env", NSSCACHE_VIEW_STATUS, NSSCACHE_RV_NULL), NSSCACHE_ENV_NAME, NULL);
	}
	if (f->rec->had_previous) {
		add_word(r, NULL, "previous", f->rec->previous);
	} else {
		add(r, NULL, "previous", NSSCACHE_VIEW_STATUS, NSSCACHE_RV_NULL);
	}
	nsscache_describe(f->cfg, f->rec, buf, sizeof(buf));
	info(add_word(r, NULL, "action", nsscache_action_name(f->rec->action)), "Action", keep(r, buf));
	add_word(r, NULL, "phase", nsscache_phase_name(f->rec->phase));
}

static void rows_libs(nsscache_report *r, const nsscache_diag *d)
{
	const nsscache_libcurl_info *c = &d->curl;
	const nsscache_nss_info *n = &d->nss;
	const nsscache_softokn_info *s = &d->softokn;
	char reason[320];

	nsscache_report_curl_reason(c, reason, sizeof(reason));
	info(add_str(r, "libcurl", "version", c->found ? c->version : NULL), "libcurl", c->found
		? keepf(r, "%s, TLS backend %s", c->version, c->ssl_version[0] ? c->ssl_version : "(none)")
		: keepf(r, "not found: %s", reason));
	add_str(r, "libcurl", "ssl_version", c->found ? c->ssl_version : NULL);
	add_bool_if(r, "libcurl", "nss", c->found, c->backend_nss);
	add_str(r, "libcurl", "path", c->found ? c->path : NULL);
	add_str(r, "libcurl", "how", c->found ? nsscache_curl_how_name(c->how) : NULL);
	add_str(r, "libcurl", "headers", nsscache_curl_headers_version());
	add_str(r, "libcurl", "reason", reason);

	nsscache_report_nss_reason(n, reason, sizeof(reason));
	info(add_str(r, "nss", "version", n->found ? n->version : NULL), "NSS", n->found
		? keepf(r, "%s (%s)", n->version, n->path) : keepf(r, "not loaded: %s", reason));
	info(add_bool(r, "nss", "initialized", d->nss_initialized), "NSS initialized", NULL);
	add_str(r, "nss", "path", n->found ? n->path : NULL);
	add_str(r, "nss", "reason", reason);

	nsscache_report_softokn_reason(s, reason, sizeof(reason));
	info(add_str(r, "softokn", "version", s->found ? s->version : NULL), "softokn", s->found
		? keepf(r, "%s (%s, %s)", s->version, s->path, nsscache_softokn_how_name(s->how))
		: keepf(r, "not found: %s", reason));
	add_str(r, "softokn", "description", s->found ? s->description : NULL);
	add_str(r, "softokn", "path", s->found ? s->path : NULL);
	add_str(r, "softokn", "how", s->found ? nsscache_softokn_how_name(s->how) : NULL);
	add_bool_if(r, "softokn", "system_build", s->found, s->system_build);
	add_str(r, "softokn", "reason", reason);
}

static void rows_dirs(nsscache_report *r, const nsscache_diag *d)
{
	const nsscache_db_info *db = &d->db;
	const nsscache_tempdir_info *t = &d->tmp;
	int shown = t->found || t->hidden;
	char reason[320], note[256];
	const char *fs;

	nsscache_report_db_reason(db, reason, sizeof(reason));
	nsscache_report_db_note(db, note, sizeof(note));
	fs = db->hidden ? "not checked: open_basedir" : db->fs.ok ? db->fs.name : "filesystem unknown";
	info(add_str(r, "db", "path", db->path), "NSS database", db->source != NSSCACHE_DB_NONE
		? keepf(r, "%s (%s, %s)", db->path, nsscache_db_source_name(db->source), fs)
		: keepf(r, "none: %s", reason));
	add_word(r, "db", "source", nsscache_db_source_name(db->source));
	add_bool(r, "db", "exists", db->exists);
	add_bool(r, "db", "directory", db->is_dir);
	add_bool(r, "db", "readable", db->readable);
	add_bool(r, "db", "writable", db->writable);
	add_bool(r, "db", "cert9", db->cert9);
	add_str(r, "db", "fs", db->fs.ok ? db->fs.name : NULL);
	add_word(r, "db", "fs_class", nsscache_fs_class_name(db->fs.cls));
	add_str(r, "db", "note", note);
	add_str(r, "db", "reason", reason);
	add_bool(r, "db", "checked", !db->hidden)->views = 0; /* for metrics; not in the documented array */

	nsscache_report_tempdir_reason(t, reason, sizeof(reason));
	nsscache_report_tempdir_note(t, note, sizeof(note));
	fs = t->hidden ? "not checked: open_basedir" : t->fs.ok ? t->fs.name : "filesystem unknown";
	info(add_str(r, "tempdir", "path", shown ? t->path : NULL), "Temp dir for the probe", shown
		? keepf(r, "%s (%s, %s)", t->path, t->source, fs) : keepf(r, "none: %s", reason));
	add_str(r, "tempdir", "source", shown ? t->source : NULL);
	add_str(r, "tempdir", "fs", t->found && t->fs.ok ? t->fs.name : NULL);
	add_word(r, "tempdir", "fs_class", nsscache_fs_class_name(t->fs.cls));
	add_str(r, "tempdir", "note", note);
	add_str(r, "tempdir", "reason", reason);
	add_bool(r, "tempdir", "checked", !t->hidden)->views = 0;
}

static void rows_prediction(nsscache_report *r, const nsscache_diag *d)
{
	const nsscache_prediction *p = &d->prediction;
	char effect[512], reason[640];

	add_str(r, "distro", "id", d->distro.id);
	add_str(r, "distro", "version", d->distro.version_id);
	add_word(r, "distro", "family", nsscache_distro_family_name(d->distro.family));

	nsscache_report_in_effect_reason(&d->in, p, effect, sizeof(effect));
	nsscache_report_probe_reason(&d->in, p, reason, sizeof(reason));
	info(add_tri(r, NULL, "in_effect", p->in_effect), "Cache setting in effect",
		keepf(r, "%s: %s", nsscache_tri_name(p->in_effect), effect));
	add_word(r, NULL, "in_effect_reason", effect);
	info(add_word(r, NULL, "probe", nsscache_probe_name(p->probe)), "access() probe",
		keepf(r, "%s: %s", nsscache_probe_name(p->probe), reason));
	add_word(r, NULL, "reason", reason);
	add_tri(r, NULL, "probe_db_dir", p->probe_db_dir);
	add_tri(r, NULL, "probe_temp_dir", p->probe_temp_dir);
	add_tri(r, NULL, "dentries_freed", p->dentries_freed);
}

size_t nsscache_report_dentry(nsscache_report *r, const nsscache_dentry_state *ds)
{
	size_t first = r->n;
	nsscache_row *row;

	row = add_int(r, "dentry", "nr_dentry", ds->nr_dentry);
	info(row, "Negative dentries", ds->has_nr_negative
		? keepf(r, "%lld of %lld dentries", ds->nr_negative, ds->nr_dentry)
		: keepf(r, "not reported by this kernel (%lld dentries)", ds->nr_dentry));
	add_int(r, "dentry", "nr_unused", ds->nr_unused);
	add_int(r, "dentry", "age_limit", ds->age_limit);
	add_int(r, "dentry", "want_pages", ds->want_pages);
	if (ds->has_nr_negative) {
		add_int(r, "dentry", "nr_negative", ds->nr_negative);
	} else {
		add(r, "dentry", "nr_negative", NSSCACHE_VIEW_STATUS, NSSCACHE_RV_NULL);
	}
	return r->n - first;
}

void nsscache_report_rows(nsscache_report *r, const nsscache_report_facts *f)
{
	const nsscache_diag *d = f->diag;

	r->n = r->used = 0;
	rows_policy(r, f);
	rows_libs(r, d);
	rows_dirs(r, d);
	rows_prediction(r, d);
	if (d->dentry_ok) {
		nsscache_report_dentry(r, &d->dentry);
	} else {
		char err[320];

		nsscache_report_dentry_error(&d->dentry_error, NULL, err, sizeof(err));
		info(add(r, "dentry", NULL, NSSCACHE_VIEW_STATUS, NSSCACHE_RV_NULL), "Negative dentries",
			keepf(r, "unknown: %s", err));
	}
}

void nsscache_report_versions(nsscache_report *r, const nsscache_report_facts *f)
{
	const nsscache_diag *d = f->diag;

	r->n = r->used = 0;
	add_word(r, NULL, "nsscache", f->version);
	add_str(r, NULL, "libcurl", d->curl.found ? d->curl.version : NULL);
	add_str(r, NULL, "ssl_version", d->curl.found ? d->curl.ssl_version : NULL);
	add_str(r, NULL, "curl_headers", nsscache_curl_headers_version());
	add_str(r, NULL, "nss", d->nss.found ? d->nss.version : NULL);
	add_str(r, NULL, "softokn", d->softokn.found ? d->softokn.version : NULL);
}

const char *nsscache_row_name(const nsscache_row *row, char *buf, size_t len)
{
	if (row->section != NULL && row->key != NULL) {
		snprintf(buf, len, "%s.%s", row->section, row->key);
	} else {
		snprintf(buf, len, "%s", row->key != NULL ? row->key : row->section != NULL ? row->section : "");
	}
	return buf;
}

const char *nsscache_row_text(const nsscache_row *row, char *buf, size_t len)
{
	if (row->text != NULL) {
		return row->text;
	}
	switch (row->type) {
		case NSSCACHE_RV_STRING: return row->v.s;
		case NSSCACHE_RV_BOOL: return row->v.b ? "yes" : "no";
		case NSSCACHE_RV_TRI: return nsscache_tri_name(row->v.t);
		case NSSCACHE_RV_INT: snprintf(buf, len, "%lld", row->v.i); return buf;
		default: return "(unset)";
	}
}
/* }}} */
