/*
 * nsscache: what to do with NSS_SDB_USE_CACHE (plain C, no Zend types).
 */
#include "env_policy.h"
#include "util.h"

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

/* Make *DST an owned copy of SRC (NULL: none); an equal copy is kept. */
static void own(char **dst, size_t *dst_len, const char *src)
{
	size_t n;
	char *p;

	if (src == NULL) {
		free(*dst);
		*dst = NULL;
		*dst_len = 0;
		return;
	}
	n = strlen(src);
	if (*dst != NULL && *dst_len == n && memcmp(*dst, src, n) == 0) {
		return;
	}
	p = malloc(n + 1);
	if (p != NULL) {
		memcpy(p, src, n + 1);
	}
	free(*dst);
	*dst = p;
	*dst_len = p != NULL ? n : 0;
}

static void remember_seen(nsscache_record *rec, const char *now)
{
	rec->has_seen = now != NULL;
	own(&rec->seen, &rec->seen_len, now);
}

void nsscache_record_free(nsscache_record *rec)
{
	own(&rec->previous, &rec->previous_len, NULL);
	own(&rec->seen, &rec->seen_len, NULL);
}

static nsscache_action failed(nsscache_record *rec, const char *current)
{
	rec->error = errno ? errno : EINVAL;
	rec->action = NSSCACHE_ACTION_FAILED;
	remember_seen(rec, current);
	return NSSCACHE_ACTION_FAILED;
}

nsscache_action nsscache_apply(const nsscache_config *cfg, nsscache_phase phase,
		nsscache_record *rec)
{
	const char *current = getenv(NSSCACHE_ENV_NAME);
	const char *want = nsscache_value_string(cfg->value);
	/* The environment still holds what nsscache put there: that value is
	 * nsscache's, so decide again on what the process had before it. A
	 * previous lost to a failed malloc cannot be put back: then decide on
	 * the current value, as if a stranger had set it. */
	int ours = (rec->action == NSSCACHE_ACTION_SET || rec->action == NSSCACHE_ACTION_REPLACED)
		&& nsscache_unchanged(rec, current) && (!rec->had_previous || rec->previous != NULL);
	const char *basis = ours ? rec->previous : current;
	nsscache_action action = nsscache_decide(cfg, basis);

	if (ours) {
		if (action == NSSCACHE_ACTION_SET || action == NSSCACHE_ACTION_REPLACED) {
			if (strcmp(current, want) == 0) {
				return NSSCACHE_ACTION_KEPT; /* still what the configuration wants */
			}
		} else {
			/* enabled=0, or an override that keeps what was there: put it back */
			errno = 0;
			if ((basis ? setenv(NSSCACHE_ENV_NAME, basis, 1) : unsetenv(NSSCACHE_ENV_NAME)) != 0) {
				rec->phase = phase;
				return failed(rec, current);
			}
			rec->phase = phase;
			rec->error = 0;
			rec->action = NSSCACHE_ACTION_RESTORED;
			remember_seen(rec, basis);
			return NSSCACHE_ACTION_RESTORED;
		}
	} else {
		/* Nothing new to say: the value is still the one we left (or saw). */
		if (rec->action != NSSCACHE_ACTION_NONE && rec->action != NSSCACHE_ACTION_FAILED
				&& (action == NSSCACHE_ACTION_KEPT || action == NSSCACHE_ACTION_DISABLED)
				&& (current ? nsscache_unchanged(rec, current) : !rec->has_seen)
				&& (rec->action == NSSCACHE_ACTION_RESTORED
					|| (action == NSSCACHE_ACTION_DISABLED) == (rec->action == NSSCACHE_ACTION_DISABLED))) {
			return action;
		}
		rec->had_previous = current != NULL;
		own(&rec->previous, &rec->previous_len, current);
	}
	rec->phase = phase;
	rec->error = 0;

	if (action == NSSCACHE_ACTION_SET || action == NSSCACHE_ACTION_REPLACED) {
		/* setenv copies the value: no PHP-owned buffer ends up in environ. */
		errno = 0;
		if (setenv(NSSCACHE_ENV_NAME, want, 1) != 0) {
			return failed(rec, current);
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
