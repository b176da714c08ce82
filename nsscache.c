/* SPDX-License-Identifier: BSD-2-Clause */
/* nsscache's Zend glue: INI, the load/MINIT/RINIT hooks, MINFO and the PHP
 * functions (docs/DESIGN.md). */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "ext/standard/info.h"
#include "ext/standard/basic_functions.h"

#include "php_nsscache.h"
#include "nsscache_compat.h"
#include "src/policy.h"
#include "src/facts.h"

#if defined(ZTS) && defined(COMPILE_DL_NSSCACHE)
ZEND_TSRMLS_CACHE_DEFINE()
#endif

/* The environment is one per process, so is what nsscache knows about it;
 * the directives are PHP_INI_SYSTEM (startup, or an FPM pool's php_admin_value). */
static nsscache_config nsscache_cfg = NSSCACHE_CONFIG_DEFAULT;
static nsscache_record nsscache_rec;
static int nsscache_failure_warned;
/* A pool's php_admin_value changed a directive: the next RINIT applies the
 * policy even if the variable looks unchanged. */
static int nsscache_recheck;

/* PHP's own putenv()/getenv() lock in threaded SAPIs, plain and non-recursive:
 * under it nothing may print (an output handler may call getenv()), read a file,
 * allocate from Zend or bail out (a longjmp past the unlock). Only getenv/setenv
 * and malloc'ed copies happen under it. */
#ifdef ZTS
# include <pthread.h>
# define NSSCACHE_ENV_LOCK()   tsrm_env_lock()
# define NSSCACHE_ENV_UNLOCK() tsrm_env_unlock()
/* Guards the facts cache only, held just to copy it in or out. */
static pthread_mutex_t nsscache_facts_mutex = PTHREAD_MUTEX_INITIALIZER;
# define NSSCACHE_FACTS_LOCK()   pthread_mutex_lock(&nsscache_facts_mutex)
# define NSSCACHE_FACTS_UNLOCK() pthread_mutex_unlock(&nsscache_facts_mutex)
/* In get_module() the thread's globals are not reachable yet: ask PHP. */
# define NSSCACHE_SCRIPT_RAN() php_get_module_initialized()
#else
# define NSSCACHE_ENV_LOCK()
# define NSSCACHE_ENV_UNLOCK()
# define NSSCACHE_FACTS_LOCK()
# define NSSCACHE_FACTS_UNLOCK()
/* PHP is running a script (a dl()), not starting. */
# define NSSCACHE_SCRIPT_RAN() (EG(current_execute_data) != NULL)
#endif

/* S (LEN bytes) for a log line: its first 64 bytes escaped, then "... (N bytes)" */
#define NSSCACHE_LOG_MAX 64
#define NSSCACHE_LOG_BUF (4 * NSSCACHE_LOG_MAX + 32)
static const char *php_nsscache_loggable(char *buf, const char *s, size_t len)
{
	nsscache_escape(buf, 4 * NSSCACHE_LOG_MAX + 1, s, len < NSSCACHE_LOG_MAX ? len : NSSCACHE_LOG_MAX);
	if (len > NSSCACHE_LOG_MAX) {
		snprintf(buf + strlen(buf), 32, "... (%zu bytes)", len);
	}
	return buf;
}

/* {{{ INI */

/* The three directives, in the order of NSSCACHE_INI_*: one parser, one
 * handler and one displayer serve them at load time and after. */
static const char *const php_nsscache_ini_names[NSSCACHE_INI_N + 1] = { "nsscache.enabled", "nsscache.value", "nsscache.override", NULL };
/* no strlen() at startup: see own() in src/policy.c */
static const size_t php_nsscache_ini_lens[NSSCACHE_INI_N] = { sizeof "nsscache.enabled" - 1, sizeof "nsscache.value" - 1, sizeof "nsscache.override" - 1 };

/* A bad value gets one warning naming the value in force (at startup the default;
 * later, as for a pool's php_admin_value, the current one); a change after
 * startup makes the next RINIT act. */
