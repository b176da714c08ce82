/*
 * nsscache: small helpers several plain-C units need (no Zend types): a
 * bounded copy, digit parsing, a bounded never-blocking file reader, and the
 * escaping of a value that a log line or warning quotes.
 */
#ifndef NSSCACHE_UTIL_H
#define NSSCACHE_UTIL_H

#include <limits.h>
#include <stddef.h>

/* The one fallback for the units' path buffers (libc without PATH_MAX). */
#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Copies at most N bytes of SRC (stops at a NUL) into DST of DSTLEN bytes,
 * always terminated. Returns 1 when it had to cut, else 0. */
int nsscache_copy(char *dst, size_t dstlen, const char *src, size_t n);

/* Reads decimal digits at S[*POS] (S has LEN bytes) into *VALUE and advances
 * *POS. Returns 0, or -1 when there is no digit or the number exceeds MAX
 * (then *POS and *VALUE are unchanged). */
int nsscache_digits(const char *s, size_t len, size_t *pos, long long max, long long *value);

/* *ERR of the readers below: an errno value, or this for a path that is not
 * a regular file. The report unit turns it into words. */
#define NSSCACHE_ERR_NOT_REGULAR (-1)

/*
 * Open PATH for reading without ever blocking on it: O_NONBLOCK (a FIFO
 * with no writer, a tty), O_NOCTTY, and only a regular file is accepted
 * (procfs files are regular; a device such as /dev/zero is not). Returns
 * the descriptor, or -1 with *ERR set.
 */
int nsscache_open_regular(const char *path, int *err);

/*
 * Read PATH whole (see nsscache_open_regular) into BUF, at most CAP bytes;
 * *LEN is what was read. Returns 0, 1 when the file is longer than CAP (BUF
 * then holds its first CAP bytes), or -1 with *ERR set.
 */
int nsscache_read_file(const char *path, char *buf, size_t cap, size_t *len, int *err);

/*
 * Copy the N strings SRC[i] (NULL: absent) into BUF of CAP bytes and point
 * OUT[i] at the copies (NULL stays NULL). Returns the bytes needed: when
 * that exceeds CAP, OUT is not usable and the caller retries with a bigger
 * BUF. No allocation, no system call: safe under a lock.
 */
size_t nsscache_copy_strings(const char *const *src, size_t n, char *buf, size_t cap, const char **out);

/* Bytes of SRC that nsscache_escape() quotes before it cuts. */
#define NSSCACHE_ESCAPE_MAX 64

/*
 * SRC (LEN bytes, NULs included) as one safe line for a log or a warning:
 * control bytes, DEL, '"' and '\\' escaped (\n, \r, \t, \", \\, \xHH), at
 * most NSSCACHE_ESCAPE_MAX bytes of SRC, then "... (N bytes)" when cut.
 * DST is always terminated; returns DST. A DSTLEN of
 * NSSCACHE_ESCAPE_BUF holds any result.
 */
#define NSSCACHE_ESCAPE_BUF (NSSCACHE_ESCAPE_MAX * 4 + 32)
char *nsscache_escape(char *dst, size_t dstlen, const char *src, size_t len);

#endif
