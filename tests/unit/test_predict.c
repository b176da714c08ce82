/* The softokn behaviour table (shared BACKGROUND.md, "Softokn behaviour by
 * version") and the host conditions around it. Each row names the table row
 * or the NSS/curl source fact it encodes. */
#include "helpers.h"
#include "../../src/detect_predict.h"
#include "../../src/report.h"

#define Y NSSCACHE_YES
#define N NSSCACHE_NO
#define M NSSCACHE_MAYBE
#define NONE NSSCACHE_PROBE_NONE
#define EXP NSSCACHE_PROBE_EXPECTED
#define POS NSSCACHE_PROBE_POSSIBLE
#define LOCAL NSSCACHE_FS_LOCAL
#define NET NSSCACHE_FS_NETWORK
#define MEAS NSSCACHE_FS_MEASURE
#define OTHER NSSCACHE_DISTRO_OTHER
#define EL6 NSSCACHE_DISTRO_RHEL6
#define EL7 NSSCACHE_DISTRO_RHEL7




typedef struct {
	const char *row;            /* what it encodes */
	const char *softokn;        /* C_GetInfo "major.minor", NULL unknown */
	int priv;                   /* private build (outside system lib dirs) */
	nsscache_distro_family distro;
	const char *var;            /* raw value; NULL unset; "?" unknown */
	nsscache_timing timing;
	nsscache_curl_backend curl;
	int db_dir, cert9, writable;
	nsscache_fs_class fs;
	int tempdir;
	/* expected */
	nsscache_probe probe;
	nsscache_tri db, tmp, in_effect, freed;
} predict_row;

#define HOST NSSCACHE_TIMING_BEFORE_OPEN, NSSCACHE_CURL_NSS, 1, 1, 1
#define BEFORE NSSCACHE_TIMING_BEFORE_OPEN
#define AFTER NSSCACHE_TIMING_AFTER_OPEN
#define TUNK NSSCACHE_TIMING_UNKNOWN
#define CNSS NSSCACHE_CURL_NSS

