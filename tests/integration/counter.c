/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * LD_PRELOAD counter of NSS softoken's access() probe.
 *
 * sdb_measureAccess() (nss lib/softoken/sdb.c) calls PR_Access() on names
 * "<dir>/.<n>_dOeSnotExist_.db"; NSPR implements PR_Access with access().
 * We count access()/faccessat() calls whose path contains "_dOeSnotExist_"
 * and append "<pid> <count>" to the file named by NSSI_COUNT_FILE when the
 * process exits, and also whenever the process calls access() on a path that
 * contains "_nssiReport_" (PHP: file_exists() of an existing file of that name;
 * a ZTS PHP resolves the path first and calls access() only if it exists). Counts are
 * cumulative per process, so the last line of a pid is its total so far:
 * Apache ends recycled children with SIGTERM after PHP has installed its
 * deferring handler, so neither atexit nor this destructor runs there; a
 * script reports from the live process instead (tests/sapi).
 *
 * Why preload libnspr4 next to this library: PHP dlopens extensions with
 * RTLD_DEEPBIND, so libnspr4 loaded as a dependency of ext/curl would bind
 * access() to libc first. Preloaded, it is relocated against the global scope,
 * where this library comes first.
 *
 * The file name is read once at load: php-fpm's clear_env empties the
 * environment of every worker, and workers are forked from the master, so
 * they inherit the copy. Counts are reset in a forked child so that a
 * worker never reports its parent's calls.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PROBE_MARK "_dOeSnotExist_"
#define REPORT_MARK "_nssiReport_"

static unsigned long probe_calls;
static char count_file[PATH_MAX];
static int (*real_access)(const char *, int);
static int (*real_faccessat)(int, const char *, int, int);

static void counter_report(void);

static void count_if_probe(const char *path)
{
	if (!path)
		return;
	if (strstr(path, PROBE_MARK))
		__atomic_add_fetch(&probe_calls, 1, __ATOMIC_RELAXED);
	else if (strstr(path, REPORT_MARK))
		counter_report();
}

int access(const char *path, int mode)
{
	count_if_probe(path);
	if (!real_access)
		real_access = (int (*)(const char *, int))dlsym(RTLD_NEXT, "access");
	return real_access(path, mode);
}

int faccessat(int dirfd, const char *path, int mode, int flags)
{
	count_if_probe(path);
	if (!real_faccessat)
		real_faccessat = (int (*)(int, const char *, int, int))dlsym(RTLD_NEXT, "faccessat");
	return real_faccessat(dirfd, path, mode, flags);
}

static void reset_in_child(void)
{
	probe_calls = 0;
}

__attribute__((constructor)) static void counter_init(void)
{
	const char *f = getenv("NSSI_COUNT_FILE");

	if (f && strlen(f) < sizeof(count_file))
		strcpy(count_file, f);
	pthread_atfork(NULL, NULL, reset_in_child);
}

__attribute__((destructor)) static void counter_report(void)
{
	char line[64];
	int fd, n;

	if (!count_file[0])
		return;
	/* One write() on an O_APPEND file: lines of concurrent workers do not mix. */
	n = snprintf(line, sizeof(line), "%ld %lu\n", (long)getpid(),
		__atomic_load_n(&probe_calls, __ATOMIC_RELAXED));
	fd = open(count_file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	if (write(fd, line, (size_t)n) < 0) {
		/* nothing to do: the harness treats a missing line as a failure */
	}
	close(fd);
}
