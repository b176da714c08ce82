/*
 * nsscache: the Prometheus view of the diagnostics (plain C, no Zend types).
 * See metrics.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"

void nsscache_mbuf_init(nsscache_mbuf *b)
{
	b->data = NULL;
	b->len = b->cap = 0;
	b->failed = 0;
}

void nsscache_mbuf_free(nsscache_mbuf *b)
{
	free(b->data);
	nsscache_mbuf_init(b);
}

void nsscache_mbuf_append(nsscache_mbuf *b, const char *s, size_t n)
{
	if (b->failed) {
		return;
	}
	if (b->cap - b->len <= n) {
		size_t cap = b->cap ? b->cap : 2048;
		char *p;

		while (cap - b->len <= n) {
			cap *= 2;
		}
		p = realloc(b->data, cap);
		if (!p) {
			b->failed = 1;
			return;
		}
		b->data = p;
		b->cap = cap;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void put(nsscache_mbuf *b, const char *s)
{
	nsscache_mbuf_append(b, s, strlen(s));
}

/* Length of the well-formed UTF-8 sequence at S (at most N bytes), or 0
 * (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned long cp;
	size_t need, i;

	if (s[0] < 0x80) {
		return 1;
	} else if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		need = 2, cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		need = 3, cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		need = 4, cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (n < need) {
		return 0;
	}
	for (i = 1; i < need; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			return 0;
		}
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((need == 3 && cp < 0x800) || (need == 4 && (cp < 0x10000 || cp > 0x10ffff))
			|| (cp >= 0xd800 && cp <= 0xdfff)) {
		return 0;
	}
	return need;
}

void nsscache_metrics_escape(nsscache_mbuf *b, const char *in, size_t len)
{
	static const char replacement[] = "\xef\xbf\xbd";
	const unsigned char *s = (const unsigned char *) in;
	size_t i = 0, n;

	while (i < len) {
		if (i >= NSSCACHE_METRICS_LABEL_MAX) {
			put(b, "...");
			return;
		}
		if (s[i] == '\\') {
			put(b, "\\\\");
			n = 1;
		} else if (s[i] == '"') {
			put(b, "\\\"");
			n = 1;
		} else if (s[i] == '\n') {
			put(b, "\\n");
			n = 1;
		} else if (s[i] < 0x20 || s[i] == 0x7f || (n = utf8_len(s + i, len - i)) == 0) {
			put(b, replacement);
			n = 1;
		} else {
			nsscache_mbuf_append(b, in + i, n);
		}
		i += n;
	}
}

static void escape_str(nsscache_mbuf *b, const char *s)
{
	if (s) {
		nsscache_metrics_escape(b, s, strlen(s));
	}
}

/* {{{ families */

static void family(nsscache_mbuf *b, const char *name, const char *type, const char *help)
{
	put(b, "# HELP ");
	put(b, name);
	put(b, " ");
	put(b, help);
	put(b, "\n# TYPE ");
	put(b, name);
	put(b, " ");
	put(b, type);
	put(b, "\n");
}

static void sample_ll(nsscache_mbuf *b, const char *name, long long v)
{
	char num[32];

	snprintf(num, sizeof(num), " %lld\n", v);
	put(b, name);
	put(b, num);
}

/* One series per member of STATES; the one equal to NOW is 1. */
static void state_set(nsscache_mbuf *b, const char *name, const char *help, const char *label,
		const char *const *states, const char *now)
{
	size_t i;

	family(b, name, "gauge", help);
	for (i = 0; states[i]; i++) {
		put(b, name);
		put(b, "{");
		put(b, label);
		put(b, "=\"");
		put(b, states[i]);
		put(b, now && strcmp(now, states[i]) == 0 ? "\"} 1\n" : "\"} 0\n");
	}
}

static void info_label(nsscache_mbuf *b, const char *name, const char *value, int first)
{
	put(b, first ? "" : ",");
	put(b, name);
	put(b, "=\"");
	escape_str(b, value);
	put(b, "\"");
}
/* }}} */

static const char *const variable_states[] = { "unset", "yes", "no", "probing", NULL };
static const char *const action_states[] = { "none", "set", "kept", "replaced", "disabled", "failed", "restored", NULL };
static const char *const phase_states[] = { "none", "load", "minit", "rinit", NULL };
static const char *const probe_states[] = { "none", "expected", "possible", NULL };

const char *nsscache_metrics_variable_class(nsscache_var v)
{
	switch (v) {
		case NSSCACHE_VAR_UNSET:
			return "unset";
		case NSSCACHE_VAR_YES:
			return "yes";
		case NSSCACHE_VAR_NO:
			return "no";
		case NSSCACHE_VAR_MEASURE:
			return "probing";
		default:
			return NULL;
	}
}

static const char *row_str(const nsscache_row *row)
{
	return row->type == NSSCACHE_RV_STRING ? row->v.s : NULL;
}

static long long row_int(const nsscache_row *row, int *ok)
{
	*ok = row->type == NSSCACHE_RV_INT;
	return *ok ? row->v.i : 0;
}

