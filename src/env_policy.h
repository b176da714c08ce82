/*
 * nsscache: what to do with NSS_SDB_USE_CACHE (plain C, no Zend types).
 *
 * NSS's softoken reads the variable when it opens its database
 * (lib/softoken/sdb.c): "yes" or "no" (any case) skip the access() timing
 * loop; unset, empty, "auto", "1" or anything else let it measure.
 */
#ifndef NSSCACHE_ENV_POLICY_H
#define NSSCACHE_ENV_POLICY_H

#include <stddef.h>

#define NSSCACHE_ENV_NAME "NSS_SDB_USE_CACHE"

typedef enum {
	NSSCACHE_VALUE_YES = 0,
	NSSCACHE_VALUE_NO
} nsscache_value;

typedef enum {
	NSSCACHE_OVERRIDE_PROBING = 0, /* replace a value that makes NSS probe */
	NSSCACHE_OVERRIDE_NEVER,       /* only fill in an unset variable */
	NSSCACHE_OVERRIDE_ALWAYS       /* enforce nsscache.value */
} nsscache_override;

/*
 * The variable's class: THE vocabulary for NSS_SDB_USE_CACHE, used by the
 * policy, the prediction, the notice and the report. How softokn reads it
 * (lib/softoken/sdb.c: PORT_Strcasecmp against "yes" and "no"; everything
 * else, "" included, means measure).
 */
typedef enum {
	NSSCACHE_VAR_UNSET = 0,
	NSSCACHE_VAR_YES,           /* "yes", any case: skips the probe, cache on */
	NSSCACHE_VAR_NO,            /* "no", any case: skips the probe, cache off */
	NSSCACHE_VAR_MEASURE,       /* set, to anything else ("auto", "1", ""): NSS probes */
	NSSCACHE_VAR_UNKNOWN        /* the value NSS saw is not known (the prediction's input only) */
} nsscache_var;

nsscache_var nsscache_var_classify(const char *value); /* NULL: unset; never UNKNOWN */

/* YES or NO: the values that make softokn skip its probe. */
static inline int nsscache_var_skips_probe(nsscache_var v)
{
	return v == NSSCACHE_VAR_YES || v == NSSCACHE_VAR_NO;
}

typedef enum {
	NSSCACHE_ACTION_NONE = 0, /* nothing has looked yet */
	NSSCACHE_ACTION_SET,      /* was unset, nsscache set it */
	NSSCACHE_ACTION_KEPT,     /* was set and left alone */
	NSSCACHE_ACTION_REPLACED, /* was set, nsscache replaced it */
	NSSCACHE_ACTION_DISABLED, /* nsscache.enabled=0: not touched */
	NSSCACHE_ACTION_FAILED,   /* setenv() failed; see record.error */
	NSSCACHE_ACTION_RESTORED  /* nsscache's own value undone: back to `previous` */
} nsscache_action;

typedef enum {
	NSSCACHE_PHASE_NONE = 0,
	NSSCACHE_PHASE_LOAD,  /* get_module(): the .so was just dlopen'ed */
	NSSCACHE_PHASE_MINIT,
	NSSCACHE_PHASE_RINIT
} nsscache_phase;

typedef struct {
	int enabled;
	nsscache_value value;
	nsscache_override override;
} nsscache_config;

/*
 * What nsscache found and did, for diagnostics. The strings are owned
 * malloc'd copies of any length, made by nsscache_apply() (never on the
 * fast path); NULL when unset, or when memory ran out (then the fast path
 * never matches and every request applies again: slow, but right).
 */
typedef struct {
	nsscache_action action;
	nsscache_phase phase;
	int had_previous;       /* was the variable set before nsscache's last act? */
	char *previous;         /* what nsscache found before it acted on a value not its own */
	size_t previous_len;
	int has_seen;           /* set when the variable was left set */
	char *seen;             /* the value left in the environment */
	size_t seen_len;
	int error;                            /* errno of a failed setenv() */
	long notice_pid;                      /* process that last logged a replacement */
	int notice_pending;                   /* a replacement the caller has not logged */
	unsigned long repairs;                /* setenv()s done: set or replaced (a forked worker inherits its master's) */
} nsscache_record;

#define NSSCACHE_CONFIG_DEFAULT { 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING }

/* INI parsers: return 0 and set *out, or -1 for a value that is not allowed. */
int nsscache_parse_bool(const char *s, size_t len, int *out);
int nsscache_parse_value(const char *s, size_t len, nsscache_value *out);
int nsscache_parse_override(const char *s, size_t len, nsscache_override *out);

/* The string nsscache writes into the environment for V: "yes" or "no". */
const char *nsscache_value_string(nsscache_value v);

/* The decision alone: what the policy does with CURRENT (NULL = unset). */
nsscache_action nsscache_decide(const nsscache_config *cfg, const char *current);

/*
 * Read the environment, decide, setenv() when needed and update REC.
 * A check that finds the value nsscache left there, and still wants it,
 * changes nothing in REC (and returns KEPT), so the record keeps saying
 * where and how the value came to be. A value nsscache itself set is
 * nsscache's to change: when the configuration now says otherwise (an FPM
 * pool's php_admin_value), the decision is taken again on REC's previous,
 * what the process had before, and nsscache.enabled=0 puts that back
 * (RESTORED). Not thread-safe: the caller serialises (PHP's environment
 * lock in ZTS). Prints nothing.
 */
nsscache_action nsscache_apply(const nsscache_config *cfg, nsscache_phase phase,
		nsscache_record *rec);

/*
 * The per-request fast path: true when the environment still holds the
 * value REC says was left there. No allocation, no system call.
 */
static inline int nsscache_unchanged(const nsscache_record *rec, const char *current)
{
	const char *a = rec->seen, *b = current;
	size_t n = rec->seen_len;

	if (!b || !a || !rec->has_seen) {
		return 0;
	}
	while (n > 0 && *a == *b) {
		a++;
		b++;
		n--;
	}
	return n == 0 && *b == '\0';
}

/* Frees REC's strings (tests; a process keeps its record to the end). */
void nsscache_record_free(nsscache_record *rec);

#endif
