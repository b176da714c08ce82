/* SPDX-License-Identifier: BSD-2-Clause */
/* This process's facts: version strings (in memory and in files), the
 * distribution, the loaded libraries, and the in_effect verdict by the table. */
#include "helpers.h"
#include "../../src/facts.h"

#include <dlfcn.h>
#include <fcntl.h>

/* PHP dlopens extensions RTLD_GLOBAL | RTLD_DEEPBIND; ASan refuses the latter */
#if defined(__SANITIZE_ADDRESS__)
# define EXT_FLAGS (RTLD_NOW | RTLD_GLOBAL)
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define EXT_FLAGS (RTLD_NOW | RTLD_GLOBAL)
# endif
#endif
#ifndef EXT_FLAGS
# define EXT_FLAGS (RTLD_NOW | RTLD_GLOBAL | RTLD_DEEPBIND)
#endif

/* a text with its length: embedded NULs count, the literal's own does not */
#define T(s) s, sizeof(s) - 1

static void test_parse_version(void **state)
{
	static const struct {
		const char *text;
		size_t len;
		int rc;
		const char *version;
		int major, minor, patch;
	} rows[] = {
		{ T("xx\0Version: NSS 3.87.1 Basic ECC\0"), 0, "3.87.1", 3, 87, 1 },
		{ T("Version: NSS 3.87.1"), -1, "", 0, 0, 0 },        /* runs to the end: may go on */
		{ T("Version: NSS 3.8"), -1, "", 0, 0, 0 },
		{ T("Version: NSS 3.87.1\0"), 0, "3.87.1", 3, 87, 1 },
		{ T("Version: NSS 3.19 Basic ECC Beta\0"), 0, "3.19", 3, 19, 0 },
		{ T("$Header: NSS 3.12.9.0 Basic ECC\0"), 0, "3.12.9.0", 3, 12, 9 },
		{ T("Version: NSS 3.\0 Version: NSS 3.53.1\0"), 0, "3.53.1", 3, 53, 1 },
		{ T("Version: NSS 3\0"), -1, "", 0, 0, 0 },
		{ T("Version: NSS 3.87.\0"), -1, "", 0, 0, 0 },
		{ T("Version: NSS 1000.1\0"), -1, "", 0, 0, 0 },
		{ T("Version: NSS x3.87\0"), -1, "", 0, 0, 0 },
		{ T("Version: NSS 3.1.2.3.4\0"), -1, "", 0, 0, 0 },
		{ T("Version: NSS "), -1, "", 0, 0, 0 },
		{ T(""), -1, "", 0, 0, 0 },
	};
	size_t i;

	(void) state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char version[32] = "";
		nsscache_version v = 0;

		ROW_INT_EQ(i, rows[i].text, nsscache_parse_nss_version(rows[i].text, rows[i].len, version,
			sizeof(version), &v), rows[i].rc);
		if (rows[i].rc == 0) {
			ROW_STR_EQ(i, rows[i].text, version, rows[i].version);
			ROW_INT_EQ(i, rows[i].text, v == NSSCACHE_VERSION(rows[i].major, rows[i].minor, rows[i].patch), 1);
		}
	}
}

