/* /proc/sys/fs/dentry-state parser and reader. */
#include "helpers.h"
#include "../../src/detect_dentry.h"
#include "../../src/report.h"

typedef struct {
	const char *label;
	const char *text;
	nsscache_negative_support support;
	int rc, fields, has_neg;
	long long nr_dentry, nr_unused, nr_negative;
} dentry_row;


/* nsscache_dentry_read() with its error worded by src/report.c. */
static int read_err(const char *path, nsscache_dentry_state *d, char *err, size_t len)
{
	nsscache_dentry_error e;
	int rc = nsscache_dentry_read(path, d, &e);

	if (rc != 0) {
		nsscache_report_dentry_error(&e, path, err, len);
	} else {
		err[0] = '\0';
	}
	return rc;
}

static const dentry_row rows[] = {
	/* Linux >= 5.0: "%ld\t%ld\t%ld\t%ld\t%ld\t%ld\n", field 5 is nr_negative */
	{ "5.x six fields", "97194\t95823\t45\t0\t12356\t0\n", NSSCACHE_NEGATIVE_YES, 0, 6, 1, 97194, 95823, 12356 },
	{ "5.x zero negatives", "100\t50\t45\t0\t0\t0\n", NSSCACHE_NEGATIVE_YES, 0, 6, 1, 100, 50, 0 },
	/* Linux < 5.0: field 5 is a dummy 0, so it is no count at all */
	{ "4.x dummy zero", "100\t50\t45\t0\t0\t0\n", NSSCACHE_NEGATIVE_NO, 0, 6, 0, 100, 50, 0 },
	/* non-zero on an old version string: a backport (RHEL 8's 4.18) */
	{ "4.18 backport", "100\t50\t45\t0\t7\t0\n", NSSCACHE_NEGATIVE_NO, 0, 6, 1, 100, 50, 7 },
	{ "unknown kernel, zero", "1 2 3 4 0 0", NSSCACHE_NEGATIVE_UNKNOWN, 0, 6, 0, 1, 2, 0 },
	{ "four fields only", "1\t2\t3\t4\n", NSSCACHE_NEGATIVE_YES, 0, 4, 0, 1, 2, 0 },
	{ "five fields", "1\t2\t3\t4\t5", NSSCACHE_NEGATIVE_YES, 0, 5, 1, 1, 2, 5 },
	{ "extra fields ignored", "1 2 3 4 5 6 7 8", NSSCACHE_NEGATIVE_YES, 0, 6, 1, 1, 2, 5 },
	{ "spaces and tabs", "  1 \t 2  3\t4 5 6  \n", NSSCACHE_NEGATIVE_YES, 0, 6, 1, 1, 2, 5 },
	{ "negative unused (percpu sum)", "10\t-1\t45\t0\t3\t0\n", NSSCACHE_NEGATIVE_YES, 0, 6, 1, 10, -1, 3 },
	{ "LONG_MAX", "9223372036854775807 0 0 0 0 0", NSSCACHE_NEGATIVE_YES, 0, 6, 1, 9223372036854775807LL, 0, 0 },
	{ "overflow", "9223372036854775808 0 0 0 0 0", NSSCACHE_NEGATIVE_YES, -1, 0, 0, 0, 0, 0 },
	{ "three fields", "1 2 3\n", NSSCACHE_NEGATIVE_YES, -1, 0, 0, 0, 0, 0 },
	{ "empty", "", NSSCACHE_NEGATIVE_YES, -1, 0, 0, 0, 0, 0 },
	{ "garbage", "hello world", NSSCACHE_NEGATIVE_YES, -1, 0, 0, 0, 0, 0 },
	{ "number glued to text", "1 2 3 4x 5 6", NSSCACHE_NEGATIVE_YES, -1, 0, 0, 0, 0, 0 },
	{ "lone minus", "1 2 - 4 5 6", NSSCACHE_NEGATIVE_YES, -1, 0, 0, 0, 0, 0 },
	{ "second line ignored", "1 2 3 4\n5 6", NSSCACHE_NEGATIVE_YES, 0, 4, 0, 1, 2, 0 },
};

static void test_parse_table(void **state)
{
	size_t i;
	(void) state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		nsscache_dentry_state d;
		int rc = nsscache_dentry_parse(rows[i].text, strlen(rows[i].text), rows[i].support, &d);
		ROW_INT_EQ(i, rows[i].label, rc, rows[i].rc);
		ROW_INT_EQ(i, rows[i].label, d.fields, rows[i].fields);
		ROW_INT_EQ(i, rows[i].label, d.has_nr_negative, rows[i].has_neg);
		ROW_INT_EQ(i, rows[i].label, d.nr_dentry, rows[i].nr_dentry);
		ROW_INT_EQ(i, rows[i].label, d.nr_unused, rows[i].nr_unused);
		ROW_INT_EQ(i, rows[i].label, d.nr_negative, rows[i].nr_negative);
	}
}

