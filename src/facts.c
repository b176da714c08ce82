/* SPDX-License-Identifier: BSD-2-Clause */
/* What only this process can tell: see facts.h. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr, dl_iterate_phdr, RTLD_NOLOAD, memmem */
#endif
#include "facts.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <elf.h> /* AT_SECURE */
#ifndef NSSCACHE_NO_GETAUXVAL
#include <sys/auxv.h>
#else
#include <sys/prctl.h>
#endif

#ifdef NSSCACHE_THREADS /* a ZTS PHP (config.m4) */
#include <pthread.h>
static pthread_mutex_t curl_lock = PTHREAD_MUTEX_INITIALIZER;
#define CURL_LOCK(op) pthread_mutex_##op(&curl_lock)
#else
#define CURL_LOCK(op) (void) 0
#endif

#define SOFTOKN_NAME "libsoftokn3.so"
#define NSS_NAME "libnss3.so"

int nsscache_parse_nss_version(const char *buf, size_t len, char *version, size_t versionlen,
		nsscache_version *v)
{
	/* built in by lib/softoken/softkver.c and lib/nss/nssver.c: after the tag,
	 * "<major>.<minor>[.<patch>[.<build>]]", then a space, a NUL or " Basic ECC" */
	static const char *const tags[] = { "Version: NSS ", "$Header: NSS " };
	const char *end = buf + len;
	size_t t;

	for (t = 0; t < 2; t++) {
		size_t tl = strlen(tags[t]);
		const char *p = buf;

		while (p < end && (p = memmem(p, (size_t) (end - p), tags[t], tl)) != NULL) {
			const char *q = p + tl;
			int part[4] = { 0, 0, 0, 0 }, k = 0;

			p = q;
			while (k < 4 && q < end && *q >= '0' && *q <= '9') {
				int n = 0;

				while (q < end && *q >= '0' && *q <= '9' && n < 100000) {
					n = n * 10 + (*q++ - '0');
				}
				part[k++] = n;
				if (q + 1 < end && *q == '.' && q[1] >= '0' && q[1] <= '9') {
					q++;
				} else {
					break;
				}
			}
			/* complete only when something that is not a digit or a dot follows */
			if (k < 2 || q >= end || (*q >= '0' && *q <= '9') || *q == '.' || part[0] > 999 || part[1] > 999) {
				continue;
			}
			*v = NSSCACHE_VERSION(part[0], part[1], k > 2 ? part[2] : 0);
			snprintf(version, versionlen, "%.*s", (int) (q - (p)), p);
			return 0;
		}
	}
	return -1;
}

/* ---------------------------------------------------------------- the loaded objects */

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s != NULL ? s + 1 : path;
}

static int stamp_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	nsscache_stamp *s = data;

	if (size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof(info->dlpi_subs)) {
		s->adds = info->dlpi_adds;
		s->subs = info->dlpi_subs;
	}
	return 1;
}

void nsscache_stamp_now(nsscache_stamp *s)
{
	s->adds = s->subs = 0;
	dl_iterate_phdr(stamp_cb, s); /* one callback: the counts */
}

int nsscache_stamp_equal(const nsscache_stamp *a, const nsscache_stamp *b)
{
	return a->adds == b->adds && a->subs == b->subs && (a->adds | a->subs) != 0;
}

typedef struct {
	nsscache_libs *out;
	int curls;
	char libc_dir[PATH_MAX];
} scan_ctx;

/* The NSS version string in OBJ's readable segments, read where the loader
 * mapped them (under its lock, so they cannot go away meanwhile). */
static void version_from_image(const struct dl_phdr_info *obj, char *version, size_t versionlen,
		nsscache_version *v)
{
	int i;

	for (i = 0; i < obj->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &obj->dlpi_phdr[i];

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_R) && ph->p_filesz > 0
				&& nsscache_parse_nss_version((const char *) (obj->dlpi_addr + ph->p_vaddr),
					(size_t) ph->p_filesz, version, versionlen, v) == 0) {
			return;
		}
	}
}

