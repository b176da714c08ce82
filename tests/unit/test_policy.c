/* SPDX-License-Identifier: BSD-2-Clause */
/* The policy: INI parsing, the decision table, apply and its record, the fast path. */
#include "helpers.h"
#include "../../src/policy.h"

#define Y NSSCACHE_VALUE_YES
#define N NSSCACHE_VALUE_NO
#define PROBING NSSCACHE_OVERRIDE_PROBING
#define NEVER NSSCACHE_OVERRIDE_NEVER
#define ALWAYS NSSCACHE_OVERRIDE_ALWAYS

/* The rules of docs/api.md, row by row: only yes/no are ever written, over
 * unset or probing values (override=always: over the other of the two). */
static const struct {
	int enabled;
	nsscache_value value;
	nsscache_override override;
	const char *current;      /* NULL: unset */
	nsscache_action want;
} decide_rows[] = {
	{ 1, Y, PROBING, NULL, NSSCACHE_ACTION_SET },
	{ 1, Y, PROBING, "yes", NSSCACHE_ACTION_KEPT },
	{ 1, Y, PROBING, "no", NSSCACHE_ACTION_KEPT },
	{ 1, Y, PROBING, "YES", NSSCACHE_ACTION_KEPT },
	{ 1, Y, PROBING, "nO", NSSCACHE_ACTION_KEPT },
	{ 1, Y, PROBING, "1", NSSCACHE_ACTION_REPLACED },
	{ 1, Y, PROBING, "auto", NSSCACHE_ACTION_REPLACED },
	{ 1, Y, PROBING, "", NSSCACHE_ACTION_REPLACED },
	{ 1, Y, PROBING, " yes", NSSCACHE_ACTION_REPLACED },
	{ 1, Y, PROBING, "yes ", NSSCACHE_ACTION_REPLACED },
	{ 1, Y, PROBING, "yess", NSSCACHE_ACTION_REPLACED },
	{ 1, N, PROBING, "yes", NSSCACHE_ACTION_KEPT },
	{ 1, N, PROBING, "1", NSSCACHE_ACTION_REPLACED },
	{ 1, Y, NEVER, NULL, NSSCACHE_ACTION_SET },
	{ 1, Y, NEVER, "1", NSSCACHE_ACTION_KEPT },
	{ 1, Y, NEVER, "", NSSCACHE_ACTION_KEPT },
	{ 1, N, NEVER, "yes", NSSCACHE_ACTION_KEPT },
	{ 1, Y, ALWAYS, "no", NSSCACHE_ACTION_REPLACED },
	{ 1, Y, ALWAYS, "NO", NSSCACHE_ACTION_REPLACED },
	{ 1, Y, ALWAYS, "Yes", NSSCACHE_ACTION_KEPT },
	{ 1, Y, ALWAYS, "auto", NSSCACHE_ACTION_REPLACED },
	{ 1, N, ALWAYS, "yes", NSSCACHE_ACTION_REPLACED },
	{ 1, N, ALWAYS, "No", NSSCACHE_ACTION_KEPT },
	{ 1, N, ALWAYS, NULL, NSSCACHE_ACTION_SET },
	{ 0, Y, ALWAYS, "1", NSSCACHE_ACTION_DISABLED },
	{ 0, Y, PROBING, NULL, NSSCACHE_ACTION_DISABLED },
	{ 0, N, NEVER, "yes", NSSCACHE_ACTION_DISABLED },
};

static void test_decide_table(void **state)
{
	size_t i;

	(void) state;
	for (i = 0; i < sizeof(decide_rows) / sizeof(decide_rows[0]); i++) {
		nsscache_config cfg = { decide_rows[i].enabled, decide_rows[i].value, decide_rows[i].override };

		ROW_STR_EQ(i, decide_rows[i].current ? decide_rows[i].current : "(unset)",
			nsscache_action_name(nsscache_decide(&cfg, decide_rows[i].current)),
			nsscache_action_name(decide_rows[i].want));
	}
}

