/*
 * nsscache: small helpers several plain-C units need (no Zend types).
 */
#ifndef NSSCACHE_UTIL_H
#define NSSCACHE_UTIL_H

#include <limits.h>
#include <stddef.h>

/* ==== report branch: bounded copy, digits, PATH_MAX ==== */

/* glibc defines it in <limits.h>; others (musl without _GNU_SOURCE) may not. */
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

/* ==== end of the report branch's section ==== */

#endif
