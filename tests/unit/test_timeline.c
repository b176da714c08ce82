/* SPDX-License-Identifier: BSD-2-Clause */
/* The variable's timeline: where NSS's opening of its DB (softokn's load)
 * falls among nsscache's acts, a request's putenv() calls, PHP's restore
 * at request end and changes made below PHP, and the verdict that follows.
 * Each row is a sequence of events as the Zend glue reports them. */
#include "helpers.h"
#include "../../src/policy.h"
#include "../../src/facts.h"

/*
 * Events, separated by spaces:
 *   R        a request starts (RINIT: acts when the variable is not what nsscache left)
 *   P=V      the request's putenv("NSS_SDB_USE_CACHE=V"); P- unsets it; T: a putenv() of another variable
 *   L        NSS opens its DB: softokn is loaded (no checkpoint: no PHP code runs)
 *   V        a view (nsscache_status() and friends): a checkpoint
 *   E        the request ends: PHP puts back the value from before its first putenv()
 *   B=V      code below PHP (FFI, another extension) calls setenv()
 *   D        nsscache is loaded now (a dl() in a script): it acts at load
 *   2R       another thread's request starts (ZTS): like R, in the middle of this request
 * The environment starts with the variable at START (NULL: unset); nsscache
 * acts at load first unless the row has a D.
 */
static const struct {
	const char *start;
	const char *events;
	const char *want;   /* the in_effect_reason code at the end */
} rows[] = {
	{ NULL, "R P=yes L V", "in_effect" },
	{ NULL, "R P=no L V E R V", "in_effect" },
	{ NULL, "R L V P=1 V", "in_effect" },                 /* opened under yes, then a putenv() */
	{ NULL, "R L P=1 V", "in_effect" },                   /* no checkpoint between the load and the putenv() */
	{ NULL, "R L E R P=1 V E R V", "in_effect" },         /* in a later request */
	{ NULL, "R T L V", "in_effect" },                     /* putenv() of another variable */
	{ NULL, "R P=1 V", "probing_value" },                 /* not opened yet: a prediction */
	{ NULL, "R P=1 L V", "opened_under_putenv" },
	{ NULL, "R P=1 L P=yes V", "opened_under_putenv" },   /* the request puts the old value back itself */
	{ NULL, "R P=1 L P=yes V E R V", "opened_under_putenv" },
	{ NULL, "R P=1 L E R V", "opened_under_putenv" },     /* no view in the request: found at its end */
	{ NULL, "R P- L E R V", "opened_under_putenv" },
	{ NULL, "R P=auto P=no L V", "in_effect" },
	{ NULL, "R P=1 P=yes L V", "in_effect" },
	{ NULL, "R L E R P=1 E R V", "in_effect" },
	{ NULL, "R P=1 E R L V", "in_effect" },               /* opened after PHP put yes back */
	{ NULL, "R B=1 L V", "changed_below_php" },           /* FFI setenv("1"), then HTTPS */
	{ NULL, "R B=1 V", "probing_value" },
	{ NULL, "R B=1 L E R V", "changed_below_php" },
	{ NULL, "R L B=1 V", "changed_below_php" },           /* before the change or after it: no checkpoint between */
	{ "1", "D", "in_effect" },                            /* dl() before NSS opened: in time */
	{ "1", "L D V", "set_after_nss_init" },               /* dl() after NSS opened under "1" */
	{ "yes", "L D V", "in_effect" },
	{ "1", "R L V", "in_effect" },                        /* "1" replaced at load, before NSS opened */
	/* threads: another request's RINIT repairs this one's putenv("1") */
	{ NULL, "R L V P=1 2R V", "in_effect" },
	{ NULL, "R L P=1 2R V", "in_effect" },                /* opened under yes, long before the repair */
	{ NULL, "R P=1 2R L V", "in_effect" },                /* the repair came first: opened under yes */
	{ NULL, "R P=1 L 2R V", "opened_under_putenv" },
};

typedef struct {
	nsscache_record rec;
	nsscache_config cfg;
	int mapped;
	char saved[32];     /* PHP's record of the value before the request's first putenv() */
	int has_saved, put;
} world;

