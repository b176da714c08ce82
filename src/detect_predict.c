/* The softokn behaviour table as code. Sources, NSS lib/softoken/sdb.c:
 *  - s_open(): the DB-directory probe (sdb_measureAccess(directory)); in
 *    3.12.3-3.15 unconditional, 3.16-3.32 unless yes/no (Mozilla 956082),
 *    >= 3.33 only for a "measure" value (Mozilla 1382736).
 *  - sdb_init(): the temp-dir probe, after the DB file was opened; >= 3.38
 *    statfs()es the DB when the variable is unset (Mozilla 1456888).
 *  - sdb_measureAccess(): with SDB_MEASURE_USE_TEMP_DIR (upstream Linux,
 *    effective from 3.69, Mozilla 1720227) it probes inside a mkdtemp dir
 *    that it removes; if mkdtemp fails (DB dir not writable) it returns at once.
 * Distribution patches: RHEL6 nss-softokn 3.14.3-12.el6 (RH bz 1044666)
 * honours yes/no; RHEL7 nss-softokn-fs-probe.patch keeps "unset probes". */
#include "detect_predict.h"

#include <string.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif

nsscache_profile nsscache_profile_for(const nsscache_version *v, nsscache_distro_family distro)
{
	if (v == NULL || !nsscache_version_at_least(v, 3, 12, 0) || v->major > 3) {
		/* the table starts at 3.12.3; a softokn 4 would be a new story */
		return NSSCACHE_PROFILE_UNKNOWN;
	}
	if (!nsscache_version_at_least(v, 3, 16, 0)) {
		/* C_GetInfo gives 3.12 for 3.12.0-3.12.2 too: assume the probing 3.12.3+ code */
		return distro == NSSCACHE_DISTRO_RHEL6 ? NSSCACHE_PROFILE_RHEL6 : NSSCACHE_PROFILE_ALWAYS_DB;
	}
	if (distro == NSSCACHE_DISTRO_RHEL7) {
		return NSSCACHE_PROFILE_RHEL7;
	}
	if (!nsscache_version_at_least(v, 3, 33, 0)) {
		return NSSCACHE_PROFILE_UNSET_PROBES;
	}
	if (!nsscache_version_at_least(v, 3, 38, 0)) {
		return NSSCACHE_PROFILE_UNSET_QUIET;
	}
	return NSSCACHE_PROFILE_FSTYPE;
}

/* The behaviour table (BACKGROUND.md "Softokn behaviour by version"): where
 * each softokn variant probes, by the variable's class and the DB's
 * filesystem class, before the per-host conditions (DB file present, dir
 * writable, temp dir found). The first matching row wins. */