static PHP_INI_MH(OnUpdateNsscache)
{
	static const char *const allowed[NSSCACHE_INI_N] = { "On or Off", "yes or no", "probing, never or always" };
	static const nsscache_config def = NSSCACHE_CONFIG_DEFAULT;
	int which = (int) (uintptr_t) mh_arg1, startup = stage == ZEND_INI_STAGE_STARTUP;
	nsscache_config cfg;

	NSSCACHE_ENV_LOCK(); /* every thread's RINIT reads the directives */
	cfg = nsscache_cfg;
	NSSCACHE_ENV_UNLOCK();
	if (nsscache_ini_parse(which, ZSTR_VAL(new_value), ZSTR_LEN(new_value), &cfg) != 0) {
		char esc[NSSCACHE_LOG_BUF];

		php_error_docref(NULL, E_WARNING, "Invalid value \"%s\" for %s: expected %s; %s \"%s\"",
			php_nsscache_loggable(esc, ZSTR_VAL(new_value), ZSTR_LEN(new_value)), ZSTR_VAL(entry->name),
			allowed[which], startup ? "using the default" : "keeping", nsscache_ini_word(which, startup ? &def : &cfg));
		return FAILURE;
	}
	NSSCACHE_ENV_LOCK();
	nsscache_cfg = cfg;
	nsscache_recheck |= !startup;
	NSSCACHE_ENV_UNLOCK();
	return SUCCESS;
}

/* What the value means: php.ini turns an unquoted no into "", On into "1". */
static PHP_INI_DISP(php_nsscache_ini_display)
{
	zend_string *v = type == ZEND_INI_DISPLAY_ORIG && ini_entry->modified ? ini_entry->orig_value : ini_entry->value;
	nsscache_config cfg = NSSCACHE_CONFIG_DEFAULT;
	int which = (int) (uintptr_t) ini_entry->mh_arg1;

	if (v) {
		nsscache_ini_parse(which, ZSTR_VAL(v), ZSTR_LEN(v), &cfg);
	}
	php_printf("%s", nsscache_ini_word(which, &cfg));
}

/* the names again: the engine takes their lengths with sizeof */
#define NSSCACHE_INI(name, which, def) \
	PHP_INI_ENTRY1_EX(name, def, PHP_INI_SYSTEM, OnUpdateNsscache, (void *) (uintptr_t) (which), php_nsscache_ini_display)
PHP_INI_BEGIN()
	NSSCACHE_INI("nsscache.enabled", NSSCACHE_INI_ENABLED, "1")
	NSSCACHE_INI("nsscache.value", NSSCACHE_INI_VALUE, "yes")
	NSSCACHE_INI("nsscache.override", NSSCACHE_INI_OVERRIDE, "probing")
PHP_INI_END()
/* }}} */

/* {{{ applying the policy */

/* What an apply left to say: made under the lock, said outside it (two threads never log one replacement). */
typedef struct {
	char notice[NSSCACHE_LOG_BUF + 256];
	char warning[128];
} php_nsscache_news;

/* A checkpoint of the variable's timeline (nsscache_checkpoint, AT). The
 * loader is asked until softokn is first seen, then never again, and its lock
 * is taken before PHP's environment lock, never under it. */
static void php_nsscache_checkpoint(nsscache_at at)
{
	int mapped;

	NSSCACHE_ENV_LOCK();
	mapped = nsscache_rec.opened != NSSCACHE_OPEN_NOT_SEEN;
	NSSCACHE_ENV_UNLOCK();
	mapped = !mapped && nsscache_softokn_loaded();
	if (mapped || at != NSSCACHE_AT_LOOK) {
		NSSCACHE_ENV_LOCK();
		nsscache_checkpoint(&nsscache_rec, mapped, getenv(NSSCACHE_ENV_NAME), at);
		NSSCACHE_ENV_UNLOCK();
	}
}

/* PHP's putenv(), wrapped: a request's changes to the variable are part of
 * its timeline (a load before the call was under the value before it). */
static __typeof__(((zend_internal_function *) 0)->handler) php_nsscache_putenv_orig;