static void set_var(const char *v)
{
	if (v == NULL) {
		unsetenv(NSSCACHE_ENV_NAME);
	} else {
		setenv(NSSCACHE_ENV_NAME, v, 1);
	}
}

static void rinit(world *w)
{
	if (!nsscache_unchanged(&w->rec, getenv(NSSCACHE_ENV_NAME))) {
		nsscache_apply(&w->cfg, NSSCACHE_PHASE_RINIT, w->mapped, &w->rec);
	}
}

static void putenv_(world *w, const char *v, int other)
{
	const char *cur = getenv(NSSCACHE_ENV_NAME);

	nsscache_checkpoint(&w->rec, w->mapped, cur, NSSCACHE_AT_LOOK);
	if (!other && !w->put) {
		w->put = 1;
		w->has_saved = cur != NULL;
		snprintf(w->saved, sizeof(w->saved), "%s", cur != NULL ? cur : "");
	}
	if (!other) {
		set_var(v);
	}
	nsscache_checkpoint(&w->rec, w->mapped, getenv(NSSCACHE_ENV_NAME), NSSCACHE_AT_PUTENV);
}

static void request_end(world *w)
{
	nsscache_checkpoint(&w->rec, w->mapped, getenv(NSSCACHE_ENV_NAME), NSSCACHE_AT_REQUEST_END);
	if (w->put) {
		set_var(w->has_saved ? w->saved : NULL);
	}
	w->put = 0;
}

static void run_row(world *w, const char *start, const char *events)
{
	char buf[256], *tok, *save = NULL;

	set_var(start);
	if (strchr(events, 'D') == NULL) {
		nsscache_apply(&w->cfg, NSSCACHE_PHASE_LOAD, 0, &w->rec);
	}
	snprintf(buf, sizeof(buf), "%s", events);
	for (tok = strtok_r(buf, " ", &save); tok != NULL; tok = strtok_r(NULL, " ", &save)) {
		if (strcmp(tok, "R") == 0 || strcmp(tok, "2R") == 0) {
			rinit(w);
		} else if (tok[0] == 'P') {
			putenv_(w, tok[1] == '=' ? tok + 2 : NULL, NSSCACHE_AT_LOOK);
		} else if (strcmp(tok, "T") == 0) {
			putenv_(w, NULL, 1);
		} else if (strcmp(tok, "L") == 0) {
			w->mapped = 1;
		} else if (strcmp(tok, "V") == 0) {
			nsscache_checkpoint(&w->rec, w->mapped, getenv(NSSCACHE_ENV_NAME), NSSCACHE_AT_LOOK);
		} else if (strcmp(tok, "E") == 0) {
			request_end(w);
		} else if (tok[0] == 'B') {
			set_var(tok + 2);
		} else if (strcmp(tok, "D") == 0) {
			nsscache_apply(&w->cfg, NSSCACHE_PHASE_LOAD, w->mapped, &w->rec);
		} else {
			fail_msg("unknown event %s", tok);
		}
	}
}

static void test_timeline(void **state)
{
	size_t i;

	(void) state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		world w;
		nsscache_libs libs;
		nsscache_config def = NSSCACHE_CONFIG_DEFAULT;
		char label[300];

		memset(&w, 0, sizeof(w));
		memset(&libs, 0, sizeof(libs));
		w.cfg = def;
		run_row(&w, rows[i].start, rows[i].events);
		libs.curl_nss = 1;
		libs.softokn_how = w.mapped ? NSSCACHE_SOFTOKN_LOADED : NSSCACHE_SOFTOKN_FILE;
		snprintf(libs.softokn_version, sizeof(libs.softokn_version), "3.87.1");
		libs.softokn_v = NSSCACHE_VERSION(3, 87, 1);
		snprintf(label, sizeof(label), "%s: %s", rows[i].start ? rows[i].start : "(unset)", rows[i].events);
		ROW_STR_EQ(i, label, nsscache_effect_code(nsscache_in_effect(&libs, &w.rec, getenv(NSSCACHE_ENV_NAME))),
			rows[i].want);
		nsscache_record_free(&w.rec);
	}
	unsetenv(NSSCACHE_ENV_NAME);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timeline),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
