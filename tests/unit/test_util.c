/* src/util.c: bounded copy, the never-blocking reader, value escaping. */
#include "helpers.h"
#include "../../src/util.h"

static void test_copy(void **state)
{
	char buf[8];
	(void) state;
	assert_int_equal(nsscache_copy(buf, sizeof(buf), "abc", 3), 0);
	assert_string_equal(buf, "abc");
	assert_int_equal(nsscache_copy(buf, sizeof(buf), "abcdefgh", 8), 1);
	assert_string_equal(buf, "abcdefg");
	assert_int_equal(nsscache_copy(buf, sizeof(buf), "abcdefg", 7), 0);
	assert_string_equal(buf, "abcdefg");
	assert_int_equal(nsscache_copy(buf, sizeof(buf), "ab\0cd", 5), 0);
	assert_string_equal(buf, "ab");
	assert_int_equal(nsscache_copy(buf, sizeof(buf), "abcdef", 2), 0);
	assert_string_equal(buf, "ab");
}

static void test_digits(void **state)
{
	long long v = 7;
	size_t pos = 0;
	(void) state;
	assert_int_equal(nsscache_digits("100000x", 7, &pos, 100000, &v), 0);
	assert_int_equal(v, 100000);
	assert_int_equal(pos, 6);
	/* one past MAX, and far past it: refused, nothing moved */
	pos = 0;
	v = 7;
	assert_int_equal(nsscache_digits("100001", 6, &pos, 100000, &v), -1);
	assert_int_equal(nsscache_digits("999999", 6, &pos, 100000, &v), -1);
	assert_int_equal(nsscache_digits("99999999999999999999999", 23, &pos, 0x7fffffffffffffffLL, &v), -1);
	assert_int_equal(pos, 0);
	assert_int_equal(v, 7);
	assert_int_equal(nsscache_digits("x1", 2, &pos, 10, &v), -1);
	/* LEN bounds the scan, not the NUL */
	assert_int_equal(nsscache_digits("123", 2, &pos, 1000, &v), 0);
	assert_int_equal(v, 12);
}

static void test_copy_strings(void **state)
{
	const char *src[3] = { "ab", NULL, "" }, *out[3];
	char buf[8];
	(void) state;
	assert_int_equal(nsscache_copy_strings(src, 3, buf, 2, out), 4);
	assert_int_equal(nsscache_copy_strings(src, 3, buf, 4, out), 4);
	assert_string_equal(out[0], "ab");
	assert_null(out[1]);
	assert_string_equal(out[2], "");
	assert_ptr_equal(out[0], buf);
	assert_ptr_equal(out[2], buf + 3);
}

static void test_read_file(void **state)
{
	char dir[256], path[300], buf[16];
	int err;
	size_t len;
	(void) state;
	helper_scratch(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/f", dir);
	helper_write_file(path, "0123456789");
	assert_int_equal(nsscache_read_file(path, buf, sizeof(buf), &len, &err), 0);
	assert_int_equal(len, 10);
	assert_memory_equal(buf, "0123456789", 10);
	/* exactly the bound: complete, not "longer" */
	assert_int_equal(nsscache_read_file(path, buf, 10, &len, &err), 0);
	assert_int_equal(len, 10);
	assert_int_equal(nsscache_read_file(path, buf, 4, &len, &err), 1);
	assert_int_equal(len, 4);

	alarm(5);
	snprintf(path, sizeof(path), "%s/fifo", dir);
	assert_int_equal(mkfifo(path, 0644), 0);
	assert_int_equal(nsscache_read_file(path, buf, sizeof(buf), &len, &err), -1);
	assert_int_equal(err, NSSCACHE_ERR_NOT_REGULAR);
	assert_int_equal(nsscache_read_file("/dev/zero", buf, sizeof(buf), &len, &err), -1);
	assert_int_equal(err, NSSCACHE_ERR_NOT_REGULAR);
	assert_int_equal(nsscache_read_file("/dev/tty", buf, sizeof(buf), &len, &err), -1);
	alarm(0);
	assert_int_equal(nsscache_read_file(dir, buf, sizeof(buf), &len, &err), -1);
	assert_int_equal(err, NSSCACHE_ERR_NOT_REGULAR);
	snprintf(path, sizeof(path), "%s/missing", dir);
	assert_int_equal(nsscache_read_file(path, buf, sizeof(buf), &len, &err), -1);
	assert_int_equal(err, ENOENT);
	/* procfs files are regular */
	assert_true(nsscache_read_file("/proc/sys/fs/dentry-state", buf, sizeof(buf), &len, &err) >= 0);
	helper_rm_rf(dir);
}

static void test_escape(void **state)
{
	static const struct { const char *in; size_t len; const char *out; } rows[] = {
		{ "yes", 3, "yes" },
		{ "x\nPHP Fatal error:  forged", 26, "x\\nPHP Fatal error:  forged" },
		{ "\x1b[31mred\r\t", 10, "\\x1b[31mred\\r\\t" },
		{ "a\"b\\c", 5, "a\\\"b\\\\c" },
		{ "a\0b", 3, "a\\x00b" },
		{ "\x7f\xc3\xa9", 3, "\\x7f\xc3\xa9" },   /* UTF-8 passes */
		{ "", 0, "" },
	};
	char buf[NSSCACHE_ESCAPE_BUF], big[70000];
	size_t i;
	(void) state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		ROW_STR_EQ(i, rows[i].out, nsscache_escape(buf, sizeof(buf), rows[i].in, rows[i].len), rows[i].out);
	}
	/* capped, with the length; exactly the cap is not cut */
	memset(big, 'v', sizeof(big));
	assert_string_equal(nsscache_escape(buf, sizeof(buf), big, NSSCACHE_ESCAPE_MAX),
		"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv");
	nsscache_escape(buf, sizeof(buf), big, sizeof(big));
	assert_int_equal(strncmp(buf, big, NSSCACHE_ESCAPE_MAX), 0);
	assert_string_equal(buf + NSSCACHE_ESCAPE_MAX, "... (70000 bytes)");
	/* the worst case fits the documented buffer */
	memset(big, '\x01', sizeof(big));
	nsscache_escape(buf, sizeof(buf), big, sizeof(big));
	assert_string_equal(buf + NSSCACHE_ESCAPE_MAX * 4, "... (70000 bytes)");
	/* a small buffer: cut, terminated */
	assert_string_equal(nsscache_escape(buf, 4, "\n\n", 2), "\\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_copy),
		cmocka_unit_test(test_digits),
		cmocka_unit_test(test_copy_strings),
		cmocka_unit_test(test_read_file),
		cmocka_unit_test(test_escape),
	};
	return cmocka_run_group_tests_name("util", tests, NULL, NULL);
}
