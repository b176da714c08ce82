/*
 * nsscache: keep NSS_SDB_USE_CACHE set for libcurl+NSS in every PHP process.
 *
 * Zend glue only: INI, the load/MINIT/RINIT hooks, MINFO and the PHP
 * functions. What to do with the environment is decided in src/env_policy.c.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "ext/standard/info.h"

#include "php_nsscache.h"
#include "nsscache_compat.h"
#include "src/env_policy.h"
#include "src/diagnose.h"
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

/* Serialise with PHP's own putenv()/getenv() in threaded SAPIs. */
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
		php_error_docref(NULL, E_WARNING,
			"Invalid value \"%s\" for %s: expected %s; using the default \"%s\"",
			ZSTR_VAL(value), ZSTR_VAL(entry->name), allowed, fallback);
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
	ZEND_PUTS(nsscache_value_name(parsed));
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
	char notice[256];
	char warning[128];
} php_nsscache_news;

static void php_nsscache_take_news(php_nsscache_news *news)
{
	news->notice[0] = news->warning[0] = '\0';
	if (nsscache_rec.notice_pending) {
		int probes = nsscache_env_classify(nsscache_rec.previous) == NSSCACHE_ENV_PROBES;

		nsscache_rec.notice_pending = 0;
		snprintf(news->notice, sizeof(news->notice),
			"PHP Notice:  nsscache: replaced " NSSCACHE_ENV_NAME "=\"%s%s\" with \"%s\" at %s (%s)",
			nsscache_rec.previous, nsscache_rec.previous_truncated ? "..." : "",
			nsscache_value_name(nsscache_cfg.value), nsscache_phase_name(nsscache_rec.phase),
			probes ? "NSS treats that value as \"measure\" and probes the filesystem"
			       : "nsscache.override=always");
	}
	if (nsscache_rec.action == NSSCACHE_ACTION_FAILED && !nsscache_failure_warned) {
		nsscache_failure_warned = 1;
		snprintf(news->warning, sizeof(news->warning), "Cannot set " NSSCACHE_ENV_NAME ": %s",
			strerror(nsscache_rec.error));
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

/* Refresh the diagnostics; call with the environment lock held. */
static nsscache_diag *php_nsscache_diagnose(void)
{
	nsscache_diag_env env;

	env.nss_sdb_use_cache = getenv(NSSCACHE_ENV_NAME);
	env.ssl_dir = getenv("SSL_DIR");
	env.sqlite_tmpdir = getenv("SQLITE_TMPDIR");
	env.tmpdir = getenv("TMPDIR");
	nsscache_diag_refresh(&nsscache_dg, php_nsscache_ext_curl_addr(), &nsscache_cfg,
		&nsscache_rec, &env, NULL);
	return &nsscache_dg;
}

static void php_nsscache_add_str(zval *arr, const char *key, const char *value)
{
	if (value && *value) {
		add_assoc_string(arr, key, (char *) value);
	} else {
		add_assoc_null(arr, key);
	}
}

static void php_nsscache_add_tri(zval *arr, const char *key, nsscache_tri t)
{
	if (t == NSSCACHE_MAYBE) {
		add_assoc_null(arr, key);
	} else {
		add_assoc_bool(arr, key, t == NSSCACHE_YES);
	}
}

static void php_nsscache_add_dentry(zval *arr, const nsscache_dentry_state *ds)
{
	add_assoc_long(arr, "nr_dentry", (zend_long) ds->nr_dentry);
	add_assoc_long(arr, "nr_unused", (zend_long) ds->nr_unused);
	add_assoc_long(arr, "age_limit", (zend_long) ds->age_limit);
	add_assoc_long(arr, "want_pages", (zend_long) ds->want_pages);
	if (ds->has_nr_negative) {
		add_assoc_long(arr, "nr_negative", (zend_long) ds->nr_negative);
	} else {
		add_assoc_null(arr, "nr_negative");
	}
}

static void php_nsscache_add_diag(zval *rv, const nsscache_diag *d)
{
	zval z;

	array_init(&z);
	php_nsscache_add_str(&z, "version", d->curl.found ? d->curl.version : NULL);
	php_nsscache_add_str(&z, "ssl_version", d->curl.found ? d->curl.ssl_version : NULL);
	if (d->curl.found) {
		add_assoc_bool(&z, "nss", d->curl.backend_nss);
	} else {
		add_assoc_null(&z, "nss");
	}
	php_nsscache_add_str(&z, "path", d->curl.found ? d->curl.path : NULL);
	php_nsscache_add_str(&z, "how", d->curl.found ? d->curl.how : NULL);
	php_nsscache_add_str(&z, "headers", nsscache_curl_headers_version());
	php_nsscache_add_str(&z, "reason", d->curl.reason);
	add_assoc_zval(rv, "libcurl", &z);

	array_init(&z);
	php_nsscache_add_str(&z, "version", d->nss.found ? d->nss.version : NULL);
	add_assoc_bool(&z, "initialized", d->nss_initialized);
	php_nsscache_add_str(&z, "path", d->nss.found ? d->nss.path : NULL);
	php_nsscache_add_str(&z, "reason", d->nss.reason);
	add_assoc_zval(rv, "nss", &z);

	array_init(&z);
	php_nsscache_add_str(&z, "version", d->softokn.found ? d->softokn.version : NULL);
	php_nsscache_add_str(&z, "description", d->softokn.found ? d->softokn.description : NULL);
	php_nsscache_add_str(&z, "path", d->softokn.found ? d->softokn.path : NULL);
	php_nsscache_add_str(&z, "how", d->softokn.found ? nsscache_softokn_how_name(d->softokn.how) : NULL);
	if (d->softokn.found) {
		add_assoc_bool(&z, "system_build", d->softokn.system_build);
	} else {
		add_assoc_null(&z, "system_build");
	}
	php_nsscache_add_str(&z, "reason", d->softokn.reason);
	add_assoc_zval(rv, "softokn", &z);

	array_init(&z);
	php_nsscache_add_str(&z, "path", d->db.path);
	add_assoc_string(&z, "source", (char *) nsscache_db_source_name(d->db.source));
	add_assoc_bool(&z, "exists", d->db.exists);
	add_assoc_bool(&z, "directory", d->db.is_dir);
	add_assoc_bool(&z, "readable", d->db.readable);
	add_assoc_bool(&z, "writable", d->db.writable);
	add_assoc_bool(&z, "cert9", d->db.cert9);
	php_nsscache_add_str(&z, "fs", d->db.fs.ok ? d->db.fs.name : NULL);
	add_assoc_string(&z, "fs_class", (char *) nsscache_fs_class_name(d->db.fs.cls));
	php_nsscache_add_str(&z, "note", d->db.ssl_dir_note);
	php_nsscache_add_str(&z, "reason", d->db.reason);
	add_assoc_zval(rv, "db", &z);

	array_init(&z);
	php_nsscache_add_str(&z, "path", d->tmp.found ? d->tmp.path : NULL);
	php_nsscache_add_str(&z, "source", d->tmp.found ? d->tmp.source : NULL);
	php_nsscache_add_str(&z, "fs", d->tmp.found && d->tmp.fs.ok ? d->tmp.fs.name : NULL);
	add_assoc_string(&z, "fs_class", (char *) nsscache_fs_class_name(d->tmp.fs.cls));
	php_nsscache_add_str(&z, "note", d->tmp.note);
	php_nsscache_add_str(&z, "reason", d->tmp.reason);
	add_assoc_zval(rv, "tempdir", &z);

	array_init(&z);
	php_nsscache_add_str(&z, "id", d->distro.id);
	php_nsscache_add_str(&z, "version", d->distro.version_id);
	add_assoc_string(&z, "family", (char *) nsscache_distro_family_name(d->distro.family));
	add_assoc_zval(rv, "distro", &z);

	php_nsscache_add_tri(rv, "in_effect", d->prediction.in_effect);
	add_assoc_string(rv, "in_effect_reason", (char *) d->prediction.in_effect_reason);
	add_assoc_string(rv, "probe", (char *) nsscache_probe_name(d->prediction.probe));
	add_assoc_string(rv, "reason", (char *) d->prediction.reason);
	php_nsscache_add_tri(rv, "probe_db_dir", d->prediction.probe_db_dir);
	php_nsscache_add_tri(rv, "probe_temp_dir", d->prediction.probe_temp_dir);
	php_nsscache_add_tri(rv, "dentries_freed", d->prediction.dentries_freed);

	if (d->dentry_ok) {
		array_init(&z);
		php_nsscache_add_dentry(&z, &d->dentry);
		add_assoc_zval(rv, "dentry", &z);
	} else {
		add_assoc_null(rv, "dentry");
	}
}
/* }}} */

/* {{{ PHP_MINFO_FUNCTION */
static PHP_MINFO_FUNCTION(nsscache)
{
	char buf[1024];
	const char *env;
	const nsscache_diag *d;

	NSSCACHE_ENV_LOCK();
	env = getenv(NSSCACHE_ENV_NAME);
	d = php_nsscache_diagnose();

	php_info_print_table_start();
	php_info_print_table_row(2, "nsscache support", "enabled");
	php_info_print_table_row(2, "Version", PHP_NSSCACHE_VERSION);
	php_info_print_table_row(2, NSSCACHE_ENV_NAME, env ? env : "(unset)");
	nsscache_describe(&nsscache_cfg, &nsscache_rec, buf, sizeof(buf));
	php_info_print_table_row(2, "Action", buf);

	if (d->curl.found) {
		snprintf(buf, sizeof(buf), "%s, TLS backend %s", d->curl.version,
			d->curl.ssl_version[0] ? d->curl.ssl_version : "(none)");
	} else {
		snprintf(buf, sizeof(buf), "not found: %s", d->curl.reason);
	}
	php_info_print_table_row(2, "libcurl", buf);
	if (d->nss.found) {
		snprintf(buf, sizeof(buf), "%s (%s)", d->nss.version, d->nss.path);
	} else {
		snprintf(buf, sizeof(buf), "not loaded: %s", d->nss.reason);
	}
	php_info_print_table_row(2, "NSS", buf);
	php_info_print_table_row(2, "NSS initialized", d->nss_initialized ? "yes" : "no");
	if (d->softokn.found) {
		snprintf(buf, sizeof(buf), "%s (%s, %s)", d->softokn.version, d->softokn.path,
			nsscache_softokn_how_name(d->softokn.how));
	} else {
		snprintf(buf, sizeof(buf), "not found: %s", d->softokn.reason);
	}
	php_info_print_table_row(2, "softokn", buf);
	if (d->db.source != NSSCACHE_DB_NONE) {
		snprintf(buf, sizeof(buf), "%s (%s, %s)", d->db.path, nsscache_db_source_name(d->db.source),
			d->db.fs.ok ? d->db.fs.name : "filesystem unknown");
	} else {
		snprintf(buf, sizeof(buf), "none: %s", d->db.reason);
	}
	php_info_print_table_row(2, "NSS database", buf);
	if (d->tmp.found) {
		snprintf(buf, sizeof(buf), "%s (%s, %s)", d->tmp.path, d->tmp.source,
			d->tmp.fs.ok ? d->tmp.fs.name : "filesystem unknown");
	} else {
		snprintf(buf, sizeof(buf), "none: %s", d->tmp.reason);
	}
	php_info_print_table_row(2, "Temp dir for the probe", buf);
	snprintf(buf, sizeof(buf), "%s: %s", nsscache_tri_name(d->prediction.in_effect),
		d->prediction.in_effect_reason);
	php_info_print_table_row(2, "Cache setting in effect", buf);
	snprintf(buf, sizeof(buf), "%s: %s", nsscache_probe_name(d->prediction.probe), d->prediction.reason);
	php_info_print_table_row(2, "access() probe", buf);
	if (d->dentry_ok && d->dentry.has_nr_negative) {
		snprintf(buf, sizeof(buf), "%lld of %lld dentries", d->dentry.nr_negative, d->dentry.nr_dentry);
	} else if (d->dentry_ok) {
		snprintf(buf, sizeof(buf), "not reported by this kernel (%lld dentries)", d->dentry.nr_dentry);
	} else {
		snprintf(buf, sizeof(buf), "unknown: %s", d->dentry_error);
	}
	php_info_print_table_row(2, "Negative dentries", buf);
	php_info_print_table_end();
	NSSCACHE_ENV_UNLOCK();

	DISPLAY_INI_ENTRIES();
}
/* }}} */

/* {{{ proto array nsscache_status() */
PHP_FUNCTION(nsscache_status)
{
	const char *env;

	ZEND_PARSE_PARAMETERS_NONE();

	array_init(return_value);
	add_assoc_string(return_value, "version", PHP_NSSCACHE_VERSION);
	add_assoc_bool(return_value, "enabled", nsscache_cfg.enabled);
	add_assoc_string(return_value, "value", (char *) nsscache_value_name(nsscache_cfg.value));
	add_assoc_string(return_value, "override", (char *) nsscache_override_name(nsscache_cfg.override));

	NSSCACHE_ENV_LOCK();
	env = getenv(NSSCACHE_ENV_NAME);
	if (env) {
		add_assoc_string(return_value, "env", (char *) env);
	} else {
		add_assoc_null(return_value, "env");
	}
	if (nsscache_rec.had_previous) {
		add_assoc_string(return_value, "previous", nsscache_rec.previous);
	} else {
		add_assoc_null(return_value, "previous");
	}
	add_assoc_string(return_value, "action", (char *) nsscache_action_name(nsscache_rec.action));
	add_assoc_string(return_value, "phase", (char *) nsscache_phase_name(nsscache_rec.phase));
	php_nsscache_add_diag(return_value, php_nsscache_diagnose());
	NSSCACHE_ENV_UNLOCK();
}
/* }}} */

/* {{{ proto array nsscache_versions() */
PHP_FUNCTION(nsscache_versions)
{
	const nsscache_diag *d;

	ZEND_PARSE_PARAMETERS_NONE();

	NSSCACHE_ENV_LOCK();
	d = php_nsscache_diagnose();
	array_init(return_value);
	add_assoc_string(return_value, "nsscache", PHP_NSSCACHE_VERSION);
	php_nsscache_add_str(return_value, "libcurl", d->curl.found ? d->curl.version : NULL);
	php_nsscache_add_str(return_value, "ssl_version", d->curl.found ? d->curl.ssl_version : NULL);
	php_nsscache_add_str(return_value, "curl_headers", nsscache_curl_headers_version());
	php_nsscache_add_str(return_value, "nss", d->nss.found ? d->nss.version : NULL);
	php_nsscache_add_str(return_value, "softokn", d->softokn.found ? d->softokn.version : NULL);
	NSSCACHE_ENV_UNLOCK();
}
/* }}} */

/* {{{ proto ?bool nsscache_in_effect() */
PHP_FUNCTION(nsscache_in_effect)
{
	nsscache_tri t;

	ZEND_PARSE_PARAMETERS_NONE();

	NSSCACHE_ENV_LOCK();
	t = php_nsscache_diagnose()->prediction.in_effect;
	NSSCACHE_ENV_UNLOCK();
	if (t == NSSCACHE_MAYBE) {
		RETURN_NULL();
	}
	RETURN_BOOL(t == NSSCACHE_YES);
}
/* }}} */

/* {{{ proto string nsscache_metrics()
 * Rendered into a malloc'ed buffer under the lock (no output, no bailout
 * there), returned after it. */
PHP_FUNCTION(nsscache_metrics)
{
	nsscache_metrics_facts f;
	nsscache_mbuf b;
	const nsscache_diag *d;
	int rc;

	ZEND_PARSE_PARAMETERS_NONE();

	nsscache_mbuf_init(&b);
	NSSCACHE_ENV_LOCK();
	d = php_nsscache_diagnose();
	nsscache_metrics_facts_from(&f, PHP_NSSCACHE_VERSION, &nsscache_cfg, &nsscache_rec, d,
		getenv(NSSCACHE_ENV_NAME));
	rc = nsscache_metrics_render(&f, &b);
	NSSCACHE_ENV_UNLOCK();
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
	char err[256];

	ZEND_PARSE_PARAMETERS_NONE();

	if (nsscache_dentry_read(NULL, &ds, err, sizeof(err)) != 0) {
		RETURN_NULL();
	}
	array_init(return_value);
	php_nsscache_add_dentry(return_value, &ds);
}
/* }}} */

zend_module_entry nsscache_module_entry = {
	STANDARD_MODULE_HEADER,
	"nsscache",
	ext_functions,
	PHP_MINIT(nsscache),
	NULL,
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
