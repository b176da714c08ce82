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
#include "src/env_policy.h"
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

/* Serialise with PHP's own putenv()/getenv() in threaded SAPIs. */
#ifdef ZTS
# define NSSCACHE_ENV_LOCK()   tsrm_env_lock()
# define NSSCACHE_ENV_UNLOCK() tsrm_env_unlock()
#else
# define NSSCACHE_ENV_LOCK()
# define NSSCACHE_ENV_UNLOCK()
#endif

/* {{{ INI */
static void php_nsscache_bad_ini(const zend_string *name, const zend_string *value,
		const char *allowed, const char *fallback)
{
	php_error_docref(NULL, E_WARNING,
		"Invalid value \"%s\" for %s: expected %s; using the default \"%s\"",
		ZSTR_VAL(value), ZSTR_VAL(name), allowed, fallback);
}

static PHP_INI_MH(OnUpdateNsscacheEnabled)
{
	int on;

	if (nsscache_parse_bool(ZSTR_VAL(new_value), ZSTR_LEN(new_value), &on) != 0) {
		php_nsscache_bad_ini(entry->name, new_value, "On or Off", "On");
		return FAILURE; /* the engine falls back to the default */
	}
	nsscache_cfg.enabled = on;
	nsscache_recheck |= stage != ZEND_INI_STAGE_STARTUP;
	return SUCCESS;
}

static PHP_INI_MH(OnUpdateNsscacheValue)
{
	nsscache_value v;

	if (nsscache_parse_value(ZSTR_VAL(new_value), ZSTR_LEN(new_value), &v) != 0) {
		php_nsscache_bad_ini(entry->name, new_value, "yes or no", "yes");
		return FAILURE;
	}
	nsscache_cfg.value = v;
	nsscache_recheck |= stage != ZEND_INI_STAGE_STARTUP;
	return SUCCESS;
}

static PHP_INI_MH(OnUpdateNsscacheOverride)
{
	nsscache_override o;

	if (nsscache_parse_override(ZSTR_VAL(new_value), ZSTR_LEN(new_value), &o) != 0) {
		php_nsscache_bad_ini(entry->name, new_value, "probing, never or always", "probing");
		return FAILURE;
	}
	nsscache_cfg.override = o;
	nsscache_recheck |= stage != ZEND_INI_STAGE_STARTUP;
	return SUCCESS;
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
		php_log_err(news->notice);
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
	nsscache_apply(&nsscache_cfg, NSSCACHE_PHASE_MINIT, &nsscache_rec);
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

/* {{{ PHP_MINFO_FUNCTION */
static PHP_MINFO_FUNCTION(nsscache)
{
	char action[256];
	const char *env;

	NSSCACHE_ENV_LOCK();
	env = getenv(NSSCACHE_ENV_NAME);
	php_info_print_table_start();
	php_info_print_table_row(2, "nsscache support", "enabled");
	php_info_print_table_row(2, "Version", PHP_NSSCACHE_VERSION);
	php_info_print_table_row(2, NSSCACHE_ENV_NAME, env ? env : "(unset)");
	nsscache_describe(&nsscache_cfg, &nsscache_rec, action, sizeof(action));
	php_info_print_table_row(2, "Action", action);
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
	NSSCACHE_ENV_UNLOCK();
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
