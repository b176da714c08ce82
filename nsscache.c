/*
 * nsscache: keep NSS_SDB_USE_CACHE set for libcurl+NSS in every PHP process.
 *
 * Zend glue only: INI, the load/MINIT/RINIT hooks, MINFO and the PHP
 * functions. What to do with the environment is decided in src/env_policy.c;
 * what to say about it, in src/report.c: the views here walk its rows.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "ext/standard/info.h"

#ifdef ZTS
# include <pthread.h>
#endif

#include "php_nsscache.h"
#include "nsscache_compat.h"
#include "src/env_policy.h"
#include "src/diagnose.h"
#include "src/report.h"
#include "src/util.h"
#include "src/metrics.h"
#include "nsscache_arginfo.h"

#if defined(ZTS) && defined(COMPILE_DL_NSSCACHE)
ZEND_TSRMLS_CACHE_DEFINE()
#endif

/*
 * The environment is one per process, so is what nsscache knows about it.
 * INI entries are PHP_INI_SYSTEM: written at startup (or when an FPM pool
 * applies php_admin_value in a fresh worker), read-only afterwards.
 */
static nsscache_config nsscache_cfg = NSSCACHE_CONFIG_DEFAULT;
static nsscache_record nsscache_rec;
static int nsscache_failure_warned;
/* Set when an FPM pool's php_admin_value changed a directive in a worker:
 * the next RINIT applies the policy again even if the value looks unchanged. */
static int nsscache_recheck;
/* Diagnostics, gathered at the first call that asks (never at startup). */
static nsscache_diag nsscache_dg;
#ifdef ZTS
/* Guards nsscache_dg only: held while the facts are refreshed and turned
 * into rows (plain C, no output, no bailout), never across output. */
static pthread_mutex_t nsscache_dg_mutex = PTHREAD_MUTEX_INITIALIZER;
# define NSSCACHE_DIAG_LOCK()   pthread_mutex_lock(&nsscache_dg_mutex)
# define NSSCACHE_DIAG_UNLOCK() pthread_mutex_unlock(&nsscache_dg_mutex)
#else
# define NSSCACHE_DIAG_LOCK()
# define NSSCACHE_DIAG_UNLOCK()
#endif

/*
 * Serialise with PHP's own putenv()/getenv() in threaded SAPIs. That lock is
 * plain and non-recursive, and request startup and getenv() wait on it:
 * while it is held nothing may print (an output handler may call getenv()),
 * read a file, or bail out (a client abort or memory_limit would longjmp
 * past the unlock). Only copies and setenv() happen under it.
 */
#ifdef ZTS
# define NSSCACHE_ENV_LOCK()   tsrm_env_lock()
# define NSSCACHE_ENV_UNLOCK() tsrm_env_unlock()
#else
# define NSSCACHE_ENV_LOCK()
# define NSSCACHE_ENV_UNLOCK()
#endif

/* {{{ INI */

/* The end of every handler: a bad value gets one warning and the engine
 * falls back to the default; a change after startup (an FPM pool's
 * php_admin_value in a worker) makes the next RINIT apply the policy again. */
static int php_nsscache_ini_result(int rc, const zend_ini_entry *entry, const zend_string *value,
		int stage, const char *allowed, const char *fallback)
{
	if (rc != 0) {
		char esc[NSSCACHE_ESCAPE_BUF];

		/* Escaped and capped: the value may hold a NUL, newlines, escapes. */
		php_error_docref(NULL, E_WARNING,
			"Invalid value \"%s\" for %s: expected %s; using the default \"%s\"",
			nsscache_escape(esc, sizeof(esc), ZSTR_VAL(value), ZSTR_LEN(value)),
			ZSTR_VAL(entry->name), allowed, fallback);
		return FAILURE;
	}
	nsscache_recheck |= stage != ZEND_INI_STAGE_STARTUP;
	return SUCCESS;
}

static PHP_INI_MH(OnUpdateNsscacheEnabled)
{
	int on, rc = nsscache_parse_bool(ZSTR_VAL(new_value), ZSTR_LEN(new_value), &on);

	if (rc == 0) {
		nsscache_cfg.enabled = on;
	}
	return php_nsscache_ini_result(rc, entry, new_value, stage, "On or Off", "On");
}

