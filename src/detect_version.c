/* Version parsing for diagnostics. Why a hand-written parser: the inputs are
 * NSS_GetVersion() (NSS_VERSION, e.g. "3.87.1" or older "3.12.9.0 Basic
 * ECC", lib/nss/nss.h), curl_version_info()->version ("7.88.1", "8.4.0-DEV")
 * and RPM versions quoted by sysadmins ("3.14.3-12.el6"); sscanf would
 * accept signs, spaces and overflow. */
#include "detect_version.h"

#include <string.h>

#define NSSCACHE_VERSION_MAX_COMPONENT 999999

static int take_number(const char *s, size_t len, size_t *pos, int *value)
{
	size_t i = *pos;
	long n = 0;

	if (i >= len || s[i] < '0' || s[i] > '9') {
		return -1;
	}
	while (i < len && s[i] >= '0' && s[i] <= '9') {
		n = n * 10 + (s[i] - '0');
		if (n > NSSCACHE_VERSION_MAX_COMPONENT) {
			return -1;
		}
		i++;
	}
	*value = (int) n;
	*pos = i;
	return 0;
}

int nsscache_version_parse(const char *s, size_t len, nsscache_version *out)
{
	int *slots[4];
	size_t pos = 0, n, start, end;
	int k;

	memset(out, 0, sizeof(*out));
	out->release = -1;
	if (s == NULL) {
		return -1;
	}
	/* Treat an embedded NUL as the end: callers pass C strings with len = strlen. */
	n = 0;
	while (n < len && s[n] != '\0') {
		n++;
	}
	len = n;

	slots[0] = &out->major;
	slots[1] = &out->minor;
	slots[2] = &out->patch;
	slots[3] = &out->build;
	for (k = 0; k < 4; k++) {
		if (take_number(s, len, &pos, slots[k]) != 0) {
			/* no leading digit, or a component too large to be a version */
			memset(out, 0, sizeof(*out));
			out->release = -1;
			return -1;
		}
		out->parts = k + 1;
		if (k < 3 && pos + 1 < len && s[pos] == '.' && s[pos + 1] >= '0' && s[pos + 1] <= '9') {
			pos++;
			continue;
		}
		break;
	}

	/* RPM release: RHEL6 fixed the probe in nss-softokn 3.14.3-12.el6 (RH bz 1044666) */
	if (pos < len && s[pos] == '-') {
		size_t p = pos + 1;
		int rel;
		if (take_number(s, len, &p, &rel) == 0) {
			out->release = rel;
		}
	}

	start = pos;
	while (start < len && (s[start] == ' ' || s[start] == '\t')) {
		start++;
	}
	end = len;
	while (end > start && (s[end - 1] == ' ' || s[end - 1] == '\t' || s[end - 1] == '\n' || s[end - 1] == '\r')) {
		end--;
	}
	n = end - start;
	if (n >= sizeof(out->extra)) {
		n = sizeof(out->extra) - 1;
	}
	memcpy(out->extra, s + start, n);
	out->extra[n] = '\0';
	return 0;
}

static int cmp_int(int a, int b)
{
	return (a > b) - (a < b);
}

int nsscache_version_cmp(const nsscache_version *a, const nsscache_version *b)
{
	int c;

	if ((c = cmp_int(a->major, b->major)) != 0) return c;
	if ((c = cmp_int(a->minor, b->minor)) != 0) return c;
	if ((c = cmp_int(a->patch, b->patch)) != 0) return c;
	if ((c = cmp_int(a->build, b->build)) != 0) return c;
	if (a->release >= 0 && b->release >= 0) {
		return cmp_int(a->release, b->release);
	}
	return 0;
}

int nsscache_version_at_least(const nsscache_version *v, int major, int minor, int patch)
{
	nsscache_version ref;

	memset(&ref, 0, sizeof(ref));
	ref.parts = 3;
	ref.major = major;
	ref.minor = minor;
	ref.patch = patch;
	ref.release = -1;
	return nsscache_version_cmp(v, &ref) >= 0;
}

void nsscache_version_set(nsscache_version *v, int major, int minor)
{
	memset(v, 0, sizeof(*v));
	v->parts = 2;
	v->major = major;
	v->minor = minor;
	v->release = -1;
}
