/* libcurl, libnss3 and libsoftokn3 as loaded in THIS process.
 *
 * Plain C, no Zend types. Nothing runs at load time: call these lazily from
 * a diagnostic, and cache the result (they dlopen with RTLD_NOLOAD, and the
 * softokn probe may dlopen/dlclose libsoftokn3: ~1 ms). Each function fills a
 * caller-owned struct; no static state, no malloc kept. Not async-signal-safe. */
#ifndef NSSCACHE_DETECT_LIBS_H
#define NSSCACHE_DETECT_LIBS_H

#include <limits.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

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
	NSSCACHE_SOFTOKN_LOADED,        /* already in the process */
	NSSCACHE_SOFTOKN_BESIDE_NSS,    /* dlopen'ed from libnss3's directory, as NSS does */
	NSSCACHE_SOFTOKN_BESIDE_NSS_REAL, /* ... from the directory of libnss3's resolved symlink */
	NSSCACHE_SOFTOKN_SEARCH_PATH    /* dlopen("libsoftokn3.so"): LD_LIBRARY_PATH, ld.so.cache */
} nsscache_softokn_how;

typedef struct {
	int found;
	int major, minor;               /* C_GetInfo libraryVersion */
	char version[16];               /* "3.87" */
	char description[33];           /* "NSS Internal Crypto Services", trimmed */
	char path[PATH_MAX];
	nsscache_softokn_how how;
	int system_build;               /* path is in a system lib dir (see nsscache_path_is_system_lib) */
	char reason[256];
} nsscache_softokn_info;

const char *nsscache_softokn_how_name(nsscache_softokn_how how); /* "loaded", "beside libnss3", ... */

/* NSS_PATH: the loaded libnss3's path (nsscache_nss_info.path) or NULL.
 * Returns found. */
int nsscache_detect_softokn(nsscache_softokn_info *out, const char *nss_path);

#endif
