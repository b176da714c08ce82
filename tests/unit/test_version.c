/* Version strings: NSS_GetVersion, curl_version_info, RPM NVRs. */
#include "helpers.h"
#include "../../src/detect_version.h"

typedef struct {
	const char *in;
	int rc, parts, major, minor, patch, build, release;
	const char *extra;
} version_row;

static const version_row rows[] = {
	/* NSS_GetVersion() on Debian 12 */
	{ "3.87.1", 0, 3, 3, 87, 1, 0, -1, "" },
	/* NSS_VERSION before 3.14 carried the ECC flavour */
	{ "3.12.9.0 Basic ECC", 0, 4, 3, 12, 9, 0, -1, "Basic ECC" },
	/* RHEL6's fixed nss-softokn (RH bz 1044666) */
	{ "3.14.3-12.el6", 0, 3, 3, 14, 3, 0, 12, "-12.el6" },
	/* softokn C_GetInfo gives major.minor only */
	{ "3.36", 0, 2, 3, 36, 0, 0, -1, "" },
	/* curl development builds */
	{ "8.4.0-DEV", 0, 3, 8, 4, 0, 0, -1, "-DEV" },
	{ "7", 0, 1, 7, 0, 0, 0, -1, "" },
	{ "3.", 0, 1, 3, 0, 0, 0, -1, "." },
	{ "3.87.1\n", 0, 3, 3, 87, 1, 0, -1, "" },
	{ "1.2.3.4.5", 0, 4, 1, 2, 3, 4, -1, ".5" },
	{ "", -1, 0, 0, 0, 0, 0, -1, "" },
	{ "v3.87", -1, 0, 0, 0, 0, 0, -1, "" },
	{ "-3.87", -1, 0, 0, 0, 0, 0, -1, "" },
	{ " 3.87", -1, 0, 0, 0, 0, 0, -1, "" },
	{ "3.99999999", -1, 0, 0, 0, 0, 0, -1, "" },
	{ "99999999999999999999", -1, 0, 0, 0, 0, 0, -1, "" },
};

static void test_parse_table(void **state)
{
	size_t i;
	(void) state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		nsscache_version v;
		int rc = nsscache_version_parse(rows[i].in, strlen(rows[i].in), &v);
		ROW_INT_EQ(i, rows[i].in, rc, rows[i].rc);
		ROW_INT_EQ(i, rows[i].in, v.parts, rows[i].parts);
		ROW_INT_EQ(i, rows[i].in, v.major, rows[i].major);
		ROW_INT_EQ(i, rows[i].in, v.minor, rows[i].minor);
		ROW_INT_EQ(i, rows[i].in, v.patch, rows[i].patch);
		ROW_INT_EQ(i, rows[i].in, v.build, rows[i].build);
		ROW_INT_EQ(i, rows[i].in, v.release, rows[i].release);
		ROW_STR_EQ(i, rows[i].in, v.extra, rows[i].extra);
	}
}

static void test_parse_not_terminated(void **state)
{
	const char buf[4] = { '3', '.', '8', '7' }; /* no NUL */
	nsscache_version v;
	(void) state;
	assert_int_equal(nsscache_version_parse(buf, 3, &v), 0);
	assert_int_equal(v.minor, 8);
	assert_int_equal(nsscache_version_parse("3.87\0" "99", 7, &v), 0);
	assert_int_equal(v.minor, 87);
	assert_string_equal(v.extra, "");
	assert_int_equal(nsscache_version_parse(NULL, 5, &v), -1);
}

static void test_parse_long_extra_truncated(void **state)
{
	char buf[200];
	nsscache_version v;
	(void) state;
	memset(buf, 'x', sizeof(buf));
	memcpy(buf, "3.1 ", 4);
	assert_int_equal(nsscache_version_parse(buf, sizeof(buf), &v), 0);
	assert_int_equal(strlen(v.extra), sizeof(v.extra) - 1);
}

static int cmp_str(const char *a, const char *b)
{
	nsscache_version va, vb;
	assert_int_equal(nsscache_version_parse(a, strlen(a), &va), 0);
	assert_int_equal(nsscache_version_parse(b, strlen(b), &vb), 0);
	return nsscache_version_cmp(&va, &vb);
}

static void test_compare(void **state)
{
	nsscache_version v;
	(void) state;
	assert_true(cmp_str("3.87.1", "3.87") > 0);
	assert_true(cmp_str("3.87", "3.87.0") == 0);
	assert_true(cmp_str("3.9", "3.16") < 0);        /* numeric, not lexical */
	assert_true(cmp_str("3.14.3-12.el6", "3.14.3-11.el6") > 0);
	assert_true(cmp_str("3.14.3-12.el6", "3.14.3") == 0); /* release only when both have one */
	assert_true(cmp_str("3.12.9.1", "3.12.9") > 0);
	assert_true(cmp_str("4.0", "3.99.99") > 0);

	nsscache_version_set(&v, 3, 38);
	assert_true(nsscache_version_at_least(&v, 3, 38, 0));
	assert_false(nsscache_version_at_least(&v, 3, 38, 1));
	assert_true(nsscache_version_at_least(&v, 3, 16, 0));
	assert_false(nsscache_version_at_least(&v, 4, 0, 0));
	assert_int_equal(v.release, -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_table),
		cmocka_unit_test(test_parse_not_terminated),
		cmocka_unit_test(test_parse_long_extra_truncated),
		cmocka_unit_test(test_compare),
	};
	return cmocka_run_group_tests_name("version", tests, NULL, NULL);
}
