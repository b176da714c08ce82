/* SPDX-License-Identifier: BSD-2-Clause */
/* The bounded, never-blocking reader and the escaping of logged values. */
#include "helpers.h"
#include "../../src/util.h"

#include <signal.h>

static void test_open_regular(void **state)
{
	char dir[256], path[300];
	int fd;

	(void) state;
	helper_scratch(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/f", dir);
	helper_write_file(path, "1234567");
	fd = nsscache_open_regular(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(nsscache_open_regular("/dev/zero"), -1);
	assert_int_equal(nsscache_open_regular(dir), -1);
	assert_int_equal(nsscache_open_regular("/nonexistent"), -1);
	unlink(path);
	assert_int_equal(mkfifo(path, 0644), 0);
	alarm(5); /* a FIFO with no writer: a plain open() blocks forever */
	assert_int_equal(nsscache_open_regular(path), -1);
	alarm(0);
	helper_rm_rf(dir);
}

/* a text with its length: embedded NULs count */
#define T(s) s, sizeof(s) - 1

static void test_escape(void **state)
{
	static const struct {
		const char *src;
		size_t len;
		const char *want;
	} rows[] = {
		{ T("yes"), "yes" },
		{ T(""), "" },
		{ T("a\nb\rc\td\"e\\f"), "a\\nb\\rc\\td\\\"e\\\\f" },
		{ T("\x1b[31m\x7f\x01"), "\\x1b[31m\\x7f\\x01" },
		{ T("n\0ul"), "n\\x00ul" },
		/* NEL, LINE SEPARATOR and a bare CSI: line breaks to some log viewers */
		{ T("\xc2\x85|\xe2\x80\xa8|\x9b"), "\\xc2\\x85|\\xe2\\x80\\xa8|\\x9b" },
		{ T("0123456789012345678901234567890123456789012345678901234567890123"),
			"0123456789012345678901234567890123456789012345678901234567890123" },
		{ T("01234567890123456789012345678901234567890123456789012345678901234"),
			"0123456789012345678901234567890123456789012345678901234567890123... (65 bytes)" },
		/* the cut never splits a character: \xc3\xa9 would straddle byte 64 */
		{ T("012345678901234567890123456789012345678901234567890123456789012\xc3\xa9"),
			"012345678901234567890123456789012345678901234567890123456789012... (65 bytes)" },
		{ T("01234567890123456789012345678901234567890123456789012345678901\xe2\x80\xa6"),
			"01234567890123456789012345678901234567890123456789012345678901... (65 bytes)" },
		/* not UTF-8: continuation bytes all the way are cut at 64 */
		{ T("\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80"
			"\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80"
			"\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80"), NULL },
	};
	char out[NSSCACHE_ESCAPE_BUF], small[8];
	size_t i;

	(void) state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		nsscache_escape(out, sizeof(out), rows[i].src, rows[i].len);
		if (rows[i].want != NULL) {
			ROW_STR_EQ(i, rows[i].want, out, rows[i].want);
		} else {
			ROW_INT_EQ(i, "cut", strncmp(out + 64 * 4, "... (66 bytes)", 14), 0);
		}
	}
	/* the worst case fits its documented buffer */
	{
		char worst[4096];

		memset(worst, 0x01, sizeof(worst));
		nsscache_escape(out, sizeof(out), worst, sizeof(worst));
		assert_true(strlen(out) < sizeof(out));
		assert_non_null(strstr(out, "... (4096 bytes)"));
	}
	/* a small buffer is filled and terminated, never overrun */
	nsscache_escape(small, sizeof(small), T("\x01\x02\x03"));
	assert_true(strlen(small) < sizeof(small));
}

/* The arrays' escaping: whole, reversible, and 4 * strlen + 1 bytes hold any */
static void test_escape_all(void **state)
{
	char out[64], exact[4 * 4 + 1], small[6];

	(void) state;
	assert_string_equal(nsscache_escape_all(out, sizeof(out), "a\\b\xff\n\"\x7f~ "), "a\\\\b\\xff\\x0a\"\\x7f~ ");
	assert_string_equal(nsscache_escape_all(exact, sizeof(exact), "\x01\x02\x03\x04"), "\\x01\\x02\\x03\\x04");
	assert_string_equal(nsscache_escape_all(exact, sizeof(exact), "\\\\x1"), "\\\\\\\\x1");
	/* a small buffer is cut between escapes, terminated, never overrun */
	assert_string_equal(nsscache_escape_all(small, sizeof(small), "\x01\x02"), "\\x01");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_open_regular),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_escape_all),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