static PHP_INI_MH(OnUpdateNsscacheValue)
{
	nsscache_value v;
	int rc = nsscache_parse_value(ZSTR_VAL(new_value), ZSTR_LEN(new_value), &v);

	if (rc == 0) {
		nsscache_cfg.value = v;
	}
	return php_nsscache_ini_result(rc, entry, new_value, stage, "yes or no", "yes");
}

static PHP_INI_MH(OnUpdateNsscacheOverride)
{
	nsscache_override o;
	int rc = nsscache_parse_override(ZSTR_VAL(new_value), ZSTR_LEN(new_value), &o);

	if (rc == 0) {
		nsscache_cfg.override = o;
	}
	return php_nsscache_ini_result(rc, entry, new_value, stage, "probing, never or always", "probing");
}

/* Show what the value means: php.ini may have turned "no" into "". */
static PHP_INI_DISP(php_nsscache_display_value)
{
	zend_string *v = (type == ZEND_INI_DISPLAY_ORIG && ini_entry->modified)
		? ini_entry->orig_value : ini_entry->value;
	nsscache_value parsed = NSSCACHE_VALUE_YES;

	if (v) {
		nsscache_parse_value(ZSTR_VAL(v), ZSTR_LEN(v), &parsed);
	}
	ZEND_PUTS(nsscache_value_string(parsed));
}

PHP_INI_BEGIN()
	PHP_INI_ENTRY_EX("nsscache.enabled", "1", PHP_INI_SYSTEM, OnUpdateNsscacheEnabled, php_ini_boolean_displayer_cb)
	PHP_INI_ENTRY_EX("nsscache.value", "yes", PHP_INI_SYSTEM, OnUpdateNsscacheValue, php_nsscache_display_value)
	PHP_INI_ENTRY("nsscache.override", "probing", PHP_INI_SYSTEM, OnUpdateNsscacheOverride)
PHP_INI_END()
/* }}} */

/* {{{ applying the policy */

/* What an apply left to say, copied out under the lock and said outside it,
 * so two threads never log the same replacement. */
typedef struct {
	char notice[256 + NSSCACHE_ESCAPE_BUF];
	char warning[128];
} php_nsscache_news;

static void php_nsscache_take_news(php_nsscache_news *news)
{
	news->notice[0] = news->warning[0] = '\0';
	if (nsscache_rec.notice_pending) {
		nsscache_rec.notice_pending = 0;
		nsscache_report_notice(&nsscache_cfg, &nsscache_rec, news->notice, sizeof(news->notice));
	}
	if (nsscache_rec.action == NSSCACHE_ACTION_FAILED && !nsscache_failure_warned) {
		nsscache_failure_warned = 1;
		nsscache_report_failure(&nsscache_rec, news->warning, sizeof(news->warning));
	}
}

static void php_nsscache_tell(const php_nsscache_news *news)
{
	/* Log only: a notice in the response body could break headers. */
	if (news->notice[0] && PG(log_errors) && (EG(error_reporting) & E_NOTICE)) {
		nsscache_log_err(news->notice);
	}
	if (news->warning[0]) {
		php_error_docref(NULL, E_WARNING, "%s", news->warning);
	}
}

/* Read one of our directives straight from the parsed php.ini / -d options. */
static const char *php_nsscache_cfg_string(const char *name, size_t name_len, size_t *len)
{
	zval *v = cfg_get_entry(name, name_len);

	if (!v || Z_TYPE_P(v) != IS_STRING) {
		return NULL;
	}
	*len = Z_STRLEN_P(v);
	return Z_STRVAL_P(v);
}

/*
 * The earliest point: the .so has just been dlopen'ed, before any module's
 * MINIT (so before ext/curl's, whatever the ini order). INI entries are not
 * registered yet, so read php.ini's values directly; a bad one falls back to
 * the default quietly here and is warned about once, in MINIT.
 */