static const predict_row rows[] = {
	/* "3.12.3 - 3.15 upstream | probe DB dir + temp dir | still probes the DB dir" */
	{ "3.12.3-3.15 unset",            "3.14", 0, OTHER, NULL,   HOST, LOCAL, 1, EXP, Y, Y, N, N },
	{ "3.12.3-3.15 yes: DB dir",      "3.15", 0, OTHER, "yes",  HOST, LOCAL, 1, EXP, Y, N, N, N },
	{ "3.12.3-3.15 no: DB dir",       "3.15", 0, OTHER, "no",   HOST, LOCAL, 1, EXP, Y, N, N, N },
	{ "3.12.3-3.15 auto",             "3.12", 0, OTHER, "auto", HOST, LOCAL, 1, EXP, Y, Y, N, N },
	/* "3.14.3-12.el6 and later (RHEL6) | probe | no probe": -12 invisible in 3.14 */
	{ "RHEL6 unset",                  "3.14", 0, EL6, NULL,     HOST, LOCAL, 1, EXP, Y, Y, N, N },
	{ "RHEL6 yes: patch level unknowable", "3.14", 0, EL6, "yes", HOST, LOCAL, 1, POS, M, N, M, N },
	{ "RHEL6 measure",                "3.14", 0, EL6, "1",      HOST, LOCAL, 1, EXP, Y, Y, N, N },
	/* RHEL6 host running a newer softokn: the upstream table applies */
	{ "RHEL6 host, softokn 3.44",     "3.44", 0, EL6, NULL,     HOST, LOCAL, 1, NONE, N, N, N, N },
	/* "3.16 - 3.32 upstream | probe DB dir + temp dir | no probe" (Mozilla 956082) */
	{ "3.16-3.32 unset (3.16)",       "3.16", 0, OTHER, NULL,   HOST, LOCAL, 1, EXP, Y, Y, N, N },
	{ "3.16-3.32 unset (3.32)",       "3.32", 0, OTHER, NULL,   HOST, LOCAL, 1, EXP, Y, Y, N, N },
	{ "3.16-3.32 yes",                "3.28", 0, OTHER, "yes",  HOST, LOCAL, 1, NONE, N, N, Y, N },
	{ "3.16-3.32 NO (case-insensitive)", "3.28", 0, OTHER, "NO", HOST, LOCAL, 1, NONE, N, N, Y, N },
	{ "3.16-3.32 auto",               "3.28", 0, OTHER, "auto", HOST, LOCAL, 1, EXP, Y, Y, N, N },
	/* "3.33 - 3.37 upstream (Mozilla 1382736) | no probe | no probe" */
	{ "3.33-3.37 unset",              "3.33", 0, OTHER, NULL,   HOST, LOCAL, 1, NONE, N, N, N, N },
	{ "3.33-3.37 unset on FUSE (no statfs rule yet)", "3.37", 0, OTHER, NULL, HOST, MEAS, 1, NONE, N, N, N, N },
	{ "3.33-3.37 auto measures",      "3.36", 0, OTHER, "auto", HOST, LOCAL, 1, EXP, Y, Y, N, N },
	{ "3.33-3.37 yes",                "3.36", 0, OTHER, "yes",  HOST, LOCAL, 1, NONE, N, N, Y, N },
	/* ">= 3.38 (Mozilla 1456888) | statfs: NFS/SMB cache on; FUSE/CODA/NCP probe temp dir; else nothing | no probe" */
	{ ">=3.38 unset ext4",            "3.38", 0, OTHER, NULL,   HOST, LOCAL, 1, NONE, N, N, N, N },
	{ ">=3.38 unset NFS: cache on",   "3.87", 0, OTHER, NULL,   HOST, NET,   1, NONE, N, N, N, N },
	{ ">=3.38 unset FUSE: temp dir",  "3.87", 0, OTHER, NULL,   HOST, MEAS,  1, EXP, N, Y, N, Y },
	{ ">=3.38 unset CODA, pre-3.69: dentries stay", "3.44", 0, OTHER, NULL, HOST, MEAS, 1, EXP, N, Y, N, N },
	{ ">=3.38 yes on FUSE",           "3.87", 0, OTHER, "yes",  HOST, MEAS,  1, NONE, N, N, Y, N },
	{ ">=3.38 no",                    "3.87", 0, OTHER, "no",   HOST, LOCAL, 1, NONE, N, N, Y, N },
	/* measured: stock 3.87 ext4 auto 15,070 calls, "1" 14,465 calls, unset 3 calls */
	{ "stock 3.87 ext4 auto",         "3.87", 0, OTHER, "auto", HOST, LOCAL, 1, EXP, Y, Y, N, Y },
	{ "stock 3.87 ext4 \"1\" (unquoted FPM env[])", "3.87", 0, OTHER, "1", HOST, LOCAL, 1, EXP, Y, Y, N, Y },
	{ "stock 3.87 ext4 empty value",  "3.87", 0, OTHER, "",     HOST, LOCAL, 1, EXP, Y, Y, N, Y },
	{ "stock 3.87 ext4 unset",        "3.87", 0, OTHER, NULL,   HOST, LOCAL, 1, NONE, N, N, N, N },
	/* Mozilla 1720227: the mkdtemp variant from 3.69 on, so the boundary frees the dentries */
	{ "3.68 auto: dentries stay",     "3.68", 0, OTHER, "auto", HOST, LOCAL, 1, EXP, Y, Y, N, N },
	{ "3.69 auto: dentries freed",    "3.69", 0, OTHER, "auto", HOST, LOCAL, 1, EXP, Y, Y, N, Y },
	/* "RHEL7 nss-softokn 3.36 - 3.53 (revert patch) | probe | no probe" */
	{ "RHEL7 3.36 unset",             "3.36", 0, EL7, NULL,     HOST, LOCAL, 1, EXP, Y, Y, N, N },
	{ "RHEL7 3.53 unset: dentries stay", "3.53", 0, EL7, NULL,  HOST, LOCAL, 1, EXP, Y, Y, N, N },
	{ "RHEL7 3.53 yes",               "3.53", 0, EL7, "yes",    HOST, LOCAL, 1, NONE, N, N, Y, N },
	{ "RHEL7 3.44 auto",              "3.44", 0, EL7, "auto",   HOST, LOCAL, 1, EXP, Y, Y, N, N },
	{ "RHEL7 3.16 unset",             "3.16", 0, EL7, NULL,     HOST, LOCAL, 1, EXP, Y, Y, N, N },
	/* private build (not in a system lib dir): a patch may change the unset default */
	{ "private 3.87 unset ext4 (harness legacy / rhel7)", "3.87", 1, OTHER, NULL, HOST, LOCAL, 1, POS, M, M, N, M },
	{ "private 3.87 yes",             "3.87", 1, OTHER, "yes",  HOST, LOCAL, 1, NONE, N, N, Y, N },
	{ "private 3.87 auto: mkdtemp unknown", "3.87", 1, OTHER, "auto", HOST, LOCAL, 1, EXP, Y, Y, N, M },
	{ "private 3.87 unset FUSE",      "3.87", 1, OTHER, NULL,   HOST, MEAS,  1, EXP, M, Y, N, M },
	{ "private 3.87 auto, DB dir read-only", "3.87", 1, OTHER, "auto", BEFORE, CNSS, 1, 1, 0, LOCAL, 1, EXP, M, Y, N, M },
	/* curl nss_setup(): no SSL_DIR dir and no /etc/pki/nssdb -> NSS_INIT_NOCERTDB, nothing opened */
	{ "no DB directory",              "3.28", 0, OTHER, NULL,   BEFORE, CNSS, 0, 0, 0, LOCAL, 1, NONE, N, N, N, N },
	{ "libcurl with OpenSSL",         "3.28", 0, OTHER, NULL,   BEFORE, NSSCACHE_CURL_OTHER_TLS, 1, 1, 1, LOCAL, 1, NONE, N, N, M, N },
	{ "no libcurl (ext/curl not loaded)", "3.28", 0, OTHER, "auto", BEFORE, NSSCACHE_CURL_ABSENT, 1, 1, 1, LOCAL, 1, NONE, N, N, M, N },
	{ "libcurl backend unknown",      "3.87", 0, OTHER, "auto", BEFORE, NSSCACHE_CURL_UNKNOWN, 1, 1, 1, LOCAL, 1, POS, M, M, N, Y },
	/* s_open probes the DB dir before sdb_init opens cert9.db; the temp probe needs the open */
	{ "3.87 auto, no cert9.db: DB dir only", "3.87", 0, OTHER, "auto", BEFORE, CNSS, 1, 0, 1, LOCAL, 1, EXP, Y, N, N, Y },
	/* >= 3.69 mkdtemp fails in a read-only DB dir and sdb_measureAccess returns at once */
	{ "3.87 auto, read-only dir, no cert9.db", "3.87", 0, OTHER, "auto", BEFORE, CNSS, 1, 0, 0, LOCAL, 1, NONE, N, N, N, N },
	{ "3.87 auto, read-only dir with cert9.db", "3.87", 0, OTHER, "auto", BEFORE, CNSS, 1, 1, 0, LOCAL, 1, EXP, N, Y, N, Y },
	{ "3.28 auto, read-only dir (no mkdtemp)", "3.28", 0, OTHER, "auto", BEFORE, CNSS, 1, 1, 0, LOCAL, 1, EXP, Y, Y, N, N },
	{ "3.87 unset FUSE, no cert9.db", "3.87", 0, OTHER, NULL,   BEFORE, CNSS, 1, 0, 1, MEAS, 1, NONE, N, N, N, N },
	{ "3.87 unset FUSE, no temp dir", "3.87", 0, OTHER, NULL,   BEFORE, CNSS, 1, 1, 1, MEAS, 0, NONE, N, N, N, N },
	/* in_effect needs the value before NSS opened the DB (once per process) */
	{ "yes set after open",           "3.87", 0, OTHER, "yes",  AFTER, CNSS, 1, 1, 1, LOCAL, 1, NONE, N, N, N, N },
	{ "yes, timing unknown",          "3.87", 0, OTHER, "yes",  TUNK, CNSS, 1, 1, 1, LOCAL, 1, NONE, N, N, M, N },
	{ "value NSS saw unknown, 3.87 ext4", "3.87", 0, OTHER, "?", AFTER, CNSS, 1, 1, 1, LOCAL, 1, POS, M, M, M, Y },
	{ "value NSS saw unknown, 3.28",  "3.28", 0, OTHER, "?",    AFTER, CNSS, 1, 1, 1, LOCAL, 1, POS, M, M, M, N },
	/* softokn not identified */
	{ "softokn unknown",              NULL,   0, OTHER, "yes",  HOST, LOCAL, 1, POS, M, M, M, N },
	{ "softokn 3.11: before the table", "3.11", 0, OTHER, NULL, HOST, LOCAL, 1, POS, M, M, N, N },
	{ "softokn 4.0: after the table", "4.0",  0, OTHER, "yes",  HOST, LOCAL, 1, POS, M, M, M, N },
};

