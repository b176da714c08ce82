/* DB directory (curl 7.88 nss_setup), temp dir (sqlite unixTempFileDir) and
 * statfs names, on real scratch directories. */
#include "helpers.h"
#include "../../src/detect_fs.h"
#include "../../src/report.h"

#include <limits.h>

typedef struct {
	unsigned long magic;
	const char *name;           /* NULL: not in the table */
	nsscache_fs_class cls;
} fs_row;





static const fs_row fs_rows[] = {
	/* BACKGROUND ">= 3.38": NFS/SMB -> cache on, FUSE/CODA/NCP -> probe temp dir, else nothing */
	{ 0x6969UL, "nfs", NSSCACHE_FS_NETWORK },
	{ 0x517BUL, "smb", NSSCACHE_FS_NETWORK },
	{ 0xFF534D42UL, "cifs", NSSCACHE_FS_NETWORK },
	{ 0xFFFFFFFFFF534D42UL, "cifs", NSSCACHE_FS_NETWORK }, /* sign-extended f_type */
	{ 0x65735546UL, "fuse", NSSCACHE_FS_MEASURE },
	{ 0x73757245UL, "coda", NSSCACHE_FS_MEASURE },
	{ 0x564cUL, "ncp", NSSCACHE_FS_MEASURE },
	{ 0x5346414FUL, "afs", NSSCACHE_FS_LOCAL },        /* sdb.c: "Already implements caching" */
	{ 0xFE534D42UL, "smb2", NSSCACHE_FS_LOCAL },       /* not in sdb.c's list */
	{ 0x00C36400UL, "ceph", NSSCACHE_FS_LOCAL },
	{ 0xEF53UL, "ext2/ext3/ext4", NSSCACHE_FS_LOCAL },
	{ 0x58465342UL, "xfs", NSSCACHE_FS_LOCAL },
	{ 0x9123683EUL, "btrfs", NSSCACHE_FS_LOCAL },
	{ 0x01021994UL, "tmpfs", NSSCACHE_FS_LOCAL },
	{ 0x794C7630UL, "overlay", NSSCACHE_FS_LOCAL },
	{ 0x2FC12FC1UL, "zfs", NSSCACHE_FS_LOCAL },
	{ 0x73717368UL, "squashfs", NSSCACHE_FS_LOCAL },
	{ 0x12345678UL, NULL, NSSCACHE_FS_LOCAL },         /* unknown: sdb.c default */
	{ 0UL, NULL, NSSCACHE_FS_LOCAL },
};

static void test_fs_table(void **state)
{
	size_t i;
	(void) state;
	for (i = 0; i < sizeof(fs_rows) / sizeof(fs_rows[0]); i++) {
		const char *name = nsscache_fs_type_name(fs_rows[i].magic);
		const char *label = fs_rows[i].name != NULL ? fs_rows[i].name : "unknown";
		if (fs_rows[i].name == NULL) {
			if (name != NULL) {
				fail_msg("row %zu: 0x%lx named %s", i, fs_rows[i].magic, name);
			}
		} else {
			if (name == NULL) {
				fail_msg("row %zu: 0x%lx has no name", i, fs_rows[i].magic);
			}
			ROW_STR_EQ(i, label, name, fs_rows[i].name);
		}
		ROW_INT_EQ(i, label, nsscache_fs_type_class(fs_rows[i].magic), fs_rows[i].cls);
	}
	assert_string_equal(nsscache_fs_class_name(NSSCACHE_FS_LOCAL), "local");
	assert_string_equal(nsscache_fs_class_name(NSSCACHE_FS_NETWORK), "network");
	assert_string_equal(nsscache_fs_class_name(NSSCACHE_FS_MEASURE), "measure");
	assert_string_equal(nsscache_fs_class_name(NSSCACHE_FS_UNKNOWN), "unknown");
}