static ZEND_NAMED_FUNCTION(php_nsscache_putenv)
{
	php_nsscache_checkpoint(NSSCACHE_AT_LOOK);
	php_nsscache_putenv_orig(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	php_nsscache_checkpoint(NSSCACHE_AT_PUTENV);
}

/* ON: wrap (MINIT); else put PHP's back (MSHUTDOWN: a dl()'d .so is unmapped
 * after it). Absent when disable_functions took it. */
static void php_nsscache_wrap_putenv(int on)
{
	NSSCACHE_TSRMLS_FETCH();
	zend_function *f = zend_hash_str_find_ptr(CG(function_table), ZEND_STRL("putenv"));

	if (f != NULL && f->type == ZEND_INTERNAL_FUNCTION
			&& (f->internal_function.handler == php_nsscache_putenv) != on) {
		php_nsscache_putenv_orig = on ? f->internal_function.handler : php_nsscache_putenv_orig;
		f->internal_function.handler = on ? php_nsscache_putenv : php_nsscache_putenv_orig;
	}
}

static void php_nsscache_apply(nsscache_phase phase, php_nsscache_news *news)
{
	/* Has NSS opened its DB already (a dl() after a TLS request)? Not while
	 * PHP starts, when no script has run yet. */
	int mapped = NSSCACHE_SCRIPT_RAN() && nsscache_softokn_loaded();

	news->notice[0] = news->warning[0] = '\0';
	NSSCACHE_ENV_LOCK();
	nsscache_apply(&nsscache_cfg, phase, mapped, &nsscache_rec);
	if (nsscache_rec.notice_pending) {
		const char *prev = nsscache_rec.previous != NULL ? nsscache_rec.previous : "";
		char esc[NSSCACHE_LOG_BUF];
		int probing = nsscache_classify(nsscache_rec.previous) == NSSCACHE_VAR_PROBING;

		nsscache_rec.notice_pending = 0;
		snprintf(news->notice, sizeof(news->notice),
			"PHP Notice:  nsscache: replaced " NSSCACHE_ENV_NAME "=\"%s\" with \"%s\" at %s [%s]",
			php_nsscache_loggable(esc, prev, strlen(prev)), nsscache_ini_word(NSSCACHE_INI_VALUE, &nsscache_cfg),
			nsscache_phase_name(phase), probing ? "probing_value" : "override_always");
	}
	if (nsscache_rec.action == NSSCACHE_ACTION_FAILED && !nsscache_failure_warned) {
		nsscache_failure_warned = 1;
		snprintf(news->warning, sizeof(news->warning), "nsscache: could not set " NSSCACHE_ENV_NAME ": %s",
			strerror(nsscache_rec.error));
	}
	NSSCACHE_ENV_UNLOCK();
}

static void php_nsscache_tell(const php_nsscache_news *news)
{
	NSSCACHE_TSRMLS_FETCH();
	/* log only: a notice in the response body could break its headers */
	if (news->notice[0] && INI_INT("log_errors") && (EG(error_reporting) & E_NOTICE)) {
		nsscache_log_err(news->notice);
	}
	if (news->warning[0]) {
		php_error_docref(NULL, E_WARNING, "%s", news->warning);
	}
}

/* The earliest point: the .so was just dlopen'ed, before any module's MINIT
 * (ext/curl's too, whatever the ini order). php.ini's values are read directly;
 * a bad one keeps the default quietly, and what is worth saying waits for
 * MINIT, when logging is up. */
static php_nsscache_news nsscache_load_news;

static void php_nsscache_apply_at_load(void)
{
	nsscache_config cfg = NSSCACHE_CONFIG_DEFAULT;
	int which;

	for (which = 0; which < NSSCACHE_INI_N; which++) {
		zval *v = cfg_get_entry(php_nsscache_ini_names[which], php_nsscache_ini_lens[which]);

		if (v != NULL && Z_TYPE_P(v) == IS_STRING) {
			nsscache_ini_parse(which, Z_STRVAL_P(v), Z_STRLEN_P(v), &cfg);
		}
	}
	nsscache_cfg = cfg;
	php_nsscache_apply(NSSCACHE_PHASE_LOAD, &nsscache_load_news);
}
/* }}} */

/* MINIT and RINIT act when nothing has acted yet, a directive changed since, or
 * the variable is not what nsscache left (disabled: on a change of directive). */
static int php_nsscache_must_act(void)
{
	int act = 0;

	NSSCACHE_ENV_LOCK();
	if (nsscache_cfg.enabled || nsscache_recheck || nsscache_rec.action == NSSCACHE_ACTION_NONE) {
		act = nsscache_recheck || !nsscache_unchanged(&nsscache_rec, getenv(NSSCACHE_ENV_NAME));
		nsscache_recheck = 0;
	}
	NSSCACHE_ENV_UNLOCK();
	return act;
}

static PHP_MINIT_FUNCTION(nsscache)
{
	php_nsscache_news news = { "", "" };

#if defined(ZTS) && defined(COMPILE_DL_NSSCACHE)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	REGISTER_INI_ENTRIES();
	php_nsscache_wrap_putenv(1);
	/* Loaded as a .so, the policy ran in get_module() moments ago with the
	 * same php.ini: only a built-in nsscache, or a change since, acts here. */
	if (php_nsscache_must_act()) {
		php_nsscache_apply(NSSCACHE_PHASE_MINIT, &news);
	}
	php_nsscache_tell(&nsscache_load_news);
	php_nsscache_tell(&news);
	nsscache_load_news.notice[0] = nsscache_load_news.warning[0] = '\0';
	return SUCCESS;
}

/* A restart of Apache or FPM, or the end of a dl()'s request, unloads the .so
 * (and may load it again). A dl()'d module's INI entries must go before it; a
 * module loaded at startup leaves them to zend_ini_shutdown, which calls no
 * .so (unregistering would walk every directive at every process's end). */
static PHP_MSHUTDOWN_FUNCTION(nsscache)
{
	php_nsscache_wrap_putenv(0);
	if (type == MODULE_TEMPORARY) {
		NSSCACHE_UNREGISTER_INI_ENTRIES(type, php_nsscache_ini_names);
	}
	nsscache_record_free(&nsscache_rec);
	memset(&nsscache_rec, 0, sizeof(nsscache_rec));
	nsscache_failure_warned = nsscache_recheck = 0;
	return SUCCESS;
}

/* FPM workers clearenv() after fork (clear_env = yes), and an unquoted pool
 * env[] line delivers "1": repair here, before the script can reach NSS.
 * When nothing changed this is one getenv() and a compare. */
static PHP_RINIT_FUNCTION(nsscache)
{
	php_nsscache_news news;

#if defined(ZTS) && defined(COMPILE_DL_NSSCACHE)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	if (php_nsscache_must_act()) {
		php_nsscache_apply(NSSCACHE_PHASE_RINIT, &news);
		php_nsscache_tell(&news);
	}
	return SUCCESS;
}