/* sdb.c >= 3.23 uses PR_GetEnvSecure: setuid processes see no variable */
static void test_secure_exec(void **state)
{
	nsscache_version v;
	nsscache_predict_in in;
	nsscache_prediction out;
	(void) state;
	nsscache_version_set(&v, 3, 28);
	memset(&in, 0, sizeof(in));
	in.softokn = &v;
	in.var = NSSCACHE_VAR_YES;
	in.var_value = "yes";
	in.curl = NSSCACHE_CURL_NSS;
	in.db_dir = in.db_cert9 = in.db_writable = in.tempdir_found = 1;
	in.secure_exec = 1;
	nsscache_predict(&in, &out);
	assert_int_equal(out.probe, NSSCACHE_PROBE_EXPECTED);   /* 3.28 unset probes */
	assert_int_equal(out.in_effect, NSSCACHE_NO);
	assert_non_null(strstr(WORDS(nsscache_report_probe_reason, &in, &out), "secure_getenv"));
	/* the first release with PR_GetEnvSecure */
	nsscache_version_set(&v, 3, 23);
	nsscache_predict(&in, &out);
	assert_int_equal(out.probe, NSSCACHE_PROBE_EXPECTED);
	assert_int_equal(out.in_effect, NSSCACHE_NO);
	/* 3.22 still used PR_GetEnv */
	nsscache_version_set(&v, 3, 22);
	nsscache_predict(&in, &out);
	assert_int_equal(out.probe, NSSCACHE_PROBE_NONE);
	assert_int_equal(out.in_effect, NSSCACHE_YES);
}