#define Y NSSCACHE_YES
#define N NSSCACHE_NO
#define M NSSCACHE_MAYBE
#define ANY_FS (-1)
typedef enum { V_UNSET, V_YESNO, V_MEASURE, V_ANY } var_col;
static const struct {
	nsscache_profile profile;
	var_col var;
	int fs;                     /* nsscache_fs_class, or ANY_FS */
	nsscache_tri db, tmp;       /* probe in the DB dir, in the temp dir */
} behaviour[] = {
	/* 3.12.3 - 3.15 upstream: unset probes both; yes/no still probe the DB dir */
	{ NSSCACHE_PROFILE_ALWAYS_DB,    V_UNSET,   ANY_FS,              Y, Y },
	{ NSSCACHE_PROFILE_ALWAYS_DB,    V_YESNO,   ANY_FS,              Y, N },
	{ NSSCACHE_PROFILE_ALWAYS_DB,    V_MEASURE, ANY_FS,              Y, Y },
	/* RHEL6 3.14.3-12.el6+: yes/no honoured, but -12 is invisible in major.minor */
	{ NSSCACHE_PROFILE_RHEL6,        V_UNSET,   ANY_FS,              Y, Y },
	{ NSSCACHE_PROFILE_RHEL6,        V_YESNO,   ANY_FS,              M, N },
	{ NSSCACHE_PROFILE_RHEL6,        V_MEASURE, ANY_FS,              Y, Y },
	/* 3.16 - 3.32 upstream (Mozilla 956082), and RHEL7's fs-probe patch */
	{ NSSCACHE_PROFILE_UNSET_PROBES, V_YESNO,   ANY_FS,              N, N },
	{ NSSCACHE_PROFILE_UNSET_PROBES, V_ANY,     ANY_FS,              Y, Y },
	{ NSSCACHE_PROFILE_RHEL7,        V_YESNO,   ANY_FS,              N, N },
	{ NSSCACHE_PROFILE_RHEL7,        V_ANY,     ANY_FS,              Y, Y },
	/* 3.33 - 3.37 (Mozilla 1382736): only "measure" probes */
	{ NSSCACHE_PROFILE_UNSET_QUIET,  V_MEASURE, ANY_FS,              Y, Y },
	{ NSSCACHE_PROFILE_UNSET_QUIET,  V_ANY,     ANY_FS,              N, N },
	/* >= 3.38 (Mozilla 1456888): unset statfs()es the DB; FUSE/CODA/NCP probe the temp dir */
	{ NSSCACHE_PROFILE_FSTYPE,       V_MEASURE, ANY_FS,              Y, Y },
	{ NSSCACHE_PROFILE_FSTYPE,       V_UNSET,   NSSCACHE_FS_MEASURE, N, Y },
	{ NSSCACHE_PROFILE_FSTYPE,       V_ANY,     ANY_FS,              N, N },
	/* outside the table */
	{ NSSCACHE_PROFILE_UNKNOWN,      V_ANY,     ANY_FS,              M, M },
};

static void cells(nsscache_profile p, int priv, nsscache_var var, nsscache_fs_class fs,
				  nsscache_tri *db, nsscache_tri *tmp)
{
	var_col col = var == NSSCACHE_VAR_UNSET ? V_UNSET
		: var == NSSCACHE_VAR_YES || var == NSSCACHE_VAR_NO ? V_YESNO : V_MEASURE;
	size_t i;

	*db = *tmp = NSSCACHE_MAYBE;
	for (i = 0; i < sizeof(behaviour) / sizeof(behaviour[0]); i++) {
		if (behaviour[i].profile == p && (behaviour[i].var == V_ANY || behaviour[i].var == col)
				&& (behaviour[i].fs == ANY_FS || behaviour[i].fs == (int) fs)) {
			*db = behaviour[i].db;
			*tmp = behaviour[i].tmp;
			break;
		}
	}
	/* A private build may carry a distribution patch (RHEL7's keeps "unset
	 * probes") that its version cannot show: its unset default is unknowable. */
	if (priv && var == NSSCACHE_VAR_UNSET) {
		if (*db == NSSCACHE_NO) {
			*db = NSSCACHE_MAYBE;
		}
		if (*tmp == NSSCACHE_NO) {
			*tmp = NSSCACHE_MAYBE;
		}
	}
}
#undef Y
#undef N
#undef M

static nsscache_tri merge(nsscache_tri a, nsscache_tri b)
{
	return a == b ? a : NSSCACHE_MAYBE;
}

static nsscache_tri both(nsscache_tri cond, nsscache_tri cell)
{
	if (cond == NSSCACHE_NO || cell == NSSCACHE_NO) {
		return NSSCACHE_NO;
	}
	if (cond == NSSCACHE_YES && cell == NSSCACHE_YES) {
		return NSSCACHE_YES;
	}
	return NSSCACHE_MAYBE;
}