static void php_nsscache_apply_at_load(void)
{
	nsscache_config cfg = NSSCACHE_CONFIG_DEFAULT;
	const char *s;
	size_t len;

#define NSSCACHE_CFG(name) php_nsscache_cfg_string(name, sizeof(name) - 1, &len)
	if ((s = NSSCACHE_CFG("nsscache.enabled"))) {
		int on;
		if (nsscache_parse_bool(s, len, &on) == 0) {
			cfg.enabled = on;
		}
	}
	if ((s = NSSCACHE_CFG("nsscache.value"))) {
		nsscache_parse_value(s, len, &cfg.value);
	}
	if ((s = NSSCACHE_CFG("nsscache.override"))) {
		nsscache_parse_override(s, len, &cfg.override);
	}
#undef NSSCACHE_CFG

	nsscache_cfg = cfg;
	/* Anything worth saying waits for MINIT, when logging is up. */
	NSSCACHE_ENV_LOCK();
	nsscache_apply(&nsscache_cfg, NSSCACHE_PHASE_LOAD, &nsscache_rec);
	NSSCACHE_ENV_UNLOCK();
}
/* }}} */

/* {{{ PHP_MINIT_FUNCTION */
static PHP_MINIT_FUNCTION(nsscache)
{
	php_nsscache_news news;

#if defined(ZTS) && defined(COMPILE_DL_NSSCACHE)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	REGISTER_INI_ENTRIES();
	NSSCACHE_ENV_LOCK();
	/* Loaded as a .so, the policy ran in get_module() moments ago with the
	 * same php.ini: only a built-in nsscache, or a change since, acts here. */
	if (nsscache_rec.action == NSSCACHE_ACTION_NONE
			|| !nsscache_unchanged(&nsscache_rec, getenv(NSSCACHE_ENV_NAME))) {
		nsscache_apply(&nsscache_cfg, NSSCACHE_PHASE_MINIT, &nsscache_rec);
	}
	php_nsscache_take_news(&news);
	NSSCACHE_ENV_UNLOCK();
	php_nsscache_tell(&news);
	return SUCCESS;
}
/* }}} */

/* {{{ PHP_MSHUTDOWN_FUNCTION
 * The record's strings were malloc'ed at load; give them back before the
 * .so is unloaded (a restart of Apache or FPM loads it again). */
static PHP_MSHUTDOWN_FUNCTION(nsscache)
{
	nsscache_record_free(&nsscache_rec);
	memset(&nsscache_rec, 0, sizeof(nsscache_rec));
	return SUCCESS;
}
/* }}} */

/* {{{ PHP_RINIT_FUNCTION
 * FPM workers run clearenv() after fork (clear_env=yes), and an unquoted
 * pool env[] line delivers "1": repair here, before the script can reach NSS.
 * When nothing changed this is one getenv() and a short compare. */
static PHP_RINIT_FUNCTION(nsscache)
{
	php_nsscache_news news;
	int changed;

#if defined(ZTS) && defined(COMPILE_DL_NSSCACHE)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	if (!nsscache_cfg.enabled && !nsscache_recheck) {
		return SUCCESS;
	}
	NSSCACHE_ENV_LOCK();
	changed = nsscache_recheck || !nsscache_unchanged(&nsscache_rec, getenv(NSSCACHE_ENV_NAME));
	nsscache_recheck = 0;
	if (changed) {
		nsscache_apply(&nsscache_cfg, NSSCACHE_PHASE_RINIT, &nsscache_rec);
		php_nsscache_take_news(&news);
	}
	NSSCACHE_ENV_UNLOCK();
	if (changed) {
		php_nsscache_tell(&news);
	}
	return SUCCESS;
}
/* }}} */

/* {{{ diagnostics */

/* Where ext/curl's code lives, so the libcurl it is bound to can be found. */
static const void *php_nsscache_ext_curl_addr(void)
{
	zend_function *f = zend_hash_str_find_ptr(CG(function_table), ZEND_STRL("curl_version"));

	if (!f || f->type != ZEND_INTERNAL_FUNCTION) {
		return NULL;
	}
	return (const void *) (uintptr_t) f->internal_function.handler;
}

/*
 * What the views read from the environment and the record, copied under the
 * environment lock into one request-allocated buffer, of any length; all
 * else (files, statfs, output) runs without the lock.
 */
enum {
	PHP_NSSCACHE_SNAP_ENV, PHP_NSSCACHE_SNAP_SSL_DIR, PHP_NSSCACHE_SNAP_SQLITE_TMPDIR,
	PHP_NSSCACHE_SNAP_TMPDIR, PHP_NSSCACHE_SNAP_PREVIOUS, PHP_NSSCACHE_SNAP_SEEN, PHP_NSSCACHE_SNAP_N
};
typedef struct {
	const char *s[PHP_NSSCACHE_SNAP_N];
	nsscache_record rec;        /* its strings point into buf */
	char *buf;
} php_nsscache_snapshot;

