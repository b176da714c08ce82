/* Distribution detection for the softokn behaviour table. Why it matters:
 * RHEL6's nss-softokn 3.14.3-12.el6 backported the NSS_SDB_USE_CACHE check
 * (RH bz 1044666 = Mozilla 956082), and RHEL7's nss-softokn 3.36-3.53 carries
 * nss-softokn-fs-probe.patch, which keeps the probe on when the variable is
 * unset; C_GetInfo's major.minor cannot show either. */
#include "detect_distro.h"
#include "util.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int leading_int(const char *s)
{
	size_t pos = 0;
	long long n;

	return nsscache_digits(s, strlen(s), &pos, 100000, &n) == 0 ? (int) n : -1;
}

/* Whole word W in the space-separated list L. */
static int has_word(const char *l, const char *w)
{
	size_t wl = strlen(w);
	const char *p = l;

	while ((p = strstr(p, w)) != NULL) {
		if ((p == l || p[-1] == ' ') && (p[wl] == '\0' || p[wl] == ' ')) {
			return 1;
		}
		p += wl;
	}
	return 0;
}

static void classify(nsscache_distro *d)
{
	/* The RHEL rebuilds share RHEL's nss-softokn package and its patches. */
	int el = strcmp(d->id, "rhel") == 0 || strcmp(d->id, "centos") == 0
		  || strcmp(d->id, "scientific") == 0 || strcmp(d->id, "ol") == 0
		  || strcmp(d->id, "cloudlinux") == 0
		  || has_word(d->id_like, "rhel") || has_word(d->id_like, "centos");

	d->major = leading_int(d->version_id);
	d->family = NSSCACHE_DISTRO_OTHER;
	if (strcmp(d->id, "amzn") == 0) {
		/* Amazon Linux 2 is built from RHEL 7 sources; Amazon Linux 1 ("2018.03") is not classified */
		if (d->major == 2) {
			d->family = NSSCACHE_DISTRO_RHEL7;
		}
		return;
	}
	if (strcmp(d->id, "fedora") == 0 || !el) {
		return;
	}
	if (d->major == 7) {
		d->family = NSSCACHE_DISTRO_RHEL7;
	} else if (d->major == 6) {
		d->family = NSSCACHE_DISTRO_RHEL6;
	}
}

/* Unquotes an os-release value into DST. */
static void os_release_value(char *dst, size_t dstlen, const char *v, size_t n)
{
	size_t o = 0, i = 0;
	char q = 0;

	if (n > 0 && (v[0] == '"' || v[0] == '\'')) {
		q = v[0];
		i = 1;
	}
	for (; i < n && o + 1 < dstlen; i++) {
		char c = v[i];
		if (q != 0 && c == q) {
			break;
		}
		if (q == '"' && c == '\\' && i + 1 < n) {
			c = v[++i];
		}
		if (c == '\0') {
			break;
		}
		dst[o++] = c;
	}
	if (q == 0) {
		while (o > 0 && (dst[o - 1] == ' ' || dst[o - 1] == '\t' || dst[o - 1] == '\r')) {
			o--;
		}
	}
	dst[o] = '\0';
}

int nsscache_distro_parse_os_release(const char *buf, size_t len, nsscache_distro *out)
{
	size_t pos = 0;
	int seen = 0;

	memset(out, 0, sizeof(*out));
	out->major = -1;
	if (buf == NULL) {
		return -1;
	}
	while (pos < len) {
		size_t eol = pos, eq, klen;
		const char *line = buf + pos;

		while (eol < len && buf[eol] != '\n') {
			eol++;
		}
		while (line < buf + eol && (*line == ' ' || *line == '\t')) {
			line++;
		}
		eq = 0;
		while (line + eq < buf + eol && line[eq] != '=') {
			eq++;
		}
		if (line < buf + eol && *line != '#' && line + eq < buf + eol) {
			const char *val = line + eq + 1;
			size_t vlen = (size_t) ((buf + eol) - val);
			klen = eq;
			if (klen == 2 && memcmp(line, "ID", 2) == 0) {
				os_release_value(out->id, sizeof(out->id), val, vlen);
				seen = 1;
			} else if (klen == 7 && memcmp(line, "ID_LIKE", 7) == 0) {
				os_release_value(out->id_like, sizeof(out->id_like), val, vlen);
			} else if (klen == 10 && memcmp(line, "VERSION_ID", 10) == 0) {
				os_release_value(out->version_id, sizeof(out->version_id), val, vlen);
				seen = 1;
			} else if (klen == 11 && memcmp(line, "PRETTY_NAME", 11) == 0) {
				os_release_value(out->pretty_name, sizeof(out->pretty_name), val, vlen);
			}
		}
		pos = eol + 1;
	}
	if (!seen) {
		return -1;
	}
	out->source = "os-release";
	classify(out);
	return 0;
}

