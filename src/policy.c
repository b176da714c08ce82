/* SPDX-License-Identifier: BSD-2-Clause */
/* nsscache's policy for NSS_SDB_USE_CACHE: see policy.h. */
#include "policy.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LOWER(c) ((c) >= 'A' && (c) <= 'Z' ? (char) ((c) - 'A' + 'a') : (c))

/* ASCII case-insensitive equality of S (LEN bytes) and WORD, as NSS's PORT_Strcasecmp. Not strncasecmp():
 * it follows LC_CTYPE (a script's setlocale() changes it for every thread), and with strlen() it would
 * add 1,038 instructions to startup (two lazy bindings: see own()). */
static int ascii_is(const char *s, size_t len, const char *word)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (word[i] == '\0' || LOWER(s[i]) != LOWER(word[i])) {
			return 0;
		}
	}
	return word[len] == '\0';
}

/* The words each directive takes, by the value they mean (the first is the
 * one shown). php.ini turns a bare On or yes into "1", Off or no into "":
 * `nsscache.value = no` means what it says. */
static const char *const ini_words[NSSCACHE_INI_N][3][6] = {
	{ { "Off", "0", "", "no", "false" }, { "On", "1", "yes", "true" } },
	{ { "yes", "1" }, { "no", "" } },
	{ { "probing" }, { "never" }, { "always" } },
};

int nsscache_ini_parse(int which, const char *s, size_t len, nsscache_config *cfg)
{
	int v, w;

	for (v = 0; v < 3; v++) {
		for (w = 0; ini_words[which][v][w] != NULL; w++) {
			if (ascii_is(s != NULL ? s : "", s != NULL ? len : 0, ini_words[which][v][w])) {
				cfg->enabled = which == NSSCACHE_INI_ENABLED ? v : cfg->enabled;
				cfg->value = which == NSSCACHE_INI_VALUE ? (nsscache_value) v : cfg->value;
				cfg->override = which == NSSCACHE_INI_OVERRIDE ? (nsscache_override) v : cfg->override;
				return 0;
			}
		}
	}
	return -1;
}

const char *nsscache_ini_word(int which, const nsscache_config *cfg)
{
	int v = which == NSSCACHE_INI_ENABLED ? cfg->enabled != 0 : which == NSSCACHE_INI_VALUE ? (int) cfg->value
		: (int) cfg->override;

	return ini_words[which][v >= 0 && v <= 2 && ini_words[which][v][0] != NULL ? v : 0][0];
}

const char *nsscache_action_name(nsscache_action a)
{
	static const char *const names[] = { "none", "set", "kept", "replaced", "disabled", "failed" };

	return a <= NSSCACHE_ACTION_FAILED ? names[a] : "none";
}

const char *nsscache_phase_name(nsscache_phase p)
{
	static const char *const names[] = { "none", "load", "minit", "rinit" };

	return p <= NSSCACHE_PHASE_RINIT ? names[p] : "none";
}

nsscache_var nsscache_classify(const char *value)
{
	size_t n = 0;

	if (value == NULL) {
		return NSSCACHE_VAR_UNSET;
	}
	while (n < 4 && value[n] != '\0') { /* no strlen(): see own() */
		n++;
	}
	if (ascii_is(value, n, "yes")) {
		return NSSCACHE_VAR_YES;
	}
	return ascii_is(value, n, "no") ? NSSCACHE_VAR_NO : NSSCACHE_VAR_PROBING;
}

nsscache_action nsscache_decide(const nsscache_config *cfg, const char *current)
{
	nsscache_var cls = nsscache_classify(current);

	if (!cfg->enabled) {
		return NSSCACHE_ACTION_DISABLED;
	}
	if (cls == NSSCACHE_VAR_UNSET) {
		return NSSCACHE_ACTION_SET;
	}
	if (cls == NSSCACHE_VAR_PROBING) {
		return cfg->override == NSSCACHE_OVERRIDE_NEVER ? NSSCACHE_ACTION_KEPT : NSSCACHE_ACTION_REPLACED;
	}
	/* yes or no: somebody's explicit choice, switched only by override=always */
	if (cfg->override == NSSCACHE_OVERRIDE_ALWAYS
			&& cls != (cfg->value == NSSCACHE_VALUE_NO ? NSSCACHE_VAR_NO : NSSCACHE_VAR_YES)) {
		return NSSCACHE_ACTION_REPLACED;
	}
	return NSSCACHE_ACTION_KEPT;
}