static void write_bytes(const char *path, const char *data, size_t len, size_t pad_before)
{
	FILE *f = fopen(path, "w");
	size_t i;

	assert_non_null(f);
	for (i = 0; i < pad_before; i++) {
		fputc('x', f);
	}
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* A softokn read as a file: the tag anywhere, across a 64 KiB read, at the
 * very end (not complete: no version), in a FIFO or a device (never blocks). */
static void test_file_version(void **state)
{
	static const size_t pads[] = { 0, 65536 - 16, 65536 - 4, 65536 - 13, 65536 * 3 + 7 };
	char dir[256], path[300], version[32];
	nsscache_version v;
	size_t i;

	(void) state;
	helper_scratch(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/libsoftokn3.so", dir);
	for (i = 0; i < sizeof(pads) / sizeof(pads[0]); i++) {
		write_bytes(path, T("\0Version: NSS 3.87.1 Basic ECC\0"), pads[i]);
		assert_int_equal(nsscache_file_nss_version(path, version, sizeof(version), &v), 0);
		ROW_STR_EQ(i, "pad", version, "3.87.1");
	}
	write_bytes(path, T("Version: NSS 3.87"), 65536 - 5);
	assert_int_equal(nsscache_file_nss_version(path, version, sizeof(version), &v), 0);
	assert_string_equal(version, "");
	assert_int_equal(nsscache_file_nss_version("/nonexistent/libsoftokn3.so", version, sizeof(version), &v), -1);
	assert_int_equal(nsscache_file_nss_version("/dev/zero", version, sizeof(version), &v), -1);
	assert_int_equal(nsscache_file_nss_version(dir, version, sizeof(version), &v), -1);
	unlink(path);
	assert_int_equal(mkfifo(path, 0644), 0);
	alarm(5); /* a FIFO with no writer would block a plain open() forever */
	assert_int_equal(nsscache_file_nss_version(path, version, sizeof(version), &v), -1);
	alarm(0);
	helper_rm_rf(dir);
}

/* in_effect in the order of docs/api.md; the honours rule by the version alone */
static void test_in_effect(void **state)
{
	static const struct {
		int curl_nss;
		nsscache_softokn_how how;
		int major, minor, patch, system;
		int secure;
		nsscache_open opened; /* where the timeline placed softokn's load, and under what */
		nsscache_var var;
		int was_open;
		const char *env;
		nsscache_effect want;
	} rows[] = {
#define L NSSCACHE_SOFTOKN_LOADED
#define NOT_SEEN NSSCACHE_OPEN_NOT_SEEN, NSSCACHE_VAR_UNSET
		{ 0, L, 3, 87, 1, 1, 0, NOT_SEEN, 0, "yes", NSSCACHE_EFFECT_NO_NSS_CURL },
		/* NSS opened under "1", nsscache wrote later: too late */
		{ 1, L, 3, 87, 1, 1, 0, NSSCACHE_OPEN_STEADY, NSSCACHE_VAR_PROBING, 1, "yes", NSSCACHE_EFFECT_SET_AFTER_NSS_INIT },
		{ 1, NSSCACHE_SOFTOKN_FILE, 3, 87, 1, 1, 0, NOT_SEEN, 1, "yes", NSSCACHE_EFFECT_IN_EFFECT },
		/* under a request's putenv() value: judged by that value, whatever the variable holds now */
		{ 1, L, 3, 87, 1, 1, 0, NSSCACHE_OPEN_PUTENV, NSSCACHE_VAR_PROBING, 0, "yes", NSSCACHE_EFFECT_OPENED_UNDER_PUTENV },
		{ 1, L, 3, 87, 1, 1, 0, NSSCACHE_OPEN_PUTENV, NSSCACHE_VAR_UNSET, 1, "yes", NSSCACHE_EFFECT_OPENED_UNDER_PUTENV },
		{ 1, L, 3, 87, 1, 1, 0, NSSCACHE_OPEN_PUTENV, NSSCACHE_VAR_YES, 0, "1", NSSCACHE_EFFECT_IN_EFFECT },
		{ 1, L, 3, 87, 1, 1, 0, NSSCACHE_OPEN_PUTENV, NSSCACHE_VAR_NO, 0, NULL, NSSCACHE_EFFECT_IN_EFFECT },
		{ 1, L, 3, 87, 1, 1, 0, NSSCACHE_OPEN_STEADY, NSSCACHE_VAR_YES, 0, "1", NSSCACHE_EFFECT_IN_EFFECT },
		{ 1, L, 3, 14, 2, 1, 0, NSSCACHE_OPEN_STEADY, NSSCACHE_VAR_YES, 0, "1", NSSCACHE_EFFECT_SOFTOKN_IGNORES },
		{ 1, L, 3, 87, 1, 1, 1, NSSCACHE_OPEN_PUTENV, NSSCACHE_VAR_YES, 0, "yes", NSSCACHE_EFFECT_SECURE_EXEC },
		{ 1, L, 3, 87, 1, 1, 0, NSSCACHE_OPEN_STEADY, NSSCACHE_VAR_UNSET, 0, "yes", NSSCACHE_EFFECT_UNSET },
		{ 1, L, 3, 87, 1, 1, 0, NSSCACHE_OPEN_STEADY, NSSCACHE_VAR_PROBING, 0, "yes", NSSCACHE_EFFECT_PROBING_VALUE },
		/* the variable changed below PHP: the order cannot be known */
		{ 1, L, 3, 87, 1, 1, 0, NSSCACHE_OPEN_UNKNOWN, NSSCACHE_VAR_YES, 0, "yes", NSSCACHE_EFFECT_CHANGED_BELOW_PHP },
		{ 1, NSSCACHE_SOFTOKN_FILE, 3, 87, 1, 1, 0, NSSCACHE_OPEN_UNKNOWN, NSSCACHE_VAR_YES, 0, "yes", NSSCACHE_EFFECT_IN_EFFECT },
		{ 1, L, 3, 87, 1, 1, 0, NOT_SEEN, 0, NULL, NSSCACHE_EFFECT_UNSET },
		{ 1, L, 3, 87, 1, 1, 0, NOT_SEEN, 0, "1", NSSCACHE_EFFECT_PROBING_VALUE },
		{ 1, L, 3, 87, 1, 1, 0, NOT_SEEN, 0, "", NSSCACHE_EFFECT_PROBING_VALUE },
		{ 1, NSSCACHE_SOFTOKN_NONE, 0, 0, 0, 0, 0, NOT_SEEN, 0, "yes", NSSCACHE_EFFECT_SOFTOKN_UNKNOWN },
		{ 1, NSSCACHE_SOFTOKN_FILE, 3, 22, 0, 1, 1, NOT_SEEN, 0, "no", NSSCACHE_EFFECT_IN_EFFECT },
		{ 1, NSSCACHE_SOFTOKN_FILE, 3, 23, 0, 1, 1, NOT_SEEN, 0, "no", NSSCACHE_EFFECT_SECURE_EXEC },
		{ 1, NSSCACHE_SOFTOKN_FILE, 3, 12, 2, 1, 0, NOT_SEEN, 0, "yes", NSSCACHE_EFFECT_SOFTOKN_UNKNOWN },
		{ 1, NSSCACHE_SOFTOKN_FILE, 3, 12, 3, 1, 0, NOT_SEEN, 0, "yes", NSSCACHE_EFFECT_SOFTOKN_IGNORES },
		{ 1, NSSCACHE_SOFTOKN_FILE, 3, 14, 2, 1, 0, NOT_SEEN, 0, "yes", NSSCACHE_EFFECT_SOFTOKN_IGNORES },
		{ 1, NSSCACHE_SOFTOKN_FILE, 3, 14, 3, 1, 0, NOT_SEEN, 0, "yes", NSSCACHE_EFFECT_SOFTOKN_VERSION_AMBIGUOUS },
		/* a private build is judged by its version too */
		{ 1, NSSCACHE_SOFTOKN_FILE, 3, 14, 3, 0, 0, NOT_SEEN, 0, "yes", NSSCACHE_EFFECT_SOFTOKN_VERSION_AMBIGUOUS },
		{ 1, NSSCACHE_SOFTOKN_FILE, 3, 15, 4, 1, 0, NOT_SEEN, 0, "yes", NSSCACHE_EFFECT_SOFTOKN_VERSION_AMBIGUOUS },
		{ 1, NSSCACHE_SOFTOKN_FILE, 3, 16, 0, 1, 0, NOT_SEEN, 0, "YES", NSSCACHE_EFFECT_IN_EFFECT },
		{ 1, NSSCACHE_SOFTOKN_FILE, 3, 53, 1, 1, 0, NOT_SEEN, 0, "no", NSSCACHE_EFFECT_IN_EFFECT },
		{ 1, NSSCACHE_SOFTOKN_FILE, 4, 0, 0, 1, 0, NOT_SEEN, 0, "yes", NSSCACHE_EFFECT_SOFTOKN_UNKNOWN },
#undef L
#undef NOT_SEEN
	};
	size_t i;

	(void) state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		nsscache_libs libs;
		nsscache_record rec;

		memset(&libs, 0, sizeof(libs));
		memset(&rec, 0, sizeof(rec));
		libs.curl_nss = rows[i].curl_nss;
		libs.softokn_how = rows[i].how;
		if (rows[i].how != NSSCACHE_SOFTOKN_NONE) {
			snprintf(libs.softokn_version, sizeof(libs.softokn_version), "%d.%d.%d", rows[i].major, rows[i].minor,
				rows[i].patch);
		}
		libs.softokn_v = NSSCACHE_VERSION(rows[i].major, rows[i].minor, rows[i].patch);
		libs.softokn_system = rows[i].system;
		libs.secure_exec = rows[i].secure;
		rec.nss_was_open = rows[i].was_open;
		rec.opened = rows[i].opened;
		rec.opened_var = rows[i].var;
		ROW_STR_EQ(i, rows[i].env ? rows[i].env : "(unset)",
			nsscache_effect_code(nsscache_in_effect(&libs, &rec, rows[i].env)),
			nsscache_effect_code(rows[i].want));
	}
	for (i = 0; i < NSSCACHE_EFFECT_N; i++) { /* docs/api.md's table has one row per code */
		size_t j;

		assert_true(strlen(nsscache_effect_code((nsscache_effect) i)) > 3);
		for (j = 0; j < i; j++) {
			assert_string_not_equal(nsscache_effect_code((nsscache_effect) i), nsscache_effect_code((nsscache_effect) j));
		}
	}
	assert_int_equal(nsscache_effect_value(NSSCACHE_EFFECT_IN_EFFECT), 1);
	assert_int_equal(nsscache_effect_value(NSSCACHE_EFFECT_SOFTOKN_UNKNOWN), -1);
	assert_int_equal(nsscache_effect_value(NSSCACHE_EFFECT_SOFTOKN_VERSION_AMBIGUOUS), -1);
	assert_int_equal(nsscache_effect_value(NSSCACHE_EFFECT_UNSET), 0);
	assert_int_equal(nsscache_effect_value(NSSCACHE_EFFECT_CHANGED_BELOW_PHP), -1);
}

/* a version by its parts, as data/softokn.tsv gives them */
struct tv {
	int major, minor, patch;
};
#define TV_PACK(t) NSSCACHE_VERSION((t).major, (t).minor, (t).patch)

/* "3.14" -> 3.14.0 (FILL_ZERO) or 3.14.999; "3" -> 3.0.0 or 3.999.999, as data/softokn.tsv reads from/to */
static struct tv tsv_version(const char *s, int fill)
{
	struct tv v = { fill, fill, fill };
	int *part[3] = { &v.major, &v.minor, &v.patch }, k;

	for (k = 0; k < 3 && *s != '\0'; k++) {
		*part[k] = (int) strtol(s, (char **) &s, 10);
		s += *s == '.';
	}
	return v;
}

static struct tv version_step(struct tv v, int by)
{
	if (by < 0) {
		v.patch > 0 ? v.patch-- : v.minor > 0 ? (v.minor--, v.patch = 999) : (v.major--, v.minor = v.patch = 999);
	} else {
		v.patch < 999 ? v.patch++ : v.minor < 999 ? (v.minor++, v.patch = 0) : (v.major++, v.minor = v.patch = 0);
	}
	return v;
}

/*
 * The honours rule from the version alone, against every row of
 * data/softokn.tsv: at each row's bounds and just outside them, in_effect
 * where every family's rows say yes, softokn_ignores where all say no,
 * softokn_version_ambiguous where they differ, softokn_unknown where no row is.
 */
static void test_honours_by_tsv(void **state)
{
	char path[1024], line[2048], fam[32], from[32], to[32], hon[32];
	struct { struct tv from, to; char honours[32]; } rows[64];
	struct tv cand[64 * 4];
	size_t n = 0, nc = 0, i, j;
	FILE *f;

	(void) state;
	snprintf(path, sizeof(path), "%.*s/../../data/softokn.tsv", (int) (strrchr(__FILE__, '/') - __FILE__), __FILE__);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		if (line[0] == '#' || strncmp(line, "family\t", 7) == 0
				|| sscanf(line, "%31[^\t]\t%31[^\t]\t%31[^\t]\t%31[^\t]", fam, from, to, hon) != 4) {
			continue;
		}
		assert_true(n < 64);
		rows[n].from = tsv_version(from, 0);
		rows[n].to = tsv_version(to, 999);
		snprintf(rows[n].honours, sizeof(rows[n].honours), "%s", hon);
		cand[nc++] = rows[n].from;
		cand[nc++] = rows[n].to;
		cand[nc++] = version_step(rows[n].from, -1);
		cand[nc++] = version_step(rows[n].to, 1);
		n++;
	}
	fclose(f);
	assert_true(n >= 10);
	for (i = 0; i < nc; i++) {
		nsscache_libs libs;
		nsscache_record rec;
		int yes = 0, no = 0, rows_in = 0;
		nsscache_effect want;
		char label[64];

		for (j = 0; j < n; j++) {
			if (TV_PACK(cand[i]) >= TV_PACK(rows[j].from) && TV_PACK(cand[i]) <= TV_PACK(rows[j].to)) {
				rows_in++;
				yes += strcmp(rows[j].honours, "yes") == 0;
				no += strcmp(rows[j].honours, "no") == 0;
			}
		}
		want = rows_in == 0 ? NSSCACHE_EFFECT_SOFTOKN_UNKNOWN : yes == rows_in ? NSSCACHE_EFFECT_IN_EFFECT
			: no == rows_in ? NSSCACHE_EFFECT_SOFTOKN_IGNORES : NSSCACHE_EFFECT_SOFTOKN_VERSION_AMBIGUOUS;
		memset(&libs, 0, sizeof(libs));
		memset(&rec, 0, sizeof(rec));
		libs.curl_nss = 1;
		libs.softokn_how = NSSCACHE_SOFTOKN_FILE;
		libs.softokn_v = TV_PACK(cand[i]);
		snprintf(libs.softokn_version, sizeof(libs.softokn_version), "%d.%d.%d", cand[i].major, cand[i].minor,
			cand[i].patch);
		snprintf(label, sizeof(label), "softokn %s", libs.softokn_version);
		ROW_STR_EQ(i, label, nsscache_effect_code(nsscache_in_effect(&libs, &rec, "yes")), nsscache_effect_code(want));
	}
}

