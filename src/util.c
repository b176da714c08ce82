/* SPDX-License-Identifier: BSD-2-Clause */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int nsscache_open_regular(const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
		close(fd);
		fd = -1;
	}
	return fd;
}

char *nsscache_escape(char *dst, size_t dstlen, const char *src, size_t len)
{
	size_t n = len, i, o = 0, back;

	if (dstlen == 0) {
		return dst;
	}
	if (n > NSSCACHE_ESCAPE_MAX) {
		/* never split a UTF-8 character: back off over its continuation
		 * bytes (at most 3; more than that is not UTF-8 anyway) */
		n = NSSCACHE_ESCAPE_MAX;
		for (back = 0; back < 3 && n > 0 && ((unsigned char) src[n] & 0xc0) == 0x80; back++) {
			n--;
		}
		if (back == 3 && ((unsigned char) src[n] & 0xc0) == 0x80) {
			n = NSSCACHE_ESCAPE_MAX;
		}
	}
	for (i = 0; i < n && o + 5 <= dstlen; i++) {
		unsigned char c = (unsigned char) src[i];
		const char *e = c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t"
			: c == '"' ? "\\\"" : c == '\\' ? "\\\\" : NULL;

		if (e != NULL) {
			o += (size_t) snprintf(dst + o, dstlen - o, "%s", e);
		} else if (c < 0x20 || c > 0x7e) {
			o += (size_t) snprintf(dst + o, dstlen - o, "\\x%02x", c);
		} else {
			dst[o++] = (char) c;
		}
	}
	dst[o < dstlen ? o : dstlen - 1] = '\0';
	if ((i < len) && o < dstlen) {
		snprintf(dst + o, dstlen - o, "... (%zu bytes)", len);
	}
	return dst;
}

char *nsscache_escape_all(char *dst, size_t dstlen, const char *src)
{
	size_t o = 0;

	for (; *src != '\0' && o + 5 <= dstlen; src++) {
		unsigned char c = (unsigned char) *src;

		if (c == '\\') {
			dst[o++] = '\\';
			dst[o++] = '\\';
		} else if (c < 0x20 || c > 0x7e) {
			o += (size_t) snprintf(dst + o, dstlen - o, "\\x%02x", c);
		} else {
			dst[o++] = (char) c;
		}
	}
	if (dstlen > 0) {
		dst[o] = '\0';
	}
	return dst;
}
