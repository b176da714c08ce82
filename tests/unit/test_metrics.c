/* The Prometheus view: label escaping, state-sets, optional families, and
 * the policy's repairs counter that it reports. */
#include "helpers.h"
#include "../../src/metrics.h"

static char *escaped(const char *in, size_t len)
{
	nsscache_mbuf b;
	char *s;

	nsscache_mbuf_init(&b);
	nsscache_metrics_escape(&b, in, len);
	assert_false(b.failed);
	s = strdup(b.data ? b.data : "");
	nsscache_mbuf_free(&b);
	return s;
}

typedef struct {
	const char *label;
	const char *in;
	size_t len;
	const char *want;
} escape_row;

#define ROW(label, in, want) { label, in, sizeof(in) - 1, want }
static const escape_row escape_rows[] = {
	ROW("plain", "3.87.1", "3.87.1"),
	ROW("empty", "", ""),
	ROW("backslash", "a\\b", "a\\\\b"),
	ROW("quote", "say \"hi\"", "say \\\"hi\\\""),
	ROW("newline", "a\nb", "a\\nb"),
	ROW("escape sequence stays literal", "\\n", "\\\\n"),
	ROW("NUL", "a\0b", "a\xef\xbf\xbd" "b"),
	ROW("CR and ESC", "\r\x1b", "\xef\xbf\xbd\xef\xbf\xbd"),
	ROW("DEL", "\x7f", "\xef\xbf\xbd"),
	ROW("tab", "a\tb", "a\xef\xbf\xbd" "b"),
	ROW("two-byte UTF-8", "caf\xc3\xa9", "caf\xc3\xa9"),
	ROW("four-byte UTF-8", "\xf0\x9f\x90\x8d", "\xf0\x9f\x90\x8d"),
	ROW("lone continuation", "\x80x", "\xef\xbf\xbdx"),
	ROW("overlong slash", "\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd"),
	ROW("overlong three-byte", "\xe0\x80\xaf", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"),
	ROW("surrogate", "\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"),
	ROW("above U+10FFFF", "\xf4\x90\x80\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"),
	ROW("cut sequence at the end", "a\xc3", "a\xef\xbf\xbd"),
	ROW("Latin-1 byte", "\xe9t\xe9", "\xef\xbf\xbdt\xef\xbf\xbd"),
};

static void test_escape_table(void **state)
{
	(void) state;
	size_t i;

	for (i = 0; i < sizeof(escape_rows) / sizeof(escape_rows[0]); i++) {
		char *got = escaped(escape_rows[i].in, escape_rows[i].len);
		ROW_STR_EQ(i, escape_rows[i].label, got, escape_rows[i].want);
		free(got);
	}
}

static void test_escape_long_values_are_cut(void **state)
{
	(void) state;
	char in[10240], *got;
	size_t i;

	/* 10 kB of quotes: each doubles, the cut keeps the output bounded */
	memset(in, '"', sizeof(in));
	got = escaped(in, sizeof(in));
	assert_int_equal(strlen(got), 2 * NSSCACHE_METRICS_LABEL_MAX + 3);
	assert_string_equal(got + strlen(got) - 3, "...");
	free(got);

	/* a cut never splits a UTF-8 sequence: 2-byte characters from offset 1 */
	in[0] = 'x';
	for (i = 1; i + 1 < sizeof(in); i += 2) {
		in[i] = '\xc3';
		in[i + 1] = '\xa9';
	}
	got = escaped(in, sizeof(in) - 1);
	assert_null(strstr(got, "\xef\xbf\xbd"));
	assert_string_equal(got + strlen(got) - 5, "\xc3\xa9...");
	free(got);
}

static nsscache_metrics_facts good_facts(void)
{
	nsscache_metrics_facts f;

	memset(&f, 0, sizeof(f));
	f.version = "0.1.0";
	f.libcurl = "7.88.1";
	f.tls_backend = "NSS";
	f.nss = "3.87.1";
	f.softokn = "3.87";
	f.distro_family = "rhel7";
	f.enabled = 1;
	f.variable = "yes";
	f.action = "replaced";
	f.phase = "rinit";
	f.in_effect = 1;
	f.probe = "none";
	f.repairs = 2;
	f.dentry_ok = 1;
	f.nr_dentry = 142042;
	f.nr_unused = 100000;
	f.nr_negative = 32107;
	f.has_nr_negative = 1;
	return f;
}

static char *render(const nsscache_metrics_facts *f)
{
	nsscache_mbuf b;
	char *s;

	nsscache_mbuf_init(&b);
	assert_int_equal(nsscache_metrics_render(f, &b), 0);
	s = strdup(b.data);
	nsscache_mbuf_free(&b);
	return s;
}

/* Is LINE present as a whole line of TEXT? */
static int has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	const char *p = text;

	while ((p = strstr(p, line)) != NULL) {
		if ((p == text || p[-1] == '\n') && p[n] == '\n') {
			return 1;
		}
		p += n;
	}
	return 0;
}