static void php_nsscache_snapshot_take(php_nsscache_snapshot *snap)
{
	const char *src[PHP_NSSCACHE_SNAP_N];
	size_t cap = 512, need;

	snap->buf = NULL;
	for (;;) {
		/* erealloc can bail out (memory_limit): only ever outside the lock */
		snap->buf = erealloc(snap->buf, cap);
		NSSCACHE_ENV_LOCK();
		src[PHP_NSSCACHE_SNAP_ENV] = getenv(NSSCACHE_ENV_NAME);
		src[PHP_NSSCACHE_SNAP_SSL_DIR] = getenv("SSL_DIR");
		src[PHP_NSSCACHE_SNAP_SQLITE_TMPDIR] = getenv("SQLITE_TMPDIR");
		src[PHP_NSSCACHE_SNAP_TMPDIR] = getenv("TMPDIR");
		src[PHP_NSSCACHE_SNAP_PREVIOUS] = nsscache_rec.previous;
		src[PHP_NSSCACHE_SNAP_SEEN] = nsscache_rec.seen;
		need = nsscache_copy_strings(src, PHP_NSSCACHE_SNAP_N, snap->buf, cap, snap->s);
		if (need <= cap) {
			snap->rec = nsscache_rec;
		}
		NSSCACHE_ENV_UNLOCK();
		if (need <= cap) {
			break;
		}
		cap = need; /* the environment grew meanwhile: try again */
	}
	snap->rec.previous = (char *) snap->s[PHP_NSSCACHE_SNAP_PREVIOUS];
	snap->rec.seen = (char *) snap->s[PHP_NSSCACHE_SNAP_SEEN];
}

/* open_basedir's answer for every path the diagnostics may look at (the DB
 * candidates, then sqlite's temp dir candidates), asked before the
 * diagnostics run, so nothing Zend runs while they hold their mutex. */
#define NSSCACHE_GATE_PATHS 8
typedef struct {
	const char *path[NSSCACHE_GATE_PATHS];
	int allowed[NSSCACHE_GATE_PATHS];
} php_nsscache_gate_answers;

static int php_nsscache_gate_lookup(const char *path, void *ctx)
{
	const php_nsscache_gate_answers *a = ctx;
	int i;

	for (i = 0; i < NSSCACHE_GATE_PATHS; i++) {
		if (a->path[i] != NULL && strcmp(a->path[i], path) == 0) {
			return a->allowed[i];
		}
	}
	return 0; /* a path nobody asked about stays untouched */
}

static const nsscache_path_gate *php_nsscache_gate(const php_nsscache_snapshot *snap,
		php_nsscache_gate_answers *a, nsscache_path_gate *gate)
{
	int i;

	if (!PG(open_basedir) || !*PG(open_basedir)) {
		return NULL;
	}
	a->path[0] = snap->s[PHP_NSSCACHE_SNAP_SSL_DIR];
	a->path[1] = NSSCACHE_DB_DEFAULT_DIR;
	a->path[2] = snap->s[PHP_NSSCACHE_SNAP_SQLITE_TMPDIR];
	a->path[3] = snap->s[PHP_NSSCACHE_SNAP_TMPDIR];
	a->path[4] = "/var/tmp";
	a->path[5] = "/usr/tmp";
	a->path[6] = "/tmp";
	a->path[7] = ".";
	for (i = 0; i < NSSCACHE_GATE_PATHS; i++) {
		/* warn = 0: asking must not print what it hides. A path of MAXPATHLEN
		 * or more gets a warning whatever WARN says, and is never looked at
		 * anyway (too long for stat): do not ask. */
		a->allowed[i] = a->path[i] != NULL && a->path[i][0] != '\0' && strlen(a->path[i]) < MAXPATHLEN
			&& php_check_open_basedir_ex(a->path[i], 0) == 0;
	}
	gate->allowed = php_nsscache_gate_lookup;
	gate->ctx = a;
	return gate;
}

