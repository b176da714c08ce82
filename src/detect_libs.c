/* Finds libcurl, libnss3 and libsoftokn3 in this process and asks each for
 * its version through its own exported functions. Declares the few ABI
 * structures it reads instead of needing curl/NSS headers at build time. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr, dl_iterate_phdr, RTLD_NOLOAD, RTLD_DEEPBIND */
#endif
#include "detect_libs.h"
#include "detect_fs.h"
#include "util.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__has_include)
# if __has_include(<curl/curl.h>)
#  include <curl/curl.h>
#  define NSSCACHE_HAVE_CURL_H 1
# endif
#endif

/* Leading members of curl_version_info_data, unchanged since CURLVERSION_FIRST
 * (include/curl/curl.h); curl_version_info() ignores its argument. */
struct nsscache_curl_vinfo {
	int age;                    /* enum CURLversion */
	const char *version;
	unsigned int version_num;
	const char *host;
	int features;
	const char *ssl_version;
	long ssl_version_num;
};
typedef struct nsscache_curl_vinfo *(*nsscache_curl_version_info_fn)(int);

#ifdef NSSCACHE_HAVE_CURL_H
#include <stddef.h>
_Static_assert(offsetof(curl_version_info_data, version) == offsetof(struct nsscache_curl_vinfo, version), "curl ABI");
_Static_assert(offsetof(curl_version_info_data, version_num) == offsetof(struct nsscache_curl_vinfo, version_num), "curl ABI");
_Static_assert(offsetof(curl_version_info_data, ssl_version) == offsetof(struct nsscache_curl_vinfo, ssl_version), "curl ABI");
#endif

/* PKCS #11 v2 types as NSS declares them on Unix (lib/util/pkcs11t.h: no
 * packing, CK_ULONG = unsigned long). Only the prefix of CK_FUNCTION_LIST
 * up to C_GetInfo is read. */
typedef unsigned long nsscache_ck_rv;
typedef struct {
	unsigned char major, minor;
} nsscache_ck_version;
typedef struct {
	nsscache_ck_version cryptokiVersion;
	unsigned char manufacturerID[32];
	unsigned long flags;
	unsigned char libraryDescription[32];
	nsscache_ck_version libraryVersion;
} nsscache_ck_info;
typedef struct {
	nsscache_ck_version version;
	nsscache_ck_rv (*C_Initialize)(void *);
	nsscache_ck_rv (*C_Finalize)(void *);
	nsscache_ck_rv (*C_GetInfo)(nsscache_ck_info *);
} nsscache_ck_function_list;
typedef nsscache_ck_rv (*nsscache_ck_get_function_list_fn)(nsscache_ck_function_list **);
typedef const char *(*nsscache_nss_get_version_fn)(void);
typedef int (*nsscache_nss_is_initialized_fn)(void); /* PRBool is int */

#define NSSCACHE_MAX_CANDIDATES 4

typedef struct {
	const char *name;           /* basename to match */
	int prefix;                 /* match NAME as a prefix ("libcurl") */
	int count;                  /* all matches, may exceed the stored ones */
	char paths[NSSCACHE_MAX_CANDIDATES][PATH_MAX];
} scan_ctx;

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s != NULL ? s + 1 : path;
}

/* Runs under the loader lock: only copy names here, dlopen later. */
static int scan_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	scan_ctx *ctx = data;
	const char *b;

	(void) size;
	if (info->dlpi_name == NULL || info->dlpi_name[0] == '\0') {
		return 0;
	}
	b = base_name(info->dlpi_name);
	if (ctx->prefix ? strncmp(b, ctx->name, strlen(ctx->name)) == 0 : strcmp(b, ctx->name) == 0) {
		if (ctx->count < NSSCACHE_MAX_CANDIDATES) {
			snprintf(ctx->paths[ctx->count], PATH_MAX, "%s", info->dlpi_name);
		}
		ctx->count++;
	}
	return 0;
}