static char *copy_dir(char *dst, const char *path)
{
	const char *slash = strrchr(path, '/');

	snprintf(dst, PATH_MAX, "%.*s", (int) (slash != NULL ? slash - path : 0), path);
	return dst;
}

static int scan_cb(struct dl_phdr_info *info, size_t size __attribute__((unused)), void *data)
{
	scan_ctx *ctx = data;
	nsscache_libs *out = ctx->out;
	nsscache_version ignored;
	const char *b;

	/* any spelling ("lib/libnss3.so" from a relative LD_LIBRARY_PATH); "": the main program */
	if (info->dlpi_name == NULL || info->dlpi_name[0] == '\0') {
		return 0;
	}
	b = base_name(info->dlpi_name);
	if (strncmp(b, "libcurl", 7) == 0) {
		ctx->curls++;
	} else if (strcmp(b, NSS_NAME) == 0 && out->nss_path[0] == '\0') {
		snprintf(out->nss_path, sizeof(out->nss_path), "%s", info->dlpi_name);
		version_from_image(info, out->nss_version, sizeof(out->nss_version), &ignored);
	} else if (strcmp(b, SOFTOKN_NAME) == 0 && out->softokn_how == NSSCACHE_SOFTOKN_NONE) {
		out->softokn_how = NSSCACHE_SOFTOKN_LOADED;
		snprintf(out->softokn_path, sizeof(out->softokn_path), "%s", info->dlpi_name);
		version_from_image(info, out->softokn_version, sizeof(out->softokn_version), &out->softokn_v);
	} else if (strncmp(b, "libc.so", 7) == 0 && ctx->libc_dir[0] == '\0') {
		copy_dir(ctx->libc_dir, info->dlpi_name);
	}
	return 0;
}

static int softokn_cb(struct dl_phdr_info *info, size_t size __attribute__((unused)), void *data)
{
	return *(int *) data = info->dlpi_name != NULL && strcmp(base_name(info->dlpi_name), SOFTOKN_NAME) == 0;
}

int nsscache_softokn_loaded(void)
{
	int found = 0;

	dl_iterate_phdr(softokn_cb, &found);
	return found;
}

/* ---------------------------------------------------------------- libcurl */

/* The leading members of curl_version_info_data, unchanged since
 * CURLVERSION_FIRST (include/curl/curl.h): no curl headers needed. */
struct curl_vinfo {
	int age;
	const char *version;
	unsigned int version_num;
	const char *host;
	int features;
	const char *ssl_version;
};
typedef struct curl_vinfo *(*curl_version_info_fn)(int);

/* A dlsym() result as a function pointer (POSIX guarantees the representation). */
#define FN(type, p) (*(type *) (void *) &(p))

/* The loader's name for the object whose segments hold ADDR ("" for the
 * main program, where dladdr says argv[0]: the process title). */
typedef struct {
	const void *addr;
	char name[PATH_MAX];
} owner_ctx;

static int owner_cb(struct dl_phdr_info *info, size_t size __attribute__((unused)), void *data)
{
	owner_ctx *o = data;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = (uintptr_t) (info->dlpi_addr + ph->p_vaddr);

		if (ph->p_type == PT_LOAD && (uintptr_t) o->addr >= lo && (uintptr_t) o->addr - lo < ph->p_memsz) {
			snprintf(o->name, sizeof(o->name), "%s", info->dlpi_name != NULL ? info->dlpi_name : "");
			return 1;
		}
	}
	return 0;
}

/* curl_version_info as HANDLE's object binds it (RTLD_DEEPBIND); NULL: the global scope, by the main
 * program's handle (dlopen(NULL) opens nothing; RTLD_DEFAULT would pin the library). No name the loader
 * reports is dlopen()ed (RTLD_NOLOAD too may open it; the main program's is argv[0]). */