/*
 * Copy the environment into SNAP (under its lock), then, without it: refresh
 * the diagnostics and turn them into REP's rows (VERSIONS: the versions
 * list). Returns the prediction's in_effect. The caller prints REP with no
 * lock, then frees SNAP's buffer (REP's env and previous point into it).
 */
static nsscache_tri php_nsscache_report(nsscache_report *rep, int versions, php_nsscache_snapshot *snap)
{
	php_nsscache_gate_answers answers;
	nsscache_path_gate gate;
	nsscache_diag_env env;
	nsscache_report_facts facts;
	nsscache_tri in_effect;
	const void *ext_curl;

	php_nsscache_snapshot_take(snap);
	env.nss_sdb_use_cache = snap->s[PHP_NSSCACHE_SNAP_ENV];
	env.ssl_dir = snap->s[PHP_NSSCACHE_SNAP_SSL_DIR];
	env.sqlite_tmpdir = snap->s[PHP_NSSCACHE_SNAP_SQLITE_TMPDIR];
	env.tmpdir = snap->s[PHP_NSSCACHE_SNAP_TMPDIR];
	env.gate = php_nsscache_gate(snap, &answers, &gate);
	facts.version = PHP_NSSCACHE_VERSION;
	facts.cfg = &nsscache_cfg;
	facts.rec = &snap->rec;
	facts.env = snap->s[PHP_NSSCACHE_SNAP_ENV];
	facts.diag = &nsscache_dg;

	ext_curl = php_nsscache_ext_curl_addr();

	NSSCACHE_DIAG_LOCK();
	nsscache_diag_refresh(&nsscache_dg, ext_curl, &nsscache_cfg, &snap->rec, &env, NULL);
	in_effect = nsscache_dg.prediction.in_effect;
	if (rep != NULL && versions) {
		nsscache_report_versions(rep, &facts);
	} else if (rep != NULL) {
		nsscache_report_rows(rep, &facts);
	}
	NSSCACHE_DIAG_UNLOCK();
	return in_effect;
}

static void php_nsscache_add_row(zval *arr, const nsscache_row *row)
{
	switch (row->type) {
		case NSSCACHE_RV_STRING:
			add_assoc_string(arr, row->key, (char *) row->v.s);
			break;
		case NSSCACHE_RV_BOOL:
			add_assoc_bool(arr, row->key, row->v.b);
			break;
		case NSSCACHE_RV_TRI:
			if (row->v.t == NSSCACHE_MAYBE) {
				add_assoc_null(arr, row->key);
			} else {
				add_assoc_bool(arr, row->key, row->v.t == NSSCACHE_YES);
			}
			break;
		case NSSCACHE_RV_INT:
			add_assoc_long(arr, row->key, (zend_long) row->v.i);
			break;
		default:
			add_assoc_null(arr, row->key);
			break;
	}
}

/* The status view: one array, a sub-array per section (FLAT: sections ignored). */
static void php_nsscache_rows_to_array(zval *rv, const nsscache_report *rep, int flat)
{
	const char *section = NULL;
	zval sub;
	size_t i;

	array_init(rv);
	for (i = 0; i < rep->n; i++) {
		const nsscache_row *row = &rep->rows[i];

		if (!(row->views & NSSCACHE_VIEW_STATUS)) {
			continue;
		}
		if (flat || !row->section) {
			if (section) {
				add_assoc_zval(rv, section, &sub);
				section = NULL;
			}
			php_nsscache_add_row(rv, row);
			continue;
		}
		if (section && strcmp(section, row->section) != 0) {
			add_assoc_zval(rv, section, &sub);
			section = NULL;
		}
		if (!row->key) {
			add_assoc_null(rv, row->section);
			continue;
		}
		if (!section) {
			array_init(&sub);
			section = row->section;
		}
		php_nsscache_add_row(&sub, row);
	}
	if (section) {
		add_assoc_zval(rv, section, &sub);
	}
}
/* }}} */

/* {{{ PHP_MINFO_FUNCTION */
static PHP_MINFO_FUNCTION(nsscache)
{
	nsscache_report *rep = emalloc(sizeof(*rep));
	php_nsscache_snapshot snap;
	char buf[32];
	size_t i;

	php_nsscache_report(rep, 0, &snap);
	php_info_print_table_start();
	for (i = 0; i < rep->n; i++) {
		if (rep->rows[i].views & NSSCACHE_VIEW_INFO) {
			php_info_print_table_row(2, rep->rows[i].label, nsscache_row_text(&rep->rows[i], buf, sizeof(buf)));
		}
	}
	php_info_print_table_end();
	efree(rep);
	efree(snap.buf);

	DISPLAY_INI_ENTRIES();
}
/* }}} */

