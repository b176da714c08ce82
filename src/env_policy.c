/*
 * nsscache: what to do with NSS_SDB_USE_CACHE (plain C, no Zend types).
 */
#include "env_policy.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* Exact, case-insensitive match of a length-counted INI value. */
static int word_is(const char *s, size_t len, const char *word)
{
	size_t n = strlen(word);

	return len == n && strncasecmp(s, word, n) == 0;
}

int nsscache_parse_bool(const char *s, size_t len, int *out)
{
	/* php.ini turns a bare On/Off into "1"/"" before we see it. */
	if (!s || len == 0 || word_is(s, len, "0") || word_is(s, len, "off")
			|| word_is(s, len, "no") || word_is(s, len, "false")) {
		*out = 0;
		return 0;
	}
	if (word_is(s, len, "1") || word_is(s, len, "on") || word_is(s, len, "yes")
			|| word_is(s, len, "true")) {
		*out = 1;
		return 0;
	}
	return -1;
}

int nsscache_parse_value(const char *s, size_t len, nsscache_value *out)
{
	/* php.ini turns an unquoted yes into "1" and an unquoted no into "":
	 * accept both spellings so `nsscache.value = no` means what it says. */
	if (s && (word_is(s, len, "yes") || word_is(s, len, "1"))) {
		*out = NSSCACHE_VALUE_YES;
		return 0;
	}
	if (!s || len == 0 || word_is(s, len, "no")) {
		*out = NSSCACHE_VALUE_NO;
		return 0;
	}
	return -1;
}

int nsscache_parse_override(const char *s, size_t len, nsscache_override *out)
{
	if (s && word_is(s, len, "probing")) {
		*out = NSSCACHE_OVERRIDE_PROBING;
		return 0;
	}
	if (s && word_is(s, len, "never")) {
		*out = NSSCACHE_OVERRIDE_NEVER;
		return 0;
	}
	if (s && word_is(s, len, "always")) {
		*out = NSSCACHE_OVERRIDE_ALWAYS;
		return 0;
	}
	return -1;
}

const char *nsscache_value_string(nsscache_value v)
{
	return v == NSSCACHE_VALUE_NO ? "no" : "yes";
}

nsscache_var nsscache_var_classify(const char *value)
{
	if (value == NULL) {
		return NSSCACHE_VAR_UNSET;
	}
	/* sdb.c compares with PORT_Strcasecmp: "YES" and "No" count too. */
	if (strcasecmp(value, "yes") == 0) {
		return NSSCACHE_VAR_YES;
	}
	return strcasecmp(value, "no") == 0 ? NSSCACHE_VAR_NO : NSSCACHE_VAR_MEASURE;
}

nsscache_action nsscache_decide(const nsscache_config *cfg, const char *current)
{
	nsscache_var cls = nsscache_var_classify(current);

	if (!cfg->enabled) {
		return NSSCACHE_ACTION_DISABLED;
	}
	if (cls == NSSCACHE_VAR_UNSET) {
		return NSSCACHE_ACTION_SET;
	}
	switch (cfg->override) {
		case NSSCACHE_OVERRIDE_NEVER:
			return NSSCACHE_ACTION_KEPT;
		case NSSCACHE_OVERRIDE_ALWAYS:
			return strcasecmp(current, nsscache_value_string(cfg->value)) == 0
				? NSSCACHE_ACTION_KEPT : NSSCACHE_ACTION_REPLACED;
		default:
			return nsscache_var_skips_probe(cls) ? NSSCACHE_ACTION_KEPT : NSSCACHE_ACTION_REPLACED;
	}
}

/* Copy into a fixed buffer; say whether it had to be cut. */
static int copy_value(char *dst, const char *src)
{
	size_t n = strlen(src);

	if (n < NSSCACHE_VALUE_MAX) {
		memcpy(dst, src, n + 1);
		return 0;
	}
	memcpy(dst, src, NSSCACHE_VALUE_MAX - 1);
	dst[NSSCACHE_VALUE_MAX - 1] = '\0';
	return 1;
}

static void remember_seen(nsscache_record *rec, const char *now)
{
	rec->has_seen = now != NULL;
	rec->seen_truncated = now ? copy_value(rec->seen, now) : 0;
	if (!now) {
		rec->seen[0] = '\0';
	}
}

nsscache_action nsscache_apply(const nsscache_config *cfg, nsscache_phase phase,
		nsscache_record *rec)
{
	const char *current = getenv(NSSCACHE_ENV_NAME);
	nsscache_action action = nsscache_decide(cfg, current);
	const char *want = nsscache_value_string(cfg->value);

	/* Nothing new to say: the value is still the one we left (or saw). */
	if (rec->action != NSSCACHE_ACTION_NONE && rec->action != NSSCACHE_ACTION_FAILED
			&& (action == NSSCACHE_ACTION_KEPT || action == NSSCACHE_ACTION_DISABLED)
			&& (current ? nsscache_unchanged(rec, current) : !rec->has_seen)
			&& (action == NSSCACHE_ACTION_DISABLED) == (rec->action == NSSCACHE_ACTION_DISABLED)) {
		return action;
	}

	rec->had_previous = current != NULL;
	rec->previous_truncated = current ? copy_value(rec->previous, current) : 0;
	if (!current) {
		rec->previous[0] = '\0';
	}
	rec->phase = phase;
	rec->error = 0;

	if (action == NSSCACHE_ACTION_SET || action == NSSCACHE_ACTION_REPLACED) {
		/* setenv copies the value: no PHP-owned buffer ends up in environ. */
		if (setenv(NSSCACHE_ENV_NAME, want, 1) != 0) {
			rec->error = errno ? errno : EINVAL;
			rec->action = NSSCACHE_ACTION_FAILED;
			remember_seen(rec, current);
			return NSSCACHE_ACTION_FAILED;
		}
		rec->repairs++;
		if (action == NSSCACHE_ACTION_REPLACED) {
			long pid = (long) getpid();

			/* Once per process: a forked FPM worker logs its own repair. */
			if (rec->notice_pid != pid) {
				rec->notice_pid = pid;
				rec->notice_pending = 1;
			}
		}
		remember_seen(rec, want);
	} else {
		remember_seen(rec, current);
	}
	rec->action = action;
	return action;
}
