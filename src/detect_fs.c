/* DB directory, temp directory and filesystem type, as libcurl-NSS and
 * NSS's softoken see them. Each rule below copies a decision made in:
 *   curl 7.88.1 lib/vtls/nss.c  nss_setup() / nss_init_core()
 *   NSS 3.87 lib/softoken/sdb.c sdb_init(), s_open(), sdb_getTempDir()
 *   sqlite 3.40 src/os_unix.c   unixTempFileDir(), unixGetTempname()
 */
#include "detect_fs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/vfs.h>
#include <unistd.h>

/* statfs f_type values (linux/magic.h and the filesystems' own sources);
 * spelled out because older kernel headers lack many of them. */
static const struct fs_row {
	unsigned long magic;
	const char *name;
	nsscache_fs_class cls;
} fs_table[] = {
	/* sdb.c sdb_init (>= 3.38, Mozilla 1456888): "We assume these are slow" -> cache on */
	{ 0x6969UL,     "nfs",   NSSCACHE_FS_NETWORK },   /* NFS_SUPER_MAGIC (v2, v3, v4) */
	{ 0x517BUL,     "smb",   NSSCACHE_FS_NETWORK },   /* SMB_SUPER_MAGIC */
	{ 0xFF534D42UL, "cifs",  NSSCACHE_FS_NETWORK },   /* CIFS_MAGIC_NUMBER, also smb3 mounts */
	/* sdb.c: "uncertain if this FS is fast or slow" -> measure in the temp dir */
	{ 0x65735546UL, "fuse",  NSSCACHE_FS_MEASURE },   /* FUSE_SUPER_MAGIC (sshfs, bindfs, s3fs, ...) */
	{ 0x73757245UL, "coda",  NSSCACHE_FS_MEASURE },   /* CODA_SUPER_MAGIC */
	{ 0x564cUL,     "ncp",   NSSCACHE_FS_MEASURE },   /* NCP_SUPER_MAGIC */
	/* everything below falls into sdb.c's "default: break" (AFS explicitly so) */
	{ 0x5346414FUL, "afs",   NSSCACHE_FS_LOCAL },     /* AFS_SUPER_MAGIC: "Already implements caching" */
	{ 0x6B414653UL, "afs",   NSSCACHE_FS_LOCAL },     /* AFS_FS_MAGIC (kAFS) */
	{ 0xFE534D42UL, "smb2",  NSSCACHE_FS_LOCAL },     /* SMB2_MAGIC_NUMBER: not in sdb.c's list */
	{ 0x01021997UL, "9p",    NSSCACHE_FS_LOCAL },     /* V9FS_MAGIC: network, but not in sdb.c's list */
	{ 0x00C36400UL, "ceph",  NSSCACHE_FS_LOCAL },     /* CEPH_SUPER_MAGIC: network, not in sdb.c's list */
	{ 0x01161970UL, "gfs2",  NSSCACHE_FS_LOCAL },
	{ 0x7461636FUL, "ocfs2", NSSCACHE_FS_LOCAL },
	{ 0x47504653UL, "gpfs",  NSSCACHE_FS_LOCAL },
	{ 0x0BD00BD0UL, "lustre", NSSCACHE_FS_LOCAL },
	{ 0xEF53UL,     "ext2/ext3/ext4", NSSCACHE_FS_LOCAL }, /* one magic for all three */
	{ 0x58465342UL, "xfs",   NSSCACHE_FS_LOCAL },
	{ 0x9123683EUL, "btrfs", NSSCACHE_FS_LOCAL },
	{ 0x2FC12FC1UL, "zfs",   NSSCACHE_FS_LOCAL },
	{ 0xF2F52010UL, "f2fs",  NSSCACHE_FS_LOCAL },
	{ 0xCA451A4EUL, "bcachefs", NSSCACHE_FS_LOCAL },
	{ 0x52654973UL, "reiserfs", NSSCACHE_FS_LOCAL },
	{ 0x3153464AUL, "jfs",   NSSCACHE_FS_LOCAL },
	{ 0x3434UL,     "nilfs", NSSCACHE_FS_LOCAL },
	{ 0x01021994UL, "tmpfs", NSSCACHE_FS_LOCAL },
	{ 0x858458F6UL, "ramfs", NSSCACHE_FS_LOCAL },
	{ 0x794C7630UL, "overlay", NSSCACHE_FS_LOCAL },
	{ 0x61756673UL, "aufs",  NSSCACHE_FS_LOCAL },
	{ 0x73717368UL, "squashfs", NSSCACHE_FS_LOCAL },
	{ 0xE0F5E1E2UL, "erofs", NSSCACHE_FS_LOCAL },
	{ 0x28CD3D45UL, "cramfs", NSSCACHE_FS_LOCAL },
	{ 0x9660UL,     "iso9660", NSSCACHE_FS_LOCAL },
	{ 0x15013346UL, "udf",   NSSCACHE_FS_LOCAL },
	{ 0x4D44UL,     "vfat",  NSSCACHE_FS_LOCAL },
	{ 0x2011BAB0UL, "exfat", NSSCACHE_FS_LOCAL },
	{ 0x5346544EUL, "ntfs",  NSSCACHE_FS_LOCAL },
	{ 0x786F4256UL, "vboxsf", NSSCACHE_FS_LOCAL },
	{ 0x9FA0UL,     "proc",  NSSCACHE_FS_LOCAL },
	{ 0x62656572UL, "sysfs", NSSCACHE_FS_LOCAL },
	{ 0x1373UL,     "devfs", NSSCACHE_FS_LOCAL },
};