/* The loaded objects named NAME (a prefix when PREFIX), in a heap context
 * (its paths are too big for the stack) with EXTRA bytes after it for the
 * caller; NULL when out of memory. */
static scan_ctx *scan(const char *name, int prefix, size_t extra)
{
	scan_ctx *ctx = malloc(sizeof(*ctx) + extra);

	if (ctx == NULL) {
		return NULL;
	}
	memset(ctx, 0, sizeof(*ctx));
	ctx->name = name;
	ctx->prefix = prefix;
	dl_iterate_phdr(scan_cb, ctx);
	return ctx;
}

static void path_of(const void *addr, char *out, size_t outlen)
{
	Dl_info info;

	out[0] = '\0';
	if (addr != NULL && dladdr(addr, &info) != 0 && info.dli_fname != NULL) {
		snprintf(out, outlen, "%s", info.dli_fname);
	}
}

/* Turns an object pointer from dlsym into a function pointer without the
 * ISO C warning; POSIX guarantees the representation (dlsym(3)). */
#define NSSCACHE_FN(type, p) (*(type *) (void *) &(p))

const char *nsscache_curl_headers_version(void)
{
#ifdef NSSCACHE_HAVE_CURL_H
	return LIBCURL_VERSION;
#else
	return NULL;
#endif
}

int nsscache_detect_libcurl(nsscache_libcurl_info *out, const void *ext_curl_addr)
{
	scan_ctx *ctx;
	void *h = NULL, *sym = NULL;
	nsscache_curl_version_info_fn fn;
	struct nsscache_curl_vinfo *vi;

	memset(out, 0, sizeof(*out));
	ctx = scan("libcurl", 1, 0);
	if (ctx == NULL) {
		out->why = NSSCACHE_LIB_OOM;
		return 0;
	}
	out->candidates = ctx->count;

	if (ext_curl_addr != NULL) {
		Dl_info info;
		if (dladdr(ext_curl_addr, &info) != 0 && info.dli_fname != NULL) {
			h = dlopen(info.dli_fname, RTLD_NOLOAD | RTLD_LAZY);
		}
		if (h == NULL) {
			/* ext/curl compiled into the PHP binary: its libcurl is in the global scope */
			h = dlopen(NULL, RTLD_LAZY);
		}
		if (h != NULL) {
			/* dlsym on a handle searches that object, then its dependencies in
			 * load order: the libcurl ext/curl itself binds to, even when it was
			 * dlopen'ed RTLD_DEEPBIND and another libcurl is global */
			sym = dlsym(h, "curl_version_info");
			dlclose(h); /* only our extra reference: ext/curl keeps both loaded */
			h = NULL;
		}
		if (sym != NULL) {
			out->how = NSSCACHE_CURL_HOW_EXT_CURL;
		}
	}
	if (sym == NULL && ctx->count > 0) {
		/* RTLD_NOLOAD: never load a libcurl the process does not already have */
		h = dlopen(ctx->paths[0], RTLD_NOLOAD | RTLD_LAZY);
		if (h != NULL) {
			sym = dlsym(h, "curl_version_info");
		}
		out->how = ctx->count == 1 ? NSSCACHE_CURL_HOW_ONLY : NSSCACHE_CURL_HOW_FIRST;
		if (ext_curl_addr != NULL) {
			out->why = NSSCACHE_LIB_EXT_CURL_MISS;
		} else if (ctx->count > 1) {
			out->why = NSSCACHE_LIB_SEVERAL;
		}
		nsscache_copy(out->detail, sizeof(out->detail), ctx->paths[0], PATH_MAX);
	}
	if (sym == NULL) {
		if (h != NULL) {
			dlclose(h);
		}
		out->how = NSSCACHE_CURL_HOW_NONE;
		out->why = ctx->count == 0 ? NSSCACHE_LIB_NOT_LOADED : NSSCACHE_LIB_NO_SYMBOL;
		free(ctx);
		return 0;
	}

	fn = NSSCACHE_FN(nsscache_curl_version_info_fn, sym);
	vi = fn(3 /* CURLVERSION_FOURTH; ignored by libcurl */);
	if (vi != NULL && vi->version != NULL) {
		out->found = 1;
		snprintf(out->version, sizeof(out->version), "%s", vi->version);
		out->version_num = vi->version_num;
		snprintf(out->ssl_version, sizeof(out->ssl_version), "%s", vi->ssl_version != NULL ? vi->ssl_version : "");
		/* since curl 7.75 vtls/nss.c reports "NSS/" NSS_GetVersion() at run time */
		out->backend_nss = strncmp(out->ssl_version, "NSS/", 4) == 0;
		path_of(sym, out->path, sizeof(out->path));
	} else {
		out->why = NSSCACHE_LIB_NO_INFO;
	}
	if (h != NULL) {
		dlclose(h); /* balances the RTLD_NOLOAD reference; the library stays */
	}
	free(ctx);
	return out->found;
}

