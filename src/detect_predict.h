/* Will NSS's softoken run its access() probe in this process, and is
 * NSS_SDB_USE_CACHE in effect? A pure function of detected facts,
 * implementing the softokn behaviour table of the project notes (issue 4).
 * Facts and reason codes only: src/report.c words them.
 * Plain C, no Zend types, no I/O, no English. */
#ifndef NSSCACHE_DETECT_PREDICT_H
#define NSSCACHE_DETECT_PREDICT_H

#include "detect_version.h"
#include "detect_distro.h"
#include "detect_fs.h"
#include "detect_libs.h"
#include "env_policy.h"

/* The variable's class (nsscache_var) is defined once, in env_policy.h. */

typedef enum {
	NSSCACHE_TIMING_BEFORE_OPEN = 0, /* NSS has not opened the DB yet, or the value predates it */
	NSSCACHE_TIMING_AFTER_OPEN,      /* set after NSS opened the DB: too late for this process */
	NSSCACHE_TIMING_UNKNOWN
} nsscache_timing;

typedef enum {
	NSSCACHE_CURL_NSS = 0,      /* libcurl's TLS backend is NSS */
	NSSCACHE_CURL_OTHER_TLS,    /* OpenSSL, GnuTLS, ... */
	NSSCACHE_CURL_ABSENT,       /* no libcurl in the process */
	NSSCACHE_CURL_UNKNOWN
} nsscache_curl_backend;

/* Softokn behaviour, from (distribution, softokn major.minor). */
typedef enum {
	NSSCACHE_PROFILE_UNKNOWN = 0, /* version unknown or older than 3.12 */
	NSSCACHE_PROFILE_ALWAYS_DB,   /* 3.12.3 - 3.15 upstream: yes/no still probe the DB dir */
	NSSCACHE_PROFILE_RHEL6,       /* RHEL6 3.12 - 3.15: yes/no honoured from 3.14.3-12.el6, invisible in major.minor */
	NSSCACHE_PROFILE_UNSET_PROBES,/* 3.16 - 3.32 upstream: unset probes, yes/no do not */
	NSSCACHE_PROFILE_RHEL7,       /* RHEL7 >= 3.16 (fs-probe patch): unset probes, yes/no do not */
	NSSCACHE_PROFILE_UNSET_QUIET, /* 3.33 - 3.37 (Mozilla 1382736): only "measure" probes */
	NSSCACHE_PROFILE_FSTYPE       /* >= 3.38 (Mozilla 1456888): unset probes only on FUSE/CODA/NCP */
} nsscache_profile;

nsscache_profile nsscache_profile_for(const nsscache_version *softokn, nsscache_distro_family distro);

typedef enum { NSSCACHE_NO = 0, NSSCACHE_YES = 1, NSSCACHE_MAYBE = -1 } nsscache_tri;

typedef enum {
	NSSCACHE_PROBE_NONE = 0,
	NSSCACHE_PROBE_EXPECTED,
	NSSCACHE_PROBE_POSSIBLE
} nsscache_probe;

/* Why in_effect is what it is (worded by src/report.c). */
typedef enum {
	NSSCACHE_EFFECT_VAR_NOT_YESNO = 0, /* unset or "measure": not in effect */
	NSSCACHE_EFFECT_VAR_UNKNOWN,       /* the value NSS saw is not known */
	NSSCACHE_EFFECT_SET_AFTER_OPEN,
	NSSCACHE_EFFECT_TIMING_UNKNOWN,
	NSSCACHE_EFFECT_PROFILE_UNKNOWN,
	NSSCACHE_EFFECT_ALWAYS_DB,         /* 3.12.3-3.15 still probe the DB dir */
	NSSCACHE_EFFECT_RHEL6,             /* honoured from 3.14.3-12.el6 only */
	NSSCACHE_EFFECT_HONOURED,
	NSSCACHE_EFFECT_NO_CURL,           /* nothing for the setting to act on */
	NSSCACHE_EFFECT_CURL_OTHER_TLS
} nsscache_effect_why;