static void test_prediction_table(void **state)
{
	size_t i;
	(void) state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const predict_row *r = &rows[i];
		nsscache_version sv;
		nsscache_predict_in in;
		nsscache_prediction out;

		memset(&in, 0, sizeof(in));
		if (r->softokn != NULL) {
			assert_int_equal(nsscache_version_parse(r->softokn, strlen(r->softokn), &sv), 0);
			in.softokn = &sv;
		}
		in.softokn_private = r->priv;
		in.distro = r->distro;
		if (r->var != NULL && strcmp(r->var, "?") == 0) {
			in.var = NSSCACHE_VAR_UNKNOWN;
		} else {
			in.var = nsscache_var_classify(r->var);
			in.var_value = r->var;
		}
		in.timing = r->timing;
		in.curl = r->curl;
		in.db_dir = r->db_dir;
		in.db_cert9 = r->cert9;
		in.db_writable = r->writable;
		in.db_fs = r->fs;
		in.db_fs_name = r->fs == LOCAL ? "ext2/ext3/ext4" : NULL;
		in.tempdir_found = r->tempdir;

		nsscache_predict(&in, &out);
		ROW_INT_EQ(i, r->row, out.probe, r->probe);
		ROW_INT_EQ(i, r->row, out.probe_db_dir, r->db);
		ROW_INT_EQ(i, r->row, out.probe_temp_dir, r->tmp);
		ROW_INT_EQ(i, r->row, out.in_effect, r->in_effect);
		ROW_INT_EQ(i, r->row, out.dentries_freed, r->freed);
		/* one sentence each, never empty, never overflowing */
		ROW_INT_EQ(i, r->row, WORDS(nsscache_report_probe_reason, &in, &out)[0] != '\0', 1);
		ROW_INT_EQ(i, r->row, WORDS(nsscache_report_in_effect_reason, &in, &out)[0] != '\0', 1);
		ROW_INT_EQ(i, r->row, strlen(WORDS(nsscache_report_probe_reason, &in, &out)) < 512 - 1, 1);
		ROW_INT_EQ(i, r->row, strlen(WORDS(nsscache_report_in_effect_reason, &in, &out)) < 384 - 1, 1);
		if (getenv("NSSCACHE_UNIT_VERBOSE") != NULL) {
			char why[1024];
			snprintf(why, sizeof(why), "%s", WORDS(nsscache_report_probe_reason, &in, &out));
			print_message("%-50s %-8s %s | %s\n", r->row, nsscache_probe_name(out.probe), why,
				WORDS(nsscache_report_in_effect_reason, &in, &out));
		}
	}
}