int nsscache_detect_nss(nsscache_nss_info *out)
{
	scan_ctx *ctx;
	void *h, *sym;

	memset(out, 0, sizeof(*out));
	ctx = scan("libnss3.so", 0, 0);
	if (ctx == NULL) {
		out->why = NSSCACHE_LIB_OOM;
		return 0;
	}
	out->copies = ctx->count;
	if (ctx->count == 0) {
		/* loading it just to print a version costs ~1 ms and changes nothing NSS does */
		out->why = NSSCACHE_LIB_NOT_LOADED;
		free(ctx);
		return 0;
	}
	h = dlopen(ctx->paths[0], RTLD_NOLOAD | RTLD_LAZY);
	if (h == NULL) {
		const char *e = dlerror();
		out->why = NSSCACHE_LIB_CANNOT_OPEN;
		nsscache_copy(out->detail, sizeof(out->detail), e != NULL ? e : "", 4096);
		free(ctx);
		return 0;
	}
	snprintf(out->path, sizeof(out->path), "%s", ctx->paths[0]);
	sym = dlsym(h, "NSS_GetVersion"); /* lib/nss/nss.h, since NSS 3.13 */
	if (sym != NULL) {
		nsscache_nss_get_version_fn get = NSSCACHE_FN(nsscache_nss_get_version_fn, sym);
		const char *v = get();
		if (v != NULL) {
			snprintf(out->version, sizeof(out->version), "%s", v);
			out->found = 1;
		}
	}
	if (!out->found) {
		out->why = NSSCACHE_LIB_NO_VERSION_FN;
	}
	sym = dlsym(h, "NSS_IsInitialized");
	if (sym != NULL) {
		nsscache_nss_is_initialized_fn isinit = NSSCACHE_FN(nsscache_nss_is_initialized_fn, sym);
		out->initialized = isinit() != 0;
		out->is_initialized_sym = sym;
	}
	if (ctx->count > 1 && out->found) {
		out->why = NSSCACHE_LIB_SEVERAL;
	}
	dlclose(h);
	free(ctx);
	return out->found;
}

int nsscache_nss_is_initialized(const nsscache_nss_info *info)
{
	Dl_info dl;
	void *sym;

	if (info == NULL || info->is_initialized_sym == NULL) {
		return -1;
	}
	sym = info->is_initialized_sym;
	/* libcurl links libnss3 for the life of the process, but a libnss3 that
	 * something else dlopen'ed may be gone: dladdr fails on an unmapped address */
	if (dladdr(sym, &dl) == 0 || dl.dli_fname == NULL || strcmp(dl.dli_fname, info->path) != 0) {
		return -1;
	}
	return NSSCACHE_FN(nsscache_nss_is_initialized_fn, sym)() != 0;
}

#define NSSCACHE_SOFTOKN_NAME "libsoftokn3.so" /* SHLIB_PREFIX "softokn" SOFTOKEN_SHLIB_VERSION "." SHLIB_SUFFIX */

