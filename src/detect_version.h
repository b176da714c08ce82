/* Version strings of libcurl, NSS and softokn: parse and compare.
 *
 * Plain C, no Zend types. Every function is pure (no I/O, no globals),
 * so it is unit-tested and fuzzed (tests/unit/). */
#ifndef NSSCACHE_DETECT_VERSION_H
#define NSSCACHE_DETECT_VERSION_H

#include <stddef.h>

/* "3.87.1", "3.12.9.0 Basic ECC", "3.14.3-12.el6", "7.88.1-DEV". */
typedef struct {
	int parts;          /* numeric dot components seen: 1..4 */
	int major, minor, patch, build;
	int release;        /* RPM-style "-N" after the numbers, -1 if none */
	char extra[32];     /* rest after the numbers (e.g. "-12.el6", " Basic ECC"), trimmed, truncated */
} nsscache_version;

/* Parses the first LEN bytes of S (need not be NUL-terminated; stops at a
 * NUL). Returns 0, or -1 when S does not start with a number or a
 * component is absurdly large (> 999999). OUT is always initialised. */
int nsscache_version_parse(const char *s, size_t len, nsscache_version *out);

/* Negative, 0, positive like strcmp. Missing components count as 0; the
 * release (-N) is compared last and only when both have one. */
int nsscache_version_cmp(const nsscache_version *a, const nsscache_version *b);

/* 1 when V >= major.minor.patch. */
int nsscache_version_at_least(const nsscache_version *v, int major, int minor, int patch);

/* Builds a version from numbers (softokn's C_GetInfo has only major.minor). */
void nsscache_version_set(nsscache_version *v, int major, int minor);

#endif