/* f_type is a signed word on some ABIs: CIFS's 0xFF534D42 may arrive sign-extended */
static const void *fs_lookup(unsigned long f_type)
{
	size_t i;

	f_type &= 0xFFFFFFFFUL;
	for (i = 0; i < sizeof(fs_table) / sizeof(fs_table[0]); i++) {
		if (fs_table[i].magic == f_type) {
			return &fs_table[i];
		}
	}
	return NULL;
}
#define FS_ROW(p) ((const struct fs_row *) (p))

const char *nsscache_fs_type_name(unsigned long f_type)
{
	const void *row = fs_lookup(f_type);

	return row != NULL ? FS_ROW(row)->name : NULL;
}

nsscache_fs_class nsscache_fs_type_class(unsigned long f_type)
{
	const void *row = fs_lookup(f_type);

	return row != NULL ? FS_ROW(row)->cls : NSSCACHE_FS_LOCAL; /* sdb.c's "default: break" */
}

int nsscache_fs_of(const char *path, nsscache_fs *out)
{
	struct statfs st;
	const char *name;

	memset(out, 0, sizeof(*out));
	out->cls = NSSCACHE_FS_UNKNOWN;
	if (path == NULL || path[0] == '\0') {
		errno = ENOENT;
		return -1;
	}
	if (statfs(path, &st) != 0) {
		return -1;
	}
	out->ok = 1;
	out->f_type = (unsigned long) st.f_type & 0xFFFFFFFFUL;
	out->cls = nsscache_fs_type_class(out->f_type);
	name = nsscache_fs_type_name(out->f_type);
	if (name != NULL) {
		snprintf(out->name, sizeof(out->name), "%s", name);
	} else {
		snprintf(out->name, sizeof(out->name), "0x%lx", out->f_type);
	}
	return 0;
}

int nsscache_path_allowed(const nsscache_path_gate *gate, const char *path)
{
	return gate == NULL || gate->allowed == NULL || gate->allowed(path, gate->ctx);
}

static int has_nss_prefix(const char *s)
{
	/* NSS's own config-dir prefixes (lib/util/utilpars.c _NSSUTIL_EvaluateConfigDir) */
	return strncmp(s, "sql:", 4) == 0 || strncmp(s, "dbm:", 4) == 0
		|| strncmp(s, "extern:", 7) == 0 || strncmp(s, "rdb:", 4) == 0;
}

/* curl's nss_setup() accepts SSL_DIR only when stat() says directory; any
 * other value is silently dropped in favour of /etc/pki/nssdb. */
