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
	size_t o = 0, i;

	for (i = 0; i < len && o + 5 <= dstlen; i++) {
		unsigned char c = (unsigned char) src[i];

		if (c == '\\') {
			dst[o++] = '\\';
			dst[o++] = '\\';
		} else if (c < 0x20 || c > 0x7e || c == '"') {
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