/* A request that called putenv(): the last checkpoint before PHP puts the
 * old values back (basic's RSHUTDOWN, after this one). */
static PHP_RSHUTDOWN_FUNCTION(nsscache)
{
	if (zend_hash_num_elements(&BG(putenv_ht)) != 0) {
		php_nsscache_checkpoint(NSSCACHE_AT_REQUEST_END);
	}
	return SUCCESS;
}

/* {{{ the facts, for the views */

/* What the views read from the environment and the record, copied into one request
 * buffer (Zend memory: freed at request end even when printing bails out), and the facts. */
enum { SNAP_ENV, SNAP_PREVIOUS, SNAP_SSL_DIR, SNAP_TMPDIR, SNAP_SQLITE_TMPDIR, SNAP_N };
typedef struct {
	const char *s[SNAP_N];
	char *buf;
	nsscache_config cfg;
	nsscache_record rec;
	nsscache_libs libs;
	nsscache_effect effect;
} php_nsscache_view;

/* Copies SRC's strings into BUF (CAP bytes) and points OUT at them; the
 * bytes needed. No allocation: runs under the environment lock. */
static size_t php_nsscache_copy(const char *const *src, char *buf, size_t cap, const char **out)
{
	size_t used = 0, i;

	for (i = 0; i < SNAP_N; i++) {
		size_t n = src[i] != NULL ? strlen(src[i]) + 1 : 0;

		out[i] = NULL;
		if (src[i] != NULL && used + n <= cap) {
			memcpy(buf + used, src[i], n);
			out[i] = buf + used;
		}
		used += n;
	}
	return used;
}