/* INI WHICH from S (LEN bytes): the rc and, when 0, the word of what it set */
static const struct {
	int which;
	const char *s;
	size_t len;
	int rc;
	const char *word;
} ini_rows[] = {
	{ NSSCACHE_INI_ENABLED, "On", 2, 0, "On" },
	{ NSSCACHE_INI_ENABLED, "1", 1, 0, "On" },
	{ NSSCACHE_INI_ENABLED, "", 0, 0, "Off" },
	{ NSSCACHE_INI_ENABLED, "FALSE", 5, 0, "Off" },
	{ NSSCACHE_INI_ENABLED, "no", 2, 0, "Off" },
	{ NSSCACHE_INI_ENABLED, "YES", 3, 0, "On" },
	{ NSSCACHE_INI_ENABLED, "maybe", 5, -1, NULL },
	{ NSSCACHE_INI_ENABLED, "1x", 2, -1, NULL },
	{ NSSCACHE_INI_ENABLED, "onion", 2, 0, "On" },    /* length-counted: only the first LEN bytes are the value */
	{ NSSCACHE_INI_ENABLED, NULL, 0, 0, "Off" },
	{ NSSCACHE_INI_VALUE, "1", 1, 0, "yes" },         /* php.ini delivers unquoted yes/no as "1"/"" */
	{ NSSCACHE_INI_VALUE, "", 0, 0, "no" },
	{ NSSCACHE_INI_VALUE, "NO", 2, 0, "no" },
	{ NSSCACHE_INI_VALUE, "Yes", 3, 0, "yes" },
	{ NSSCACHE_INI_VALUE, "auto", 4, -1, NULL },
	{ NSSCACHE_INI_VALUE, "0", 1, -1, NULL },
	{ NSSCACHE_INI_VALUE, "On", 2, -1, NULL },
	{ NSSCACHE_INI_VALUE, NULL, 0, 0, "no" },
	{ NSSCACHE_INI_OVERRIDE, "ALWAYS", 6, 0, "always" },
	{ NSSCACHE_INI_OVERRIDE, "never", 5, 0, "never" },
	{ NSSCACHE_INI_OVERRIDE, "probing", 7, 0, "probing" },
	{ NSSCACHE_INI_OVERRIDE, "", 0, -1, NULL },
	{ NSSCACHE_INI_OVERRIDE, "1", 1, -1, NULL },
	{ NSSCACHE_INI_OVERRIDE, "nevermore", 9, -1, NULL },
};

static void test_parse_ini(void **state)
{
	nsscache_config def = NSSCACHE_CONFIG_DEFAULT;
	size_t i;

	(void) state;
	for (i = 0; i < sizeof(ini_rows) / sizeof(ini_rows[0]); i++) {
		/* start from the opposite of what the row sets, so that a set is seen */
		nsscache_config cfg = { 2, NSSCACHE_VALUE_NO, (nsscache_override) 7 }, was;

		was = cfg;
		ROW_INT_EQ(i, ini_rows[i].s ? ini_rows[i].s : "(null)", nsscache_ini_parse(ini_rows[i].which, ini_rows[i].s,
			ini_rows[i].len, &cfg), ini_rows[i].rc);
		if (ini_rows[i].rc == 0) {
			ROW_STR_EQ(i, ini_rows[i].s ? ini_rows[i].s : "(null)", nsscache_ini_word(ini_rows[i].which, &cfg),
				ini_rows[i].word);
		} else {
			ROW_INT_EQ(i, "unchanged", memcmp(&cfg, &was, sizeof(cfg)), 0);
		}
	}
	assert_string_equal(nsscache_ini_word(NSSCACHE_INI_ENABLED, &def), "On");
	assert_string_equal(nsscache_ini_word(NSSCACHE_INI_VALUE, &def), "yes");
	assert_string_equal(nsscache_ini_word(NSSCACHE_INI_OVERRIDE, &def), "probing");
}

