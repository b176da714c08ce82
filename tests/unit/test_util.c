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
		{ T("a\nb\rc\td\"e\\f"), "a\\x0ab\\x0dc\\x09d\\x22e\\\\f" },
		{ T("\x1b[31m\x7f\x01"), "\\x1b[31m\\x7f\\x01" },
		{ T("n\0ul"), "n\\x00ul" },
		/* NEL, LINE SEPARATOR and a bare CSI: line breaks to some log viewers */
		{ T("\xc2\x85|\xe2\x80\xa8|\x9b"), "\\xc2\\x85|\\xe2\\x80\\xa8|\\x9b" },
		{ T("a\\b\xff\n\"\x7f~ "), "a\\\\b\\xff\\x0a\\x22\\x7f~ " },
		{ T("\\\\x1"), "\\\\\\\\x1" },
	};
	char out[256], exact[4 * 4 + 1], small[6];
	size_t i;

	(void) state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		nsscache_escape(out, sizeof(out), rows[i].src, rows[i].len);
		ROW_STR_EQ(i, rows[i].want, out, rows[i].want);
	}
	/* 4 * LEN + 1 bytes hold any */
	assert_string_equal(nsscache_escape(exact, sizeof(exact), T("\x01\x02\x03\x04")), "\\x01\\x02\\x03\\x04");
	/* a small buffer is cut between escapes, terminated, never overrun */
	assert_string_equal(nsscache_escape(small, sizeof(small), T("\x01\x02")), "\\x01");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_open_regular),
		cmocka_unit_test(test_escape),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