/* in_effect: yes/no, set before the DB was opened, honoured by this softokn */
static void predict_effect(const nsscache_predict_in *in, nsscache_prediction *out)
{
	static const struct { nsscache_profile p; nsscache_tri t; nsscache_effect_why why; } by_profile[] = {
		{ NSSCACHE_PROFILE_UNKNOWN,   NSSCACHE_MAYBE, NSSCACHE_EFFECT_PROFILE_UNKNOWN },
		{ NSSCACHE_PROFILE_ALWAYS_DB, NSSCACHE_NO,    NSSCACHE_EFFECT_ALWAYS_DB },
		{ NSSCACHE_PROFILE_RHEL6,     NSSCACHE_MAYBE, NSSCACHE_EFFECT_RHEL6 },
	};
	size_t i;

	/* Without an NSS libcurl there is nothing for the setting to act on:
	 * neither "in effect" nor "not in effect" would be true. */
	if (in->curl == NSSCACHE_CURL_ABSENT || in->curl == NSSCACHE_CURL_OTHER_TLS) {
		out->in_effect = NSSCACHE_MAYBE;
		out->effect_why = in->curl == NSSCACHE_CURL_ABSENT ? NSSCACHE_EFFECT_NO_CURL : NSSCACHE_EFFECT_CURL_OTHER_TLS;
		return;
	}
	if (out->var == NSSCACHE_VAR_UNSET || out->var == NSSCACHE_VAR_MEASURE) {
		out->in_effect = NSSCACHE_NO;
		out->effect_why = NSSCACHE_EFFECT_VAR_NOT_YESNO;
		return;
	}
	if (out->var == NSSCACHE_VAR_UNKNOWN) {
		out->in_effect = NSSCACHE_MAYBE;
		out->effect_why = NSSCACHE_EFFECT_VAR_UNKNOWN;
		return;
	}
	if (in->timing != NSSCACHE_TIMING_BEFORE_OPEN) {
		out->in_effect = in->timing == NSSCACHE_TIMING_AFTER_OPEN ? NSSCACHE_NO : NSSCACHE_MAYBE;
		out->effect_why = in->timing == NSSCACHE_TIMING_AFTER_OPEN
			? NSSCACHE_EFFECT_SET_AFTER_OPEN : NSSCACHE_EFFECT_TIMING_UNKNOWN;
		return;
	}
	out->in_effect = NSSCACHE_YES;
	out->effect_why = NSSCACHE_EFFECT_HONOURED;
	for (i = 0; i < sizeof(by_profile) / sizeof(by_profile[0]); i++) {
		if (by_profile[i].p == out->profile) {
			out->in_effect = by_profile[i].t;
			out->effect_why = by_profile[i].why;
		}
	}
}

/* Why the table says "possible" for this process. */
static nsscache_probe_why possible_why(const nsscache_predict_in *in, const nsscache_prediction *out)
{
	if (in->curl == NSSCACHE_CURL_UNKNOWN) {
		return NSSCACHE_WHY_CURL_UNKNOWN;
	}
	if (out->var == NSSCACHE_VAR_UNKNOWN) {
		return NSSCACHE_WHY_VAR_UNKNOWN;
	}
	if (out->profile == NSSCACHE_PROFILE_UNKNOWN) {
		return NSSCACHE_WHY_PROFILE_UNKNOWN;
	}
	if (out->profile == NSSCACHE_PROFILE_RHEL6) {
		return NSSCACHE_WHY_RHEL6_PATCH;
	}
	if (in->softokn_private && out->var == NSSCACHE_VAR_UNSET) {
		return NSSCACHE_WHY_PRIVATE_PATCH;
	}
	if (in->db_unchecked || in->tempdir_unchecked) {
		return NSSCACHE_WHY_NOT_CHECKED;
	}
	return NSSCACHE_WHY_MKDTEMP_UNKNOWN;
}