static void *curl_sym_in(void *handle, char *path, size_t pathlen)
{
	void *h = handle != NULL ? handle : dlopen(NULL, RTLD_LAZY | RTLD_NOLOAD);
	owner_ctx o = { NULL, "" };

	o.addr = h != NULL ? dlsym(h, "curl_version_info") : NULL;
	if (handle == NULL && h != NULL) {
		dlclose(h);
	}
	if (o.addr == NULL || dl_iterate_phdr(owner_cb, &o) == 0 || strncmp(base_name(o.name), "libcurl", 7) != 0) {
		return NULL;
	}
	snprintf(path, pathlen, "%s", o.name);
	return (void *) (uintptr_t) o.addr;
}

static void libcurl_facts(nsscache_libs *out, const scan_ctx *ctx, int ext_curl, void *ext_curl_handle)
{
	void *sym = ext_curl ? curl_sym_in(ext_curl_handle, out->curl_path, sizeof(out->curl_path)) : NULL;
	struct curl_vinfo *vi;

	out->curl_how = NSSCACHE_CURL_EXT_CURL;
	if (sym == NULL && ctx->curls > 0) {
		sym = curl_sym_in(NULL, out->curl_path, sizeof(out->curl_path));
		out->curl_how = ctx->curls == 1 ? NSSCACHE_CURL_ONLY : NSSCACHE_CURL_FIRST;
		out->ext_curl_missed = ext_curl;
	}
	/* what PHP's curl_version() calls; it opens no database, but writes static buffers (7.88's
	 * ssl_version): in a threaded PHP one thread at a time, until its answer is copied */
	CURL_LOCK(lock);
	vi = sym != NULL ? FN(curl_version_info_fn, sym)(3 /* CURLVERSION_FOURTH; libcurl ignores it */) : NULL;
	if (vi != NULL && vi->version != NULL) {
		snprintf(out->curl_version, sizeof(out->curl_version), "%s", vi->version);
		snprintf(out->curl_ssl, sizeof(out->curl_ssl), "%s", vi->ssl_version != NULL ? vi->ssl_version : "");
	}
	CURL_LOCK(unlock);
	out->curl_how = out->curl_version[0] != '\0' ? out->curl_how : NSSCACHE_CURL_NONE;
	out->curl_path[0] = out->curl_version[0] != '\0' ? out->curl_path[0] : '\0';
	out->curl_nss = strncmp(out->curl_ssl, "NSS/", 4) == 0;
}

/* ---------------------------------------------------------------- softokn as a file */

/* A softokn is ~400 KiB; far more is not one. */
#define SOFTOKN_FILE_MAX (64L * 1024 * 1024)
#define CHUNK (64 * 1024)
#define KEEP 128 /* longer than any version string: one cut by a chunk end is read whole next time */

int nsscache_file_nss_version(const char *path, char *version, size_t versionlen, nsscache_version *v)
{
	int fd = nsscache_open_regular(path);
	size_t have = 0;
	long total = 0;
	char *buf;

	version[0] = '\0';
	if (fd < 0) {
		return -1;
	}
	buf = malloc(CHUNK + KEEP);
	while (buf != NULL && total < SOFTOKN_FILE_MAX) {
		ssize_t got = read(fd, buf + have, CHUNK);

		if (got < 0 && errno == EINTR) {
			continue;
		}
		if (got <= 0) {
			break;
		}
		have += (size_t) got;
		total += got;
		if (nsscache_parse_nss_version(buf, have, version, versionlen, v) == 0) {
			break;
		}
		if (have > KEEP) {
			memmove(buf, buf + have - KEEP, KEEP);
			have = KEEP;
		}
	}
	free(buf);
	close(fd);
	return 0;
}

/* Candidate DIR: DIR/libsoftokn3.so, when it is a regular file. */
static int softokn_in(nsscache_libs *out, const char *dir)
{
	char path[PATH_MAX];

	if (dir[0] != '/' || snprintf(path, sizeof(path), "%s/%s", dir, SOFTOKN_NAME) >= (int) sizeof(path)
			|| nsscache_file_nss_version(path, out->softokn_version, sizeof(out->softokn_version), &out->softokn_v) != 0) {
		return 0;
	}
	out->softokn_how = NSSCACHE_SOFTOKN_FILE;
	snprintf(out->softokn_path, sizeof(out->softokn_path), "%s", path);
	return 1;
}