static int count_prefix(const char *text, const char *prefix)
{
	int n = 0;
	const char *p = text;

	for (; *p; p = strchr(p, '\n') + 1) {
		n += strncmp(p, prefix, strlen(prefix)) == 0;
		if (!strchr(p, '\n')) {
			break;
		}
	}
	return n;
}

/*
 * A strict reader of the subset the renderer writes: every line a HELP, a
 * TYPE that follows its HELP, or a sample of the family just typed, whose
 * label values have only \\, \" and \n escapes and no raw newline; every
 * family typed once. Returns the number of samples, or -1.
 */
static int validate(const char *text)
{
	char family[128] = "", seen[4096] = " ";
	const char *p = text, *e;
	int samples = 0;

	if (!*text || text[strlen(text) - 1] != '\n') {
		return -1;
	}
	for (; *p; p = e + 1) {
		e = strchr(p, '\n');
		if (strncmp(p, "# HELP ", 7) == 0) {
			size_t n = strcspn(p + 7, " \n");
			char key[140];
			if (n == 0 || n >= sizeof(family)) {
				return -1;
			}
			memcpy(family, p + 7, n);
			family[n] = '\0';
			snprintf(key, sizeof(key), " %s ", family);
			if (strstr(seen, key)) {
				return -1;
			}
			strncat(seen, key + 1, sizeof(seen) - strlen(seen) - 1);
		} else if (strncmp(p, "# TYPE ", 7) == 0) {
			size_t n = strlen(family);
			if (!n || strncmp(p + 7, family, n) != 0 || p[7 + n] != ' ') {
				return -1;
			}
			if (strncmp(p + 8 + n, "gauge\n", 6) != 0 && strncmp(p + 8 + n, "counter\n", 8) != 0) {
				return -1;
			}
		} else {
			size_t n = strlen(family);
			const char *q = p + n;
			if (!n || strncmp(p, family, n) != 0) {
				return -1;
			}
			if (*q == '{') {
				q++;
				while (*q != '}') {
					q += strspn(q, "abcdefghijklmnopqrstuvwxyz_");
					if (q[0] != '=' || q[1] != '"') {
						return -1;
					}
					for (q += 2; *q != '"'; q++) {
						if (*q == '\n' || *q == '\0') {
							return -1;
						}
						if (*q == '\\') {
							q++;
							if (*q != '\\' && *q != '"' && *q != 'n') {
								return -1;
							}
						}
					}
					q++;
					if (*q == ',') {
						q++;
					} else if (*q != '}') {
						return -1;
					}
				}
				q++;
			}
			if (*q != ' ' || q + 1 >= e || strspn(q + 1, "-0123456789") != (size_t) (e - q - 1)) {
				return -1;
			}
			samples++;
		}
	}
	return samples;
}

