/*
 * nsscache: the Prometheus view of the diagnostics (plain C, no Zend types).
 *
 * Renders the text exposition format, version 0.0.4
 * (https://prometheus.io/docs/instrumenting/exposition_formats/), from the
 * facts the other views report: one place owns the metric names, HELP texts,
 * state-set members and label escaping. Enums are state-sets (one series per
 * state, exactly one of them 1), versions are labels of nsscache_info.
 */
#ifndef NSSCACHE_METRICS_H
#define NSSCACHE_METRICS_H

#include <stddef.h>

#include "env_policy.h"
#include "report.h"

/* Longest label value copied from the process (versions are far shorter):
 * a longer one is cut at a UTF-8 boundary and ends in "...". */
#define NSSCACHE_METRICS_LABEL_MAX 256

/* A growable output buffer (malloc). FAILED is set when memory ran out:
 * the text is then incomplete and must not be served. */
typedef struct {
	char *data;
	size_t len, cap;
	int failed;
} nsscache_mbuf;

void nsscache_mbuf_init(nsscache_mbuf *b);
void nsscache_mbuf_free(nsscache_mbuf *b);
void nsscache_mbuf_append(nsscache_mbuf *b, const char *s, size_t n);

/*
 * Appends the LEN bytes of IN (any bytes, NUL included) as the inside of a
 * label value: backslash, double quote and newline escaped as the format
 * requires; other control bytes and invalid UTF-8 become U+FFFD, since the
 * parsers accept only UTF-8; at most NSSCACHE_METRICS_LABEL_MAX input bytes.
 */
void nsscache_metrics_escape(nsscache_mbuf *b, const char *in, size_t len);

/* What the metrics say, as the report has it. Strings may be NULL or ""
 * (unknown: an empty label value). A state string outside the family's
 * states leaves every member at 0. */
typedef struct {
	const char *version, *libcurl, *tls_backend, *nss, *softokn, *distro_family;
	int enabled;
	const char *variable;       /* "unset", "yes", "no", "probing" */
	const char *action;         /* nsscache_action_name() */
	const char *phase;          /* nsscache_phase_name() */
	int in_effect;              /* 1, 0, or -1: not known, not emitted */
	const char *probe;          /* nsscache_probe_name() */
	unsigned long repairs;      /* nsscache_record.repairs */
	int dentry_ok;
	long long nr_dentry, nr_unused, nr_negative;
	int has_nr_negative;
	char backend_buf[64];       /* storage for tls_backend */
} nsscache_metrics_facts;

/* The variable's class (env_policy's nsscache_var) as the state-set's
 * member: "unset", "yes", "no", or "probing" for MEASURE. */
const char *nsscache_metrics_variable_class(nsscache_var v);

/*
 * Facts from the report's rows (nsscache_report_rows), found by their
 * machine names (nsscache_row_name): version, enabled, env, action, phase,
 * libcurl.version, libcurl.ssl_version, nss.version, softokn.version,
 * distro.family, in_effect, probe, dentry.*. REPAIRS is the policy
 * record's counter, which no other view shows. F points into R's arena.
 */
void nsscache_metrics_facts_from_report(nsscache_metrics_facts *f, const nsscache_report *r,
		unsigned long repairs);

/* Appends the whole exposition to OUT. Returns 0, or -1 when OUT->failed. */
int nsscache_metrics_render(const nsscache_metrics_facts *f, nsscache_mbuf *out);

#endif
