/*
 * nsscache: small helpers several plain-C units need (no Zend types).
 */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


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

size_t nsscache_copy_strings(const char *const *src, size_t n, char *buf, size_t cap, const char **out)
{
	size_t i, need = 0;

	for (i = 0; i < n; i++) {
		need += src[i] != NULL ? strlen(src[i]) + 1 : 0;
	}
	if (need > cap) {
		return need;
	}
	for (i = 0; i < n; i++) {
		size_t len;

		if (src[i] == NULL) {
			out[i] = NULL;
			continue;
		}
		len = strlen(src[i]) + 1;
		memcpy(buf, src[i], len);
		out[i] = buf;
		buf += len;
	}
	return need;
}

int nsscache_open_regular(const char *path, int *err)
{
	struct stat st;
	int fd;

	/* O_NONBLOCK: open() of a FIFO without a writer would wait for one. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		*err = errno;
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		*err = NSSCACHE_ERR_NOT_REGULAR;
		close(fd);
		return -1;
	}
	return fd;
}

int nsscache_read_file(const char *path, char *buf, size_t cap, size_t *len, int *err)
{
	size_t used = 0;
	ssize_t got;
	char extra;
	int fd = nsscache_open_regular(path, err);

	*len = 0;
	if (fd < 0) {
		return -1;
	}
	while (used < cap) {
		got = read(fd, buf + used, cap - used);
		if (got < 0 && errno == EINTR) {
			continue;
		}
		if (got < 0) {
			*err = errno;
			close(fd);
			return -1;
		}
		if (got == 0) {
			break;
		}
		used += (size_t) got;
	}
	*len = used;
	got = used == cap ? read(fd, &extra, 1) : 0;
	close(fd);
	return got > 0 ? 1 : 0;
}

char *nsscache_escape(char *dst, size_t dstlen, const char *src, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, o = 0, n = len < NSSCACHE_ESCAPE_MAX ? len : NSSCACHE_ESCAPE_MAX;
	char tmp[5];

	if (dstlen == 0) {
		return dst;
	}
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char) src[i];
		size_t k = 0;

		switch (c) {
			case '\n': tmp[k++] = '\\'; tmp[k++] = 'n'; break;
			case '\r': tmp[k++] = '\\'; tmp[k++] = 'r'; break;
			case '\t': tmp[k++] = '\\'; tmp[k++] = 't'; break;
			case '"': tmp[k++] = '\\'; tmp[k++] = '"'; break;
			case '\\': tmp[k++] = '\\'; tmp[k++] = '\\'; break;
			default:
				if (c < 0x20 || c == 0x7f) {
					tmp[k++] = '\\';
					tmp[k++] = 'x';
					tmp[k++] = hex[c >> 4];
					tmp[k++] = hex[c & 15];
				} else {
					tmp[k++] = (char) c;
				}
		}
		if (o + k >= dstlen) {
			break;
		}
		memcpy(dst + o, tmp, k);
		o += k;
	}
	dst[o] = '\0';
	if (n < len) {
		snprintf(dst + o, dstlen - o, "... (%zu bytes)", len);
	}
	return dst;
}
