/*
 * nsscache: small helpers several plain-C units need (no Zend types).
 */
#include "util.h"

#include <string.h>

/* ==== report branch: bounded copy, digits ==== */

int nsscache_copy(char *dst, size_t dstlen, const char *src, size_t n)
{
	size_t k = 0;

	if (dstlen == 0) {
		return n > 0;
	}
	while (k < n && src[k] != '\0') {
		k++;
	}
	if (k >= dstlen) {
		memcpy(dst, src, dstlen - 1);
		dst[dstlen - 1] = '\0';
		return 1;
	}
	memcpy(dst, src, k);
	dst[k] = '\0';
	return 0;
}

int nsscache_digits(const char *s, size_t len, size_t *pos, long long max, long long *value)
{
	size_t i = *pos;
	long long n = 0;

	if (i >= len || s[i] < '0' || s[i] > '9') {
		return -1;
	}
	while (i < len && s[i] >= '0' && s[i] <= '9') {
		int d = s[i] - '0';
		if (n > (max - d) / 10) {
			return -1;
		}
		n = n * 10 + d;
		i++;
	}
	*value = n;
	*pos = i;
	return 0;
}

/* ==== end of the report branch's section ==== */