/* A softokn of ~400 KB; anything far bigger is not one. */
#define NSSCACHE_SOFTOKN_FILE_MAX (64L * 1024 * 1024)
#define NSSCACHE_SCAN_CHUNK (64 * 1024)

int nsscache_softokn_parse_version(const char *buf, size_t len, int *major, int *minor, char *version,
		size_t versionlen)
{
	/* lib/softoken/softkver.c embeds "Version: NSS " SOFTOKEN_VERSION
	 * (__nss_softokn_version; older releases: __nss_softokn_rcsid, "$Header:
	 * NSS " SOFTOKEN_VERSION ...). softkver.h: "<major>.<minor>[.<patch>
	 * [.<build>]][ <ECC>][ <Beta>]", e.g. "3.87.1 Basic ECC", "3.19 Basic ECC Beta". */
	static const char *const tags[] = { "Version: NSS ", "$Header: NSS " };
	size_t t;

	for (t = 0; t < sizeof(tags) / sizeof(tags[0]); t++) {
		size_t tl = strlen(tags[t]);
		const char *p = buf, *end = buf + len;

		while (p + tl < end && (p = memmem(p, (size_t) (end - p), tags[t], tl)) != NULL) {
			const char *v = p + tl, *q = v;
			long parts[3] = { -1, -1, -1 };
			int k = 0;

			while (k < 3 && q < end && *q >= '0' && *q <= '9') {
				long n = 0;

				while (q < end && *q >= '0' && *q <= '9' && n < 100000) {
					n = n * 10 + (*q++ - '0');
				}
				parts[k++] = n;
				if (q + 1 < end && *q == '.' && q[1] >= '0' && q[1] <= '9') {
					q++;
				} else {
					break;
				}
			}
			if (k >= 2 && parts[0] < 1000 && parts[1] < 1000 && parts[2] < 1000) {
				*major = (int) parts[0];
				*minor = (int) parts[1];
				if (k == 3) {
					snprintf(version, versionlen, "%ld.%ld.%ld", parts[0], parts[1], parts[2]);
				} else {
					snprintf(version, versionlen, "%ld.%ld", parts[0], parts[1]);
				}
				return 0;
			}
			p = v;
		}
	}
	return -1;
}

/*
 * The version string in the file at PATH, read without running it: the file
 * is scanned in chunks (bounded, never blocking: see nsscache_open_regular).
 * Returns 0, or -1 with OUT's why, detail and errnum set.
 */
static int version_from_file(const char *path, nsscache_softokn_info *out)
{
	/* keep a tail of each chunk: a tag may straddle two reads */
	enum { KEEP = 64 };
	char *buf;
	size_t have = 0;
	long total = 0;
	int fd = nsscache_open_regular(path, &out->errnum), rc = -1;

	nsscache_copy(out->detail, sizeof(out->detail), path, PATH_MAX);
	if (fd < 0) {
		out->why = NSSCACHE_LIB_CANNOT_READ;
		return -1;
	}
	buf = malloc(NSSCACHE_SCAN_CHUNK + KEEP);
	if (buf == NULL) {
		out->why = NSSCACHE_LIB_OOM;
		close(fd);
		return -1;
	}
	for (;;) {
		ssize_t got = read(fd, buf + have, NSSCACHE_SCAN_CHUNK);

		if (got < 0 && errno == EINTR) {
			continue;
		}
		if (got <= 0) {
			break;
		}
		have += (size_t) got;
		total += got;
		if (nsscache_softokn_parse_version(buf, have, &out->major, &out->minor, out->version,
				sizeof(out->version)) == 0) {
			rc = 0;
			break;
		}
		if (total > NSSCACHE_SOFTOKN_FILE_MAX) {
			break;
		}
		if (have > KEEP) {
			memmove(buf, buf + have - KEEP, KEEP);
			have = KEEP;
		}
	}
	if (rc != 0) {
		out->why = NSSCACHE_LIB_NO_VERSION_STRING;
	}
	free(buf);
	close(fd);
	return rc;
}