static void test_fs_of(void **state)
{
	nsscache_fs fs;
	(void) state;
	assert_int_equal(nsscache_fs_of("/proc/self", &fs), 0);
	assert_true(fs.ok);
	assert_string_equal(fs.name, "proc");
	assert_int_equal(nsscache_fs_of("/", &fs), 0);
	assert_true(fs.name[0] != '\0');
	assert_int_equal(nsscache_fs_of("/nonexistent/nsscache", &fs), -1);
	assert_false(fs.ok);
	assert_int_equal(fs.cls, NSSCACHE_FS_UNKNOWN);
	assert_int_equal(nsscache_fs_of("", &fs), -1);
	assert_int_equal(nsscache_fs_of(NULL, &fs), -1);
	if (nsscache_fs_of("/dev/shm", &fs) == 0) {
		assert_string_equal(fs.name, "tmpfs");
	}
}

/* scratch layout: D/db (with cert9.db), D/empty, D/file, D/default */
typedef struct {
	char root[256], db[300], empty[300], file[300], def[300], missing[300];
} layout;

static void make_layout(layout *l)
{
	char p[400];
	helper_scratch(l->root, sizeof(l->root));
	snprintf(l->db, sizeof(l->db), "%s/db", l->root);
	snprintf(l->empty, sizeof(l->empty), "%s/empty", l->root);
	snprintf(l->file, sizeof(l->file), "%s/file", l->root);
	snprintf(l->def, sizeof(l->def), "%s/default", l->root);
	snprintf(l->missing, sizeof(l->missing), "%s/missing", l->root);
	assert_int_equal(mkdir(l->db, 0755), 0);
	assert_int_equal(mkdir(l->empty, 0755), 0);
	assert_int_equal(mkdir(l->def, 0755), 0);
	snprintf(p, sizeof(p), "%s/cert9.db", l->db);
	helper_write_file(p, "x");
	snprintf(p, sizeof(p), "%s/cert9.db", l->def);
	helper_write_file(p, "x");
	helper_write_file(l->file, "x");
}

static void test_db_ssl_dir_used(void **state)
{
	layout l;
	nsscache_db_info db;
	char slash[320];
	(void) state;
	make_layout(&l);

	nsscache_detect_db(&db, l.db, l.missing, NULL);
	assert_int_equal(db.source, NSSCACHE_DB_SSL_DIR);
	assert_string_equal(db.path, l.db);
	assert_true(db.exists && db.is_dir && db.readable && db.writable && db.cert9);
	assert_true(db.fs.ok);
	assert_string_equal(WORDS(nsscache_report_db_note, &db), "");
	assert_non_null(strstr(WORDS(nsscache_report_db_reason, &db), "from SSL_DIR"));

	/* trailing slash: cert9.db still found */
	snprintf(slash, sizeof(slash), "%s/", l.db);
	nsscache_detect_db(&db, slash, l.missing, NULL);
	assert_int_equal(db.source, NSSCACHE_DB_SSL_DIR);
	assert_true(db.cert9);

	/* a directory without cert9.db is still what curl passes to NSS */
	nsscache_detect_db(&db, l.empty, l.def, NULL);
	assert_int_equal(db.source, NSSCACHE_DB_SSL_DIR);
	assert_false(db.cert9);
	assert_non_null(strstr(WORDS(nsscache_report_db_reason, &db), "no readable cert9.db"));
	helper_rm_rf(l.root);
}

static void test_db_default_and_none(void **state)
{
	layout l;
	nsscache_db_info db;
	(void) state;
	make_layout(&l);

	nsscache_detect_db(&db, NULL, l.def, NULL);
	assert_int_equal(db.source, NSSCACHE_DB_DEFAULT);
	assert_string_equal(db.path, l.def);
	assert_true(db.cert9);
	assert_non_null(strstr(WORDS(nsscache_report_db_reason, &db), "the default"));

	nsscache_detect_db(&db, NULL, l.missing, NULL);
	assert_int_equal(db.source, NSSCACHE_DB_NONE);
	assert_string_equal(db.path, "");
	assert_false(db.exists);
	assert_non_null(strstr(WORDS(nsscache_report_db_reason, &db), "SSL_DIR is unset"));

	/* the default itself is a file: not a directory, so none */
	nsscache_detect_db(&db, NULL, l.file, NULL);
	assert_int_equal(db.source, NSSCACHE_DB_NONE);
	helper_rm_rf(l.root);
}

typedef struct {
	const char *label;
	int which;                  /* 0 missing, 1 file, 2 sql: prefix, 3 empty, 4 too long, 5 dbm: prefix,
								 * 6 exactly PATH_MAX bytes, 7 PATH_MAX - 1 bytes */
	const char *note_has;
} bad_row;

