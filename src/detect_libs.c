/* Finds libcurl, libnss3 and libsoftokn3 in this process and asks each for
 * its version through its own exported functions. Declares the few ABI
 * structures it reads instead of needing curl/NSS headers at build time. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr, dl_iterate_phdr, RTLD_NOLOAD, RTLD_DEEPBIND */
#endif
#include "detect_libs.h"
#include "detect_fs.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static void scan(scan_ctx *ctx, const char *name, int prefix)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->name = name;
	ctx->prefix = prefix;
	dl_iterate_phdr(scan_cb, ctx);
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
	ctx = malloc(sizeof(*ctx));
	if (ctx == NULL) {
		out->why = NSSCACHE_LIB_OOM;
		return 0;
	}
	scan(ctx, "libcurl", 1);
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
	ctx = malloc(sizeof(*ctx));
	if (ctx == NULL) {
		out->why = NSSCACHE_LIB_OOM;
		return 0;
	}
	scan(ctx, "libnss3.so", 0);
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

/* dlopen DIR/libsoftokn3.so with the flags NSS uses (PR_LD_NOW | PR_LD_LOCAL). */
static void *open_beside(const char *file, char *buf, size_t buflen)
{
	const char *slash = strrchr(file, '/');
	int n;

	if (slash == NULL) {
		return NULL;
	}
	n = snprintf(buf, buflen, "%.*s/%s", (int) (slash - file), file, NSSCACHE_SOFTOKN_NAME);
	if (n < 0 || (size_t) n >= buflen || access(buf, F_OK) != 0) {
		return NULL;
	}
	return dlopen(buf, RTLD_NOW | RTLD_LOCAL);
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

int nsscache_detect_softokn(nsscache_softokn_info *out, const char *nss_path)
{
	scan_ctx *ctx;
	void *h = NULL, *sym;
	char *buf;
	nsscache_ck_function_list *list = NULL;
	nsscache_ck_info info;

	memset(out, 0, sizeof(*out));
	ctx = malloc(sizeof(*ctx) + PATH_MAX);
	if (ctx == NULL) {
		out->why = NSSCACHE_LIB_OOM;
		return 0;
	}
	buf = (char *) (ctx + 1);
	scan(ctx, NSSCACHE_SOFTOKN_NAME, 0);
	if (ctx->count > 0) {
		h = dlopen(ctx->paths[0], RTLD_NOLOAD | RTLD_LAZY);
		if (h != NULL) {
			out->how = NSSCACHE_SOFTOKN_LOADED;
		}
	}
	/* Otherwise the one NSS would load: lib/pk11wrap/pk11load.c softoken_LoadDSO ->
	 * lib/util/secload.c PORT_LoadLibraryFromOrigin: libnss3's directory, then
	 * that of libnss3's resolved symlink, then the plain library search. */
	if (h == NULL && nss_path != NULL && nss_path[0] != '\0') {
		h = open_beside(nss_path, buf, PATH_MAX);
		if (h != NULL) {
			out->how = NSSCACHE_SOFTOKN_BESIDE_NSS;
		} else {
			char *real = realpath(nss_path, NULL);
			if (real != NULL) {
				h = open_beside(real, buf, PATH_MAX);
				free(real);
				if (h != NULL) {
					out->how = NSSCACHE_SOFTOKN_BESIDE_NSS_REAL;
				}
			}
		}
	}
	if (h == NULL) {
		h = dlopen(NSSCACHE_SOFTOKN_NAME, RTLD_NOW | RTLD_LOCAL);
		if (h != NULL) {
			out->how = NSSCACHE_SOFTOKN_SEARCH_PATH;
		}
	}
	if (h == NULL) {
		const char *e = dlerror();
		out->how = NSSCACHE_SOFTOKN_NONE;
		out->why = NSSCACHE_LIB_NOT_FOUND;
		nsscache_copy(out->detail, sizeof(out->detail), e != NULL ? e : "", 4096);
		free(ctx);
		return 0;
	}

	sym = dlsym(h, "C_GetFunctionList");
	if (sym != NULL) {
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
			out->system_build = nsscache_path_is_system_lib(out->path);
		} else {
			out->why = NSSCACHE_LIB_GETINFO_FAILED;
			nsscache_copy(out->detail, sizeof(out->detail), out->path, sizeof(out->path));
		}
	} else {
		out->why = NSSCACHE_LIB_NO_SYMBOL;
	}
	/* Unloading what we loaded is safe: without C_Initialize softokn registered
	 * no fork handler (softoken.h CHECK_FORK_PTHREAD does that in NSC_Initialize),
	 * started no thread and loaded no freebl. NSS later loads its own copy with
	 * its own reference. The RTLD_NOLOAD handle only drops our extra reference. */
	dlclose(h);
	free(ctx);
	return out->found;
}
