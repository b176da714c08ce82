/* The certificate database libcurl-NSS will open, the temp directory NSS's
 * probe would use, and the filesystem type of each (statfs f_type).
 *
 * Plain C, no Zend types. Callers pass environment values in (they own
 * getenv and its thread-safety); nothing here reads the environment. */
#ifndef NSSCACHE_DETECT_FS_H
#define NSSCACHE_DETECT_FS_H

#include <stddef.h>

#include "util.h"

/* How softokn >= 3.38 (Mozilla 1456888, lib/softoken/sdb.c sdb_init)
 * treats the DB's filesystem when NSS_SDB_USE_CACHE is unset. */
typedef enum {
	NSSCACHE_FS_UNKNOWN = 0,   /* statfs failed */
	NSSCACHE_FS_LOCAL,         /* anything else: no cache, no probe */
	NSSCACHE_FS_NETWORK,       /* NFS, SMB, CIFS: cache on, no probe */
	NSSCACHE_FS_MEASURE        /* FUSE, CODA, NCP: probe the temp dir */
} nsscache_fs_class;

typedef struct {
	int ok;                    /* statfs succeeded */
	unsigned long f_type;
	char name[24];             /* "ext2/ext3/ext4", "nfs", "fuse", ... or "0x1234abcd" */
	nsscache_fs_class cls;
} nsscache_fs;

/* Name of a statfs f_type, or NULL when not in the table. */
const char *nsscache_fs_type_name(unsigned long f_type);
nsscache_fs_class nsscache_fs_type_class(unsigned long f_type);

/* statfs(PATH); returns 0, or -1 with errno (OUT then has ok = 0). */
int nsscache_fs_of(const char *path, nsscache_fs *out);

typedef enum {
	NSSCACHE_DB_NONE = 0,      /* libcurl opens no DB (NSS without a cert DB) */
	NSSCACHE_DB_SSL_DIR,       /* $SSL_DIR */
	NSSCACHE_DB_DEFAULT        /* /etc/pki/nssdb */
} nsscache_db_source;

/* May the diagnostics look at PATH? 0: no (it is outside open_basedir, so
 * telling the script anything about it would leak what PHP hides). The glue
 * supplies it; NULL means every path may be looked at. */
typedef struct {
	int (*allowed)(const char *path, void *ctx);
	void *ctx;
} nsscache_path_gate;

int nsscache_path_allowed(const nsscache_path_gate *gate, const char *path);

/* Why a set SSL_DIR was not used (worded by src/report.c). */
typedef enum {
	NSSCACHE_SSL_DIR_OK = 0,       /* used, or unset */
	NSSCACHE_SSL_DIR_EMPTY,
	NSSCACHE_SSL_DIR_TOO_LONG,     /* >= PATH_MAX: libcurl cannot stat it */
	NSSCACHE_SSL_DIR_NSS_PREFIX,   /* "sql:..." etc.: curl stat()s it as a plain path */
	NSSCACHE_SSL_DIR_STAT_FAILED,  /* see note_errno */
	NSSCACHE_SSL_DIR_NOT_DIR,
	NSSCACHE_SSL_DIR_HIDDEN        /* outside open_basedir: not checked, not touched */
} nsscache_ssl_dir_note;

typedef struct {
	nsscache_db_source source;
	int hidden;                /* open_basedir hides the directory: nothing below was looked at */
	char path[PATH_MAX];       /* directory libcurl passes as "sql:<path>"; "" if none */
	int exists, is_dir;
	int readable;              /* directory R_OK|X_OK */
	int writable;              /* directory W_OK|X_OK (mkdtemp of the probe needs it) */
	int cert9;                 /* <path>/cert9.db readable: sdb_init opens it before the temp-dir probe */
	nsscache_fs fs;            /* of cert9.db when present (sdb_init statfs's the DB file), else of the dir */
	int ssl_dir_set;           /* SSL_DIR was in the environment */
	nsscache_ssl_dir_note note;/* why SSL_DIR was not used */
	int note_errno;
	size_t ssl_dir_len;
	char ssl_dir[128];         /* SSL_DIR's start, for the note */
	char default_dir[128];     /* the default libcurl falls back to */
} nsscache_db_info;

#define NSSCACHE_DB_DEFAULT_DIR "/etc/pki/nssdb"

/* Mirrors curl 7.88 lib/vtls/nss.c nss_setup(). SSL_DIR is getenv("SSL_DIR")
 * or NULL; DEFAULT_DIR is NULL for NSSCACHE_DB_DEFAULT_DIR (tests pass
 * their own); GATE may be NULL. Never fails; the result is in OUT. */
void nsscache_detect_db(nsscache_db_info *out, const char *ssl_dir, const char *default_dir,
		const nsscache_path_gate *gate);

/* Why sqlite skipped a temp dir candidate (worded by src/report.c). */
typedef enum {
	NSSCACHE_TMP_OK = 0,
	NSSCACHE_TMP_EMPTY,
	NSSCACHE_TMP_TOO_LONG,         /* >= PATH_MAX */
	NSSCACHE_TMP_STAT_FAILED,      /* see err */
	NSSCACHE_TMP_NOT_DIR,
	NSSCACHE_TMP_NOT_WRITABLE
} nsscache_tmp_skip;

typedef struct {
	nsscache_tmp_skip why;
	int err;
	char value[64];            /* the variable's start, for the note */
} nsscache_tmp_skipped;

typedef struct {
	int found;
	int hidden;                /* open_basedir hides the candidate sqlite would try next (path/source) */
	char path[PATH_MAX];
	char source[16];           /* "SQLITE_TMPDIR", "TMPDIR", "/var/tmp", "/usr/tmp", "/tmp", "." */
	nsscache_fs fs;
	nsscache_tmp_skipped skipped[2]; /* SQLITE_TMPDIR, TMPDIR: why sqlite passed them over */
	int relative;              /* found, relative to the cwd at the first TLS use */
	int too_long_for_sqlite;   /* found, too long for sqlite's 512-byte temp names */
} nsscache_tempdir_info;

/* Mirrors sqlite's unixTempFileDir() (src/os_unix.c), which NSS uses via
 * SQLITE_FCNTL_TEMPFILENAME (sdb.c sdb_getTempDir): the first of
 * SQLITE_TMPDIR, TMPDIR, /var/tmp, /usr/tmp, /tmp, "." that stat()s as a
 * directory with access(W_OK|X_OK). SQLITE_TMPDIR and TMPDIR are getenv
 * values or NULL. Not visible from here: sqlite caches both variables at its
 * first temp-file name in the process, and sqlite3_temp_directory (set by no
 * PHP extension) would come first. */
void nsscache_detect_tempdir(nsscache_tempdir_info *out, const char *sqlite_tmpdir, const char *tmpdir,
		const nsscache_path_gate *gate);

/* 1 when PATH (resolved) lives in a system library directory (/lib, /usr/lib,
 * /lib64, /usr/lib64, or a multiarch dir below /lib or /usr/lib): i.e. the
 * distribution's own build rather than a private one via LD_LIBRARY_PATH. */
int nsscache_path_is_system_lib(const char *path);

#endif