/* DIR appended to DIRS[N] unless there already; the new count. */
static int add_dir(char dirs[8][PATH_MAX], int n, const char *prefix, const char *dir)
{
	int i;

	snprintf(dirs[n], PATH_MAX, "%s%.4000s", prefix, dir);
	for (i = 0; i < n && strcmp(dirs[i], dirs[n]) != 0; i++) {
	}
	return i == n ? n + 1 : n;
}

int nsscache_softokn_dirs(const char *nss, const char *real, const char *libc_dir, char dirs[8][PATH_MAX])
{
	static const char *const fixed[] = { "/usr/lib64", "/lib64", "/usr/lib", "/lib" };
	int n = 0, i, usr = strncmp(libc_dir, "/usr/", 5) == 0;
	char dir[PATH_MAX];

	if (nss != NULL && nss[0] != '/') {
		return 0;
	}
	for (i = 0; i < 2 && nss != NULL; i++) {
		n = add_dir(dirs, n, "", copy_dir(dir, i == 0 || real == NULL ? nss : real));
	}
	if (libc_dir[0] == '/') {
		n = add_dir(dirs, add_dir(dirs, n, "", libc_dir), usr ? "" : "/usr", libc_dir + (usr ? 4 : 0));
	}
	for (i = 0; i < 4; i++) {
		n = add_dir(dirs, n, "", fixed[i]);
	}
	return n;
}

/* Is DIR one of DIRS, both resolved (a symlinked dir elsewhere does not count)? */
static int is_system_dir(const char *dir, char dirs[8][PATH_MAX], int n)
{
	char *real = dir[0] == '/' ? realpath(dir, NULL) : NULL;
	int i, yes = 0;

	for (i = 0; real != NULL && !yes && i < n; i++) {
		char *sys = realpath(dirs[i], NULL);

		yes = sys != NULL && strcmp(sys, real) == 0;
		free(sys);
	}
	free(real);
	return yes;
}

/* Not loaded: never load it to ask (its constructor would run here, and a bare name follows
 * LD_LIBRARY_PATH, whose empty entry is the cwd). Read the file NSS would load. */
static void softokn_facts(nsscache_libs *out, const scan_ctx *ctx)
{
	char dirs[8][PATH_MAX], dir[PATH_MAX];
	char *real = out->nss_path[0] == '/' ? realpath(out->nss_path, NULL) : NULL;
	int n = out->nss_path[0] != '\0' ? nsscache_softokn_dirs(out->nss_path, real, ctx->libc_dir, dirs) : 0, i;

	for (i = 0; out->softokn_how == NSSCACHE_SOFTOKN_NONE && i < n; i++) {
		softokn_in(out, dirs[i]);
	}
	free(real);
	n = nsscache_softokn_dirs(NULL, NULL, ctx->libc_dir, dirs); /* the system ones */
	out->softokn_system = out->softokn_how != NSSCACHE_SOFTOKN_NONE
		&& is_system_dir(copy_dir(dir, out->softokn_path), dirs, n);
}

void nsscache_libs_gather(nsscache_libs *out, int ext_curl, void *ext_curl_handle)
{
	scan_ctx *ctx = calloc(1, sizeof(*ctx));

	memset(out, 0, sizeof(*out));
	if (ctx == NULL) {
		return;
	}
	ctx->out = out;
	dl_iterate_phdr(scan_cb, ctx);
	/* dlopen/dlsym and file reads take their own locks: after the scan */
	libcurl_facts(out, ctx, ext_curl, ext_curl_handle);
	softokn_facts(out, ctx);
#ifndef NSSCACHE_NO_GETAUXVAL
	out->secure_exec = getauxval(AT_SECURE) != 0;
#else /* glibc < 2.16 (EL6): the kernel's vector, readable while dumpable; else (setuid) taken as secure */
	{
		unsigned long av[2] = { AT_NULL, 0 };
		int fd = prctl(PR_GET_DUMPABLE) == 1 ? nsscache_open_regular("/proc/self/auxv") : -1;

		out->secure_exec = fd < 0;
		while (fd >= 0 && read(fd, av, sizeof(av)) == (ssize_t) sizeof(av) && av[0] != AT_NULL) {
			out->secure_exec |= av[0] == AT_SECURE && av[1] != 0;
		}
		(void) (fd < 0 || close(fd));
	}
#endif
	free(ctx);
}