void nsscache_predict(const nsscache_predict_in *in, nsscache_prediction *out)
{
	const nsscache_version *v = in->softokn != NULL ? in->softokn : in->nss;
	nsscache_tri db = NSSCACHE_NO, tmp = NSSCACHE_NO, table_db, table_tmp, mkdtemp_build, cond, have_tmp;
	int priv = in->softokn_private;

	memset(out, 0, sizeof(*out));
	out->var = in->var;
	/* softokn >= 3.23 reads the variable with PR_GetEnvSecure (secure_getenv):
	 * in a secure-execution process it sees no variable at all */
	if (in->secure_exec && v != NULL && nsscache_version_at_least(v, 3, 23, 0)
		&& in->var != NSSCACHE_VAR_UNSET && in->var != NSSCACHE_VAR_UNKNOWN) {
		out->var = NSSCACHE_VAR_UNSET;
		out->secure_ignored = 1;
	}
	out->profile = nsscache_profile_for(v, in->distro);
	out->dentries_freed = NSSCACHE_NO;
	predict_effect(in, out);

	/* ---- probe */
	if (in->curl == NSSCACHE_CURL_ABSENT || in->curl == NSSCACHE_CURL_OTHER_TLS || !in->db_dir) {
		out->probe = NSSCACHE_PROBE_NONE;
		out->probe_db_dir = out->probe_temp_dir = NSSCACHE_NO;
		out->why = in->curl == NSSCACHE_CURL_ABSENT ? NSSCACHE_WHY_NO_CURL
			: in->curl == NSSCACHE_CURL_OTHER_TLS ? NSSCACHE_WHY_CURL_OTHER_TLS : NSSCACHE_WHY_NO_DB;
		return;
	}

	if (out->var == NSSCACHE_VAR_UNKNOWN) {
		nsscache_tri d2, t2;
		cells(out->profile, priv, NSSCACHE_VAR_UNSET, in->db_fs, &db, &tmp);
		cells(out->profile, priv, NSSCACHE_VAR_YES, in->db_fs, &d2, &t2);
		db = merge(db, d2); tmp = merge(tmp, t2);
		cells(out->profile, priv, NSSCACHE_VAR_MEASURE, in->db_fs, &d2, &t2);
		db = merge(db, d2); tmp = merge(tmp, t2);
	} else {
		cells(out->profile, priv, out->var, in->db_fs, &db, &tmp);
	}
	if (in->db_unchecked && out->profile == NSSCACHE_PROFILE_FSTYPE && out->var == NSSCACHE_VAR_UNSET) {
		/* the DB's filesystem decides, and it was not looked at */
		tmp = merge(tmp, NSSCACHE_YES);
	}
	table_db = db;
	table_tmp = tmp;

	/* sdb_measureAccess's mkdtemp variant: upstream Linux builds from 3.69 */
	if (out->profile == NSSCACHE_PROFILE_FSTYPE && nsscache_version_at_least(v, 3, 69, 0)) {
		mkdtemp_build = priv ? NSSCACHE_MAYBE : NSSCACHE_YES;
	} else if (out->profile == NSSCACHE_PROFILE_FSTYPE && priv) {
		mkdtemp_build = NSSCACHE_MAYBE;
	} else {
		mkdtemp_build = NSSCACHE_NO;
	}
	if (in->db_unchecked) {
		db = both(NSSCACHE_MAYBE, db);
	} else if (!in->db_writable) {
		cond = mkdtemp_build == NSSCACHE_YES ? NSSCACHE_NO : mkdtemp_build == NSSCACHE_MAYBE ? NSSCACHE_MAYBE : NSSCACHE_YES;
		db = both(cond, db);
	}
	/* sdb_init measures the temp dir only after opening cert9.db read-only */
	have_tmp = in->db_unchecked || in->tempdir_unchecked ? NSSCACHE_MAYBE
		: in->db_cert9 && in->tempdir_found ? NSSCACHE_YES : NSSCACHE_NO;
	tmp = both(have_tmp, tmp);
	if (in->curl == NSSCACHE_CURL_UNKNOWN) {
		db = both(NSSCACHE_MAYBE, db);
		tmp = both(NSSCACHE_MAYBE, tmp);
	}
	out->probe_db_dir = db;
	out->probe_temp_dir = tmp;
	out->dentries_freed = (db != NSSCACHE_NO || tmp != NSSCACHE_NO) ? mkdtemp_build : NSSCACHE_NO;

	if (db == NSSCACHE_YES || tmp == NSSCACHE_YES) {
		out->probe = NSSCACHE_PROBE_EXPECTED;
		out->why = NSSCACHE_WHY_PROBES;
	} else if (db == NSSCACHE_MAYBE || tmp == NSSCACHE_MAYBE) {
		out->probe = NSSCACHE_PROBE_POSSIBLE;
		out->why = possible_why(in, out);
	} else if (table_db == NSSCACHE_NO && table_tmp == NSSCACHE_NO) {
		/* the table itself says no probe for this value */
		out->probe = NSSCACHE_PROBE_NONE;
		if (out->var == NSSCACHE_VAR_YES || out->var == NSSCACHE_VAR_NO) {
			out->why = NSSCACHE_WHY_SKIPS;
		} else if (out->profile == NSSCACHE_PROFILE_FSTYPE) {
			out->why = in->db_fs == NSSCACHE_FS_NETWORK ? NSSCACHE_WHY_NETWORK_FS : NSSCACHE_WHY_LOCAL_FS;
		} else {
			out->why = out->profile == NSSCACHE_PROFILE_UNSET_QUIET ? NSSCACHE_WHY_QUIET : NSSCACHE_WHY_NO_PROBE;
		}
	} else {
		/* the table says probe, this host prevents it */
		out->probe = NSSCACHE_PROBE_NONE;
		out->why = NSSCACHE_WHY_HOST_PREVENTS;
		out->db_blocked = table_db != NSSCACHE_NO;
		out->tmp_blocked = table_tmp != NSSCACHE_NO;
		out->tmp_blocked_no_cert9 = !in->db_cert9;
	}
}