static void test_render_families(void **state)
{
	(void) state;
	nsscache_metrics_facts f = good_facts();
	char *t = render(&f);

	assert_true(validate(t) > 0);
	assert_true(has_line(t, "nsscache_info{version=\"0.1.0\",libcurl=\"7.88.1\",tls_backend=\"NSS\","
		"nss=\"3.87.1\",softokn=\"3.87\",distro_family=\"rhel7\"} 1"));
	assert_true(has_line(t, "# TYPE nsscache_info gauge"));
	assert_true(has_line(t, "nsscache_enabled 1"));
	assert_true(has_line(t, "nsscache_variable{class=\"yes\"} 1"));
	assert_true(has_line(t, "nsscache_variable{class=\"probing\"} 0"));
	assert_true(has_line(t, "nsscache_action{action=\"replaced\"} 1"));
	assert_true(has_line(t, "nsscache_phase{phase=\"rinit\"} 1"));
	assert_true(has_line(t, "nsscache_in_effect 1"));
	assert_true(has_line(t, "nsscache_probe{state=\"none\"} 1"));
	assert_true(has_line(t, "nsscache_probe{state=\"expected\"} 0"));
	assert_true(has_line(t, "# TYPE nsscache_policy_repairs_total counter"));
	assert_true(has_line(t, "nsscache_policy_repairs_total 2"));
	assert_true(has_line(t, "nsscache_dentries 142042"));
	assert_true(has_line(t, "nsscache_dentries_unused 100000"));
	assert_true(has_line(t, "nsscache_dentries_negative 32107"));
	/* every family has HELP and TYPE: 11 families here */
	assert_int_equal(count_prefix(t, "# HELP "), 11);
	assert_int_equal(count_prefix(t, "# TYPE "), 11);
	/* state-sets: every member once, exactly one is 1 */
	assert_int_equal(count_prefix(t, "nsscache_variable{"), 4);
	assert_int_equal(count_prefix(t, "nsscache_action{"), NSSCACHE_ACTION_RESTORED + 1);
	assert_int_equal(count_prefix(t, "nsscache_phase{"), 4);
	assert_int_equal(count_prefix(t, "nsscache_probe{"), 3);
	free(t);
}

static void test_state_sets_have_one_member_set(void **state)
{
	(void) state;
	nsscache_metrics_facts f = good_facts();
	char line[128], *t;
	int i, j;

	/* every action the policy can record, straight from the report's names */
	for (i = NSSCACHE_ACTION_NONE; i <= NSSCACHE_ACTION_RESTORED; i++) {
		f.action = nsscache_action_name((nsscache_action) i);
		t = render(&f);
		for (j = NSSCACHE_ACTION_NONE; j <= NSSCACHE_ACTION_RESTORED; j++) {
			snprintf(line, sizeof(line), "nsscache_action{action=\"%s\"} %d",
				nsscache_action_name((nsscache_action) j), i == j);
			assert_true(has_line(t, line));
		}
		free(t);
	}
	/* a state the family does not know: all members 0, still valid */
	f.probe = "sideways";
	t = render(&f);
	assert_true(validate(t) > 0);
	assert_true(has_line(t, "nsscache_probe{state=\"none\"} 0"));
	assert_true(has_line(t, "nsscache_probe{state=\"expected\"} 0"));
	assert_true(has_line(t, "nsscache_probe{state=\"possible\"} 0"));
	free(t);
}

static void test_optional_families(void **state)
{
	(void) state;
	nsscache_metrics_facts f = good_facts();
	char *t;

	/* in_effect unknown: not emitted (absent, not a guess) */
	f.in_effect = -1;
	f.has_nr_negative = 0;
	t = render(&f);
	assert_true(validate(t) > 0);
	assert_null(strstr(t, "nsscache_in_effect"));
	assert_null(strstr(t, "nsscache_dentries_negative"));
	assert_true(has_line(t, "nsscache_dentries 142042"));
	free(t);

	f.in_effect = 0;
	f.dentry_ok = 0;
	t = render(&f);
	assert_true(has_line(t, "nsscache_in_effect 0"));
	assert_null(strstr(t, "nsscache_dentries"));
	free(t);

	/* unknown versions: empty label values */
	memset(&f, 0, sizeof(f));
	f.in_effect = -1;
	t = render(&f);
	assert_true(validate(t) > 0);
	assert_true(has_line(t, "nsscache_info{version=\"\",libcurl=\"\",tls_backend=\"\",nss=\"\","
		"softokn=\"\",distro_family=\"\"} 1"));
	assert_true(has_line(t, "nsscache_enabled 0"));
	free(t);
}