/* *DST becomes an owned copy of SRC (NULL: none, or out of memory), in SHORT
 * (16 bytes) when it fits: each libc function first called costs startup a
 * lazy binding, ~640 instructions (callgrind, `php -r ''`, PHP 8.2). */
static void own(char **dst, char *shrt, const char *src)
{
	size_t n = 0;

	if (*dst != NULL && *dst != shrt) {
		free(*dst);
	}
	while (src != NULL && n < 16 && (shrt[n] = src[n]) != '\0') {
		n++;
	}
	*dst = src == NULL ? NULL : n < 16 ? shrt : strdup(src);
}

/* Is CUR (NULL: unset) the value V, which HAS says was set? A set value
 * whose copy malloc() lost never matches. */
static int same(const char *cur, const char *v, int has)
{
	if (cur == NULL || v == NULL) {
		return cur == NULL && !has;
	}
	while (*cur != '\0' && *cur == *v) { /* strcmp() by hand: see own() */
		cur++;
		v++;
	}
	return *cur == *v;
}

#define HONOURED(var) ((var) == NSSCACHE_VAR_YES || (var) == NSSCACHE_VAR_NO)

nsscache_action nsscache_apply(const nsscache_config *cfg, nsscache_phase phase, int mapped,
		nsscache_record *rec)
{
	const char *current = getenv(NSSCACHE_ENV_NAME);
	const char *want = nsscache_ini_word(NSSCACHE_INI_VALUE, cfg);
	nsscache_action action = nsscache_decide(cfg, current);

	nsscache_checkpoint(rec, mapped, current, NSSCACHE_AT_LOOK);
	/* Copy before setenv(): CURRENT may point into the entry it replaces. */
	own(&rec->previous, rec->short_copy[0], current);
	rec->phase = phase;
	rec->error = 0;
	if (action == NSSCACHE_ACTION_SET || action == NSSCACHE_ACTION_REPLACED) {
		/* setenv copies: no PHP-owned buffer ends up in environ */
		if (setenv(NSSCACHE_ENV_NAME, want, 1) != 0) {
			rec->error = errno ? errno : ENOMEM;
			action = NSSCACHE_ACTION_FAILED;
		} else {
			rec->repairs++;
			rec->nss_was_open = rec->opened != NSSCACHE_OPEN_NOT_SEEN && !HONOURED(rec->opened_var);
			if (action == NSSCACHE_ACTION_REPLACED && rec->notice_pid != (long) getpid()) {
				/* once per process: a forked FPM worker logs its own */
				rec->notice_pid = (long) getpid();
				rec->notice_pending = 1;
			}
		}
	}
	rec->action = action;
	current = getenv(NSSCACHE_ENV_NAME);
	rec->has_left = current != NULL;
	own(&rec->left, rec->short_copy[1], current);
	rec->in_putenv = 0; /* what the environment holds is nsscache's to know again */
	return action;
}

int nsscache_unchanged(const nsscache_record *rec, const char *current)
{
	return rec->action != NSSCACHE_ACTION_NONE && same(current, rec->left, rec->has_left);
}

void nsscache_checkpoint(nsscache_record *rec, int mapped, const char *current, nsscache_at at)
{
	/* not what the last checkpoint left (before nsscache first acted, nothing was left) */
	int changed = rec->action != NSSCACHE_ACTION_NONE
		&& !(rec->in_putenv ? same(current, rec->put, rec->has_put) : same(current, rec->left, rec->has_left));

	if (mapped && rec->opened == NSSCACHE_OPEN_NOT_SEEN) {
		rec->opened_var = nsscache_classify(current);
		rec->opened = changed ? NSSCACHE_OPEN_UNKNOWN : rec->in_putenv ? NSSCACHE_OPEN_PUTENV : NSSCACHE_OPEN_STEADY;
	}
	rec->in_putenv = at == NSSCACHE_AT_REQUEST_END ? 0 : rec->in_putenv;
	if (at == NSSCACHE_AT_PUTENV && changed) {
		rec->in_putenv = !same(current, rec->left, rec->has_left);
		rec->has_put = current != NULL;
		own(&rec->put, rec->short_copy[2], current);
	}
}

void nsscache_record_free(nsscache_record *rec)
{
	own(&rec->previous, rec->short_copy[0], NULL);
	own(&rec->left, rec->short_copy[1], NULL);
	own(&rec->put, rec->short_copy[2], NULL);
}