static void test_parse_bounds(void **state)
{
	nsscache_dentry_state d;
	const char buf[] = { '1', ' ', '2', ' ', '3', ' ', '4', '5' }; /* no NUL */
	(void) state;
	/* LEN stops inside the fourth number: "4" of "45" */
	assert_int_equal(nsscache_dentry_parse(buf, 7, NSSCACHE_NEGATIVE_YES, &d), 0);
	assert_int_equal(d.want_pages, 4);
	assert_int_equal(nsscache_dentry_parse(NULL, 7, NSSCACHE_NEGATIVE_YES, &d), -1);
	assert_int_equal(nsscache_dentry_parse("1 2 3 4\0 5 6", 12, NSSCACHE_NEGATIVE_YES, &d), 0);
	assert_int_equal(d.fields, 4);
}

static void test_kernel_release(void **state)
{
	(void) state;
	assert_int_equal(nsscache_kernel_has_nr_negative("6.1.0-18-amd64"), NSSCACHE_NEGATIVE_YES);
	assert_int_equal(nsscache_kernel_has_nr_negative("5.0.0"), NSSCACHE_NEGATIVE_YES);
	assert_int_equal(nsscache_kernel_has_nr_negative("4.19.0-26-amd64"), NSSCACHE_NEGATIVE_NO);
	assert_int_equal(nsscache_kernel_has_nr_negative("3.10.0-1160.el7.x86_64"), NSSCACHE_NEGATIVE_NO);
	assert_int_equal(nsscache_kernel_has_nr_negative("2.6.32-754.el6.x86_64"), NSSCACHE_NEGATIVE_NO);
	assert_int_equal(nsscache_kernel_has_nr_negative("10.2"), NSSCACHE_NEGATIVE_YES);
	assert_int_equal(nsscache_kernel_has_nr_negative(""), NSSCACHE_NEGATIVE_UNKNOWN);
	assert_int_equal(nsscache_kernel_has_nr_negative("linux"), NSSCACHE_NEGATIVE_UNKNOWN);
	assert_int_equal(nsscache_kernel_has_nr_negative("6"), NSSCACHE_NEGATIVE_UNKNOWN);
	assert_int_equal(nsscache_kernel_has_nr_negative("99999999999.1"), NSSCACHE_NEGATIVE_UNKNOWN);
	assert_int_equal(nsscache_kernel_has_nr_negative(NULL), NSSCACHE_NEGATIVE_UNKNOWN);
}

static void test_read_real_proc(void **state)
{
	nsscache_dentry_state d;
	char err[256];
	(void) state;
	if (access("/proc/sys/fs/dentry-state", R_OK) != 0) {
		skip();
	}
	assert_int_equal(read_err(NULL, &d, err, sizeof(err)), 0);
	assert_string_equal(err, "");
	assert_true(d.fields >= 4);
	assert_true(d.nr_dentry > 0);
}

static void test_read_file_and_errors(void **state)
{
	char dir[256], path[300], err[256];
	nsscache_dentry_state d;
	(void) state;

	helper_scratch(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/dentry-state", dir);
	helper_write_file(path, "10\t5\t45\t0\t3\t0\n");
	assert_int_equal(read_err(path, &d, err, sizeof(err)), 0);
	assert_int_equal(d.nr_dentry, 10);
	assert_int_equal(d.nr_unused, 5);

	helper_write_file(path, "not numbers\n");
	assert_int_equal(read_err(path, &d, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot parse"));

	helper_write_file(path, "");
	assert_int_equal(read_err(path, &d, err, sizeof(err)), -1);

	snprintf(path, sizeof(path), "%s/missing", dir);
	assert_int_equal(read_err(path, &d, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot read"));
	assert_non_null(strstr(err, "No such file"));
	assert_int_equal(d.fields, 0);

	/* a directory: open works, read fails with EISDIR */
	assert_int_equal(read_err(dir, &d, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot read"));

	/* tiny error buffer: truncated, still terminated */
	assert_int_equal(read_err(path, &d, err, 8), -1);
	assert_int_equal(strlen(err), 7);
	helper_rm_rf(dir);
}

static char unreadable_path[300];

static int read_unreadable(void *arg)
{
	nsscache_dentry_state d;
	char err[256];
	(void) arg;
	if (read_err(unreadable_path, &d, err, sizeof(err)) != -1) {
		return 1;
	}
	return strstr(err, "Permission denied") != NULL ? 0 : 2;
}

/* "/proc not readable": chmod 000, checked as nobody because root bypasses it */
static void test_read_unreadable(void **state)
{
	char dir[256];
	(void) state;
	helper_scratch(dir, sizeof(dir));
	snprintf(unreadable_path, sizeof(unreadable_path), "%s/dentry-state", dir);
	helper_write_file(unreadable_path, "1 2 3 4 5 6\n");
	assert_int_equal(chmod(unreadable_path, 0), 0);
	assert_int_equal(helper_run_unprivileged(read_unreadable, NULL), 0);
	helper_rm_rf(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_table),
		cmocka_unit_test(test_parse_bounds),
		cmocka_unit_test(test_kernel_release),
		cmocka_unit_test(test_read_real_proc),
		cmocka_unit_test(test_read_file_and_errors),
		cmocka_unit_test(test_read_unreadable),
	};
	return cmocka_run_group_tests_name("dentry", tests, NULL, NULL);
}
