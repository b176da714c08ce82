/* libcurl, libnss3 and libsoftokn3 as loaded in THIS process.
 *
 * Plain C, no Zend types. Nothing runs at load time: call these lazily from
 * a diagnostic, and cache the result. They never load a library: dlopen
 * only with RTLD_NOLOAD, and a softokn that is not loaded is read as a file.
 * Each function fills a caller-owned struct; no static state, no malloc
 * kept. Not async-signal-safe. */
#ifndef NSSCACHE_DETECT_LIBS_H
#define NSSCACHE_DETECT_LIBS_H

#include <stddef.h>

#include "util.h" /* PATH_MAX */


typedef struct {
	int found;
	char version[64];           /* curl_version_info()->version */
	unsigned int version_num;   /* 0x075801 for 7.88.1 */
	char ssl_version[128];      /* "NSS/3.87.1", "OpenSSL/3.0.11", "" */
	int backend_nss;            /* ssl_version starts with "NSS/" */
	char path[PATH_MAX];        /* the libcurl whose curl_version_info was called */
	const char *how;            /* "ext/curl's dependency", "only libcurl loaded", "first of several" */
	int candidates;             /* libcurl* objects in the process */
	char reason[256];           /* when !found, or a caveat when found */
} nsscache_libcurl_info;

/* EXT_CURL_ADDR: any address inside ext/curl's object (e.g. a zif handler
 * from the function table), or NULL. With it, the libcurl is the one that
 * object resolves curl_version_info to (dlsym on its own handle searches it
 * and its dependencies, like RTLD_DEEPBIND binding does). Without it, the
 * loaded object whose file name starts with "libcurl". Returns found. */
int nsscache_detect_libcurl(nsscache_libcurl_info *out, const void *ext_curl_addr);

/* curl headers nsscache was compiled against (LIBCURL_VERSION), or NULL
 * when it was built without them (it never needs them). */
const char *nsscache_curl_headers_version(void);

typedef struct {
	int found;
	char version[64];           /* NSS_GetVersion(): "3.87.1" */
	int initialized;            /* NSS_IsInitialized() */
	char path[PATH_MAX];
	char reason[256];
	void *is_initialized_sym;   /* opaque: for nsscache_nss_is_initialized() */
} nsscache_nss_info;

/* libnss3 already in the process; never loads it. Returns found. */
int nsscache_detect_nss(nsscache_nss_info *out);

/* NSS_IsInitialized() again, without a new lookup (for the later, cheap
 * calls): 1, 0, or -1 when INFO has no libnss3 or it is no longer mapped. */
int nsscache_nss_is_initialized(const nsscache_nss_info *info);

typedef enum {
	NSSCACHE_SOFTOKN_NONE = 0,
	NSSCACHE_SOFTOKN_LOADED,        /* already in the process: asked through C_GetInfo */
	NSSCACHE_SOFTOKN_BESIDE_NSS,    /* the file in libnss3's directory, where NSS would load it from */
	NSSCACHE_SOFTOKN_BESIDE_NSS_REAL, /* ... in the directory of libnss3's resolved symlink */
	NSSCACHE_SOFTOKN_SYSTEM_DIR     /* the file in a system library directory (no libnss3 loaded) */
} nsscache_softokn_how;

typedef struct {
	int found;
	int major, minor;               /* C_GetInfo libraryVersion, or the file's version string */
	char version[16];               /* "3.87" (C_GetInfo); "3.87.1" (file) */
	char description[33];           /* "NSS Internal Crypto Services", trimmed; "" from a file */
	char path[PATH_MAX];
	nsscache_softokn_how how;
	int system_build;               /* path is in a system lib dir (see nsscache_path_is_system_lib) */
	char reason[256];
} nsscache_softokn_info;

const char *nsscache_softokn_how_name(nsscache_softokn_how how); /* "loaded", "file beside libnss3", ... */

/* The version softkver.c embeds ("Version: NSS 3.87.1 ...", "$Header: NSS
 * 3.12.4 ...") in LEN bytes of BUF: 0 with MAJOR, MINOR and VERSION
 * ("3.87.1", or "3.87" when the string has no patch), else -1. */
int nsscache_softokn_parse_version(const char *buf, size_t len, int *major, int *minor, char *version,
		size_t versionlen);

/* NSS_PATH: the loaded libnss3's path (nsscache_nss_info.path) or NULL.
 * The loaded softokn, else the file beside NSS_PATH (or its resolved
 * symlink), else in a system library directory; never loads one.
 * Returns found. */
int nsscache_detect_softokn(nsscache_softokn_info *out, const char *nss_path);

#endif