/* Gathered again only when the loader's stamp moved, with no lock held
 * (file reads); the mutex only guards copies. */
static nsscache_libs nsscache_libs_cache;
static nsscache_stamp nsscache_libs_stamp;

static void php_nsscache_view_take(php_nsscache_view *v)
{
	const char *src[SNAP_N];
	size_t cap = 256, need;
	nsscache_stamp now;
	int fresh;

	v->buf = NULL;
	php_nsscache_checkpoint(NSSCACHE_AT_LOOK);
	for (;;) {
		/* erealloc may bail out (memory_limit): never under the lock */
		v->buf = erealloc(v->buf, cap);
		NSSCACHE_ENV_LOCK();
		src[SNAP_ENV] = getenv(NSSCACHE_ENV_NAME);
		src[SNAP_PREVIOUS] = nsscache_rec.previous;
		src[SNAP_SSL_DIR] = getenv("SSL_DIR");
		src[SNAP_TMPDIR] = getenv("TMPDIR");
		src[SNAP_SQLITE_TMPDIR] = getenv("SQLITE_TMPDIR");
		need = php_nsscache_copy(src, v->buf, cap, v->s);
		v->rec = nsscache_rec;
		v->cfg = nsscache_cfg;
		NSSCACHE_ENV_UNLOCK();
		if (need <= cap) {
			break;
		}
		cap = need; /* the environment grew meanwhile */
	}
	v->rec.previous = (char *) v->s[SNAP_PREVIOUS];
	v->rec.left = v->rec.put = NULL;

	nsscache_stamp_now(&now);
	NSSCACHE_FACTS_LOCK();
	fresh = nsscache_stamp_equal(&now, &nsscache_libs_stamp);
	if (fresh) {
		v->libs = nsscache_libs_cache;
	}
	NSSCACHE_FACTS_UNLOCK();
	if (!fresh) {
		/* ext/curl's dlopen() handle (PHP's own; NULL when compiled in): nsscache never opens a name */
		zend_module_entry *m = zend_hash_str_find_ptr(&module_registry, ZEND_STRL("curl"));

		nsscache_libs_gather(&v->libs, m != NULL, m != NULL ? m->handle : NULL);
		NSSCACHE_FACTS_LOCK();
		nsscache_libs_cache = v->libs;
		nsscache_libs_stamp = now;
		NSSCACHE_FACTS_UNLOCK();
	}
	v->effect = nsscache_in_effect(&v->libs, &v->rec, v->s[SNAP_ENV]);
}

/* }}} */

/* {{{ the one builder: the status array, which every view reads */

/* Every string of the array, reversibly escaped (nsscache_escape), so that json_encode()
 * takes any and MINFO prints only printable ASCII. NULL is null; "" too, unless RAW. */
static void php_nsscache_add(zval *arr, const char *key, const char *s, int raw)
{
	char *z;

	if (s == NULL || (!raw && s[0] == '\0')) {
		add_assoc_null(arr, key);
		return;
	}
	z = safe_emalloc(4, strlen(s), 1);
	add_assoc_string(arr, key, nsscache_escape(z, 4 * strlen(s) + 1, s, strlen(s)));
	efree(z);
}

/* ?bool: T < 0 is null (T is read twice) */
#define php_nsscache_add_tri(arr, key, t) ((t) < 0 ? add_assoc_null(arr, key) : add_assoc_bool(arr, key, (t) > 0))

