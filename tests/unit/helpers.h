/* SPDX-License-Identifier: BSD-2-Clause */
/* Shared helpers for the cmocka unit tests: scratch dirs and files, and a
 * way to run a check as an unprivileged user (root bypasses chmod 000). */
#ifndef NSSCACHE_TEST_HELPERS_H
#define NSSCACHE_TEST_HELPERS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define NSSCACHE_NOBODY_ID 65534

/* Table-driven checks that name the failing row. */
#define ROW_INT_EQ(i, label, got, want) do { \
		long long g_ = (long long) (got), w_ = (long long) (want); \
		if (g_ != w_) { \
			fail_msg("row %zu (%s): %s = %lld, want %lld", (size_t) (i), (label), #got, g_, w_); \
		} \
	} while (0)
#define ROW_STR_EQ(i, label, got, want) do { \
		if (strcmp((got), (want)) != 0) { \
			fail_msg("row %zu (%s): %s = \"%s\", want \"%s\"", (size_t) (i), (label), #got, (got), (want)); \
		} \
	} while (0)

static inline void helper_write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	if (text[0] != '\0') {
		assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
	}
	assert_int_equal(fclose(f), 0);
}

/* A world-traversable scratch dir (0755) so the "nobody" child can reach it. */
static inline void helper_scratch(char *buf, size_t len)
{
	const char *base = getenv("NSSCACHE_UNIT_TMP");
	snprintf(buf, len, "%s/nsscache-unit.XXXXXX", base != NULL ? base : "/tmp");
	assert_non_null(mkdtemp(buf));
	assert_int_equal(chmod(buf, 0755), 0);
}

static inline void helper_rm_rf(const char *path)
{
	char cmd[4200];
	/* test scratch only; the path comes from mkdtemp above */
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", path);
	assert_int_equal(system(cmd), 0);
}

/* Runs FN(ARG) in a child and returns its result (0..254), -1 if it died.
 * _exit: the child skips the leak checks of what FN deliberately leaves. */
static inline int helper_run_child(int (*fn)(void *), void *arg)
{
	pid_t pid;
	int status;

	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		_exit(fn(arg) & 0xff);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			return -1;
		}
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

typedef struct {
	int (*fn)(void *);
	void *arg;
} helper_unprivileged_call;

static inline int helper_drop_privileges_then_run(void *p)
{
	helper_unprivileged_call *c = p;

	if (geteuid() == 0) {
		if (setgroups(0, NULL) != 0 || setgid(NSSCACHE_NOBODY_ID) != 0 || setuid(NSSCACHE_NOBODY_ID) != 0) {
			return 255;
		}
	}
	return c->fn(c->arg);
}

/* Runs FN(ARG) in a child; as root the child first becomes nobody:nogroup.
 * Returns FN's result (0..254), or -1 if the child could not drop privileges
 * or died. */
static inline int helper_run_unprivileged(int (*fn)(void *), void *arg)
{
	helper_unprivileged_call c = { fn, arg };
	int rc = helper_run_child(helper_drop_privileges_then_run, &c);

	return rc == 255 ? -1 : rc;
}

#endif
