/* /etc/os-release and /etc/redhat-release: which softokn patches apply. */
#include "helpers.h"
#include "../../src/detect_distro.h"
#include "../../src/report.h"

typedef struct {
	const char *label;
	const char *text;
	int rc;
	const char *id, *version_id;
	int major;
	nsscache_distro_family family;
} distro_row;

static const distro_row os_rows[] = {
	{ "debian 12", "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nID=debian\n",
	  0, "debian", "12", 12, NSSCACHE_DISTRO_OTHER },
	/* CentOS 7: RHEL7 nss-softokn with the fs-probe patch */
	{ "centos 7", "NAME=\"CentOS Linux\"\nVERSION=\"7 (Core)\"\nID=\"centos\"\nID_LIKE=\"rhel fedora\"\nVERSION_ID=\"7\"\n",
	  0, "centos", "7", 7, NSSCACHE_DISTRO_RHEL7 },
	{ "rhel 7.9", "NAME=\"Red Hat Enterprise Linux Server\"\nID=\"rhel\"\nID_LIKE=\"fedora\"\nVERSION_ID=\"7.9\"\n",
	  0, "rhel", "7.9", 7, NSSCACHE_DISTRO_RHEL7 },
	{ "oracle 7", "NAME=\"Oracle Linux Server\"\nID=\"ol\"\nVERSION_ID=\"7.9\"\n", 0, "ol", "7.9", 7, NSSCACHE_DISTRO_RHEL7 },
	{ "scientific 7", "ID=\"scientific\"\nID_LIKE=\"rhel centos fedora\"\nVERSION_ID=\"7.6\"\n", 0, "scientific", "7.6", 7, NSSCACHE_DISTRO_RHEL7 },
	/* Amazon Linux 2 is built from RHEL 7 sources */
	{ "amazon linux 2", "NAME=\"Amazon Linux\"\nID=\"amzn\"\nID_LIKE=\"centos rhel fedora\"\nVERSION_ID=\"2\"\n", 0, "amzn", "2", 2, NSSCACHE_DISTRO_RHEL7 },
	{ "amazon linux 1", "ID=\"amzn\"\nID_LIKE=\"rhel fedora\"\nVERSION_ID=\"2018.03\"\n", 0, "amzn", "2018.03", 2018, NSSCACHE_DISTRO_OTHER },
	{ "rocky 8", "ID=\"rocky\"\nID_LIKE=\"rhel centos fedora\"\nVERSION_ID=\"8.9\"\n", 0, "rocky", "8.9", 8, NSSCACHE_DISTRO_OTHER },
	{ "fedora 26", "ID=fedora\nVERSION_ID=26\n", 0, "fedora", "26", 26, NSSCACHE_DISTRO_OTHER },
	{ "ubuntu 7 is not rhel", "ID=ubuntu\nID_LIKE=debian\nVERSION_ID=\"7.04\"\n", 0, "ubuntu", "7.04", 7, NSSCACHE_DISTRO_OTHER },
	/* ID_LIKE word match: "rhelish" is not "rhel" */
	{ "id_like substring", "ID=x\nID_LIKE=\"rhelish\"\nVERSION_ID=7\n", 0, "x", "7", 7, NSSCACHE_DISTRO_OTHER },
	{ "single quotes, comment, blanks", "# comment\n\n  ID='centos'\nVERSION_ID='6'\nID_LIKE='rhel'\n", 0, "centos", "6", 6, NSSCACHE_DISTRO_RHEL6 },
	{ "escaped quote", "ID=\"a\\\"b\"\nVERSION_ID=1\n", 0, "a\"b", "1", 1, NSSCACHE_DISTRO_OTHER },
	{ "unterminated quote", "ID=\"centos\nVERSION_ID=\"7\n", 0, "centos", "7", 7, NSSCACHE_DISTRO_RHEL7 },
	{ "CRLF", "ID=centos\r\nID_LIKE=rhel\r\nVERSION_ID=7\r\n", 0, "centos", "7", 7, NSSCACHE_DISTRO_RHEL7 },
	{ "no version", "ID=centos\n", 0, "centos", "", -1, NSSCACHE_DISTRO_OTHER },
	{ "no ID, no VERSION_ID", "NAME=foo\n", -1, "", "", -1, NSSCACHE_DISTRO_OTHER },
	{ "empty", "", -1, "", "", -1, NSSCACHE_DISTRO_OTHER },
	{ "key without =", "ID\nVERSION_ID\n", -1, "", "", -1, NSSCACHE_DISTRO_OTHER },
	{ "IDX is not ID", "IDX=centos\nVERSION_ID=7\n", 0, "", "7", 7, NSSCACHE_DISTRO_OTHER },
};

static const distro_row rh_rows[] = {
	/* RHEL/CentOS 6 have no os-release */
	{ "centos 6", "CentOS release 6.10 (Final)\n", 0, "centos", "6.10", 6, NSSCACHE_DISTRO_RHEL6 },
	{ "rhel 6", "Red Hat Enterprise Linux Server release 6.10 (Santiago)\n", 0, "rhel", "6.10", 6, NSSCACHE_DISTRO_RHEL6 },
	{ "rhel 7", "Red Hat Enterprise Linux Server release 7.9 (Maipo)\n", 0, "rhel", "7.9", 7, NSSCACHE_DISTRO_RHEL7 },
	{ "centos 7", "CentOS Linux release 7.9.2009 (Core)\n", 0, "centos", "7.9.2009", 7, NSSCACHE_DISTRO_RHEL7 },
	{ "scientific 6", "Scientific Linux release 6.10 (Carbon)\n", 0, "scientific", "6.10", 6, NSSCACHE_DISTRO_RHEL6 },
	{ "cloudlinux 6", "CloudLinux Server release 6.10 (Final)\n", 0, "", "6.10", 6, NSSCACHE_DISTRO_RHEL6 },
	{ "fedora", "Fedora release 26 (Twenty Six)\n", 0, "fedora", "26", 26, NSSCACHE_DISTRO_OTHER },
	{ "no release word", "CentOS 6.10\n", -1, "", "", -1, NSSCACHE_DISTRO_OTHER },
	{ "release without number", "CentOS release x\n", -1, "centos", "x", -1, NSSCACHE_DISTRO_OTHER },
	{ "empty", "", -1, "", "", -1, NSSCACHE_DISTRO_OTHER },
};

