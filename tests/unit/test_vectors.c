/* SPDX-License-Identifier: BSD-2-Clause */
/* Rules the C and nsscache-doctor both apply, as test vectors under data/ that this suite and
 * tests/doctor/unit/VectorsTest.php both read: NSS's version string (nsscache_parse_nss_version()),
 * the system library directories and where softokn is looked for (nsscache_softokn_dirs()). */
#include "helpers.h"
#include "../../src/facts.h"

/* The fields of data/NAME's next row (not a comment, not the header) into F (tab-separated, at most
 * N), each at most 1023 bytes; returns how many, 0 at the end. */
static size_t next_row(FILE *in, char f[][1024], size_t n)
{
	char line[4096];
	size_t k = 0;

	while (fgets(line, sizeof(line), in) != NULL) {
		char *p = line, *tab;

		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#') {
			continue;
		}
		for (k = 0; k < n; k++) {
			tab = strchr(p, '\t');
			snprintf(f[k], 1024, "%.*s", (int) (tab != NULL ? (size_t) (tab - p) : strlen(p)), p);
			if (tab == NULL) {
				k++;
				break;
			}
			p = tab + 1;
		}
		return k;
	}
	return 0;
}

static FILE *open_table(const char *name)
{
	char path[1024];
	FILE *in;
	char head[8][1024];

	snprintf(path, sizeof(path), "%.*s/../../data/%s", (int) (strrchr(__FILE__, '/') - __FILE__), __FILE__, name);
	in = fopen(path, "r");
	assert_non_null(in);
	assert_true(next_row(in, head, 8) >= 2);   /* the header */
	return in;
}

/* C escapes (\0 \n \t \\ \xHH) into OUT; returns the length. */
static size_t unescape(const char *s, char *out)
{
	size_t n = 0;

	while (*s != '\0') {
		if (*s == '\\' && s[1] == 'x') {
			unsigned int c = 0;

			sscanf(s + 2, "%2x", &c);
			out[n++] = (char) c;
			s += 4;
		} else if (*s == '\\' && s[1] != '\0') {
			out[n++] = s[1] == '0' ? '\0' : s[1] == 'n' ? '\n' : s[1] == 't' ? '\t' : s[1];
			s += 2;
		} else {
			out[n++] = *s++;
		}
	}
	return n;
}

static void test_version_string(void **state)
{
	FILE *in = open_table("nss-version.tsv");
	char f[2][1024], buf[1024], version[64];
	size_t i = 0, k;

	(void) state;
	while ((k = next_row(in, f, 2)) > 0) {
		nsscache_version v = 0;
		size_t len = unescape(k > 0 ? f[0] : "", buf);
		int rc = nsscache_parse_nss_version(buf, len, version, sizeof(version), &v);

		version[0] = rc == 0 ? version[0] : '\0';
		ROW_STR_EQ(i, f[0], rc == 0 ? version : "-", k > 1 ? f[1] : "");
		i++;
	}
	fclose(in);
	assert_true(i >= 10);
}

/* A table's row field: "-" is none (NULL), or "" where the C takes a string. */
static const char *field(const char *f, int null)
{
	return strcmp(f, "-") != 0 ? f : null ? NULL : "";
}

static void test_system_lib_dirs(void **state)
{
	FILE *in = open_table("system-lib-dirs.tsv");
	char f[3][1024], dirs[8][PATH_MAX];
	size_t rows = 0;

	(void) state;
	while (next_row(in, f, 3) == 3) {
		int n = nsscache_softokn_dirs(NULL, NULL, field(f[0], 0), dirs), i, yes = 0;

		for (i = 0; i < n; i++) {
			yes |= strcmp(dirs[i], f[1]) == 0;
		}
		ROW_STR_EQ(rows, f[1], yes ? "yes" : "no", f[2]);
		rows++;
	}
	fclose(in);
	assert_true(rows >= 10);
}

static void test_softokn_candidates(void **state)
{
	FILE *in = open_table("softokn-candidates.tsv");
	char f[4][1024], dirs[8][PATH_MAX], got[8 * PATH_MAX];
	size_t rows = 0;

	(void) state;
	while (next_row(in, f, 4) == 4) {
		int n = nsscache_softokn_dirs(field(f[0], 1), field(f[1], 1), field(f[2], 0), dirs), i;

		got[0] = '\0';
		for (i = 0; i < n; i++) {
			snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s", i ? " " : "", dirs[i]);
		}
		ROW_STR_EQ(rows, f[0], n ? got : "-", f[3]);
		rows++;
	}
	fclose(in);
	assert_true(rows >= 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_version_string),
		cmocka_unit_test(test_system_lib_dirs),
		cmocka_unit_test(test_softokn_candidates),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
