/* SPDX-License-Identifier: BSD-2-Clause */
/* nsscache's policy for NSS_SDB_USE_CACHE (plain C, no Zend types).
 * NSS's softoken reads the variable when it opens its database
 * (lib/softoken/sdb.c): "yes" or "no", in any case, skip the access() timing
 * loop; unset, empty, "auto", "1" or anything else let it measure. The one
 * rule: nsscache only ever writes its value ("yes" or "no") over an unset or
 * probing variable (override=always: over the other of the two as well). It
 * never unsets the variable and never writes anything else. */
#ifndef NSSCACHE_POLICY_H
#define NSSCACHE_POLICY_H

#include <stddef.h>

#define NSSCACHE_ENV_NAME "NSS_SDB_USE_CACHE"

typedef enum { NSSCACHE_VALUE_YES = 0, NSSCACHE_VALUE_NO } nsscache_value;

typedef enum {
	NSSCACHE_OVERRIDE_PROBING = 0, /* write over unset and probing values */
	NSSCACHE_OVERRIDE_NEVER,       /* write over an unset variable only */
	NSSCACHE_OVERRIDE_ALWAYS       /* also switch a yes/no that differs from the value */
} nsscache_override;

/* How softokn reads the variable: PORT_Strcasecmp against "yes" and "no". */
typedef enum { NSSCACHE_VAR_UNSET = 0, NSSCACHE_VAR_YES, NSSCACHE_VAR_NO, NSSCACHE_VAR_PROBING } nsscache_var;

typedef enum {
	NSSCACHE_ACTION_NONE = 0, /* nothing has looked yet */
	NSSCACHE_ACTION_SET,      /* was unset: written */
	NSSCACHE_ACTION_KEPT,     /* left as it was */
	NSSCACHE_ACTION_REPLACED, /* a probing value (or, override=always, the other yes/no) overwritten */
	NSSCACHE_ACTION_DISABLED, /* nsscache.enabled=0: not touched */
	NSSCACHE_ACTION_FAILED    /* setenv() failed: record.error */
} nsscache_action;

typedef enum { NSSCACHE_PHASE_NONE = 0, NSSCACHE_PHASE_LOAD, NSSCACHE_PHASE_MINIT, NSSCACHE_PHASE_RINIT } nsscache_phase;

/* Where softokn's load (NSS opening its DB) falls on the variable's
 * timeline, as the checkpoints saw it (nsscache_checkpoint). */
typedef enum {
	NSSCACHE_OPEN_NOT_SEEN = 0, /* no checkpoint has seen softokn loaded */
	NSSCACHE_OPEN_STEADY,       /* under the value nsscache left (or found before it first acted) */
	NSSCACHE_OPEN_PUTENV,       /* under a value a request's putenv() put there */
	NSSCACHE_OPEN_UNKNOWN       /* the variable changed below PHP meanwhile: the order cannot be known */
} nsscache_open;

typedef struct {
	int enabled;
	nsscache_value value;
	nsscache_override override;
} nsscache_config;

#define NSSCACHE_CONFIG_DEFAULT { 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING }

/*
 * What this process found and did when nsscache last acted. No guess about
 * who set a value: a value nsscache wrote earlier is judged like any other.
 * The strings are owned copies of any length (NULL: unset, or out of
 * memory, which makes every check act again: slow, but right); a short
 * one lives in SHORT, so that startup calls no malloc() or free().
 */
typedef struct {
	nsscache_action action;
	nsscache_phase phase;
	char *previous;         /* the variable before the last act */
	char *left;             /* the variable after it: the fast path compares with this */
	int has_left;           /* the variable was set after the last act */
	int error;              /* errno of a failed setenv() */
	int nss_was_open;       /* nsscache wrote after NSS had opened its DB under a value it does not honour */
	nsscache_open opened;   /* when NSS opened its DB, and under what (OPENED_VAR) */
	nsscache_var opened_var;
	char *put;              /* in_putenv: the value a request's putenv() left */
	int has_put, in_putenv;
	long notice_pid;        /* the process that last logged a replacement */
	int notice_pending;     /* a replacement the caller has not logged yet */
	unsigned long repairs;  /* setenv() calls made (a forked worker inherits its master's) */
	char short_copy[3][16]; /* previous, left and put, when they fit */
} nsscache_record;

/* The directives, in this order: nsscache.enabled, .value, .override. */
enum { NSSCACHE_INI_ENABLED, NSSCACHE_INI_VALUE, NSSCACHE_INI_OVERRIDE, NSSCACHE_INI_N };
/* Directive WHICH of CFG from S (LEN bytes): 0, or -1 for a value it does not take (CFG unchanged). */
int nsscache_ini_parse(int which, const char *s, size_t len, nsscache_config *cfg);
/* Its value in CFG as the word shown: On/Off, yes/no, probing/never/always. */
const char *nsscache_ini_word(int which, const nsscache_config *cfg);
const char *nsscache_action_name(nsscache_action a);
const char *nsscache_phase_name(nsscache_phase p);

nsscache_var nsscache_classify(const char *value); /* NULL: unset */

/* The decision alone: what CFG does with CURRENT (NULL: unset). */
nsscache_action nsscache_decide(const nsscache_config *cfg, const char *current);

/*
 * Read the variable, decide, setenv() when the decision says so, and
 * update REC. MAPPED: softokn is loaded (NSS has opened its database, and
 * a write may come too late for it); a checkpoint first. Not thread-safe:
 * the caller serialises (PHP's environment lock in ZTS). Prints nothing.
 */
nsscache_action nsscache_apply(const nsscache_config *cfg, nsscache_phase phase, int mapped,
		nsscache_record *rec);

/*
 * The variable's timeline. Only PHP code changes it in a request (putenv()),
 * so each point where PHP code runs next is a checkpoint: a putenv(), a
 * view, nsscache's act, a request's end. A softokn first seen loaded at a
 * checkpoint was loaded since the one before, under the value the
 * variable has held since: CURRENT, if it is what that checkpoint left
 * (else something below PHP changed it: UNKNOWN). MAPPED: softokn is loaded.
 * PUTENV_DONE: a putenv() just left CURRENT, the value from now on (a load
 * during the call, by another thread, is placed only if it changed nothing).
 */
void nsscache_checkpoint(nsscache_record *rec, int mapped, const char *current, int putenv_done);

/* The per-request fast path: the variable still holds what REC left there.
 * No allocation, no system call. */
int nsscache_unchanged(const nsscache_record *rec, const char *current);

void nsscache_record_free(nsscache_record *rec);

#endif