/* Why the probe is what it is (worded by src/report.c). */
typedef enum {
	NSSCACHE_WHY_NO_CURL = 0,          /* none: no libcurl in the process */
	NSSCACHE_WHY_CURL_OTHER_TLS,       /* none: libcurl without NSS */
	NSSCACHE_WHY_NO_DB,                /* none: libcurl opens no DB */
	NSSCACHE_WHY_PROBES,               /* expected */
	NSSCACHE_WHY_CURL_UNKNOWN,         /* possible: ... */
	NSSCACHE_WHY_VAR_UNKNOWN,
	NSSCACHE_WHY_PROFILE_UNKNOWN,
	NSSCACHE_WHY_RHEL6_PATCH,
	NSSCACHE_WHY_PRIVATE_PATCH,
	NSSCACHE_WHY_MKDTEMP_UNKNOWN,
	NSSCACHE_WHY_NOT_CHECKED,          /* possible: open_basedir hid the DB or temp dir */
	NSSCACHE_WHY_SKIPS,                /* none, by the table: yes/no honoured */
	NSSCACHE_WHY_NETWORK_FS,           /* none: >= 3.38 turns its cache on for NFS/SMB */
	NSSCACHE_WHY_LOCAL_FS,             /* none: >= 3.38 probes only FUSE/CODA/NCP */
	NSSCACHE_WHY_QUIET,                /* none: 3.33-3.37 (Mozilla 1382736) */
	NSSCACHE_WHY_NO_PROBE,             /* none, by the table */
	NSSCACHE_WHY_HOST_PREVENTS         /* none: the table says probe, this host prevents it */
} nsscache_probe_why;

typedef struct {
	const nsscache_version *softokn;   /* C_GetInfo major.minor; NULL if unknown */
	int softokn_private;               /* not the distribution's build (outside system lib dirs) */
	const nsscache_version *nss;       /* NSS_GetVersion; used only when softokn is NULL */
	nsscache_distro_family distro;
	nsscache_var var;                  /* the value NSS saw, or will see at the first TLS use */
	const char *var_value;             /* raw value, for the report's sentence; may be NULL */
	nsscache_timing timing;
	nsscache_curl_backend curl;
	int db_dir;                        /* libcurl picks a DB directory (nsscache_db_info.source != NONE) */
	int db_cert9;                      /* cert9.db readable there */
	int db_writable;                   /* directory writable (mkdtemp of >= 3.69's probe) */
	nsscache_fs_class db_fs;
	const char *db_fs_name;            /* for the report's sentence; may be NULL */
	int db_unchecked;                  /* open_basedir hid the DB directory: its facts are unknown */
	int tempdir_found;                 /* sqlite found a temp dir (nsscache_tempdir_info.found) */
	int tempdir_unchecked;             /* open_basedir hid a temp dir candidate */
	int secure_exec;                   /* getauxval(AT_SECURE): setuid/setgid/file capabilities */
} nsscache_predict_in;

typedef struct {
	nsscache_profile profile;
	nsscache_probe probe;
	nsscache_tri probe_db_dir;         /* where: the DB directory (s_open) */
	nsscache_tri probe_temp_dir;       /* where: sqlite's temp dir (sdb_init) */
	nsscache_tri dentries_freed;       /* probe runs in a removed mkdtemp dir (upstream Linux >= 3.69) */
	nsscache_tri in_effect;
	nsscache_effect_why effect_why;
	nsscache_probe_why why;
	nsscache_var var;                  /* the variable as softokn reads it (secure_exec: unset) */
	int secure_ignored;                /* set, but a secure-execution process hides it from softokn */
	int db_blocked;                    /* HOST_PREVENTS: no probe dir in the read-only DB dir */
	int tmp_blocked;                   /* HOST_PREVENTS: no temp-dir probe ... */
	int tmp_blocked_no_cert9;          /* ... because no readable cert9.db (else: no temp dir) */
} nsscache_prediction;

void nsscache_predict(const nsscache_predict_in *in, nsscache_prediction *out);

/* Fills IN from the detection results; a NULL or not-found part counts as
 * unknown (CURL NULL: backend unknown; DB NULL: no DB). VERSIONS is storage
 * for the softokn and NSS versions IN points to: it must outlive IN.
 * VAR_VALUE is the value NSS saw or will see (getenv, NULL for unset);
 * secure_exec is read from the auxiliary vector (AT_SECURE). IN keeps
 * pointers into VAR_VALUE, DB and VERSIONS. */
void nsscache_predict_in_from(nsscache_predict_in *in, nsscache_version versions[2],
							  const nsscache_libcurl_info *curl, const nsscache_nss_info *nss,
							  const nsscache_softokn_info *softokn, const nsscache_distro *distro,
							  const nsscache_db_info *db, const nsscache_tempdir_info *tmp,
							  const char *var_value, nsscache_timing timing);

#endif
