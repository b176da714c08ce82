/* SPDX-License-Identifier: BSD-2-Clause */
/* nsscache's policy for NSS_SDB_USE_CACHE (plain C, no Zend types). NSS's softoken reads it when it
 * opens its database (lib/softoken/sdb.c): "yes" or "no", in any case, skip the access() timing loop;
 * anything else lets it measure. The one rule: nsscache only ever writes its value over an unset or
 * probing variable (override=always: over the other of the two too), and never unsets it. */
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

/* What this process found and did when nsscache last acted (a value it wrote earlier is judged like any
 * other). Owned copies (NULL: unset, or out of memory: every check acts again, slow but right), a short
 * one in SHORT_COPY, so that startup calls no malloc() or free(). */
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

/* A checkpoint (MAPPED: softokn is loaded), then read the variable, decide,
 * setenv() when the decision says so, and update REC. Not thread-safe: the
 * caller serialises (PHP's environment lock in ZTS). Prints nothing. */
nsscache_action nsscache_apply(const nsscache_config *cfg, nsscache_phase phase, int mapped,
		nsscache_record *rec);

/* The variable's timeline. In a request only PHP code changes it (putenv()),
 * so each point where PHP code may change it next is a checkpoint: a putenv(),
 * a view, nsscache's act, a request's end. A softokn (MAPPED) first seen loaded
 * at one was loaded since the last, under the value held since: CURRENT, if it
 * is what the last one left (else it changed below PHP: UNKNOWN). */
typedef enum {
	NSSCACHE_AT_LOOK = 0,      /* a look: before a putenv(), a view, nsscache's act */
	NSSCACHE_AT_PUTENV,        /* a putenv() just left CURRENT (a load during it: placed if nothing changed) */
	NSSCACHE_AT_REQUEST_END    /* PHP puts back what the request's putenv() calls replaced */
} nsscache_at;
void nsscache_checkpoint(nsscache_record *rec, int mapped, const char *current, nsscache_at at);

/* The per-request fast path (no allocation, no system call): the variable still holds what REC left there. */
int nsscache_unchanged(const nsscache_record *rec, const char *current);

void nsscache_record_free(nsscache_record *rec);

#endif