/* The real libraries: libcurl-nss (which maps libnss3), found through an
 * ext/curl stand-in and without one; the softokn read as a file beside
 * libnss3; the loader's stamp moves when a library comes or goes. */
static void test_libs_real(void **state)
{
	const char *fixtures = getenv("NSSCACHE_UNIT_FIXTURES");
	char ext[512];
	nsscache_stamp before, after;
	nsscache_libs *libs = malloc(sizeof(*libs));
	void *h, *libc;

	(void) state;
	assert_non_null(libs);
	nsscache_libs_gather(libs, 0, NULL);
	assert_int_equal(libs->curl_how, NSSCACHE_CURL_NONE);
	assert_string_equal(libs->nss_path, "");
	assert_int_equal(libs->softokn_how, NSSCACHE_SOFTOKN_NONE);
	assert_false(nsscache_softokn_loaded());

	nsscache_stamp_now(&before);
	assert_non_null(fixtures);
	snprintf(ext, sizeof(ext), "%s/fake_ext_curl_nss.so", fixtures);
	h = dlopen(ext, EXT_FLAGS);
	assert_non_null(h);
	nsscache_stamp_now(&after);
	assert_false(nsscache_stamp_equal(&before, &after));
	assert_true(nsscache_stamp_equal(&after, &after));
	assert_non_null(dlsym(h, "fake_ext_curl_marker"));

	nsscache_libs_gather(libs, 1, h);
	assert_int_equal(libs->curl_how, NSSCACHE_CURL_EXT_CURL);
	assert_true(libs->curl_nss);
	assert_true(strncmp(libs->curl_ssl, "NSS/", 4) == 0);
	assert_non_null(strstr(libs->curl_path, "libcurl-nss"));
	assert_true(libs->nss_path[0] != '\0');
	assert_string_equal(libs->nss_version, libs->curl_ssl + 4); /* the string, read, equals what curl asked */
	assert_int_equal(libs->softokn_how, NSSCACHE_SOFTOKN_FILE);
	assert_true(libs->softokn_system);
	assert_string_equal(libs->softokn_version, libs->nss_version);
	assert_false(nsscache_softokn_loaded());

	/* ext/curl compiled into PHP (no handle): the global scope's libcurl */
	nsscache_libs_gather(libs, 1, NULL);
	assert_int_equal(libs->curl_how, NSSCACHE_CURL_EXT_CURL);
	assert_non_null(strstr(libs->curl_path, "libcurl-nss"));
	nsscache_libs_gather(libs, 0, NULL);
	assert_int_equal(libs->curl_how, NSSCACHE_CURL_ONLY);
	assert_false(libs->ext_curl_missed);
	/* a handle that leads to no libcurl: another loaded one is reported, and said so */
	libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
	assert_non_null(libc);
	nsscache_libs_gather(libs, 1, libc);
	dlclose(libc);
	assert_int_equal(libs->curl_how, NSSCACHE_CURL_ONLY);
	assert_true(libs->ext_curl_missed);
	dlclose(h);
	/* the scans took references only for the moment: closing the last one unloads everything */
	nsscache_libs_gather(libs, 0, NULL);
	assert_int_equal(libs->curl_how, NSSCACHE_CURL_NONE);
	assert_string_equal(libs->nss_path, "");
	free(libs);
}

