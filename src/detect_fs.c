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
static const struct {
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

const char *nsscache_fs_type_name(unsigned long f_type)
{
	size_t i;

	/* f_type is a signed word on some ABIs: CIFS's 0xFF534D42 may arrive sign-extended */
	f_type &= 0xFFFFFFFFUL;
	for (i = 0; i < sizeof(fs_table) / sizeof(fs_table[0]); i++) {
		if (fs_table[i].magic == f_type) {
			return fs_table[i].name;
		}
	}
	return NULL;
}

nsscache_fs_class nsscache_fs_type_class(unsigned long f_type)
{
	size_t i;

	f_type &= 0xFFFFFFFFUL;
	for (i = 0; i < sizeof(fs_table) / sizeof(fs_table[0]); i++) {
		if (fs_table[i].magic == f_type) {
			return fs_table[i].cls;
		}
	}
	return NSSCACHE_FS_LOCAL; /* sdb.c's "default: break" */
}

const char *nsscache_fs_class_name(nsscache_fs_class cls)
{
	switch (cls) {
	case NSSCACHE_FS_LOCAL:   return "local";
	case NSSCACHE_FS_NETWORK: return "network";
	case NSSCACHE_FS_MEASURE: return "measure";
	case NSSCACHE_FS_UNKNOWN: break;
	}
	return "unknown";
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

static int has_nss_prefix(const char *s)
{
	/* NSS's own config-dir prefixes (lib/util/utilpars.c _NSSUTIL_EvaluateConfigDir) */
	return strncmp(s, "sql:", 4) == 0 || strncmp(s, "dbm:", 4) == 0
		|| strncmp(s, "extern:", 7) == 0 || strncmp(s, "rdb:", 4) == 0;
}

/* curl's nss_setup() accepts SSL_DIR only when stat() says directory; any
 * other value is silently dropped in favour of /etc/pki/nssdb. */
static int ssl_dir_usable(const char *ssl_dir, char *note, size_t notelen)
{
	struct stat st;
	size_t len = strlen(ssl_dir);

	if (len == 0) {
		snprintf(note, notelen, "SSL_DIR is set but empty; libcurl ignores it");
		return 0;
	}
	if (len >= PATH_MAX) {
		snprintf(note, notelen, "SSL_DIR is %zu bytes long, over PATH_MAX; libcurl cannot stat it and ignores it", len);
		return 0;
	}
	if (stat(ssl_dir, &st) != 0) {
		int err = errno;
		if (has_nss_prefix(ssl_dir)) {
			snprintf(note, notelen, "SSL_DIR=%.120s has an NSS prefix, but libcurl adds \"sql:\" itself and stat()s the value as a plain path, so it ignores it", ssl_dir);
		} else {
			snprintf(note, notelen, "SSL_DIR=%.120s cannot be used (%s); libcurl ignores it", ssl_dir, strerror(err));
		}
		return 0;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(note, notelen, "SSL_DIR=%.120s is not a directory; libcurl ignores it", ssl_dir);
		return 0;
	}
	return 1;
}

void nsscache_detect_db(nsscache_db_info *out, const char *ssl_dir, const char *default_dir)
{
	struct stat st;
	char cert9[PATH_MAX + 16];
	int n;

	memset(out, 0, sizeof(*out));
	out->fs.cls = NSSCACHE_FS_UNKNOWN;
	if (default_dir == NULL) {
		default_dir = NSSCACHE_DB_DEFAULT_DIR; /* curl lib/vtls/nss.c: #define SSL_DIR "/etc/pki/nssdb" */
	}

	if (ssl_dir != NULL && ssl_dir_usable(ssl_dir, out->ssl_dir_note, sizeof(out->ssl_dir_note))) {
		out->source = NSSCACHE_DB_SSL_DIR;
		snprintf(out->path, sizeof(out->path), "%s", ssl_dir);
	} else if (strlen(default_dir) < PATH_MAX && stat(default_dir, &st) == 0 && S_ISDIR(st.st_mode)) {
		out->source = NSSCACHE_DB_DEFAULT;
		snprintf(out->path, sizeof(out->path), "%s", default_dir);
	} else {
		out->source = NSSCACHE_DB_NONE;
		/* nss_init_core() then calls NSS_InitContext with NSS_INIT_NOCERTDB: softoken opens no sdb */
		if (ssl_dir != NULL) {
			snprintf(out->reason, sizeof(out->reason), "no certificate database: SSL_DIR is not a usable directory and %.100s does not exist, so libcurl starts NSS without one", default_dir);
		} else {
			snprintf(out->reason, sizeof(out->reason), "no certificate database: SSL_DIR is unset and %.100s does not exist, so libcurl starts NSS without one", default_dir);
		}
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

	if (!out->readable) {
		snprintf(out->reason, sizeof(out->reason), "libcurl will open sql:%.120s but this process cannot read that directory, so NSS will fail to open it", out->path);
	} else if (!out->cert9) {
		snprintf(out->reason, sizeof(out->reason), "libcurl will open sql:%.120s but it holds no readable cert9.db, so NSS will fail to open it read-only", out->path);
	} else {
		snprintf(out->reason, sizeof(out->reason), "libcurl will open sql:%.120s (%s, on %s)",
				 out->path, out->source == NSSCACHE_DB_SSL_DIR ? "from SSL_DIR" : "the default", out->fs.ok ? out->fs.name : "an unknown filesystem");
	}
}

/* sqlite >= 3.8 checks stat() + S_ISDIR + access(dir, 03) for each candidate. */
static int tempdir_usable(const char *dir, char *why, size_t whylen)
{
	struct stat st;

	if (dir[0] == '\0') {
		snprintf(why, whylen, "empty");
		return 0;
	}
	if (strlen(dir) >= PATH_MAX) {
		snprintf(why, whylen, "longer than PATH_MAX");
		return 0;
	}
	if (stat(dir, &st) != 0) {
		snprintf(why, whylen, "%s", strerror(errno));
		return 0;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, whylen, "not a directory");
		return 0;
	}
	if (access(dir, W_OK | X_OK) != 0) {
		snprintf(why, whylen, "not writable");
		return 0;
	}
	return 1;
}

void nsscache_detect_tempdir(nsscache_tempdir_info *out, const char *sqlite_tmpdir, const char *tmpdir)
{
	const char *cand[6];
	const char *names[6] = { "SQLITE_TMPDIR", "TMPDIR", "/var/tmp", "/usr/tmp", "/tmp", "." };
	size_t i, used = 0;
	char why[96];

	memset(out, 0, sizeof(*out));
	out->fs.cls = NSSCACHE_FS_UNKNOWN;
	cand[0] = sqlite_tmpdir;
	cand[1] = tmpdir;
	cand[2] = "/var/tmp";
	cand[3] = "/usr/tmp";
	cand[4] = "/tmp";
	cand[5] = ".";

	for (i = 0; i < 6; i++) {
		if (cand[i] == NULL) {
			continue;
		}
		if (tempdir_usable(cand[i], why, sizeof(why))) {
			break;
		}
		if (i < 2 && used < sizeof(out->note) - 1) {
			int n = snprintf(out->note + used, sizeof(out->note) - used, "%s%s=%.60s skipped by sqlite (%s)",
							 used ? "; " : "", names[i], cand[i], why);
			if (n > 0) {
				used += (size_t) n < sizeof(out->note) - used ? (size_t) n : sizeof(out->note) - used - 1;
			}
		}
	}
	if (i == 6) {
		/* sqlite then fails SQLITE_FCNTL_TEMPFILENAME and sdb_getTempDir returns NULL: no temp probe */
		snprintf(out->reason, sizeof(out->reason), "no writable temp directory: sqlite finds none, so NSS measures no temp dir");
		return;
	}

	out->found = 1;
	snprintf(out->path, sizeof(out->path), "%s", cand[i]);
	snprintf(out->source, sizeof(out->source), "%s", names[i]);
	(void) nsscache_fs_of(out->path, &out->fs);
	if (out->path[0] != '/' && used < sizeof(out->note) - 1) {
		/* NSS probes "<dir>/.N_dOeSnotExist_.db" relative to the cwd at probe time */
		snprintf(out->note + used, sizeof(out->note) - used, "%s%s is relative, so it depends on the working directory at the first TLS use",
				 used ? "; " : "", names[i]);
	} else if (strlen(out->path) + 32 >= 512 && used < sizeof(out->note) - 1) {
		/* sqlite's unix VFS names temp files in a MAX_PATHNAME (512) buffer */
		snprintf(out->note + used, sizeof(out->note) - used, "%s%s is too long for sqlite's 512-byte temp names, so NSS may find no temp dir",
				 used ? "; " : "", names[i]);
	}
	snprintf(out->reason, sizeof(out->reason), "NSS's probe would use %.120s (%s, on %s)", out->path, out->source,
			 out->fs.ok ? out->fs.name : "an unknown filesystem");
}

int nsscache_dir_is_system_lib(const char *dir)
{
	const char *rest = NULL;

	if (strcmp(dir, "/lib") == 0 || strcmp(dir, "/lib64") == 0 || strcmp(dir, "/lib32") == 0
		|| strcmp(dir, "/usr/lib") == 0 || strcmp(dir, "/usr/lib64") == 0 || strcmp(dir, "/usr/lib32") == 0) {
		return 1;
	}
	/* multiarch (Debian): /usr/lib/x86_64-linux-gnu, one level, with a "-linux-" triplet */
	if (strncmp(dir, "/usr/lib/", 9) == 0) {
		rest = dir + 9;
	} else if (strncmp(dir, "/lib/", 5) == 0) {
		rest = dir + 5;
	}
	return rest != NULL && strchr(rest, '/') == NULL && strstr(rest, "-linux-") != NULL;
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
		ok = nsscache_dir_is_system_lib(real);
	}
	free(real);
	return ok;
}
