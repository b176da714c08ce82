/* The environment policy: INI parsing, classification, decisions, apply. */
#include "helpers.h"
#include "../../src/env_policy.h"
#include "../../src/report.h"

static const nsscache_config probing_yes = { 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING };

typedef struct {
	int enabled;
	nsscache_value value;
	nsscache_override override;
	const char *current;      /* NULL: unset */
	nsscache_action want;
} decide_row;

static const decide_row decide_rows[] = {
	/* probing (default): replace exactly what makes NSS measure */
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING, NULL, NSSCACHE_ACTION_SET },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING, "yes", NSSCACHE_ACTION_KEPT },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING, "no", NSSCACHE_ACTION_KEPT },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING, "YES", NSSCACHE_ACTION_KEPT },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING, "nO", NSSCACHE_ACTION_KEPT },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING, "1", NSSCACHE_ACTION_REPLACED },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING, "auto", NSSCACHE_ACTION_REPLACED },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING, "", NSSCACHE_ACTION_REPLACED },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING, " yes", NSSCACHE_ACTION_REPLACED },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING, "yes ", NSSCACHE_ACTION_REPLACED },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING, "yess", NSSCACHE_ACTION_REPLACED },
	/* never: only fill in */
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_NEVER, NULL, NSSCACHE_ACTION_SET },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_NEVER, "1", NSSCACHE_ACTION_KEPT },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_NEVER, "", NSSCACHE_ACTION_KEPT },
	/* always: enforce the configured value, case-insensitively */
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_ALWAYS, "no", NSSCACHE_ACTION_REPLACED },
	{ 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_ALWAYS, "Yes", NSSCACHE_ACTION_KEPT },
	{ 1, NSSCACHE_VALUE_NO, NSSCACHE_OVERRIDE_ALWAYS, "yes", NSSCACHE_ACTION_REPLACED },
	{ 1, NSSCACHE_VALUE_NO, NSSCACHE_OVERRIDE_ALWAYS, NULL, NSSCACHE_ACTION_SET },
	/* disabled: never touches anything */
	{ 0, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_ALWAYS, "1", NSSCACHE_ACTION_DISABLED },
	{ 0, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_PROBING, NULL, NSSCACHE_ACTION_DISABLED },
};

static void test_decide_table(void **state)
{
	size_t i;
	(void) state;
	for (i = 0; i < sizeof(decide_rows) / sizeof(decide_rows[0]); i++) {
		const decide_row *r = &decide_rows[i];
		nsscache_config cfg = { r->enabled, r->value, r->override };
		ROW_STR_EQ(i, r->current ? r->current : "(unset)",
			nsscache_action_name(nsscache_decide(&cfg, r->current)), nsscache_action_name(r->want));
	}
}

static void test_parse_ini(void **state)
{
	int b = -1;
	nsscache_value v;
	nsscache_override o;
	(void) state;

	assert_int_equal(nsscache_parse_bool("On", 2, &b), 0); assert_int_equal(b, 1);
	assert_int_equal(nsscache_parse_bool("", 0, &b), 0); assert_int_equal(b, 0);
	assert_int_equal(nsscache_parse_bool("FALSE", 5, &b), 0); assert_int_equal(b, 0);
	assert_int_equal(nsscache_parse_bool("maybe", 5, &b), -1);
	assert_int_equal(nsscache_parse_bool("1x", 2, &b), -1);
	/* length-counted: "on" followed by garbage that is not part of the value */
	assert_int_equal(nsscache_parse_bool("onion", 2, &b), 0); assert_int_equal(b, 1);

	/* php.ini delivers unquoted yes/no as "1"/"" */
	assert_int_equal(nsscache_parse_value("1", 1, &v), 0); assert_int_equal(v, NSSCACHE_VALUE_YES);
	assert_int_equal(nsscache_parse_value("", 0, &v), 0); assert_int_equal(v, NSSCACHE_VALUE_NO);
	assert_int_equal(nsscache_parse_value("NO", 2, &v), 0); assert_int_equal(v, NSSCACHE_VALUE_NO);
	assert_int_equal(nsscache_parse_value("auto", 4, &v), -1);
	assert_int_equal(nsscache_parse_value("0", 1, &v), -1);
	assert_int_equal(nsscache_parse_value(NULL, 0, &v), 0); assert_int_equal(v, NSSCACHE_VALUE_NO);

	assert_int_equal(nsscache_parse_override("ALWAYS", 6, &o), 0); assert_int_equal(o, NSSCACHE_OVERRIDE_ALWAYS);
	assert_int_equal(nsscache_parse_override("never", 5, &o), 0); assert_int_equal(o, NSSCACHE_OVERRIDE_NEVER);
	assert_int_equal(nsscache_parse_override("", 0, &o), -1);
	assert_int_equal(nsscache_parse_override("probing ", 8, &o), -1);
}