static void php_nsscache_build(zval *arr)
{
	static const char *const curl_how[] = { "none", "ext_curl", "only", "first" };
	static const char *const note_codes[] = { "value_not_applied", "probing_value_kept", "libcurl_not_ext_curl" };
	php_nsscache_view *v = emalloc(sizeof(*v));
	const nsscache_libs *l = &v->libs;
	nsscache_var var, want;
	int notes[3], n;
	zval sub;

	php_nsscache_view_take(v);
	want = v->cfg.value == NSSCACHE_VALUE_NO ? NSSCACHE_VAR_NO : NSSCACHE_VAR_YES;
	var = nsscache_classify(v->s[SNAP_ENV]);
	notes[0] = v->cfg.enabled && (var == NSSCACHE_VAR_YES || var == NSSCACHE_VAR_NO) && var != want;
	notes[1] = v->cfg.enabled && v->cfg.override == NSSCACHE_OVERRIDE_NEVER && var == NSSCACHE_VAR_PROBING;
	notes[2] = l->ext_curl_missed;

	array_init(arr);
	add_assoc_string(arr, "version", PHP_NSSCACHE_VERSION);
	add_assoc_bool(arr, "enabled", v->cfg.enabled);
	add_assoc_string(arr, "value", (char *) nsscache_ini_word(NSSCACHE_INI_VALUE, &v->cfg));
	add_assoc_string(arr, "override", (char *) nsscache_ini_word(NSSCACHE_INI_OVERRIDE, &v->cfg));
	php_nsscache_add(arr, "env", v->s[SNAP_ENV], 1);
	php_nsscache_add(arr, "previous", v->s[SNAP_PREVIOUS], 1);
	add_assoc_string(arr, "action", (char *) nsscache_action_name(v->rec.action));
	add_assoc_string(arr, "phase", (char *) nsscache_phase_name(v->rec.phase));
	add_assoc_long(arr, "repairs", (zend_long) v->rec.repairs);

	array_init(&sub);
	php_nsscache_add(&sub, "version", l->curl_version, 0);
	php_nsscache_add(&sub, "ssl_version", l->curl_ssl, 0);
	add_assoc_bool(&sub, "nss", l->curl_nss);
	php_nsscache_add(&sub, "path", l->curl_path, 0);
	add_assoc_string(&sub, "how", (char *) curl_how[l->curl_how]);
	add_assoc_zval(arr, "libcurl", &sub);

	array_init(&sub);
	php_nsscache_add(&sub, "version", l->nss_version, 0);
	php_nsscache_add_tri(&sub, "initialized", l->nss_path[0] != '\0' ? l->softokn_how == NSSCACHE_SOFTOKN_LOADED : -1);
	php_nsscache_add(&sub, "path", l->nss_path, 0);
	add_assoc_zval(arr, "nss", &sub);

	array_init(&sub);
	php_nsscache_add(&sub, "version", l->softokn_version, 0);
	add_assoc_string(&sub, "how", l->softokn_how == NSSCACHE_SOFTOKN_LOADED ? "loaded"
		: l->softokn_how == NSSCACHE_SOFTOKN_FILE ? "file" : "none");
	php_nsscache_add(&sub, "path", l->softokn_path, 0);
	php_nsscache_add_tri(&sub, "system_build", l->softokn_how != NSSCACHE_SOFTOKN_NONE ? l->softokn_system : -1);
	add_assoc_zval(arr, "softokn", &sub);

	php_nsscache_add(arr, "ssl_dir", v->s[SNAP_SSL_DIR], 1);
	php_nsscache_add(arr, "tmpdir", v->s[SNAP_TMPDIR], 1);
	php_nsscache_add(arr, "sqlite_tmpdir", v->s[SNAP_SQLITE_TMPDIR], 1);
	php_nsscache_add_tri(arr, "in_effect", nsscache_effect_value(v->effect));
	add_assoc_string(arr, "in_effect_reason", (char *) nsscache_effect_code(v->effect));

	array_init(&sub);
	for (n = 0; n < 3; n++) {
		if (notes[n]) {
			add_next_index_string(&sub, note_codes[n]);
		}
	}
	add_assoc_zval(arr, "notes", &sub);
	efree(v->buf);
	efree(v);
}

/* KEY of the status array, or of its sub-array SUB (NULL: none) */
static zval *php_nsscache_get(zval *st, const char *sub, const char *key)
{
	zval *z = sub != NULL ? zend_hash_str_find(Z_ARRVAL_P(st), sub, strlen(sub)) : st;

	return zend_hash_str_find(Z_ARRVAL_P(z), key, strlen(key));
}
/* }}} */

/* {{{ the views */

PHP_FUNCTION(nsscache_status)
{
	ZEND_PARSE_PARAMETERS_NONE();
	php_nsscache_build(return_value);
}

