/* The report unit: one ordered row list that nsscache_status(), MINFO and a
 * metrics view walk; its bounds; the open_basedir gate's words. */
#include "helpers.h"
#include "../../src/report.h"

static nsscache_config cfg = NSSCACHE_CONFIG_DEFAULT;
static nsscache_record rec;
static nsscache_diag diag;
static nsscache_report rep;

static void facts_for(nsscache_report_facts *f, const char *env)
{
	f->version = "0.1.0";
	f->cfg = &cfg;
	f->rec = &rec;
	f->env = env;
	f->diag = &diag;
}

static const nsscache_row *find(const nsscache_report *r, const char *name)
{
	char buf[64];
	size_t i;

	for (i = 0; i < r->n; i++) {
		if (strcmp(nsscache_row_name(&r->rows[i], buf, sizeof(buf)), name) == 0) {
			return &r->rows[i];
		}
	}
	return NULL;
}

/* What nsscache_status() and MINFO rely on: stable machine names, one
 * contiguous block per section, MINFO's labels in MINFO's order. */
static void test_rows_shape(void **state)
{
	static const char *const labels[] = {
		"nsscache support", "Version", "NSS_SDB_USE_CACHE", "Action", "libcurl", "NSS", "NSS initialized",
		"softokn", "NSS database", "Temp dir for the probe", "Cache setting in effect", "access() probe",
		"Negative dentries",
	};
	nsscache_report_facts f;
	const char *closed[16];
	size_t i, j, nlabel = 0, nclosed = 0;
	char a[64], b[64];
	(void) state;

	memset(&diag, 0, sizeof(diag));
	memset(&rec, 0, sizeof(rec));
	facts_for(&f, NULL);
	nsscache_report_rows(&rep, &f);
	assert_true(rep.n > 40 && rep.n < NSSCACHE_REPORT_ROWS);
	for (i = 0; i < rep.n; i++) {
		const nsscache_row *row = &rep.rows[i];

		/* unique names: a metrics view maps them 1:1 */
		for (j = 0; j < i; j++) {
			if (strcmp(nsscache_row_name(row, a, sizeof(a)), nsscache_row_name(&rep.rows[j], b, sizeof(b))) == 0) {
				fail_msg("rows %zu and %zu are both %s", j, i, a);
			}
		}
		if (row->type == NSSCACHE_RV_STRING) {
			assert_non_null(row->v.s);
		}
		if (row->views & NSSCACHE_VIEW_INFO) {
			assert_true(nlabel < sizeof(labels) / sizeof(labels[0]));
			ROW_STR_EQ(nlabel, row->label, row->label, labels[nlabel]);
			nlabel++;
		}
		/* a section, once left, never comes back */
		if (i > 0 && rep.rows[i - 1].section != NULL
				&& (row->section == NULL || strcmp(row->section, rep.rows[i - 1].section) != 0)) {
			closed[nclosed++] = rep.rows[i - 1].section;
		}
		for (j = 0; row->section != NULL && j < nclosed; j++) {
			if (strcmp(closed[j], row->section) == 0) {
				fail_msg("row %zu reopens section %s", i, row->section);
			}
		}
	}
	assert_int_equal(nlabel, sizeof(labels) / sizeof(labels[0]));
	/* typed values a metrics view can use without parsing text */
	assert_int_equal(find(&rep, "db.exists")->type, NSSCACHE_RV_BOOL);
	assert_int_equal(find(&rep, "in_effect")->type, NSSCACHE_RV_TRI);
	assert_int_equal(find(&rep, "probe")->type, NSSCACHE_RV_STRING);
	assert_string_equal(find(&rep, "env")->label, "NSS_SDB_USE_CACHE");
	assert_string_equal(nsscache_row_text(find(&rep, "env"), a, sizeof(a)), "(unset)");
	/* dentry unreadable: the whole section is null, with a reason in MINFO */
	assert_int_equal(find(&rep, "dentry")->type, NSSCACHE_RV_NULL);
	assert_non_null(strstr(find(&rep, "dentry")->text, "unknown: cannot read"));
}

/* The words come from the facts: the policy row and the versions list. */
static void test_rows_words(void **state)
{
	nsscache_report_facts f;
	char buf[64];
	(void) state;

	memset(&diag, 0, sizeof(diag));
	memset(&rec, 0, sizeof(rec));
	rec.action = NSSCACHE_ACTION_REPLACED;
	rec.phase = NSSCACHE_PHASE_RINIT;
	rec.had_previous = 1;
	snprintf(rec.previous, sizeof(rec.previous), "1");
	diag.dentry_ok = 1;
	diag.dentry.nr_dentry = 10;
	diag.dentry.nr_negative = 4;
	diag.dentry.has_nr_negative = 1;
	facts_for(&f, "yes");
	nsscache_report_rows(&rep, &f);
	assert_string_equal(find(&rep, "action")->v.s, "replaced");
	assert_string_equal(find(&rep, "action")->text, "replaced \"1\" with \"yes\" at rinit");
	assert_string_equal(find(&rep, "previous")->v.s, "1");
	assert_string_equal(find(&rep, "dentry.nr_dentry")->text, "4 of 10 dentries");
	assert_int_equal(find(&rep, "dentry.nr_negative")->v.i, 4);
	assert_string_equal(nsscache_row_text(find(&rep, "nss.initialized"), buf, sizeof(buf)), "no");

	nsscache_report_versions(&rep, &f);
	assert_int_equal(rep.n, 6);
	assert_string_equal(rep.rows[0].key, "nsscache");
	assert_int_equal(find(&rep, "softokn")->type, NSSCACHE_RV_NULL);
}