void nsscache_metrics_facts_from_report(nsscache_metrics_facts *f, const nsscache_report *r,
		unsigned long repairs)
{
	const char *ssl = NULL;
	char name[128];
	size_t i, n;
	int ok, have_total = 0, have_unused = 0;

	memset(f, 0, sizeof(*f));
	f->in_effect = -1;
	f->variable = nsscache_metrics_variable_class(NSSCACHE_VAR_UNSET);
	f->repairs = repairs;
	for (i = 0; i < r->n; i++) {
		const nsscache_row *row = &r->rows[i];

		nsscache_row_name(row, name, sizeof(name));
		if (strcmp(name, "version") == 0) {
			f->version = row_str(row);
		} else if (strcmp(name, "enabled") == 0) {
			f->enabled = row->type == NSSCACHE_RV_BOOL && row->v.b;
		} else if (strcmp(name, "env") == 0) {
			f->variable = nsscache_metrics_variable_class(nsscache_var_classify(row_str(row)));
		} else if (strcmp(name, "action") == 0) {
			f->action = row_str(row);
		} else if (strcmp(name, "phase") == 0) {
			f->phase = row_str(row);
		} else if (strcmp(name, "libcurl.version") == 0) {
			f->libcurl = row_str(row);
		} else if (strcmp(name, "libcurl.ssl_version") == 0) {
			ssl = row_str(row);
		} else if (strcmp(name, "nss.version") == 0) {
			f->nss = row_str(row);
		} else if (strcmp(name, "softokn.version") == 0) {
			f->softokn = row_str(row);
		} else if (strcmp(name, "distro.family") == 0) {
			f->distro_family = row_str(row);
		} else if (strcmp(name, "in_effect") == 0) {
			f->in_effect = row->type != NSSCACHE_RV_TRI || row->v.t == NSSCACHE_MAYBE ? -1
				: row->v.t == NSSCACHE_YES;
		} else if (strcmp(name, "probe") == 0) {
			f->probe = row_str(row);
		} else if (strcmp(name, "dentry.nr_dentry") == 0) {
			f->nr_dentry = row_int(row, &have_total);
		} else if (strcmp(name, "dentry.nr_unused") == 0) {
			f->nr_unused = row_int(row, &have_unused);
		} else if (strcmp(name, "dentry.nr_negative") == 0) {
			f->nr_negative = row_int(row, &ok);
			f->has_nr_negative = ok;
		}
	}
	f->dentry_ok = have_total && have_unused;
	if (ssl) {
		/* "NSS/3.87.1" -> "NSS"; a multi-SSL build names the active one first */
		ssl += *ssl == '(';
		n = strcspn(ssl, "/ )");
		if (n >= sizeof(f->backend_buf)) {
			n = sizeof(f->backend_buf) - 1;
		}
		memcpy(f->backend_buf, ssl, n);
		f->backend_buf[n] = '\0';
		f->tls_backend = f->backend_buf;
	}
}

int nsscache_metrics_render(const nsscache_metrics_facts *f, nsscache_mbuf *b)
{
	family(b, "nsscache_info", "gauge",
		"Versions in this PHP process: nsscache, libcurl, its TLS backend, NSS, softokn (major.minor), "
		"distribution family; empty where not loaded or unknown.");
	put(b, "nsscache_info{");
	info_label(b, "version", f->version, 1);
	info_label(b, "libcurl", f->libcurl, 0);
	info_label(b, "tls_backend", f->tls_backend, 0);
	info_label(b, "nss", f->nss, 0);
	info_label(b, "softokn", f->softokn, 0);
	info_label(b, "distro_family", f->distro_family, 0);
	put(b, "} 1\n");

	family(b, "nsscache_enabled", "gauge", "1 if nsscache.enabled is on, so nsscache may set NSS_SDB_USE_CACHE.");
	sample_ll(b, "nsscache_enabled", f->enabled ? 1 : 0);

	state_set(b, "nsscache_variable", "What NSS_SDB_USE_CACHE holds now: unset, yes, no, or probing "
		"(any other value, which makes NSS probe).", "class", variable_states, f->variable);
	state_set(b, "nsscache_action", "What nsscache last did with NSS_SDB_USE_CACHE.",
		"action", action_states, f->action);
	state_set(b, "nsscache_phase", "When nsscache last acted: at load, module init or request init.",
		"phase", phase_states, f->phase);

	if (f->in_effect >= 0) {
		family(b, "nsscache_in_effect", "gauge",
			"1 if NSS_SDB_USE_CACHE is yes or no, was set before NSS opened its database and this softokn "
			"honours it; absent where that is not known (no NSS libcurl).");
		sample_ll(b, "nsscache_in_effect", f->in_effect);
	}

	state_set(b, "nsscache_probe", "Will NSS's access() probe run in this process: none, expected, "
		"or possible (the version table cannot tell).", "state", probe_states, f->probe);

	family(b, "nsscache_policy_repairs_total", "counter",
		"Times this process (with its FPM master before the fork) had to set or replace NSS_SDB_USE_CACHE.");
	sample_ll(b, "nsscache_policy_repairs_total", (long long) f->repairs);

	if (f->dentry_ok) {
		family(b, "nsscache_dentries", "gauge", "Dentries allocated by the kernel (nr_dentry, /proc/sys/fs/dentry-state).");
		sample_ll(b, "nsscache_dentries", f->nr_dentry);
		family(b, "nsscache_dentries_unused", "gauge", "Unused dentries (nr_unused, /proc/sys/fs/dentry-state).");
		sample_ll(b, "nsscache_dentries_unused", f->nr_unused);
		if (f->has_nr_negative) {
			family(b, "nsscache_dentries_negative", "gauge",
				"Negative dentries (nr_negative, /proc/sys/fs/dentry-state, Linux >= 5.0): what the probe leaks.");
			sample_ll(b, "nsscache_dentries_negative", f->nr_negative);
		}
	}
	return b->failed ? -1 : 0;
}