/* {{{ proto array nsscache_status() */
PHP_FUNCTION(nsscache_status)
{
	nsscache_report *rep;
	php_nsscache_snapshot snap;

	ZEND_PARSE_PARAMETERS_NONE();

	rep = emalloc(sizeof(*rep));
	php_nsscache_report(rep, 0, &snap);
	php_nsscache_rows_to_array(return_value, rep, 0);
	efree(rep);
	efree(snap.buf);
}
/* }}} */

/* {{{ proto array nsscache_versions() */
PHP_FUNCTION(nsscache_versions)
{
	nsscache_report *rep;
	php_nsscache_snapshot snap;

	ZEND_PARSE_PARAMETERS_NONE();

	rep = emalloc(sizeof(*rep));
	php_nsscache_report(rep, 1, &snap);
	php_nsscache_rows_to_array(return_value, rep, 1);
	efree(rep);
	efree(snap.buf);
}
/* }}} */

/* {{{ proto ?bool nsscache_in_effect() */
PHP_FUNCTION(nsscache_in_effect)
{
	nsscache_tri t;
	php_nsscache_snapshot snap;

	ZEND_PARSE_PARAMETERS_NONE();

	t = php_nsscache_report(NULL, 0, &snap);
	efree(snap.buf);
	if (t == NSSCACHE_MAYBE) {
		RETURN_NULL();
	}
	RETURN_BOOL(t == NSSCACHE_YES);
}
/* }}} */

/* {{{ proto string nsscache_metrics()
 * The third view of the report's rows: Prometheus text (src/metrics.c). */
PHP_FUNCTION(nsscache_metrics)
{
	nsscache_report *rep;
	php_nsscache_snapshot snap;
	nsscache_metrics_facts f;
	nsscache_mbuf b;
	int rc;

	ZEND_PARSE_PARAMETERS_NONE();

	rep = emalloc(sizeof(*rep));
	php_nsscache_report(rep, 0, &snap);
	nsscache_metrics_facts_from_report(&f, rep, snap.rec.repairs);
	nsscache_mbuf_init(&b);
	rc = nsscache_metrics_render(&f, &b);
	efree(rep);
	efree(snap.buf);
	if (rc != 0) {
		nsscache_mbuf_free(&b);
		zend_throw_error(NULL, "nsscache_metrics(): out of memory");
		return;
	}
	RETVAL_STRINGL(b.data, b.len);
	nsscache_mbuf_free(&b);
}
/* }}} */

/* {{{ proto ?array nsscache_dentry_state() */
PHP_FUNCTION(nsscache_dentry_state)
{
	nsscache_dentry_state ds;
	nsscache_dentry_error err;
	nsscache_report *rep;

	ZEND_PARSE_PARAMETERS_NONE();

	if (nsscache_dentry_read(NULL, &ds, &err) != 0) {
		RETURN_NULL();
	}
	rep = emalloc(sizeof(*rep));
	rep->n = rep->used = 0;
	nsscache_report_dentry(rep, &ds);
	php_nsscache_rows_to_array(return_value, rep, 1);
	efree(rep);
}
/* }}} */

zend_module_entry nsscache_module_entry = {
	STANDARD_MODULE_HEADER,
	"nsscache",
	ext_functions,
	PHP_MINIT(nsscache),
	PHP_MSHUTDOWN(nsscache),
	PHP_RINIT(nsscache),
	NULL,
	PHP_MINFO(nsscache),
	PHP_NSSCACHE_VERSION,
	STANDARD_MODULE_PROPERTIES
};

#ifdef COMPILE_DL_NSSCACHE
/* ZEND_GET_MODULE, plus the policy at load time: PHP calls this right after
 * dlopen(), before it starts any module. */
BEGIN_EXTERN_C()
ZEND_DLEXPORT zend_module_entry *get_module(void)
{
	php_nsscache_apply_at_load();
	return &nsscache_module_entry;
}
END_EXTERN_C()
#endif
