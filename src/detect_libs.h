/* libcurl, libnss3 and libsoftokn3 as loaded in THIS process.
 *
 * Plain C, no Zend types. Nothing runs at load time: call these lazily from
 * a diagnostic, and cache the result (they dlopen with RTLD_NOLOAD, and the
 * softokn probe may dlopen/dlclose libsoftokn3: ~1 ms). Each function fills a
 * caller-owned struct; no static state, no malloc kept. Not async-signal-safe. */
#ifndef NSSCACHE_DETECT_LIBS_H
#define NSSCACHE_DETECT_LIBS_H

#include "util.h"

/* Why a library was not found, or a caveat about the one found (worded by
 * src/report.c; DETAIL holds the path or dlerror() text it quotes). */
typedef enum {
	NSSCACHE_LIB_OK = 0,
	NSSCACHE_LIB_OOM,
	NSSCACHE_LIB_NOT_LOADED,         /* libcurl / libnss3 not in the process */
	NSSCACHE_LIB_NO_SYMBOL,          /* DETAIL lacks curl_version_info / C_GetFunctionList */
	NSSCACHE_LIB_NO_INFO,            /* curl_version_info returned nothing */
	NSSCACHE_LIB_EXT_CURL_MISS,      /* caveat: ext/curl's address led nowhere; DETAIL reported */
	NSSCACHE_LIB_SEVERAL,            /* caveat: COUNT copies; DETAIL (the first) reported */
	NSSCACHE_LIB_CANNOT_OPEN,        /* libnss3 mapped, dlopen(RTLD_NOLOAD) failed: DETAIL is dlerror() */
	NSSCACHE_LIB_NO_VERSION_FN,      /* libnss3 without NSS_GetVersion (< 3.13) */
	NSSCACHE_LIB_NOT_FOUND,          /* softokn: nowhere; DETAIL is dlerror() */
	NSSCACHE_LIB_GETINFO_FAILED      /* softokn: C_GetInfo of DETAIL failed */
} nsscache_lib_why;

typedef enum {
	NSSCACHE_CURL_HOW_NONE = 0,
	NSSCACHE_CURL_HOW_EXT_CURL,      /* ext/curl's dependency */
	NSSCACHE_CURL_HOW_ONLY,          /* the only libcurl loaded */
	NSSCACHE_CURL_HOW_FIRST          /* the first of several */
} nsscache_curl_how;

typedef struct {
	int found;
	char version[64];           /* curl_version_info()->version */
	unsigned int version_num;   /* 0x075801 for 7.88.1 */
	char ssl_version[128];      /* "NSS/3.87.1", "OpenSSL/3.0.11", "" */
	int backend_nss;            /* ssl_version starts with "NSS/" */
	char path[PATH_MAX];        /* the libcurl whose curl_version_info was called */
	nsscache_curl_how how;
	int candidates;             /* libcurl* objects in the process */
	nsscache_lib_why why;       /* when !found, or a caveat when found */
	char detail[192];
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
	nsscache_lib_why why;
	int copies;                 /* libnss3 objects mapped */
	char detail[192];
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
	nsscache_lib_why why;
	char detail[192];
} nsscache_softokn_info;

/* NSS_PATH: the loaded libnss3's path (nsscache_nss_info.path) or NULL.
 * Returns found. */
int nsscache_detect_softokn(nsscache_softokn_info *out, const char *nss_path);

#endif
