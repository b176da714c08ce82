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

#include <stdio.h>
#include <string.h>
#include <strings.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif

nsscache_var nsscache_var_classify(const char *value)
{
	if (value == NULL) {
		return NSSCACHE_VAR_UNSET;
	}
	if (strcasecmp(value, "yes") == 0) {
		return NSSCACHE_VAR_YES;
	}
	if (strcasecmp(value, "no") == 0) {
		return NSSCACHE_VAR_NO;
	}
	return NSSCACHE_VAR_MEASURE;
}

const char *nsscache_var_name(nsscache_var v)
{
	switch (v) {
	case NSSCACHE_VAR_UNSET:   return "unset";
	case NSSCACHE_VAR_YES:     return "yes";
	case NSSCACHE_VAR_NO:      return "no";
	case NSSCACHE_VAR_MEASURE: return "measure";
	case NSSCACHE_VAR_UNKNOWN: break;
	}
	return "unknown";
}

const char *nsscache_probe_name(nsscache_probe p)
{
	switch (p) {
	case NSSCACHE_PROBE_NONE:     return "none";
	case NSSCACHE_PROBE_EXPECTED: return "expected";
	case NSSCACHE_PROBE_POSSIBLE: break;
	}
	return "possible";
}

const char *nsscache_profile_name(nsscache_profile p)
{
	switch (p) {
	case NSSCACHE_PROFILE_ALWAYS_DB:    return "3.12.3-3.15";
	case NSSCACHE_PROFILE_RHEL6:        return "rhel6";
	case NSSCACHE_PROFILE_UNSET_PROBES: return "3.16-3.32";
	case NSSCACHE_PROFILE_RHEL7:        return "rhel7";
	case NSSCACHE_PROFILE_UNSET_QUIET:  return "3.33-3.37";
	case NSSCACHE_PROFILE_FSTYPE:       return ">=3.38";
	case NSSCACHE_PROFILE_UNKNOWN:      break;
	}
	return "unknown";
}

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

/* Where each softokn variant probes for one variable value, before the
 * per-host conditions (DB file present, dir writable, temp dir found). */