void nsscache_predict_in_from(nsscache_predict_in *in, nsscache_version versions[2],
							  const nsscache_libcurl_info *curl, const nsscache_nss_info *nss,
							  const nsscache_softokn_info *softokn, const nsscache_distro *distro,
							  const nsscache_db_info *db, const nsscache_tempdir_info *tmp,
							  const char *var_value, nsscache_timing timing)
{
	memset(in, 0, sizeof(*in));
	if (softokn != NULL && softokn->found) {
		nsscache_version_set(&versions[0], softokn->major, softokn->minor);
		in->softokn = &versions[0];
		in->softokn_private = !softokn->system_build;
	}
	if (nss != NULL && nss->found && nsscache_version_parse(nss->version, strlen(nss->version), &versions[1]) == 0) {
		in->nss = &versions[1];
	}
	in->distro = distro != NULL ? distro->family : NSSCACHE_DISTRO_OTHER;
	in->var = nsscache_var_classify(var_value);
	in->var_value = var_value;
	in->timing = timing;
	if (curl == NULL) {
		in->curl = NSSCACHE_CURL_UNKNOWN;
	} else if (!curl->found) {
		/* "no libcurl" from the scan is a fact; a libcurl without version info is not */
		in->curl = curl->candidates == 0 ? NSSCACHE_CURL_ABSENT : NSSCACHE_CURL_UNKNOWN;
	} else {
		in->curl = curl->backend_nss ? NSSCACHE_CURL_NSS : NSSCACHE_CURL_OTHER_TLS;
	}
	if (db != NULL && db->source != NSSCACHE_DB_NONE) {
		in->db_dir = 1;
		in->db_unchecked = db->hidden;
		in->db_cert9 = db->cert9;
		in->db_writable = db->writable;
		in->db_fs = db->fs.cls;
		in->db_fs_name = db->fs.ok ? db->fs.name : NULL;
	}
	in->tempdir_found = tmp != NULL && tmp->found;
	in->tempdir_unchecked = tmp != NULL && tmp->hidden;
#if defined(__linux__)
	/* PR_GetEnvSecure is secure_getenv: it hides the variable when AT_SECURE is set */
	in->secure_exec = getauxval(AT_SECURE) != 0;
#endif
}