static void check_rows(const distro_row *rows, size_t n, int redhat)
{
	size_t i;
	for (i = 0; i < n; i++) {
		nsscache_distro d;
		int rc = redhat ? nsscache_distro_parse_redhat_release(rows[i].text, strlen(rows[i].text), &d)
						: nsscache_distro_parse_os_release(rows[i].text, strlen(rows[i].text), &d);
		ROW_INT_EQ(i, rows[i].label, rc, rows[i].rc);
		if (rc == 0 || rows[i].id[0] != '\0') {
			ROW_STR_EQ(i, rows[i].label, d.id, rows[i].id);
			ROW_STR_EQ(i, rows[i].label, d.version_id, rows[i].version_id);
		}
		ROW_INT_EQ(i, rows[i].label, d.major, rows[i].major);
		ROW_INT_EQ(i, rows[i].label, d.family, rows[i].family);
	}
}

static void test_os_release_table(void **state)
{
	(void) state;
	check_rows(os_rows, sizeof(os_rows) / sizeof(os_rows[0]), 0);
}

static void test_redhat_release_table(void **state)
{
	(void) state;
	check_rows(rh_rows, sizeof(rh_rows) / sizeof(rh_rows[0]), 1);
}

static void test_long_values_truncated(void **state)
{
	char buf[600];
	nsscache_distro d;
	(void) state;
	memset(buf, 'a', sizeof(buf));
	memcpy(buf, "ID=", 3);
	buf[sizeof(buf) - 1] = '\n';
	assert_int_equal(nsscache_distro_parse_os_release(buf, sizeof(buf), &d), 0);
	assert_int_equal(strlen(d.id), sizeof(d.id) - 1);
	memset(buf, 'a', sizeof(buf));
	memcpy(buf, "X release 6", 11);
	/* the line is cut at 95 bytes; the version word keeps its leading number */
	assert_int_equal(nsscache_distro_parse_redhat_release(buf, sizeof(buf), &d), 0);
	assert_int_equal(d.major, 6);
	assert_int_equal(strlen(d.version_id), sizeof(d.version_id) - 1);
}

static void test_family_names(void **state)
{
	(void) state;
	assert_string_equal(nsscache_distro_family_name(NSSCACHE_DISTRO_RHEL6), "rhel6");
	assert_string_equal(nsscache_distro_family_name(NSSCACHE_DISTRO_RHEL7), "rhel7");
	assert_string_equal(nsscache_distro_family_name(NSSCACHE_DISTRO_OTHER), "other");
}

static void test_read_files(void **state)
{
	char dir[256], osr[300], rhr[300], missing[300];
	nsscache_distro d;
	(void) state;
	helper_scratch(dir, sizeof(dir));
	snprintf(osr, sizeof(osr), "%s/os-release", dir);
	snprintf(rhr, sizeof(rhr), "%s/redhat-release", dir);
	snprintf(missing, sizeof(missing), "%s/missing", dir);

	helper_write_file(osr, "ID=centos\nID_LIKE=\"rhel fedora\"\nVERSION_ID=\"7\"\n");
	helper_write_file(rhr, "CentOS release 6.10 (Final)\n");
	assert_int_equal(nsscache_distro_read(&d, osr, rhr), 0);
	assert_int_equal(d.family, NSSCACHE_DISTRO_RHEL7);
	assert_string_equal(d.source, "os-release");

	/* CentOS 6: no os-release, redhat-release decides */
	assert_int_equal(nsscache_distro_read(&d, missing, rhr), 0);
	assert_int_equal(d.family, NSSCACHE_DISTRO_RHEL6);
	assert_string_equal(d.source, "redhat-release");

	/* os-release that says nothing useful falls back too */
	helper_write_file(osr, "NAME=x\n");
	assert_int_equal(nsscache_distro_read(&d, osr, rhr), 0);
	assert_int_equal(d.family, NSSCACHE_DISTRO_RHEL6);

	assert_int_equal(nsscache_distro_read(&d, missing, missing), -1);
	assert_int_equal(d.family, NSSCACHE_DISTRO_OTHER);
	assert_null(d.source);
	/* a directory as path */
	assert_int_equal(nsscache_distro_read(&d, dir, dir), -1);

	/* this host: whatever it is, it must parse (Debian CI has /etc/os-release) */
	if (access("/etc/os-release", R_OK) == 0) {
		assert_int_equal(nsscache_distro_read(&d, NULL, NULL), 0);
	}
	helper_rm_rf(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_os_release_table),
		cmocka_unit_test(test_redhat_release_table),
		cmocka_unit_test(test_long_values_truncated),
		cmocka_unit_test(test_family_names),
		cmocka_unit_test(test_read_files),
	};
	return cmocka_run_group_tests_name("distro", tests, NULL, NULL);
}