static void test_classify(void **state)
{
	(void) state;
	assert_int_equal(nsscache_classify(NULL), NSSCACHE_VAR_UNSET);
	assert_int_equal(nsscache_classify("yEs"), NSSCACHE_VAR_YES);
	assert_int_equal(nsscache_classify("NO"), NSSCACHE_VAR_NO);
	assert_int_equal(nsscache_classify(""), NSSCACHE_VAR_PROBING);
	assert_int_equal(nsscache_classify("y"), NSSCACHE_VAR_PROBING);
	assert_string_equal(nsscache_action_name((nsscache_action) 99), "none");
	assert_string_equal(nsscache_phase_name(NSSCACHE_PHASE_RINIT), "rinit");
	assert_string_equal(nsscache_phase_name(NSSCACHE_PHASE_LOAD), "load");
}

static void assert_env(const char *want)
{
	const char *got = getenv(NSSCACHE_ENV_NAME);

	if (want == NULL) {
		assert_null(got);
	} else {
		assert_non_null(got);
		assert_string_equal(got, want);
	}
}

/* apply, step by step as a php-fpm worker lives it */
static void test_apply_record(void **state)
{
	nsscache_config cfg = { 1, Y, PROBING };
	nsscache_record rec;

	(void) state;
	memset(&rec, 0, sizeof(rec));
	unsetenv(NSSCACHE_ENV_NAME);
	assert_false(nsscache_unchanged(&rec, NULL)); /* nothing has looked yet */

	/* load: unset -> set */
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_LOAD, 0, &rec), NSSCACHE_ACTION_SET);
	assert_env("yes");
	assert_null(rec.previous);
	assert_string_equal(rec.left, "yes");
	assert_int_equal(rec.repairs, 1);
	assert_int_equal(rec.phase, NSSCACHE_PHASE_LOAD);
	assert_false(rec.notice_pending);
	assert_true(nsscache_unchanged(&rec, getenv(NSSCACHE_ENV_NAME)));

	/* clearenv() in the worker: unset again, RINIT sets it again */
	unsetenv(NSSCACHE_ENV_NAME);
	assert_false(nsscache_unchanged(&rec, getenv(NSSCACHE_ENV_NAME)));
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, 0, &rec), NSSCACHE_ACTION_SET);
	assert_int_equal(rec.repairs, 2);

	/* the pool's unquoted env[] line: "1" is replaced, and the notice is due once */
	setenv(NSSCACHE_ENV_NAME, "1", 1);
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, 0, &rec), NSSCACHE_ACTION_REPLACED);
	assert_string_equal(rec.previous, "1");
	assert_env("yes");
	assert_true(rec.notice_pending);
	rec.notice_pending = 0;
	setenv(NSSCACHE_ENV_NAME, "auto", 1);
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, 0, &rec), NSSCACHE_ACTION_REPLACED);
	assert_false(rec.notice_pending); /* same process: logged already */

	/* a yes nsscache itself wrote is judged like anyone's: value=no keeps it */
	cfg.value = N;
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, 0, &rec), NSSCACHE_ACTION_KEPT);
	assert_env("yes");
	assert_string_equal(rec.previous, "yes");
	/* ... and enabled=0 leaves it in place: nsscache never unsets */
	cfg.enabled = 0;
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, 0, &rec), NSSCACHE_ACTION_DISABLED);
	assert_env("yes");
	/* override=always switches it */
	cfg.enabled = 1;
	cfg.override = ALWAYS;
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, 1, &rec), NSSCACHE_ACTION_REPLACED);
	assert_env("no");
	/* softokn first seen loaded here: NSS opened under the yes nsscache left, so the write is not too late */
	assert_int_equal(rec.opened, NSSCACHE_OPEN_STEADY);
	assert_int_equal(rec.opened_var, NSSCACHE_VAR_YES);
	assert_false(rec.nss_was_open);
	/* an empty value is a value, not an unset variable */
	setenv(NSSCACHE_ENV_NAME, "", 1);
	assert_false(nsscache_unchanged(&rec, ""));
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, 0, &rec), NSSCACHE_ACTION_REPLACED);
	assert_string_equal(rec.previous, "");
	assert_false(rec.nss_was_open);
	nsscache_record_free(&rec);
	unsetenv(NSSCACHE_ENV_NAME);
}