typedef struct {
	const char *value;
	nsscache_var want;
} var_row;

static const var_row var_rows[] = {
	/* sdb.c: PR_GetEnvSecure + PORT_Strcasecmp("yes"/"no"); anything else measures */
	{ NULL, NSSCACHE_VAR_UNSET },
	{ "yes", NSSCACHE_VAR_YES }, { "YES", NSSCACHE_VAR_YES }, { "Yes", NSSCACHE_VAR_YES },
	{ "no", NSSCACHE_VAR_NO }, { "NO", NSSCACHE_VAR_NO }, { "nO", NSSCACHE_VAR_NO },
	{ "auto", NSSCACHE_VAR_MEASURE }, { "1", NSSCACHE_VAR_MEASURE }, { "", NSSCACHE_VAR_MEASURE },
	{ "yes ", NSSCACHE_VAR_MEASURE }, { " yes", NSSCACHE_VAR_MEASURE }, { "\"yes\"", NSSCACHE_VAR_MEASURE },
	{ "true", NSSCACHE_VAR_MEASURE }, { "y", NSSCACHE_VAR_MEASURE }, { "0", NSSCACHE_VAR_MEASURE },
};

static void test_var_classify(void **state)
{
	size_t i;
	(void) state;
	for (i = 0; i < sizeof(var_rows) / sizeof(var_rows[0]); i++) {
		ROW_INT_EQ(i, var_rows[i].value != NULL ? var_rows[i].value : "(unset)",
				   nsscache_var_classify(var_rows[i].value), var_rows[i].want);
	}
	assert_string_equal(nsscache_var_name(NSSCACHE_VAR_MEASURE), "measure");
	assert_string_equal(nsscache_var_name(NSSCACHE_VAR_UNKNOWN), "unknown");
}

static void test_profiles(void **state)
{
	static const struct { const char *v; nsscache_distro_family d; nsscache_profile p; } pr[] = {
		{ "3.11", OTHER, NSSCACHE_PROFILE_UNKNOWN },
		{ "3.12", OTHER, NSSCACHE_PROFILE_ALWAYS_DB },
		{ "3.15", OTHER, NSSCACHE_PROFILE_ALWAYS_DB },
		{ "3.14", EL6, NSSCACHE_PROFILE_RHEL6 },
		{ "3.14", EL7, NSSCACHE_PROFILE_ALWAYS_DB },
		{ "3.16", OTHER, NSSCACHE_PROFILE_UNSET_PROBES },
		{ "3.32", OTHER, NSSCACHE_PROFILE_UNSET_PROBES },
		{ "3.33", OTHER, NSSCACHE_PROFILE_UNSET_QUIET },
		{ "3.37", OTHER, NSSCACHE_PROFILE_UNSET_QUIET },
		{ "3.38", OTHER, NSSCACHE_PROFILE_FSTYPE },
		{ "3.87", OTHER, NSSCACHE_PROFILE_FSTYPE },
		{ "3.87", EL6, NSSCACHE_PROFILE_FSTYPE },
		{ "3.53", EL7, NSSCACHE_PROFILE_RHEL7 },
		{ "3.16", EL7, NSSCACHE_PROFILE_RHEL7 },
		{ "4.0", OTHER, NSSCACHE_PROFILE_UNKNOWN },
	};
	size_t i;
	(void) state;
	for (i = 0; i < sizeof(pr) / sizeof(pr[0]); i++) {
		nsscache_version v;
		assert_int_equal(nsscache_version_parse(pr[i].v, strlen(pr[i].v), &v), 0);
		ROW_INT_EQ(i, pr[i].v, nsscache_profile_for(&v, pr[i].d), pr[i].p);
	}
	assert_int_equal(nsscache_profile_for(NULL, OTHER), NSSCACHE_PROFILE_UNKNOWN);
	assert_string_equal(nsscache_profile_name(NSSCACHE_PROFILE_RHEL7), "rhel7");
	assert_string_equal(nsscache_probe_name(NSSCACHE_PROBE_POSSIBLE), "possible");
}