static const bad_row bad_rows[] = {
	{ "SSL_DIR missing", 0, "No such file" },
	{ "SSL_DIR a file", 1, "not a directory" },
	{ "SSL_DIR with sql: prefix", 2, "adds \"sql:\" itself" },
	{ "SSL_DIR empty", 3, "empty" },
	{ "SSL_DIR longer than PATH_MAX", 4, "over PATH_MAX" },
	{ "SSL_DIR with dbm: prefix", 5, "NSS prefix" },
	/* the boundary: PATH_MAX bytes is refused unasked, one less is stat()ed */
	{ "SSL_DIR of exactly PATH_MAX bytes", 6, "over PATH_MAX" },
	{ "SSL_DIR of PATH_MAX - 1 bytes", 7, "File name too long" },
};

static void test_db_bad_ssl_dir(void **state)
{
	layout l;
	size_t i;
	static char longdir[PATH_MAX + 64];
	char val[PATH_MAX + 64];
	(void) state;
	make_layout(&l);
	memset(longdir, 'a', sizeof(longdir) - 1);
	longdir[0] = '/';
	longdir[sizeof(longdir) - 1] = '\0';

	for (i = 0; i < sizeof(bad_rows) / sizeof(bad_rows[0]); i++) {
		nsscache_db_info db;
		switch (bad_rows[i].which) {
		case 0: snprintf(val, sizeof(val), "%s", l.missing); break;
		case 1: snprintf(val, sizeof(val), "%s", l.file); break;
		case 2: snprintf(val, sizeof(val), "sql:%s", l.db); break;
		case 3: val[0] = '\0'; break;
		case 4: snprintf(val, sizeof(val), "%s", longdir); break;
		case 6: snprintf(val, sizeof(val), "%.*s", PATH_MAX, longdir); break;
		case 7: snprintf(val, sizeof(val), "%.*s", PATH_MAX - 1, longdir); break;
		default: snprintf(val, sizeof(val), "dbm:%s", l.db); break;
		}
		/* curl drops a bad SSL_DIR and falls back to the default, then to none */
		nsscache_detect_db(&db, val, l.def, NULL);
		ROW_INT_EQ(i, bad_rows[i].label, db.source, NSSCACHE_DB_DEFAULT);
		if (strstr(WORDS(nsscache_report_db_note, &db), bad_rows[i].note_has) == NULL) {
			fail_msg("row %zu (%s): note \"%s\" lacks \"%s\"", i, bad_rows[i].label, WORDS(nsscache_report_db_note, &db), bad_rows[i].note_has);
		}
		nsscache_detect_db(&db, val, l.missing, NULL);
		ROW_INT_EQ(i, bad_rows[i].label, db.source, NSSCACHE_DB_NONE);
		if (strstr(WORDS(nsscache_report_db_reason, &db), "SSL_DIR is not a usable directory") == NULL) {
			fail_msg("row %zu (%s): reason \"%s\"", i, bad_rows[i].label, WORDS(nsscache_report_db_reason, &db));
		}
		ROW_INT_EQ(i, bad_rows[i].label, strlen(WORDS(nsscache_report_db_note, &db)) < 256, 1);
	}
	helper_rm_rf(l.root);
}

static void test_db_relative_and_symlink(void **state)
{
	layout l;
	nsscache_db_info db;
	char cwd[PATH_MAX], link[320];
	(void) state;
	make_layout(&l);
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(l.root), 0);
	nsscache_detect_db(&db, "db", l.missing, NULL);   /* curl stat()s relative to the cwd */
	assert_int_equal(db.source, NSSCACHE_DB_SSL_DIR);
	assert_true(db.cert9);
	assert_int_equal(chdir(cwd), 0);

	snprintf(link, sizeof(link), "%s/link", l.root);
	assert_int_equal(symlink(l.db, link), 0);
	nsscache_detect_db(&db, link, l.missing, NULL);   /* stat() follows symlinks */
	assert_int_equal(db.source, NSSCACHE_DB_SSL_DIR);
	assert_true(db.cert9);
	helper_rm_rf(l.root);
}

static layout perm_layout;