int nsscache_distro_parse_redhat_release(const char *buf, size_t len, nsscache_distro *out)
{
	char line[96];
	size_t n = 0;
	const char *rel, *v;

	memset(out, 0, sizeof(*out));
	out->major = -1;
	if (buf == NULL) {
		return -1;
	}
	while (n < len && buf[n] != '\n' && buf[n] != '\0') {
		n++;
	}
	nsscache_copy(line, sizeof(line), buf, n);
	rel = strstr(line, " release ");
	if (rel == NULL) {
		return -1;
	}
	v = rel + 9;
	n = 0;
	while (v[n] != '\0' && v[n] != ' ') {
		n++;
	}
	nsscache_copy(out->version_id, sizeof(out->version_id), v, n);
	nsscache_copy(out->pretty_name, sizeof(out->pretty_name), line, strlen(line));
	if (strncmp(line, "CentOS", 6) == 0) {
		snprintf(out->id, sizeof(out->id), "centos");
	} else if (strncmp(line, "Red Hat Enterprise Linux", 24) == 0) {
		snprintf(out->id, sizeof(out->id), "rhel");
	} else if (strncmp(line, "Scientific Linux", 16) == 0) {
		snprintf(out->id, sizeof(out->id), "scientific");
	} else if (strncmp(line, "Fedora", 6) == 0) {
		snprintf(out->id, sizeof(out->id), "fedora");
	} else {
		/* CloudLinux, Oracle (also ships redhat-release), others: RHEL-like by construction of the file */
		snprintf(out->id_like, sizeof(out->id_like), "rhel");
	}
	out->source = "redhat-release";
	classify(out);
	return out->major >= 0 ? 0 : -1;
}

static int read_small(const char *path, char *buf, size_t cap, size_t *len)
{
	size_t used = 0;
	ssize_t got;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		return -1;
	}
	while (used < cap) {
		got = read(fd, buf + used, cap - used);
		if (got <= 0) {
			break;
		}
		used += (size_t) got;
	}
	close(fd);
	*len = used;
	return 0;
}

int nsscache_distro_read(nsscache_distro *out, const char *os_release, const char *redhat_release)
{
	char buf[4096];
	size_t len;

	memset(out, 0, sizeof(*out));
	out->major = -1;
	/* os-release(5): applications should fall back to /usr/lib/os-release */
	if (os_release != NULL) {
		if (read_small(os_release, buf, sizeof(buf), &len) == 0
			&& nsscache_distro_parse_os_release(buf, len, out) == 0) {
			return 0;
		}
	} else if ((read_small("/etc/os-release", buf, sizeof(buf), &len) == 0
				&& nsscache_distro_parse_os_release(buf, len, out) == 0)
			   || (read_small("/usr/lib/os-release", buf, sizeof(buf), &len) == 0
				   && nsscache_distro_parse_os_release(buf, len, out) == 0)) {
		return 0;
	}
	if (redhat_release == NULL) {
		redhat_release = "/etc/redhat-release";
	}
	if (read_small(redhat_release, buf, sizeof(buf), &len) == 0
		&& nsscache_distro_parse_redhat_release(buf, len, out) == 0) {
		return 0;
	}
	memset(out, 0, sizeof(*out));
	out->major = -1;
	return -1;
}
