/* Which distribution family built this host's nss-softokn: RHEL/CentOS 6 and 7
 * patch softokn in ways its major.minor version does not show.
 * Plain C, no Zend types. */
#ifndef NSSCACHE_DETECT_DISTRO_H
#define NSSCACHE_DETECT_DISTRO_H

#include <stddef.h>

typedef enum {
	NSSCACHE_DISTRO_OTHER = 0,  /* includes unknown */
	NSSCACHE_DISTRO_RHEL6,      /* RHEL, CentOS, Scientific, Oracle Linux 6 */
	NSSCACHE_DISTRO_RHEL7       /* RHEL, CentOS, Scientific, Oracle Linux 7, Amazon Linux 2 */
} nsscache_distro_family;

typedef struct {
	char id[32];                /* os-release ID ("debian", "centos", "rhel"), or "" */
	char id_like[96];           /* os-release ID_LIKE, space separated */
	char version_id[32];        /* "12", "7", "6.10" */
	char pretty_name[96];
	int major;                  /* leading number of VERSION_ID, -1 if none */
	nsscache_distro_family family;
	const char *source;         /* "os-release", "redhat-release", or NULL */
} nsscache_distro;

/* os-release(5): KEY=value lines, value optionally in "..." or '...' with
 * backslash escapes in "...". Returns 0 when at least ID or VERSION_ID was
 * found, else -1. BUF need not be NUL-terminated. */
int nsscache_distro_parse_os_release(const char *buf, size_t len, nsscache_distro *out);

/* /etc/redhat-release (RHEL/CentOS 6 have no os-release), e.g.
 * "CentOS release 6.10 (Final)", "Red Hat Enterprise Linux Server release 7.9 (Maipo)". */
int nsscache_distro_parse_redhat_release(const char *buf, size_t len, nsscache_distro *out);

/* Reads OS_RELEASE (NULL: /etc/os-release, then /usr/lib/os-release) and
 * falls back to REDHAT_RELEASE (NULL: /etc/redhat-release). Returns 0 or -1
 * (family OTHER). */
int nsscache_distro_read(nsscache_distro *out, const char *os_release, const char *redhat_release);

#endif