static int check_unreadable(void *arg)
{
	nsscache_db_info db;
	(void) arg;
	nsscache_detect_db(&db, perm_layout.db, perm_layout.missing, NULL);
	if (db.source != NSSCACHE_DB_SSL_DIR) return 1;   /* curl still picks it: stat works */
	if (db.readable || db.writable || db.cert9) return 2;
	if (strstr(WORDS(nsscache_report_db_reason, &db), "cannot read") == NULL) return 3;
	return 0;
}

static int check_readonly(void *arg)
{
	nsscache_db_info db;
	(void) arg;
	nsscache_detect_db(&db, perm_layout.db, perm_layout.missing, NULL);
	if (db.source != NSSCACHE_DB_SSL_DIR) return 1;
	if (!db.readable || db.writable || !db.cert9) return 2;
	return 0;
}

/* chmod 000 / 0555; checked as nobody because root bypasses permissions */
static void test_db_permissions(void **state)
{
	(void) state;
	make_layout(&perm_layout);
	assert_int_equal(chmod(perm_layout.db, 0), 0);
	assert_int_equal(helper_run_unprivileged(check_unreadable, NULL), 0);
	assert_int_equal(chmod(perm_layout.db, 0555), 0);
	assert_int_equal(helper_run_unprivileged(check_readonly, NULL), 0);
	assert_int_equal(chmod(perm_layout.db, 0755), 0);
	helper_rm_rf(perm_layout.root);
}

static int var_tmp_usable(void)
{
	struct stat st;
	return stat("/var/tmp", &st) == 0 && S_ISDIR(st.st_mode) && access("/var/tmp", W_OK | X_OK) == 0;
}

static void test_tempdir(void **state)
{
	layout l;
	nsscache_tempdir_info t;
	char cwd[PATH_MAX];
	static char longdir[PATH_MAX + 64];
	(void) state;
	make_layout(&l);

	nsscache_detect_tempdir(&t, NULL, l.empty, NULL);
	assert_true(t.found);
	assert_string_equal(t.path, l.empty);
	assert_string_equal(t.source, "TMPDIR");
	assert_string_equal(WORDS(nsscache_report_tempdir_note, &t), "");
	assert_true(t.fs.ok);

	/* SQLITE_TMPDIR comes first */
	nsscache_detect_tempdir(&t, l.db, l.empty, NULL);
	assert_string_equal(t.path, l.db);
	assert_string_equal(t.source, "SQLITE_TMPDIR");

	/* odd TMPDIR values are skipped, the next candidate wins, the note says why */
	nsscache_detect_tempdir(&t, NULL, l.missing, NULL);
	assert_true(t.found);
	assert_non_null(strstr(WORDS(nsscache_report_tempdir_note, &t), "TMPDIR="));
	assert_non_null(strstr(WORDS(nsscache_report_tempdir_note, &t), "No such file"));
	if (var_tmp_usable()) {
		assert_string_equal(t.source, "/var/tmp");
	}
	nsscache_detect_tempdir(&t, NULL, l.file, NULL);
	assert_non_null(strstr(WORDS(nsscache_report_tempdir_note, &t), "not a directory"));
	nsscache_detect_tempdir(&t, NULL, "", NULL);
	assert_non_null(strstr(WORDS(nsscache_report_tempdir_note, &t), "empty"));
	memset(longdir, 'a', sizeof(longdir) - 1);
	longdir[0] = '/';
	longdir[sizeof(longdir) - 1] = '\0';
	nsscache_detect_tempdir(&t, longdir, longdir, NULL);
	assert_non_null(strstr(WORDS(nsscache_report_tempdir_note, &t), "SQLITE_TMPDIR="));
	assert_non_null(strstr(WORDS(nsscache_report_tempdir_note, &t), "longer than PATH_MAX"));
	assert_true(strlen(WORDS(nsscache_report_tempdir_note, &t)) < 256);

	/* relative: usable, but depends on the cwd */
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(l.root), 0);
	nsscache_detect_tempdir(&t, NULL, "empty", NULL);
	assert_int_equal(chdir(cwd), 0);
	assert_true(t.found);
	assert_string_equal(t.path, "empty");
	assert_non_null(strstr(WORDS(nsscache_report_tempdir_note, &t), "relative"));
	helper_rm_rf(l.root);
}