/* ---------------------------------------------------------------- in effect? */

/* in the enum's order; docs/api.md says what each means */
static const char *const effect_codes[NSSCACHE_EFFECT_N] = { "in_effect", "unset", "probing_value",
	"set_after_nss_init", "opened_under_putenv", "secure_exec", "softokn_ignores", "softokn_version_ambiguous",
	"softokn_unknown", "no_nss_curl", "changed_below_php" };

const char *nsscache_effect_code(nsscache_effect e)
{
	return effect_codes[e];
}

/* Is the variable honoured? With softokn loaded, NSS opened its DB under the value the timeline
 * placed there (nsscache_checkpoint); before, it will under CURRENT. Then softokn's version answers
 * (data/softokn.tsv, every family): 3.12.3-3.14.2 ignore it (Mozilla 956082 came in 3.16); 3.14.3-3.15.x
 * are ambiguous, upstream and RHEL 7.0 ignoring it, RHEL 6 honouring it from a package release the
 * version does not show (RH bz 1044666): the doctor decides; 3.16 to 3.x honour it. */
nsscache_effect nsscache_in_effect(const nsscache_libs *libs, const nsscache_record *rec, const char *current)
{
	nsscache_version v = libs->softokn_v;
	nsscache_var var = nsscache_classify(current);
	int loaded = libs->softokn_how == NSSCACHE_SOFTOKN_LOADED && rec->opened != NSSCACHE_OPEN_NOT_SEEN, probing;

	if (!libs->curl_nss) {
		return NSSCACHE_EFFECT_NO_NSS_CURL;
	}
	var = loaded ? rec->opened_var : var; /* what NSS read, or will read */
	probing = var == NSSCACHE_VAR_UNSET || var == NSSCACHE_VAR_PROBING;
	if (loaded && rec->opened == NSSCACHE_OPEN_UNKNOWN) {
		return NSSCACHE_EFFECT_CHANGED_BELOW_PHP;
	}
	if (loaded && probing && (rec->opened == NSSCACHE_OPEN_PUTENV || rec->nss_was_open)) {
		return rec->opened == NSSCACHE_OPEN_PUTENV ? NSSCACHE_EFFECT_OPENED_UNDER_PUTENV
			: NSSCACHE_EFFECT_SET_AFTER_NSS_INIT;
	}
	if (probing) {
		return var == NSSCACHE_VAR_UNSET ? NSSCACHE_EFFECT_UNSET : NSSCACHE_EFFECT_PROBING_VALUE;
	}
	if (libs->secure_exec && v >= NSSCACHE_VERSION(3, 23, 0)) { /* PR_GetEnvSecure in sdb.c */
		return NSSCACHE_EFFECT_SECURE_EXEC;
	}
	if (v < NSSCACHE_VERSION(3, 12, 3) || v >= NSSCACHE_VERSION(4, 0, 0)) {
		return NSSCACHE_EFFECT_SOFTOKN_UNKNOWN;
	}
	return v < NSSCACHE_VERSION(3, 14, 3) ? NSSCACHE_EFFECT_SOFTOKN_IGNORES
		: v < NSSCACHE_VERSION(3, 16, 0) ? NSSCACHE_EFFECT_SOFTOKN_VERSION_AMBIGUOUS
		: NSSCACHE_EFFECT_IN_EFFECT;
}