static int copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
	char buf[65536];
	size_t n;
	int rc = in != NULL && out != NULL ? 0 : -1;

	while (rc == 0 && (n = fread(buf, 1, sizeof(buf), in)) > 0) {
		rc = fwrite(buf, 1, n, out) == n ? 0 : -1;
	}
	if (in != NULL) {
		fclose(in);
	}
	if (out != NULL && fclose(out) != 0) {
		rc = -1;
	}
	return rc;
}

/* A private NSS (LD_LIBRARY_PATH builds, as the test harness's): the softokn
 * is the one beside that libnss3, or beside its resolved symlink, and it is
 * not a system build. Run in a child: a second libnss3 stays mapped. */
static int private_nss_child(void *arg)
{
	const char *dir = arg;
	char lib[400], link[400], real[400];
	nsscache_libs *libs = malloc(sizeof(*libs));
	void *h;
	int fail = 0;

	snprintf(lib, sizeof(lib), "%s/a/libnss3.so", dir);
	snprintf(link, sizeof(link), "%s/b/libnss3.so", dir);
	snprintf(real, sizeof(real), "%s/a/libsoftokn3.so", dir);
	h = dlopen(link, RTLD_NOW | RTLD_LOCAL);
	if (libs == NULL || h == NULL) {
		return 10;
	}
	nsscache_libs_gather(libs, 0, NULL);
	fail |= libs->nss_path[0] == '\0' || strcmp(libs->nss_path, link) != 0;
	fail |= (libs->softokn_how != NSSCACHE_SOFTOKN_FILE || strcmp(libs->softokn_path, real) != 0) << 1;
	fail |= (strcmp(libs->softokn_version, "9.8.7") != 0 || libs->softokn_system) << 2;
	(void) lib;
	free(libs);
	return fail;
}