/* NSS version stands in for an unfound softokn, and the reason says so */
static void test_nss_fallback(void **state)
{
	nsscache_version nss;
	nsscache_predict_in in;
	nsscache_prediction out;
	(void) state;
	assert_int_equal(nsscache_version_parse("3.87.1", 6, &nss), 0);
	memset(&in, 0, sizeof(in));
	in.nss = &nss;
	in.var = NSSCACHE_VAR_UNSET;
	in.curl = NSSCACHE_CURL_NSS;
	in.db_dir = in.db_cert9 = in.db_writable = in.tempdir_found = 1;
	in.db_fs = NSSCACHE_FS_LOCAL;
	nsscache_predict(&in, &out);
	assert_int_equal(out.profile, NSSCACHE_PROFILE_FSTYPE);
	assert_int_equal(out.probe, NSSCACHE_PROBE_NONE);
	assert_non_null(strstr(WORDS(nsscache_report_probe_reason, &in, &out), "assumed from NSS"));
}

/* mapping the detection structs onto the prediction's inputs */
static void test_in_from(void **state)
{
	static nsscache_libcurl_info curl;
	static nsscache_nss_info nss;
	static nsscache_softokn_info sk;
	static nsscache_db_info db;
	static nsscache_tempdir_info tmp;
	nsscache_distro d;
	nsscache_version vs[2];
	nsscache_predict_in in;
	nsscache_prediction out;
	(void) state;

	memset(&d, 0, sizeof(d));
	d.family = NSSCACHE_DISTRO_RHEL7;
	curl.found = 1;
	curl.backend_nss = 1;
	nss.found = 1;
	snprintf(nss.version, sizeof(nss.version), "3.53.1");
	sk.found = 1;
	sk.major = 3;
	sk.minor = 53;
	sk.system_build = 1;
	db.source = NSSCACHE_DB_SSL_DIR;
	db.cert9 = db.writable = 1;
	db.fs.ok = 1;
	db.fs.cls = NSSCACHE_FS_LOCAL;
	snprintf(db.fs.name, sizeof(db.fs.name), "xfs");
	tmp.found = 1;

	nsscache_predict_in_from(&in, vs, &curl, &nss, &sk, &d, &db, &tmp, NULL, NSSCACHE_TIMING_BEFORE_OPEN);
	assert_non_null(in.softokn);
	assert_int_equal(in.softokn->minor, 53);
	assert_non_null(in.nss);
	assert_int_equal(in.nss->patch, 1);
	assert_false(in.softokn_private);
	assert_int_equal(in.curl, NSSCACHE_CURL_NSS);
	assert_true(in.db_dir && in.db_cert9 && in.db_writable && in.tempdir_found);
	assert_string_equal(in.db_fs_name, "xfs");
	assert_int_equal(in.var, NSSCACHE_VAR_UNSET);
	assert_int_equal(in.secure_exec, 0);
	nsscache_predict(&in, &out);
	/* BACKGROUND "RHEL7 nss-softokn 3.36 - 3.53 | probe" */
	assert_int_equal(out.probe, NSSCACHE_PROBE_EXPECTED);

	nsscache_predict_in_from(&in, vs, &curl, &nss, &sk, &d, &db, &tmp, "yes", NSSCACHE_TIMING_BEFORE_OPEN);
	nsscache_predict(&in, &out);
	assert_int_equal(out.probe, NSSCACHE_PROBE_NONE);
	assert_int_equal(out.in_effect, NSSCACHE_YES);

	/* unknowns: no curl struct, no libcurl found, nothing else */
	nsscache_predict_in_from(&in, vs, NULL, NULL, NULL, NULL, NULL, NULL, "1", NSSCACHE_TIMING_UNKNOWN);
	assert_int_equal(in.curl, NSSCACHE_CURL_UNKNOWN);
	assert_null(in.softokn);
	assert_null(in.nss);
	assert_false(in.db_dir);
	assert_int_equal(in.var, NSSCACHE_VAR_MEASURE);
	curl.found = 0;
	curl.candidates = 0;
	sk.system_build = 0;
	nsscache_predict_in_from(&in, vs, &curl, &nss, &sk, &d, &db, &tmp, NULL, NSSCACHE_TIMING_BEFORE_OPEN);
	assert_int_equal(in.curl, NSSCACHE_CURL_ABSENT);
	assert_true(in.softokn_private);
	curl.candidates = 1;
	nsscache_predict_in_from(&in, vs, &curl, &nss, &sk, &d, &db, &tmp, NULL, NSSCACHE_TIMING_BEFORE_OPEN);
	assert_int_equal(in.curl, NSSCACHE_CURL_UNKNOWN);
}