static void test_hostile_label_values(void **state)
{
	(void) state;
	nsscache_metrics_facts f = good_facts();
	char big[10241], *t;

	memset(big, '\\', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	big[5] = '"';
	big[6] = '\n';
	big[7] = '\xff';
	f.libcurl = big;
	f.nss = "3.87\"} 1\nnsscache_enabled 0\n#";
	t = render(&f);
	assert_true(validate(t) > 0);
	assert_true(strlen(t) < 4096);
	assert_false(has_line(t, "nsscache_enabled 0"));
	free(t);
}

static void test_validator_can_fail(void **state)
{
	(void) state;
	/* the checker the tests above rely on rejects what it must */
	assert_int_equal(validate("# HELP a x\n# TYPE a gauge\na{l=\"x\ny\"} 1\n"), -1);
	assert_int_equal(validate("# HELP a x\n# TYPE a gauge\na{l=\"x\\t\"} 1\n"), -1);
	assert_int_equal(validate("# HELP a x\n# TYPE a gauge\nb 1\n"), -1);
	assert_int_equal(validate("# HELP a x\n# TYPE a gauge\n# HELP a x\n# TYPE a gauge\n"), -1);
	assert_int_equal(validate("# HELP a x\n# TYPE a gauge\na 1"), -1);
	assert_int_equal(validate("# HELP a x\n# TYPE a gauge\na{l=\"\\\"\"} 1\n"), 1);
}

static void test_variable_class(void **state)
{
	(void) state;
	assert_string_equal(nsscache_metrics_variable_class(nsscache_var_classify(NULL)), "unset");
	assert_string_equal(nsscache_metrics_variable_class(nsscache_var_classify("YES")), "yes");
	assert_string_equal(nsscache_metrics_variable_class(nsscache_var_classify("No")), "no");
	assert_string_equal(nsscache_metrics_variable_class(nsscache_var_classify("1")), "probing");
	assert_string_equal(nsscache_metrics_variable_class(nsscache_var_classify("")), "probing");
	assert_string_equal(nsscache_metrics_variable_class(nsscache_var_classify("auto")), "probing");
	assert_null(nsscache_metrics_variable_class(NSSCACHE_VAR_UNKNOWN));
}

/* The metrics are a walk over the report's rows, by machine name. */
static void test_facts_from_report(void **state)
{
	static nsscache_diag d;
	static nsscache_report r;
	nsscache_config cfg = NSSCACHE_CONFIG_DEFAULT;
	nsscache_record rec;
	nsscache_report_facts facts;
	nsscache_metrics_facts f;
	char *t;

	(void) state;
	memset(&d, 0, sizeof(d));
	memset(&rec, 0, sizeof(rec));
	d.curl.found = 1;
	strcpy(d.curl.version, "7.88.1");
	strcpy(d.curl.ssl_version, "NSS/3.87.1");
	d.prediction.in_effect = NSSCACHE_MAYBE;
	d.prediction.probe = NSSCACHE_PROBE_EXPECTED;
	d.dentry_ok = 1;
	d.dentry.fields = 6;
	d.dentry.nr_dentry = 500;
	d.dentry.nr_unused = 400;
	d.dentry.nr_negative = 300;
	d.dentry.has_nr_negative = 1;
	rec.action = NSSCACHE_ACTION_SET;
	rec.phase = NSSCACHE_PHASE_LOAD;
	facts.version = "0.1.0";
	facts.cfg = &cfg;
	facts.rec = &rec;
	facts.env = "1";
	facts.diag = &d;
	nsscache_report_rows(&r, &facts);
	nsscache_metrics_facts_from_report(&f, &r, 3);
	assert_string_equal(f.version, "0.1.0");
	assert_int_equal(f.enabled, 1);
	assert_string_equal(f.tls_backend, "NSS");
	assert_string_equal(f.libcurl, "7.88.1");
	assert_null(f.nss);
	assert_null(f.softokn);
	assert_string_equal(f.distro_family, "other");
	assert_string_equal(f.variable, "probing");
	assert_string_equal(f.action, "set");
	assert_string_equal(f.phase, "load");
	assert_int_equal(f.in_effect, -1);
	assert_string_equal(f.probe, "expected");
	assert_int_equal(f.repairs, 3);
	assert_int_equal(f.dentry_ok, 1);
	assert_int_equal(f.nr_negative, 300);
	assert_int_equal(f.has_nr_negative, 1);
	t = render(&f);
	assert_true(validate(t) > 0);
	assert_true(has_line(t, "nsscache_dentries_negative 300"));
	assert_null(strstr(t, "nsscache_in_effect"));
	free(t);

	strcpy(d.curl.ssl_version, "(OpenSSL/3.0.11) NSS/3.87");
	d.prediction.in_effect = NSSCACHE_NO;
	d.dentry.has_nr_negative = 0;
	cfg.enabled = 0;
	facts.env = NULL;
	nsscache_report_rows(&r, &facts);
	nsscache_metrics_facts_from_report(&f, &r, 0);
	assert_string_equal(f.tls_backend, "OpenSSL");
	assert_string_equal(f.variable, "unset");
	assert_int_equal(f.in_effect, 0);
	assert_int_equal(f.enabled, 0);
	assert_int_equal(f.has_nr_negative, 0);

	d.curl.found = 0;
	d.dentry_ok = 0;
	nsscache_report_rows(&r, &facts);
	nsscache_metrics_facts_from_report(&f, &r, 0);
	assert_null(f.tls_backend);
	assert_null(f.libcurl);
	assert_int_equal(f.dentry_ok, 0);
}

/* Counted where the policy already acts: set and replace, not keep or the
 * unchanged re-check. */
static void test_repairs_counter(void **state)
{
	(void) state;
	nsscache_config cfg = NSSCACHE_CONFIG_DEFAULT;
	nsscache_record rec;

	memset(&rec, 0, sizeof(rec));
	unsetenv(NSSCACHE_ENV_NAME);
	nsscache_apply(&cfg, NSSCACHE_PHASE_LOAD, &rec);
	assert_int_equal(rec.repairs, 1);
	nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, &rec);
	assert_int_equal(rec.repairs, 1);
	setenv(NSSCACHE_ENV_NAME, "1", 1);
	nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, &rec);
	assert_int_equal(rec.repairs, 2);
	setenv(NSSCACHE_ENV_NAME, "no", 1);
	nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, &rec);
	assert_int_equal(rec.action, NSSCACHE_ACTION_KEPT);
	assert_int_equal(rec.repairs, 2);
	cfg.enabled = 0;
	unsetenv(NSSCACHE_ENV_NAME);
	nsscache_apply(&cfg, NSSCACHE_PHASE_RINIT, &rec);
	assert_int_equal(rec.repairs, 2);
	nsscache_record_free(&rec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape_table),
		cmocka_unit_test(test_escape_long_values_are_cut),
		cmocka_unit_test(test_render_families),
		cmocka_unit_test(test_state_sets_have_one_member_set),
		cmocka_unit_test(test_optional_families),
		cmocka_unit_test(test_hostile_label_values),
		cmocka_unit_test(test_validator_can_fail),
		cmocka_unit_test(test_variable_class),
		cmocka_unit_test(test_facts_from_report),
		cmocka_unit_test(test_repairs_counter),
	};
	return cmocka_run_group_tests_name("metrics", tests, NULL, NULL);
}
