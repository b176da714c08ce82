/* /proc/sys/fs/dentry-state: the dentry cache counters the original reports
 * watched (sar -v, slabtop). Plain C, no Zend types. */
#ifndef NSSCACHE_DETECT_DENTRY_H
#define NSSCACHE_DETECT_DENTRY_H

#include <stddef.h>

typedef struct {
	int fields;                 /* numbers parsed, 0..6 */
	long long nr_dentry;
	long long nr_unused;
	long long age_limit;
	long long want_pages;
	long long nr_negative;
	int has_nr_negative;        /* 0: the kernel has no such field (field 5 is padding) */
} nsscache_dentry_state;

/* Kernel answer to "is field 5 nr_negative?": Linux 5.0 (commit af0c9af1b3f6,
 * "fs/dcache: Track & report number of negative dentries") turned the first
 * dummy into nr_negative. */
typedef enum {
	NSSCACHE_NEGATIVE_UNKNOWN = -1,
	NSSCACHE_NEGATIVE_NO = 0,
	NSSCACHE_NEGATIVE_YES = 1
} nsscache_negative_support;

/* From a uname release string such as "6.1.0-18-amd64", "3.10.0-1160.el7.x86_64". */
nsscache_negative_support nsscache_kernel_has_nr_negative(const char *release);

/* Parses LEN bytes of BUF (need not be NUL-terminated). Needs at least the
 * first four numbers; returns 0 or -1. SUPPORT decides has_nr_negative when
 * field 5 is 0: YES -> real zero, NO/UNKNOWN -> no such field. A non-zero
 * field 5 is always a real count (old kernels write a constant 0 there, so
 * non-zero means a backport such as RHEL 8's). */
int nsscache_dentry_parse(const char *buf, size_t len, nsscache_negative_support support,
						  nsscache_dentry_state *out);

#define NSSCACHE_DENTRY_PATH "/proc/sys/fs/dentry-state"

/* Why the counters are missing (worded by src/report.c). */
typedef enum {
	NSSCACHE_DENTRY_OK = 0,
	NSSCACHE_DENTRY_CANNOT_READ,    /* errnum says why */
	NSSCACHE_DENTRY_CANNOT_PARSE    /* fewer than 4 numbers */
} nsscache_dentry_why;

typedef struct {
	nsscache_dentry_why why;
	int errnum;
} nsscache_dentry_error;

/* Reads PATH (NULL: NSSCACHE_DENTRY_PATH) and the running kernel's
 * release. Returns 0, or -1 with ERR filled in. */
int nsscache_dentry_read(const char *path, nsscache_dentry_state *out, nsscache_dentry_error *err);

#endif