/* apply() against the real environment of this test process. */
static void test_apply_records_and_fast_path(void **state)
{
	nsscache_record rec;
	nsscache_config cfg = probing_yes;
	(void) state;

	memset(&rec, 0, sizeof(rec));
	unsetenv(NSSCACHE_ENV_NAME);
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_LOAD, &rec), NSSCACHE_ACTION_SET);
	assert_string_equal(getenv(NSSCACHE_ENV_NAME), "yes");
	assert_int_equal(rec.had_previous, 0);
	assert_int_equal(rec.phase, NSSCACHE_PHASE_LOAD);
	assert_true(nsscache_unchanged(&rec, getenv(NSSCACHE_ENV_NAME)));

	/* A later check that finds our own value keeps the record as it was. */
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_MINIT, &rec), NSSCACHE_ACTION_KEPT);
	assert_int_equal(rec.action, NSSCACHE_ACTION_SET);
	assert_int_equal(rec.phase, NSSCACHE_PHASE_LOAD);

	/* FPM clear_env */
	unsetenv(NSSCACHE_ENV_NAME);
	assert_false(nsscache_unchanged(&rec, getenv(NSSCACHE_ENV_NAME)));
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, &rec), NSSCACHE_ACTION_SET);
	assert_int_equal(rec.phase, NSSCACHE_PHASE_RINIT);
	assert_int_equal(rec.notice_pending, 0);

	/* unquoted env[] yes: "1" is replaced and one notice is due */
	setenv(NSSCACHE_ENV_NAME, "1", 1);
	assert_false(nsscache_unchanged(&rec, getenv(NSSCACHE_ENV_NAME)));
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, &rec), NSSCACHE_ACTION_REPLACED);
	assert_string_equal(rec.previous, "1");
	assert_int_equal(rec.notice_pending, 1);
	rec.notice_pending = 0;
	setenv(NSSCACHE_ENV_NAME, "auto", 1);
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, &rec), NSSCACHE_ACTION_REPLACED);
	assert_int_equal(rec.notice_pending, 0); /* once per process */

	/* an admin's value that appears later is recorded as kept */
	setenv(NSSCACHE_ENV_NAME, "no", 1);
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, &rec), NSSCACHE_ACTION_KEPT);
	assert_int_equal(rec.action, NSSCACHE_ACTION_KEPT);
	assert_string_equal(rec.previous, "no");
	assert_true(nsscache_unchanged(&rec, "no"));
	assert_false(nsscache_unchanged(&rec, "no "));
	assert_false(nsscache_unchanged(&rec, "n"));
	unsetenv(NSSCACHE_ENV_NAME);
}

static void test_long_values_are_cut_and_rechecked(void **state)
{
	char big[300];
	nsscache_record rec;
	nsscache_config cfg = { 1, NSSCACHE_VALUE_YES, NSSCACHE_OVERRIDE_NEVER };
	char buf[256];
	(void) state;

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	memset(&rec, 0, sizeof(rec));
	setenv(NSSCACHE_ENV_NAME, big, 1);
	assert_int_equal(nsscache_apply(&cfg, NSSCACHE_PHASE_LOAD, &rec), NSSCACHE_ACTION_KEPT);
	assert_int_equal(rec.previous_truncated, 1);
	assert_int_equal(strlen(rec.previous), NSSCACHE_VALUE_MAX - 1);
	/* a cut value can't prove "unchanged": RINIT takes the slow path */
	assert_false(nsscache_unchanged(&rec, getenv(NSSCACHE_ENV_NAME)));
	nsscache_describe(&cfg, &rec, buf, sizeof(buf));
	assert_non_null(strstr(buf, "...\" (found at load"));
	unsetenv(NSSCACHE_ENV_NAME);
}

static void test_describe(void **state)
{
	nsscache_record rec;
	nsscache_config cfg = probing_yes;
	char buf[256];
	(void) state;

	memset(&rec, 0, sizeof(rec));
	nsscache_describe(&cfg, &rec, buf, sizeof(buf));
	assert_string_equal(buf, "none yet");
	setenv(NSSCACHE_ENV_NAME, "1", 1);
	nsscache_apply(&cfg, NSSCACHE_PHASE_MINIT, &rec);
	nsscache_describe(&cfg, &rec, buf, sizeof(buf));
	assert_string_equal(buf, "replaced \"1\" with \"yes\" at minit");
	nsscache_describe(&cfg, &rec, buf, 8); /* truncates, stays terminated */
	assert_string_equal(buf, "replace");
	unsetenv(NSSCACHE_ENV_NAME);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decide_table),
		cmocka_unit_test(test_parse_ini),
		cmocka_unit_test(test_apply_records_and_fast_path),
		cmocka_unit_test(test_long_values_are_cut_and_rechecked),
		cmocka_unit_test(test_describe),
	};
	return cmocka_run_group_tests_name("env_policy", tests, NULL, NULL);
}