/* DIR/libsoftokn3.so when it is a regular file; 0 or -1. */
static int file_in(const char *dir, size_t dirlen, char *buf, size_t buflen)
{
	struct stat st;
	int n = snprintf(buf, buflen, "%.*s/%s", (int) dirlen, dir, NSSCACHE_SOFTOKN_NAME);

	return n > 0 && (size_t) n < buflen && dir[0] == '/' && stat(buf, &st) == 0 && S_ISREG(st.st_mode) ? 0 : -1;
}

static int file_beside(const char *file, char *buf, size_t buflen)
{
	const char *slash = strrchr(file, '/');

	return slash != NULL && slash != file ? file_in(file, (size_t) (slash - file), buf, buflen) : -1;
}

static void trim_pkcs11(char *dst, size_t dstlen, const unsigned char *src, size_t n)
{
	/* PKCS #11 pads CK_UTF8CHAR fields with blanks, without a NUL */
	while (n > 0 && (src[n - 1] == ' ' || src[n - 1] == '\0')) {
		n--;
	}
	if (n >= dstlen) {
		n = dstlen - 1;
	}
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* Ask a softokn that is already mapped (C_GetInfo needs no C_Initialize). */
static void ask_loaded(void *h, nsscache_softokn_info *out)
{
	nsscache_ck_function_list *list = NULL;
	nsscache_ck_info info;
	void *sym = dlsym(h, "C_GetFunctionList");

	if (sym == NULL) {
		out->why = NSSCACHE_LIB_NO_SYMBOL;
		return;
	}
	{
		nsscache_ck_get_function_list_fn get = NSSCACHE_FN(nsscache_ck_get_function_list_fn, sym);
		path_of(sym, out->path, sizeof(out->path));
		memset(&info, 0, sizeof(info));
		/* NSC_GetInfo (lib/softoken/pkcs11.c) copies constants and needs no
		 * C_Initialize; it returns SOFTOKEN_VMAJOR.SOFTOKEN_VMINOR only. */
		if (get(&list) == 0 && list != NULL && list->C_GetInfo != NULL && list->C_GetInfo(&info) == 0) {
			out->found = 1;
			out->major = info.libraryVersion.major;
			out->minor = info.libraryVersion.minor;
			snprintf(out->version, sizeof(out->version), "%d.%d", out->major, out->minor);
			trim_pkcs11(out->description, sizeof(out->description), info.libraryDescription, sizeof(info.libraryDescription));
		} else {
			out->why = NSSCACHE_LIB_GETINFO_FAILED;
			nsscache_copy(out->detail, sizeof(out->detail), out->path, sizeof(out->path));
		}
	}
}

/* Directories of loaded objects (the multiarch one, e.g.
 * /lib/x86_64-linux-gnu, is where libc came from); only copied here, under
 * the loader lock, and judged afterwards. */
#define NSSCACHE_MAX_DIRS 8
typedef struct {
	char dirs[NSSCACHE_MAX_DIRS][PATH_MAX];
	int n;
} dir_ctx;

static int dir_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	dir_ctx *ctx = data;
	const char *slash;
	size_t len;
	int i;

	(void) size;
	if (ctx->n >= NSSCACHE_MAX_DIRS || info->dlpi_name == NULL || info->dlpi_name[0] != '/'
			|| (slash = strrchr(info->dlpi_name, '/')) == NULL
			|| (len = (size_t) (slash - info->dlpi_name)) == 0 || len >= PATH_MAX) {
		return 0;
	}
	for (i = 0; i < ctx->n; i++) {
		if (strncmp(ctx->dirs[i], info->dlpi_name, len) == 0 && ctx->dirs[i][len] == '\0') {
			return 0;
		}
	}
	memcpy(ctx->dirs[ctx->n], info->dlpi_name, len);
	ctx->dirs[ctx->n++][len] = '\0';
	return 0;
}