static void test_unchanged_unset(void **state)
{
	nsscache_config off = { 0, Y, PROBING };
	nsscache_record rec;

	(void) state;
	memset(&rec, 0, sizeof(rec));
	unsetenv(NSSCACHE_ENV_NAME);
	assert_int_equal(nsscache_apply(&off, NSSCACHE_PHASE_LOAD, 0, &rec), NSSCACHE_ACTION_DISABLED);
	assert_env(NULL);
	assert_true(nsscache_unchanged(&rec, NULL));
	assert_false(nsscache_unchanged(&rec, "yes"));
	nsscache_record_free(&rec);
}

/* The fast path compares whole values of any length: not a prefix, not all but the last byte. */
static void test_unchanged_any_length(void **state)
{
	static const size_t lens[] = { 1, 15, 16, 17, 63, 64, 65, 4096, 128 * 1024 }; /* the short copy holds 15 */
	nsscache_config never = { 1, Y, NEVER };
	nsscache_record rec;
	size_t i;

	(void) state;
	memset(&rec, 0, sizeof(rec));
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		char *v = malloc(lens[i] + 2);

		assert_non_null(v);
		memset(v, 'a', lens[i]);
		v[lens[i]] = '\0';
		setenv(NSSCACHE_ENV_NAME, v, 1);
		assert_int_equal(nsscache_apply(&never, NSSCACHE_PHASE_LOAD, 0, &rec), NSSCACHE_ACTION_KEPT);
		assert_int_equal(strlen(rec.previous), lens[i]);
		assert_true(nsscache_unchanged(&rec, v));
		v[lens[i] - 1] = 'b';
		assert_false(nsscache_unchanged(&rec, v));
		v[lens[i] - 1] = 'a';
		v[lens[i]] = 'a';
		v[lens[i] + 1] = '\0';
		assert_false(nsscache_unchanged(&rec, v));
		v[lens[i] - 1] = '\0';
		assert_false(nsscache_unchanged(&rec, v));
		free(v);
	}
	nsscache_record_free(&rec);
	unsetenv(NSSCACHE_ENV_NAME);
}

/* A forked FPM worker logs its own replacement: the notice is due once per pid. */
static int replace_in_child(void *arg)
{
	nsscache_record *rec = arg;
	nsscache_config cfg = { 1, Y, PROBING };

	setenv(NSSCACHE_ENV_NAME, "1", 1);
	nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, 0, rec);
	return rec->notice_pending;
}

static void test_notice_per_process(void **state)
{
	nsscache_config cfg = { 1, Y, PROBING };
	nsscache_record rec;

	(void) state;
	memset(&rec, 0, sizeof(rec));
	setenv(NSSCACHE_ENV_NAME, "auto", 1);
	nsscache_apply(&cfg, NSSCACHE_PHASE_LOAD, 0, &rec);
	assert_true(rec.notice_pending);
	rec.notice_pending = 0;
	assert_int_equal(helper_run_child(replace_in_child, &rec), 1);
	nsscache_record_free(&rec);
	unsetenv(NSSCACHE_ENV_NAME);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decide_table),
		cmocka_unit_test(test_parse_ini),
		cmocka_unit_test(test_classify),
		cmocka_unit_test(test_apply_record),
		cmocka_unit_test(test_unchanged_unset),
		cmocka_unit_test(test_unchanged_any_length),
		cmocka_unit_test(test_notice_per_process),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