/* Every path at PATH_MAX - 1 bytes: the arena holds them, nothing overflows. */
static void test_rows_bounds(void **state)
{
	nsscache_report_facts f;
	size_t i;
	(void) state;

	memset(&diag, 0, sizeof(diag));
	memset(&rec, 0, sizeof(rec));
	diag.curl.found = diag.nss.found = diag.softokn.found = diag.tmp.found = 1;
	diag.db.source = NSSCACHE_DB_SSL_DIR;
	diag.db.readable = diag.db.cert9 = 1;
	memset(diag.curl.path, 'c', sizeof(diag.curl.path) - 1);
	memset(diag.nss.path, 'n', sizeof(diag.nss.path) - 1);
	memset(diag.softokn.path, 's', sizeof(diag.softokn.path) - 1);
	memset(diag.db.path, 'd', sizeof(diag.db.path) - 1);
	memset(diag.tmp.path, 't', sizeof(diag.tmp.path) - 1);
	facts_for(&f, NULL);
	nsscache_report_rows(&rep, &f);
	assert_true(rep.used <= sizeof(rep.arena));
	for (i = 0; i < rep.n; i++) {
		if (rep.rows[i].type == NSSCACHE_RV_STRING) {
			assert_true(rep.rows[i].v.s >= rep.arena && rep.rows[i].v.s < rep.arena + sizeof(rep.arena));
		}
	}
	assert_int_equal(strlen(find(&rep, "db.path")->v.s), PATH_MAX - 1);
}

static int deny_all(const char *path, void *ctx)
{
	(*(int *) ctx)++;
	(void) path;
	return 0;
}

/* open_basedir: an existing directory and a missing path give the same
 * facts, and the sentences say "not checked". */
static void test_hidden_paths(void **state)
{
	nsscache_db_info a, b;
	nsscache_tempdir_info t;
	int asked = 0;
	nsscache_path_gate gate = { deny_all, &asked };
	char buf[512];
	(void) state;

	nsscache_detect_db(&a, "/", NULL, &gate);
	nsscache_detect_db(&b, "/", "/nonexistent", &gate);
	assert_true(a.hidden && b.hidden);
	assert_int_equal(a.source, NSSCACHE_DB_SSL_DIR);
	assert_false(a.exists || a.is_dir || a.readable || a.cert9 || a.fs.ok);
	assert_int_equal(a.exists, b.exists);
	nsscache_report_db_note(&a, buf, sizeof(buf));
	assert_non_null(strstr(buf, "outside open_basedir"));
	nsscache_report_db_reason(&a, buf, sizeof(buf));
	assert_non_null(strstr(buf, "not checked"));
	/* SSL_DIR unset: the default directory is hidden too */
	nsscache_detect_db(&a, NULL, "/", &gate);
	assert_true(a.hidden);
	assert_int_equal(a.source, NSSCACHE_DB_DEFAULT);

	nsscache_detect_tempdir(&t, NULL, "/", &gate);
	assert_true(t.hidden);
	assert_false(t.found || t.fs.ok);
	assert_string_equal(t.source, "TMPDIR");
	nsscache_report_tempdir_reason(&t, buf, sizeof(buf));
	assert_non_null(strstr(buf, "not checked"));
	assert_true(asked >= 4);
}

/* The name tables follow their enums' order (the status array's words). */
static void test_names(void **state)
{
	(void) state;
	assert_string_equal(nsscache_action_name(NSSCACHE_ACTION_FAILED), "failed");
	assert_string_equal(nsscache_action_name(NSSCACHE_ACTION_SET), "set");
	assert_string_equal(nsscache_phase_name(NSSCACHE_PHASE_RINIT), "rinit");
	assert_string_equal(nsscache_override_name(NSSCACHE_OVERRIDE_ALWAYS), "always");
	assert_string_equal(nsscache_var_name(NSSCACHE_VAR_MEASURE), "measure");
	assert_string_equal(nsscache_probe_name(NSSCACHE_PROBE_EXPECTED), "expected");
	assert_string_equal(nsscache_profile_name(NSSCACHE_PROFILE_FSTYPE), ">=3.38");
	assert_string_equal(nsscache_profile_name(NSSCACHE_PROFILE_UNSET_PROBES), "3.16-3.32");
	assert_string_equal(nsscache_softokn_how_name(NSSCACHE_SOFTOKN_BESIDE_NSS_REAL), "beside libnss3 (resolved symlink)");
	assert_string_equal(nsscache_db_source_name(NSSCACHE_DB_DEFAULT), "default");
	assert_null(nsscache_curl_how_name(NSSCACHE_CURL_HOW_NONE));
	assert_string_equal(nsscache_curl_how_name(NSSCACHE_CURL_HOW_FIRST), "first of several");
	assert_string_equal(nsscache_tri_name(NSSCACHE_MAYBE), "unknown");
	/* out of range: the fallback, never a read past the table */
	assert_string_equal(nsscache_action_name((nsscache_action) 99), "none");
	assert_string_equal(nsscache_fs_class_name((nsscache_fs_class) -1), "unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows_shape),
		cmocka_unit_test(test_rows_words),
		cmocka_unit_test(test_rows_bounds),
		cmocka_unit_test(test_hidden_paths),
		cmocka_unit_test(test_names),
	};
	return cmocka_run_group_tests_name("report", tests, NULL, NULL);
}