/* The file in a system library directory: those of loaded objects, judged
 * by their resolved path (a symlinked directory elsewhere does not count),
 * then the fixed ones. 0 with BUF set, or -1. */
static int file_in_system_dir(char *buf, size_t buflen)
{
	static const char *const fixed_dirs[] = { "/usr/lib64", "/lib64", "/usr/lib", "/lib" };
	dir_ctx *ctx = malloc(sizeof(*ctx));
	int i, found = -1;

	if (ctx != NULL) {
		ctx->n = 0;
		dl_iterate_phdr(dir_cb, ctx);
		for (i = 0; found != 0 && i < ctx->n; i++) {
			char *real = realpath(ctx->dirs[i], NULL);

			if (real != NULL && nsscache_dir_is_system_lib(real)) {
				found = file_in(real, strlen(real), buf, buflen);
			}
			free(real);
		}
		free(ctx);
	}
	for (i = 0; found != 0 && i < (int) (sizeof(fixed_dirs) / sizeof(fixed_dirs[0])); i++) {
		found = file_in(fixed_dirs[i], strlen(fixed_dirs[i]), buf, buflen);
	}
	return found;
}

int nsscache_detect_softokn(nsscache_softokn_info *out, const char *nss_path)
{
	scan_ctx *ctx;
	void *h = NULL;
	char *buf;

	memset(out, 0, sizeof(*out));
	ctx = scan(NSSCACHE_SOFTOKN_NAME, 0, PATH_MAX);
	if (ctx == NULL) {
		out->why = NSSCACHE_LIB_OOM;
		return 0;
	}
	buf = (char *) (ctx + 1);
	if (ctx->count > 0) {
		/* RTLD_NOLOAD: only a reference to what NSS already loaded */
		h = dlopen(ctx->paths[0], RTLD_NOLOAD | RTLD_LAZY);
	}
	if (h != NULL) {
		out->how = NSSCACHE_SOFTOKN_LOADED;
		ask_loaded(h, out);
		dlclose(h);
	} else {
		/*
		 * Not loaded: never load it to ask (its constructor would run in this
		 * process, and a bare name follows LD_LIBRARY_PATH, whose empty entry
		 * is the current directory). Read the file NSS would load instead,
		 * from absolute, trusted directories only: lib/pk11wrap/pk11load.c
		 * softoken_LoadDSO -> lib/util/secload.c PORT_LoadLibraryFromOrigin
		 * looks beside libnss3, then beside its resolved symlink; without
		 * libnss3, the system library directories.
		 */
		if (nss_path != NULL && nss_path[0] == '/' && file_beside(nss_path, buf, PATH_MAX) == 0) {
			out->how = NSSCACHE_SOFTOKN_BESIDE_NSS;
		} else if (nss_path != NULL && nss_path[0] == '/') {
			char *real = realpath(nss_path, NULL);
			if (real != NULL && file_beside(real, buf, PATH_MAX) == 0) {
				out->how = NSSCACHE_SOFTOKN_BESIDE_NSS_REAL;
			}
			free(real);
		}
		if (out->how == NSSCACHE_SOFTOKN_NONE && file_in_system_dir(buf, PATH_MAX) == 0) {
			out->how = NSSCACHE_SOFTOKN_SYSTEM_DIR;
		}
		if (out->how == NSSCACHE_SOFTOKN_NONE) {
			out->why = NSSCACHE_LIB_NOT_FOUND;
		} else if (version_from_file(buf, out) == 0) {
			out->found = 1;
			out->detail[0] = '\0';
			nsscache_copy(out->path, sizeof(out->path), buf, PATH_MAX);
		}
	}
	if (out->found) {
		out->system_build = nsscache_path_is_system_lib(out->path);
	}
	free(ctx);
	return out->found;
}