static void test_softokn_beside_private_nss(void **state)
{
	char dir[256], p[400], q[400];
	const char *sys = NULL;
	static const char *const cands[] = { "/usr/lib/x86_64-linux-gnu/libnss3.so", "/lib/x86_64-linux-gnu/libnss3.so",
		"/usr/lib64/libnss3.so", "/usr/lib/libnss3.so" };
	size_t i;

	(void) state;
	for (i = 0; i < sizeof(cands) / sizeof(cands[0]) && sys == NULL; i++) {
		if (access(cands[i], R_OK) == 0) {
			sys = cands[i];
		}
	}
	assert_non_null(sys); /* tests/unit/run installs libnss3 */
	helper_scratch(dir, sizeof(dir));
	snprintf(p, sizeof(p), "%s/a", dir);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof(p), "%s/b", dir);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof(p), "%s/a/libnss3.so", dir);
	assert_int_equal(copy_file(sys, p), 0);
	/* b/libnss3.so -> ../a/libnss3.so, and the softokn only in a/: found through the symlink */
	snprintf(q, sizeof(q), "%s/b/libnss3.so", dir);
	assert_int_equal(symlink("../a/libnss3.so", q), 0);
	snprintf(p, sizeof(p), "%s/a/libsoftokn3.so", dir);
	write_bytes(p, T("\x7f" "ELF fake\0Version: NSS 9.8.7 Basic ECC\0"), 0);
	ROW_INT_EQ(0, "private nss (bits: nss, softokn path, version/system)", helper_run_child(private_nss_child, dir), 0);
	helper_rm_rf(dir);
}