/* the sentences a sysadmin reads */
static void test_reason_text(void **state)
{
	nsscache_version v;
	nsscache_predict_in in;
	nsscache_prediction out;
	(void) state;
	nsscache_version_set(&v, 3, 87);
	memset(&in, 0, sizeof(in));
	in.softokn = &v;
	in.var = NSSCACHE_VAR_MEASURE;
	in.var_value = "1";
	in.curl = NSSCACHE_CURL_NSS;
	in.db_dir = in.db_cert9 = in.db_writable = in.tempdir_found = 1;
	in.db_fs = NSSCACHE_FS_LOCAL;
	nsscache_predict(&in, &out);
	assert_non_null(strstr(WORDS(nsscache_report_probe_reason, &in, &out), "NSS_SDB_USE_CACHE=\"1\""));
	assert_non_null(strstr(WORDS(nsscache_report_probe_reason, &in, &out), "softokn 3.87"));
	assert_non_null(strstr(WORDS(nsscache_report_probe_reason, &in, &out), "NSS_SDB_USE_CACHE=yes before the first TLS use"));
	assert_non_null(strstr(WORDS(nsscache_report_in_effect_reason, &in, &out), "not in effect"));

	in.var = NSSCACHE_VAR_UNSET;
	in.var_value = NULL;
	in.db_fs_name = "ext2/ext3/ext4";
	nsscache_predict(&in, &out);
	assert_non_null(strstr(WORDS(nsscache_report_probe_reason, &in, &out), "FUSE"));
	assert_non_null(strstr(WORDS(nsscache_report_probe_reason, &in, &out), "ext2/ext3/ext4"));

	in.var = NSSCACHE_VAR_YES;
	nsscache_predict(&in, &out);
	assert_non_null(strstr(WORDS(nsscache_report_in_effect_reason, &in, &out), "honours it"));

	/* a 300-byte value does not overflow the reason */
	{
		char big[300];
		memset(big, 'x', sizeof(big) - 1);
		big[sizeof(big) - 1] = '\0';
		in.var = NSSCACHE_VAR_MEASURE;
		in.var_value = big;
		nsscache_predict(&in, &out);
		assert_true(strlen(WORDS(nsscache_report_probe_reason, &in, &out)) < 512);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prediction_table),
		cmocka_unit_test(test_secure_exec),
		cmocka_unit_test(test_var_classify),
		cmocka_unit_test(test_profiles),
		cmocka_unit_test(test_nss_fallback),
		cmocka_unit_test(test_in_from),
		cmocka_unit_test(test_reason_text),
	};
	return cmocka_run_group_tests_name("predict", tests, NULL, NULL);
}