PHP_FUNCTION(nsscache_versions)
{
	static const char *const from[][3] = {
		{ "nsscache", NULL, "version" }, { "libcurl", "libcurl", "version" }, { "ssl_version", "libcurl", "ssl_version" },
		{ "nss", "nss", "version" }, { "softokn", "softokn", "version" },
	};
	zval st;
	size_t i;

	ZEND_PARSE_PARAMETERS_NONE();
	php_nsscache_build(&st);
	array_init(return_value);
	for (i = 0; i < sizeof(from) / sizeof(from[0]); i++) {
		zval *z = php_nsscache_get(&st, from[i][1], from[i][2]);

		Z_TRY_ADDREF_P(z);
		add_assoc_zval(return_value, from[i][0], z);
	}
	zval_ptr_dtor(&st);
}

PHP_FUNCTION(nsscache_in_effect)
{
	zval st;

	ZEND_PARSE_PARAMETERS_NONE();
	php_nsscache_build(&st);
	ZVAL_COPY(return_value, php_nsscache_get(&st, NULL, "in_effect"));
	zval_ptr_dtor(&st);
}

/* MINFO: the array's codes and values (escaped to printable ASCII), a row each
 * under its key ("libcurl.path" for a sub-array's), a list's joined. */
static void php_nsscache_rows(HashTable *ht, const char *prefix)
{
	zend_string *key;
	zval *z, *e;

	ZEND_HASH_FOREACH_STR_KEY_VAL(ht, key, z) {
		char label[64], buf[256] = "";
		const char *text = buf;

		snprintf(label, sizeof(label), "%s%s", prefix, ZSTR_VAL(key));
		if (Z_TYPE_P(z) == IS_ARRAY && !HT_IS_PACKED(Z_ARRVAL_P(z))) {
			snprintf(label, sizeof(label), "%s.", ZSTR_VAL(key));
			php_nsscache_rows(Z_ARRVAL_P(z), label);
			continue;
		}
		if (Z_TYPE_P(z) == IS_ARRAY) { /* a list of codes: notes, only when there are some */
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(z), e) {
				snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s", buf[0] ? ", " : "", Z_STRVAL_P(e));
			} ZEND_HASH_FOREACH_END();
		} else if (Z_TYPE_P(z) == IS_LONG) {
			snprintf(buf, sizeof(buf), "%ld", (long) Z_LVAL_P(z));
		} else { /* no zend_is_true(): each function imported costs every PHP's start ~1,270 instructions */
			text = Z_TYPE_P(z) == IS_STRING ? (Z_STRLEN_P(z) == 0 ? "\"\"" : Z_STRVAL_P(z))
				: Z_TYPE_P(z) == IS_NULL ? "null" : NSSCACHE_Z_TRUE(z) ? "true" : "false";
		}
		php_info_print_table_row(2, label, text);
	} ZEND_HASH_FOREACH_END();
}

static PHP_MINFO_FUNCTION(nsscache)
{
	zval st;

	php_nsscache_build(&st);
	php_info_print_table_start();
	php_info_print_table_row(2, "nsscache support", "enabled");
	php_nsscache_rows(Z_ARRVAL(st), "");
	php_info_print_table_end();
	zval_ptr_dtor(&st);

	DISPLAY_INI_ENTRIES();
}
/* }}} */

zend_module_entry nsscache_module_entry = {
	STANDARD_MODULE_HEADER,
	"nsscache",
	ext_functions,
	PHP_MINIT(nsscache),
	PHP_MSHUTDOWN(nsscache),
	PHP_RINIT(nsscache),
	PHP_RSHUTDOWN(nsscache),
	PHP_MINFO(nsscache),
	PHP_NSSCACHE_VERSION,
	STANDARD_MODULE_PROPERTIES
};

#ifdef COMPILE_DL_NSSCACHE
/* ZEND_GET_MODULE, plus the policy at load time, right after dlopen(). A dl()
 * of an nsscache loaded already fails just after this, with this image's
 * record set and kept (a copy at another path has its own). */
BEGIN_EXTERN_C()
ZEND_DLEXPORT zend_module_entry *get_module(void)
{
	if (nsscache_rec.action == NSSCACHE_ACTION_NONE) {
		php_nsscache_apply_at_load();
	}
	return &nsscache_module_entry;
}
END_EXTERN_C()
#endif