static nsscache_ssl_dir_note ssl_dir_check(const char *ssl_dir, size_t len, int *err)
{
	struct stat st;

	if (len == 0) {
		return NSSCACHE_SSL_DIR_EMPTY;
	}
	if (len >= PATH_MAX) {
		return NSSCACHE_SSL_DIR_TOO_LONG;
	}
	if (stat(ssl_dir, &st) != 0) {
		*err = errno;
		return has_nss_prefix(ssl_dir) ? NSSCACHE_SSL_DIR_NSS_PREFIX : NSSCACHE_SSL_DIR_STAT_FAILED;
	}
	return S_ISDIR(st.st_mode) ? NSSCACHE_SSL_DIR_OK : NSSCACHE_SSL_DIR_NOT_DIR;
}

void nsscache_detect_db(nsscache_db_info *out, const char *ssl_dir, const char *default_dir,
		const nsscache_path_gate *gate)
{
	struct stat st;
	char cert9[PATH_MAX + 16];
	int n;

	memset(out, 0, sizeof(*out));
	out->fs.cls = NSSCACHE_FS_UNKNOWN;
	if (default_dir == NULL) {
		default_dir = NSSCACHE_DB_DEFAULT_DIR; /* curl lib/vtls/nss.c: #define SSL_DIR "/etc/pki/nssdb" */
	}
	nsscache_copy(out->default_dir, sizeof(out->default_dir), default_dir, strlen(default_dir));

	if (ssl_dir != NULL) {
		out->ssl_dir_set = 1;
		out->ssl_dir_len = strlen(ssl_dir);
		nsscache_copy(out->ssl_dir, sizeof(out->ssl_dir), ssl_dir, out->ssl_dir_len);
		if (out->ssl_dir_len > 0 && out->ssl_dir_len < PATH_MAX && !nsscache_path_allowed(gate, ssl_dir)) {
			/* libcurl would try it first: whatever it finds there is hidden from us too */
			out->note = NSSCACHE_SSL_DIR_HIDDEN;
			out->hidden = 1;
			out->source = NSSCACHE_DB_SSL_DIR;
			nsscache_copy(out->path, sizeof(out->path), ssl_dir, out->ssl_dir_len);
			return;
		}
		out->note = ssl_dir_check(ssl_dir, out->ssl_dir_len, &out->note_errno);
	}
	if (ssl_dir != NULL && out->note == NSSCACHE_SSL_DIR_OK) {
		out->source = NSSCACHE_DB_SSL_DIR;
		nsscache_copy(out->path, sizeof(out->path), ssl_dir, out->ssl_dir_len);
	} else if (strlen(default_dir) < PATH_MAX && !nsscache_path_allowed(gate, default_dir)) {
		out->hidden = 1;
		out->source = NSSCACHE_DB_DEFAULT;
		nsscache_copy(out->path, sizeof(out->path), default_dir, strlen(default_dir));
		return;
	} else if (strlen(default_dir) < PATH_MAX && stat(default_dir, &st) == 0 && S_ISDIR(st.st_mode)) {
		out->source = NSSCACHE_DB_DEFAULT;
		nsscache_copy(out->path, sizeof(out->path), default_dir, strlen(default_dir));
	} else {
		/* nss_init_core() then calls NSS_InitContext with NSS_INIT_NOCERTDB: softoken opens no sdb */
		out->source = NSSCACHE_DB_NONE;
		return;
	}

	out->exists = 1;
	out->is_dir = 1;
	/* access() (real uid) is what NSS (PR_Access) and sqlite use too */
	out->readable = access(out->path, R_OK | X_OK) == 0;
	out->writable = access(out->path, W_OK | X_OK) == 0;
	n = snprintf(cert9, sizeof(cert9), "%s%scert9.db", out->path,
				 out->path[strlen(out->path) - 1] == '/' ? "" : "/");
	out->cert9 = n > 0 && (size_t) n < sizeof(cert9) && access(cert9, R_OK) == 0;

	/* sdb_init statfs()es the DB file itself (dbname), not its directory */
	if (out->cert9) {
		(void) nsscache_fs_of(cert9, &out->fs);
	}
	if (!out->fs.ok) {
		(void) nsscache_fs_of(out->path, &out->fs);
	}
}

