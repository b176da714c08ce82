/* dentry-state reader. The kernel (fs/dcache.c, proc_nr_dentry) prints six
 * longs separated by tabs: nr_dentry nr_unused age_limit want_pages
 * nr_negative dummy; before Linux 5.0 the fifth was a dummy 0 too. */
#include "detect_dentry.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

nsscache_negative_support nsscache_kernel_has_nr_negative(const char *release)
{
	long major = 0;
	const char *p = release;

	if (p == NULL || *p < '0' || *p > '9') {
		return NSSCACHE_NEGATIVE_UNKNOWN;
	}
	while (*p >= '0' && *p <= '9') {
		major = major * 10 + (*p - '0');
		if (major > 100000) {
			return NSSCACHE_NEGATIVE_UNKNOWN;
		}
		p++;
	}
	if (*p != '.') {
		return NSSCACHE_NEGATIVE_UNKNOWN;
	}
	return major >= 5 ? NSSCACHE_NEGATIVE_YES : NSSCACHE_NEGATIVE_NO;
}

/* One signed decimal; rejects overflow rather than wrapping like atoll would. */
static int parse_ll(const char *buf, size_t len, size_t *pos, long long *value)
{
	size_t i = *pos;
	int neg = 0;
	unsigned long long n = 0;
	const unsigned long long limit = 9223372036854775807ULL;

	if (i < len && buf[i] == '-') {
		neg = 1;
		i++;
	}
	if (i >= len || buf[i] < '0' || buf[i] > '9') {
		return -1;
	}
	while (i < len && buf[i] >= '0' && buf[i] <= '9') {
		unsigned d = (unsigned) (buf[i] - '0');
		if (n > (limit - d) / 10) {
			return -1;
		}
		n = n * 10 + d;
		i++;
	}
	*value = neg ? -(long long) n : (long long) n;
	*pos = i;
	return 0;
}

int nsscache_dentry_parse(const char *buf, size_t len, nsscache_negative_support support,
						  nsscache_dentry_state *out)
{
	long long v[6];
	size_t pos = 0;
	int n = 0;

	memset(out, 0, sizeof(*out));
	if (buf == NULL) {
		return -1;
	}
	while (n < 6) {
		while (pos < len && (buf[pos] == ' ' || buf[pos] == '\t')) {
			pos++;
		}
		if (pos >= len || buf[pos] == '\n' || buf[pos] == '\0') {
			break;
		}
		if (parse_ll(buf, len, &pos, &v[n]) != 0) {
			return -1;
		}
		/* a number must end at a separator, not run into "12abc" */
		if (pos < len && buf[pos] != ' ' && buf[pos] != '\t' && buf[pos] != '\n' && buf[pos] != '\0') {
			return -1;
		}
		n++;
	}
	if (n < 4) {
		return -1;
	}
	out->fields = n;
	out->nr_dentry = v[0];
	out->nr_unused = v[1];
	out->age_limit = v[2];
	out->want_pages = v[3];
	if (n >= 5) {
		if (v[4] != 0 || support == NSSCACHE_NEGATIVE_YES) {
			out->nr_negative = v[4];
			out->has_nr_negative = 1;
		}
	}
	return 0;
}

int nsscache_dentry_read(const char *path, nsscache_dentry_state *out, nsscache_dentry_error *err)
{
	char buf[256];
	struct utsname u;
	nsscache_negative_support support = NSSCACHE_NEGATIVE_UNKNOWN;
	ssize_t got;
	size_t used = 0;
	int fd;

	memset(out, 0, sizeof(*out));
	err->why = NSSCACHE_DENTRY_OK;
	err->errnum = 0;
	if (path == NULL) {
		path = NSSCACHE_DENTRY_PATH;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		err->why = NSSCACHE_DENTRY_CANNOT_READ;
		err->errnum = errno;
		return -1;
	}
	/* one read() of a proc file returns the whole record; loop for regular test files */
	while (used < sizeof(buf) - 1) {
		got = read(fd, buf + used, sizeof(buf) - 1 - used);
		if (got < 0) {
			if (errno == EINTR) {
				continue;
			}
			err->why = NSSCACHE_DENTRY_CANNOT_READ;
			err->errnum = errno;
			close(fd);
			return -1;
		}
		if (got == 0) {
			break;
		}
		used += (size_t) got;
	}
	close(fd);
	buf[used] = '\0';

	if (uname(&u) == 0) {
		support = nsscache_kernel_has_nr_negative(u.release);
	}
	if (nsscache_dentry_parse(buf, used, support, out) != 0) {
		err->why = NSSCACHE_DENTRY_CANNOT_PARSE;
		return -1;
	}
	return 0;
}