static void cells(nsscache_profile p, int priv, nsscache_var var, nsscache_fs_class fs,
				  nsscache_tri *db, nsscache_tri *tmp)
{
	int yesno = var == NSSCACHE_VAR_YES || var == NSSCACHE_VAR_NO;

	switch (p) {
	case NSSCACHE_PROFILE_ALWAYS_DB:
		*db = NSSCACHE_YES;
		*tmp = yesno ? NSSCACHE_NO : NSSCACHE_YES;
		break;
	case NSSCACHE_PROFILE_RHEL6:
		*db = yesno ? NSSCACHE_MAYBE : NSSCACHE_YES;
		*tmp = yesno ? NSSCACHE_NO : NSSCACHE_YES;
		break;
	case NSSCACHE_PROFILE_UNSET_PROBES:
	case NSSCACHE_PROFILE_RHEL7:
		*db = *tmp = yesno ? NSSCACHE_NO : NSSCACHE_YES;
		break;
	case NSSCACHE_PROFILE_UNSET_QUIET:
		*db = *tmp = var == NSSCACHE_VAR_MEASURE ? NSSCACHE_YES : NSSCACHE_NO;
		break;
	case NSSCACHE_PROFILE_FSTYPE:
		*db = var == NSSCACHE_VAR_MEASURE ? NSSCACHE_YES : NSSCACHE_NO;
		*tmp = var == NSSCACHE_VAR_MEASURE
			|| (var == NSSCACHE_VAR_UNSET && fs == NSSCACHE_FS_MEASURE) ? NSSCACHE_YES : NSSCACHE_NO;
		break;
	case NSSCACHE_PROFILE_UNKNOWN:
	default:
		*db = *tmp = NSSCACHE_MAYBE;
		break;
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

static const char *tri_where(nsscache_tri db, nsscache_tri tmp)
{
	if (db != NSSCACHE_NO && tmp != NSSCACHE_NO) {
		return "the DB directory and the temp directory";
	}
	return db != NSSCACHE_NO ? "the DB directory" : "the temp directory";
}

static void var_phrase(const nsscache_predict_in *in, char *buf, size_t len)
{
	switch (in->var) {
	case NSSCACHE_VAR_UNSET:
		snprintf(buf, len, in->secure_exec == 2 ? "NSS_SDB_USE_CACHE ignored (a setuid/setgid process: NSS reads it with secure_getenv)"
												: "NSS_SDB_USE_CACHE unset");
		break;
	case NSSCACHE_VAR_YES:
	case NSSCACHE_VAR_NO:
		snprintf(buf, len, "NSS_SDB_USE_CACHE=%s", nsscache_var_name(in->var));
		break;
	case NSSCACHE_VAR_MEASURE:
		if (in->var_value != NULL) {
			snprintf(buf, len, "NSS_SDB_USE_CACHE=\"%.32s\" (NSS treats anything but yes/no as \"measure\")", in->var_value);
		} else {
			snprintf(buf, len, "NSS_SDB_USE_CACHE set to a value other than yes/no (\"measure\")");
		}
		break;
	case NSSCACHE_VAR_UNKNOWN:
	default:
		snprintf(buf, len, "an unknown NSS_SDB_USE_CACHE value");
		break;
	}
}

static void softokn_phrase(const nsscache_predict_in *in, const nsscache_version *v, nsscache_profile p,
						   char *buf, size_t len)
{
	char ver[12];
	const char *what = "";

	if (v == NULL) {
		snprintf(buf, len, "an unknown softokn version");
		return;
	}
	/* C_GetInfo's CK_VERSION bytes, or a parsed NSS version: never above 5 digits each */
	snprintf(ver, sizeof(ver), "%hu.%hu", (unsigned short) v->major, (unsigned short) v->minor);
	switch (p) {
	case NSSCACHE_PROFILE_RHEL6:        what = " (RHEL 6)"; break;
	case NSSCACHE_PROFILE_RHEL7:        what = " (RHEL/CentOS 7, which probes by default)"; break;
	case NSSCACHE_PROFILE_ALWAYS_DB:    what = " (before 3.16)"; break;
	case NSSCACHE_PROFILE_UNKNOWN:      what = " (outside the known table)"; break;
	default: break;
	}
	snprintf(buf, len, "%ssoftokn %s%s%s", in->softokn_private ? "a private build of " : "", ver, what,
			 in->softokn == NULL ? " (assumed from NSS; softokn not found)" : "");
}

void nsscache_predict(const nsscache_predict_in *in, nsscache_prediction *out)
{
	const nsscache_version *v = in->softokn != NULL ? in->softokn : in->nss;
	nsscache_tri db = NSSCACHE_NO, tmp = NSSCACHE_NO, table_db, table_tmp, mkdtemp_build, cond;
	char sv[128], vp[112];
	int priv = in->softokn_private;

	nsscache_predict_in eff;

	memset(out, 0, sizeof(*out));
	/* softokn >= 3.23 reads the variable with PR_GetEnvSecure (secure_getenv):
	 * in a secure-execution process it sees no variable at all */
	if (in->secure_exec && v != NULL && nsscache_version_at_least(v, 3, 23, 0)
		&& in->var != NSSCACHE_VAR_UNSET && in->var != NSSCACHE_VAR_UNKNOWN) {
		eff = *in;
		eff.var = NSSCACHE_VAR_UNSET;
		eff.var_value = NULL;
		eff.secure_exec = 2; /* marks "ignored" for var_phrase */
		in = &eff;
	}
	out->profile = nsscache_profile_for(v, in->distro);
	out->dentries_freed = NSSCACHE_NO;
	softokn_phrase(in, v, out->profile, sv, sizeof(sv));
	var_phrase(in, vp, sizeof(vp));

	/* ---- in_effect: yes/no, set before the DB was opened, honoured by this softokn */
	if (in->var == NSSCACHE_VAR_UNSET || in->var == NSSCACHE_VAR_MEASURE) {
		out->in_effect = NSSCACHE_NO;
		snprintf(out->in_effect_reason, sizeof(out->in_effect_reason), "%s, so the cache setting is not in effect", vp);
	} else if (in->var == NSSCACHE_VAR_UNKNOWN) {
		out->in_effect = NSSCACHE_MAYBE;
		snprintf(out->in_effect_reason, sizeof(out->in_effect_reason), "the value NSS saw when it opened the database is not known");
	} else if (in->timing == NSSCACHE_TIMING_AFTER_OPEN) {
		out->in_effect = NSSCACHE_NO;
		snprintf(out->in_effect_reason, sizeof(out->in_effect_reason), "%s was set after NSS had opened the database, which NSS does once per process", vp);
	} else if (in->timing == NSSCACHE_TIMING_UNKNOWN) {
		out->in_effect = NSSCACHE_MAYBE;
		snprintf(out->in_effect_reason, sizeof(out->in_effect_reason), "it is not known whether %s was set before NSS opened the database", vp);
	} else if (out->profile == NSSCACHE_PROFILE_UNKNOWN) {
		out->in_effect = NSSCACHE_MAYBE;
		snprintf(out->in_effect_reason, sizeof(out->in_effect_reason), "%s, but %s: whether it honours the variable is unknown", vp, sv);
	} else if (out->profile == NSSCACHE_PROFILE_ALWAYS_DB) {
		out->in_effect = NSSCACHE_NO;
		snprintf(out->in_effect_reason, sizeof(out->in_effect_reason), "%s, but %s still probes the DB directory (fixed in 3.16, Mozilla 956082)", vp, sv);
	} else if (out->profile == NSSCACHE_PROFILE_RHEL6) {
		out->in_effect = NSSCACHE_MAYBE;
		snprintf(out->in_effect_reason, sizeof(out->in_effect_reason), "%s; RHEL 6 nss-softokn honours it from 3.14.3-12.el6 (RH bz 1044666), which major.minor %d.%d cannot show", vp, v->major, v->minor);
	} else {
		out->in_effect = NSSCACHE_YES;
		snprintf(out->in_effect_reason, sizeof(out->in_effect_reason), "%s was set before NSS opened the database and %s honours it", vp, sv);
	}

	/* Without an NSS libcurl there is nothing for the setting to act on:
	 * neither "in effect" nor "not in effect" would be true. */
	if (in->curl == NSSCACHE_CURL_ABSENT || in->curl == NSSCACHE_CURL_OTHER_TLS) {
		out->in_effect = NSSCACHE_MAYBE;
		snprintf(out->in_effect_reason, sizeof(out->in_effect_reason), "%s, so NSS_SDB_USE_CACHE has nothing to act on here",
				 in->curl == NSSCACHE_CURL_ABSENT ? "no libcurl is loaded in this process" : "this process's libcurl does not use NSS");
	}

	/* ---- probe */
	if (in->curl == NSSCACHE_CURL_ABSENT || in->curl == NSSCACHE_CURL_OTHER_TLS) {
		out->probe = NSSCACHE_PROBE_NONE;
		out->probe_db_dir = out->probe_temp_dir = NSSCACHE_NO;
		snprintf(out->reason, sizeof(out->reason), "%s, so libcurl opens no NSS database and nothing probes",
				 in->curl == NSSCACHE_CURL_ABSENT ? "No libcurl is loaded in this process" : "This process's libcurl does not use NSS");
		return;
	}
	if (!in->db_dir) {
		out->probe = NSSCACHE_PROBE_NONE;
		out->probe_db_dir = out->probe_temp_dir = NSSCACHE_NO;
		snprintf(out->reason, sizeof(out->reason), "libcurl-NSS opens no certificate database here (SSL_DIR is not a directory and /etc/pki/nssdb is absent), so nothing probes");
		return;
	}

	if (in->var == NSSCACHE_VAR_UNKNOWN) {
		nsscache_tri d2, t2;
		cells(out->profile, priv, NSSCACHE_VAR_UNSET, in->db_fs, &db, &tmp);
		cells(out->profile, priv, NSSCACHE_VAR_YES, in->db_fs, &d2, &t2);
		db = merge(db, d2); tmp = merge(tmp, t2);
		cells(out->profile, priv, NSSCACHE_VAR_MEASURE, in->db_fs, &d2, &t2);
		db = merge(db, d2); tmp = merge(tmp, t2);
	} else {
		cells(out->profile, priv, in->var, in->db_fs, &db, &tmp);
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
	if (!in->db_writable) {
		cond = mkdtemp_build == NSSCACHE_YES ? NSSCACHE_NO : mkdtemp_build == NSSCACHE_MAYBE ? NSSCACHE_MAYBE : NSSCACHE_YES;
		db = both(cond, db);
	}
	/* sdb_init measures the temp dir only after opening cert9.db read-only */
	tmp = both(in->db_cert9 && in->tempdir_found ? NSSCACHE_YES : NSSCACHE_NO, tmp);
	if (in->curl == NSSCACHE_CURL_UNKNOWN) {
		db = both(NSSCACHE_MAYBE, db);
		tmp = both(NSSCACHE_MAYBE, tmp);
	}
	out->probe_db_dir = db;
	out->probe_temp_dir = tmp;
	out->dentries_freed = (db != NSSCACHE_NO || tmp != NSSCACHE_NO) ? mkdtemp_build : NSSCACHE_NO;

	if (db == NSSCACHE_YES || tmp == NSSCACHE_YES) {
		const char *after;
		out->probe = NSSCACHE_PROBE_EXPECTED;
		if (out->dentries_freed == NSSCACHE_YES) {
			after = " (inside a temporary subdirectory it removes, so the negative dentries are freed)";
		} else if (out->dentries_freed == NSSCACHE_MAYBE) {
			after = " (whether the negative dentries are freed depends on how it was built)";
		} else {
			after = ", leaving a negative dentry per call";
		}
		snprintf(out->reason, sizeof(out->reason), "With %s, %s times thousands of access() calls on non-existent files in %s%s; NSS_SDB_USE_CACHE=yes before the first TLS use prevents it",
				 vp, sv, tri_where(db == NSSCACHE_YES ? db : NSSCACHE_NO, tmp == NSSCACHE_YES ? tmp : NSSCACHE_NO), after);
		return;
	}
	if (db == NSSCACHE_MAYBE || tmp == NSSCACHE_MAYBE) {
		const char *why;
		out->probe = NSSCACHE_PROBE_POSSIBLE;
		if (in->curl == NSSCACHE_CURL_UNKNOWN) {
			why = "it is not known whether libcurl uses NSS";
		} else if (in->var == NSSCACHE_VAR_UNKNOWN) {
			why = "the value NSS saw is not known";
		} else if (out->profile == NSSCACHE_PROFILE_UNKNOWN) {
			why = "this softokn version is outside the known behaviour table";
		} else if (out->profile == NSSCACHE_PROFILE_RHEL6) {
			why = "RHEL 6 stopped this probe in nss-softokn 3.14.3-12.el6, and major.minor cannot tell that build apart";
		} else if (priv && in->var == NSSCACHE_VAR_UNSET) {
			why = "a build outside the system library directories may carry a distribution patch (RHEL 7 probes when unset) that its version does not show";
		} else {
			why = "it depends on whether this build probes inside a temporary subdirectory, which fails in a read-only DB directory";
		}
		snprintf(out->reason, sizeof(out->reason), "With %s, %s may probe %s: %s%s",
				 vp, sv, tri_where(db, tmp), why,
				 in->var == NSSCACHE_VAR_YES || in->var == NSSCACHE_VAR_NO ? "" : "; set NSS_SDB_USE_CACHE=yes to be sure");
		return;
	}

	out->probe = NSSCACHE_PROBE_NONE;
	if (table_db == NSSCACHE_NO && table_tmp == NSSCACHE_NO) {
		/* the table itself says no probe for this value */
		if (in->var == NSSCACHE_VAR_YES || in->var == NSSCACHE_VAR_NO) {
			snprintf(out->reason, sizeof(out->reason), "With %s, %s skips the probe", vp, sv);
		} else if (out->profile == NSSCACHE_PROFILE_FSTYPE && in->db_fs == NSSCACHE_FS_NETWORK) {
			snprintf(out->reason, sizeof(out->reason), "With %s, %s sees the database on a network filesystem (%s) and turns its cache on instead of probing",
					 vp, sv, in->db_fs_name != NULL ? in->db_fs_name : "NFS/SMB/CIFS");
		} else if (out->profile == NSSCACHE_PROFILE_FSTYPE) {
			snprintf(out->reason, sizeof(out->reason), "With %s, %s probes only databases on FUSE, CODA or NCP, and this one is on %s",
					 vp, sv, in->db_fs_name != NULL ? in->db_fs_name : "a local filesystem");
		} else if (out->profile == NSSCACHE_PROFILE_UNSET_QUIET) {
			snprintf(out->reason, sizeof(out->reason), "With %s, %s does not probe (Mozilla 1382736)", vp, sv);
		} else {
			snprintf(out->reason, sizeof(out->reason), "With %s, %s does not probe", vp, sv);
		}
		return;
	}
	/* the table says probe, this host prevents it */
	{
		const char *db_why = "", *tmp_why = "";
		if (table_db != NSSCACHE_NO) {
			db_why = "it cannot create its probe directory in the read-only DB directory";
		}
		if (table_tmp != NSSCACHE_NO) {
			tmp_why = !in->db_cert9 ? "the DB directory has no readable cert9.db for NSS to open before its temp-dir probe"
									: "sqlite finds no writable temp directory";
		}
		snprintf(out->reason, sizeof(out->reason), "With %s, %s would probe, but %s%s%s, so nothing probes",
				 vp, sv, db_why, db_why[0] != '\0' && tmp_why[0] != '\0' ? " and " : "", tmp_why);
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
		in->db_cert9 = db->cert9;
		in->db_writable = db->writable;
		in->db_fs = db->fs.cls;
		in->db_fs_name = db->fs.ok ? db->fs.name : NULL;
	}
	in->tempdir_found = tmp != NULL && tmp->found;
#if defined(__linux__)
	/* PR_GetEnvSecure is secure_getenv: it hides the variable when AT_SECURE is set */
	in->secure_exec = getauxval(AT_SECURE) != 0;
#endif
}