/* sqlite >= 3.8 checks stat() + S_ISDIR + access(dir, 03) for each candidate. */
static nsscache_tmp_skip tempdir_check(const char *dir, int *err)
{
	struct stat st;

	if (dir[0] == '\0') {
		return NSSCACHE_TMP_EMPTY;
	}
	if (strlen(dir) >= PATH_MAX) {
		return NSSCACHE_TMP_TOO_LONG;
	}
	if (stat(dir, &st) != 0) {
		*err = errno;
		return NSSCACHE_TMP_STAT_FAILED;
	}
	if (!S_ISDIR(st.st_mode)) {
		return NSSCACHE_TMP_NOT_DIR;
	}
	return access(dir, W_OK | X_OK) == 0 ? NSSCACHE_TMP_OK : NSSCACHE_TMP_NOT_WRITABLE;
}

void nsscache_detect_tempdir(nsscache_tempdir_info *out, const char *sqlite_tmpdir, const char *tmpdir,
		const nsscache_path_gate *gate)
{
	const char *cand[6];
	static const char *const names[6] = { "SQLITE_TMPDIR", "TMPDIR", "/var/tmp", "/usr/tmp", "/tmp", "." };
	size_t i;

	memset(out, 0, sizeof(*out));
	out->fs.cls = NSSCACHE_FS_UNKNOWN;
	cand[0] = sqlite_tmpdir;
	cand[1] = tmpdir;
	cand[2] = "/var/tmp";
	cand[3] = "/usr/tmp";
	cand[4] = "/tmp";
	cand[5] = ".";

	for (i = 0; i < 6; i++) {
		nsscache_tmp_skip why;
		int err = 0;

		if (cand[i] == NULL) {
			continue;
		}
		if (cand[i][0] != '\0' && strlen(cand[i]) < PATH_MAX && !nsscache_path_allowed(gate, cand[i])) {
			/* sqlite would try it next: what it finds there is hidden from us */
			out->hidden = 1;
			nsscache_copy(out->path, sizeof(out->path), cand[i], strlen(cand[i]));
			nsscache_copy(out->source, sizeof(out->source), names[i], strlen(names[i]));
			return;
		}
		why = tempdir_check(cand[i], &err);
		if (why == NSSCACHE_TMP_OK) {
			break;
		}
		if (i < 2) {
			out->skipped[i].why = why;
			out->skipped[i].err = err;
			nsscache_copy(out->skipped[i].value, sizeof(out->skipped[i].value), cand[i], strlen(cand[i]));
		}
	}
	if (i == 6) {
		/* sqlite then fails SQLITE_FCNTL_TEMPFILENAME and sdb_getTempDir returns NULL: no temp probe */
		return;
	}

	out->found = 1;
	nsscache_copy(out->path, sizeof(out->path), cand[i], strlen(cand[i]));
	nsscache_copy(out->source, sizeof(out->source), names[i], strlen(names[i]));
	(void) nsscache_fs_of(out->path, &out->fs);
	/* NSS probes "<dir>/.N_dOeSnotExist_.db" relative to the cwd at probe time */
	out->relative = out->path[0] != '/';
	/* sqlite's unix VFS names temp files in a MAX_PATHNAME (512) buffer */
	out->too_long_for_sqlite = !out->relative && strlen(out->path) + 32 >= 512;
}

int nsscache_path_is_system_lib(const char *path)
{
	char *real, *slash;
	int ok = 0;

	if (path == NULL || path[0] == '\0') {
		return 0;
	}
	real = realpath(path, NULL);
	if (real == NULL) {
		return 0;
	}
	slash = strrchr(real, '/');
	if (slash != NULL) {
		*slash = '\0';
		if (strcmp(real, "/lib") == 0 || strcmp(real, "/lib64") == 0 || strcmp(real, "/lib32") == 0
			|| strcmp(real, "/usr/lib") == 0 || strcmp(real, "/usr/lib64") == 0 || strcmp(real, "/usr/lib32") == 0) {
			ok = 1;
		} else {
			/* multiarch (Debian): /usr/lib/x86_64-linux-gnu, one level, with a "-linux-" triplet */
			const char *rest = NULL;
			if (strncmp(real, "/usr/lib/", 9) == 0) {
				rest = real + 9;
			} else if (strncmp(real, "/lib/", 5) == 0) {
				rest = real + 5;
			}
			if (rest != NULL && strchr(rest, '/') == NULL && strstr(rest, "-linux-") != NULL) {
				ok = 1;
			}
		}
	}
	free(real);
	return ok;
}