static void test_tempdir_long_for_sqlite(void **state)
{
	layout l;
	nsscache_tempdir_info t;
	char deep[700];
	int i;
	(void) state;
	make_layout(&l);
	snprintf(deep, sizeof(deep), "%s", l.root);
	for (i = 0; strlen(deep) < 500; i++) {
		size_t n = strlen(deep);
		snprintf(deep + n, sizeof(deep) - n, "/%s", "dddddddddddddddddddddddddddddddddddddddddddddddddd");
		assert_int_equal(mkdir(deep, 0755), 0);
	}
	nsscache_detect_tempdir(&t, NULL, deep, NULL);
	assert_true(t.found);
	assert_string_equal(t.source, "TMPDIR");
	assert_non_null(strstr(WORDS(nsscache_report_tempdir_note, &t), "too long for sqlite"));
	helper_rm_rf(l.root);
}

static int check_tmp_readonly(void *arg)
{
	nsscache_tempdir_info t;
	nsscache_detect_tempdir(&t, NULL, (const char *) arg, NULL);
	if (strstr(WORDS(nsscache_report_tempdir_note, &t), "not writable") == NULL) return 1;
	if (t.found && strcmp(t.source, "TMPDIR") == 0) return 2;
	return 0;
}

static void test_tempdir_not_writable(void **state)
{
	layout l;
	(void) state;
	make_layout(&l);
	assert_int_equal(chmod(l.empty, 0555), 0);
	assert_int_equal(helper_run_unprivileged(check_tmp_readonly, l.empty), 0);
	helper_rm_rf(l.root);
}

static void test_system_lib(void **state)
{
	layout l;
	char p[320];
	(void) state;
	make_layout(&l);
	snprintf(p, sizeof(p), "%s/file", l.root);
	assert_false(nsscache_path_is_system_lib(p));
	assert_false(nsscache_path_is_system_lib(l.missing));
	assert_false(nsscache_path_is_system_lib(NULL));
	assert_false(nsscache_path_is_system_lib(""));
	if (access("/usr/lib/x86_64-linux-gnu/libsoftokn3.so", F_OK) == 0) {
		assert_true(nsscache_path_is_system_lib("/usr/lib/x86_64-linux-gnu/libsoftokn3.so"));
		/* /lib is a symlink to /usr/lib on merged-/usr systems: realpath decides */
		assert_true(nsscache_path_is_system_lib("/lib/x86_64-linux-gnu/libsoftokn3.so"));
	}
	if (access("/usr/lib/x86_64-linux-gnu/nss/libnsspem.so", F_OK) == 0) {
		assert_false(nsscache_path_is_system_lib("/usr/lib/x86_64-linux-gnu/nss/libnsspem.so"));
	}
	helper_rm_rf(l.root);
}

/* The directory rule alone: the softokn file is only read from these. */
static void test_system_lib_dir(void **state)
{
	static const struct { const char *dir; int want; } rows[] = {
		{ "/usr/lib/x86_64-linux-gnu", 1 }, { "/lib/aarch64-linux-gnu", 1 }, { "/usr/lib64", 1 },
		{ "/lib", 1 }, { "/usr/lib", 1 }, { "/usr/lib/x86_64-linux-gnu/nss", 0 },
		{ "/usr/local/lib", 0 }, { "/tmp", 0 }, { "/usr/lib/php", 0 }, { "", 0 }, { "usr/lib", 0 },
	};
	size_t i;
	(void) state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		ROW_INT_EQ(i, rows[i].dir, nsscache_dir_is_system_lib(rows[i].dir), rows[i].want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fs_table),
		cmocka_unit_test(test_fs_of),
		cmocka_unit_test(test_db_ssl_dir_used),
		cmocka_unit_test(test_db_default_and_none),
		cmocka_unit_test(test_db_bad_ssl_dir),
		cmocka_unit_test(test_db_relative_and_symlink),
		cmocka_unit_test(test_db_permissions),
		cmocka_unit_test(test_tempdir),
		cmocka_unit_test(test_tempdir_long_for_sqlite),
		cmocka_unit_test(test_tempdir_not_writable),
		cmocka_unit_test(test_system_lib),
		cmocka_unit_test(test_system_lib_dir),
	};
	return cmocka_run_group_tests_name("fs", tests, NULL, NULL);
}