/* softokn loaded: by its name, whatever else comes and goes */
static void test_softokn_loaded(void **state)
{
	const char *fixtures = getenv("NSSCACHE_UNIT_FIXTURES");
	char dir[256], ext[400], tok[400];
	void *t, *e;

	(void) state;
	assert_non_null(fixtures);
	helper_scratch(dir, sizeof(dir));
	snprintf(ext, sizeof(ext), "%s/lone.so", fixtures);
	snprintf(tok, sizeof(tok), "%s/libsoftokn3.so", dir);
	assert_int_equal(copy_file(ext, tok), 0);
	ROW_INT_EQ(0, "none loaded", nsscache_softokn_loaded(), 0);
	e = dlopen(ext, RTLD_NOW | RTLD_LOCAL);
	assert_non_null(e);
	ROW_INT_EQ(1, "another object loaded", nsscache_softokn_loaded(), 0);
	t = dlopen(tok, RTLD_NOW | RTLD_LOCAL);
	assert_non_null(t);
	ROW_INT_EQ(2, "softokn loaded", nsscache_softokn_loaded(), 1);
	dlclose(e);
	ROW_INT_EQ(3, "another object unloaded", nsscache_softokn_loaded(), 1);
	dlclose(t);
	ROW_INT_EQ(4, "unloaded", nsscache_softokn_loaded(), 0);
	helper_rm_rf(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_version),
		cmocka_unit_test(test_file_version),
		cmocka_unit_test(test_in_effect),
		cmocka_unit_test(test_honours_by_tsv),
		cmocka_unit_test(test_libs_real),
		cmocka_unit_test(test_softokn_beside_private_nss),
		cmocka_unit_test(test_softokn_loaded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
