/* libcurl / libnss3 / libsoftokn3 detection against the real Debian libraries
 * (libnss3, libcurl3-nss, libcurl4) and small fixtures built by ./run. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr, dl_iterate_phdr, RTLD_NOLOAD, RTLD_DEEPBIND */
#endif
#include "helpers.h"
#include "../../src/detect_libs.h"
#include "../../src/report.h"
#include "../../src/detect_version.h"

#include <dlfcn.h>
#include <link.h>

#if defined(__SANITIZE_ADDRESS__)
# define UNDER_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define UNDER_ASAN 1
# endif
#endif

typedef struct {
	const char *base;
	int n;
} count_ctx;





static int count_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	count_ctx *ctx = data;
	const char *b = strrchr(info->dlpi_name, '/');
	(void) size;
	b = b != NULL ? b + 1 : info->dlpi_name;
	if (strcmp(b, ctx->base) == 0) {
		ctx->n++;
	}
	return 0;
}

static int mapped(const char *base)
{
	count_ctx ctx = { base, 0 };
	dl_iterate_phdr(count_cb, &ctx);
	return ctx.n;
}

static const char *fixture(const char *name, char *buf, size_t len)
{
	const char *dir = getenv("NSSCACHE_UNIT_FIXTURES");
	if (dir == NULL) {
		return NULL;
	}
	snprintf(buf, len, "%s/%s", dir, name);
	return access(buf, R_OK) == 0 ? buf : NULL;
}

/* Order matters: the first tests run before any NSS library is loaded. */
static void test_nothing_loaded(void **state)
{
	nsscache_libcurl_info c;
	nsscache_nss_info n;
	(void) state;
	if (mapped("libnss3.so") || mapped("libcurl.so.4") || mapped("libcurl-nss.so.4")) {
		skip();
	}
	assert_int_equal(nsscache_detect_libcurl(&c, NULL), 0);
	assert_string_equal(WORDS(nsscache_report_curl_reason, &c), "ext/curl not loaded: no libcurl in this process");
	assert_int_equal(c.candidates, 0);
	assert_int_equal(nsscache_detect_nss(&n), 0);
	assert_string_equal(WORDS(nsscache_report_nss_reason, &n), "libnss3 not loaded in this process (libcurl does not use NSS)");
	/* detection never loads libnss3 */
	assert_int_equal(mapped("libnss3.so"), 0);
}

static void test_softokn_search_path_and_unload(void **state)
{
	nsscache_softokn_info s;
	(void) state;
	if (mapped("libsoftokn3.so")) {
		skip();
	}
	assert_int_equal(nsscache_detect_softokn(&s, NULL), 1);
	assert_int_equal(s.how, NSSCACHE_SOFTOKN_SEARCH_PATH);
	assert_string_equal(nsscache_softokn_how_name(s.how), "search path");
	assert_int_equal(s.major, 3);
	assert_true(s.minor >= 12);
	assert_string_equal(s.description, "NSS Internal Crypto Services");
	assert_non_null(strstr(s.path, "libsoftokn3.so"));
	assert_true(s.system_build);
	/* what detection loaded, it unloaded */
	assert_int_equal(mapped("libsoftokn3.so"), 0);
}

static void test_nss_and_softokn_beside(void **state)
{
	nsscache_nss_info n;
	nsscache_softokn_info s;
	void *h;
	char want[16];
	(void) state;

	h = dlopen("libnss3.so", RTLD_NOW | RTLD_LOCAL);
	assert_non_null(h);
	assert_int_equal(nsscache_detect_nss(&n), 1);
	assert_true(strncmp(n.version, "3.", 2) == 0);
	assert_int_equal(n.initialized, 0);
	assert_non_null(strstr(n.path, "libnss3.so"));
	assert_string_equal(WORDS(nsscache_report_nss_reason, &n), "");

	/* softokn from libnss3's directory (pk11load.c softoken_LoadDSO) */
	assert_int_equal(nsscache_detect_softokn(&s, n.path), 1);
	assert_int_equal(s.how, NSSCACHE_SOFTOKN_BESIDE_NSS);
	/* Debian ships softokn and NSS from one source: major.minor agree */
	{
		nsscache_version v;
		assert_int_equal(nsscache_version_parse(n.version, strlen(n.version), &v), 0);
		snprintf(want, sizeof(want), "%d.%d", v.major % 1000, v.minor % 1000);
		assert_string_equal(s.version, want);
	}
	assert_int_equal(mapped("libsoftokn3.so"), 0);

	/* already loaded: that copy wins, and stays loaded */
	{
		void *sh = dlopen("libsoftokn3.so", RTLD_NOW | RTLD_LOCAL);
		assert_non_null(sh);
		assert_int_equal(nsscache_detect_softokn(&s, n.path), 1);
		assert_int_equal(s.how, NSSCACHE_SOFTOKN_LOADED);
		assert_int_equal(mapped("libsoftokn3.so"), 1);
		dlclose(sh);
	}
	dlclose(h);
}

/* NSS_IsInitialized through the stored symbol, before and after
 * NSS_NoDB_Init. In a child: NSS/NSPR keep allocations after NSS_Shutdown,
 * which are theirs, not ours, and would fail the leak checkers. */
static int nss_init_child(void *arg)
{
	nsscache_nss_info n;
	void *h;
	int (*nodb_init)(const char *);
	int (*shutdown)(void);
	(void) arg;
	h = dlopen("libnss3.so", RTLD_NOW | RTLD_LOCAL);
	if (h == NULL || nsscache_detect_nss(&n) != 1) return 1;
	if (nsscache_nss_is_initialized(&n) != 0) return 2;
	*(void **) &nodb_init = dlsym(h, "NSS_NoDB_Init");
	*(void **) &shutdown = dlsym(h, "NSS_Shutdown");
	if (nodb_init == NULL || shutdown == NULL || nodb_init(NULL) != 0) return 3;
	if (nsscache_nss_is_initialized(&n) != 1) return 4;
	if (nsscache_detect_nss(&n) != 1 || n.initialized != 1) return 5;
	if (shutdown() != 0 || nsscache_nss_is_initialized(&n) != 0) return 6;
	return 0;
}

static void test_nss_initialized(void **state)
{
	nsscache_nss_info n;
	void *h;
	(void) state;
	assert_int_equal(helper_run_child(nss_init_child, NULL), 0);
	assert_int_equal(nsscache_nss_is_initialized(NULL), -1);
	h = dlopen("libnss3.so", RTLD_NOW | RTLD_LOCAL);
	assert_non_null(h);
	assert_int_equal(nsscache_detect_nss(&n), 1);
	assert_int_equal(nsscache_nss_is_initialized(&n), 0);
	dlclose(h);
	if (!mapped("libnss3.so")) {
		assert_int_equal(nsscache_nss_is_initialized(&n), -1);
	}
}

static void test_softokn_symlinked_nss(void **state)
{
	char dir[256], link[300];
	nsscache_softokn_info s;
	nsscache_nss_info n;
	void *h;
	(void) state;
	h = dlopen("libnss3.so", RTLD_NOW | RTLD_LOCAL);
	assert_non_null(h);
	assert_int_equal(nsscache_detect_nss(&n), 1);
	helper_scratch(dir, sizeof(dir));
	snprintf(link, sizeof(link), "%s/libnss3.so", dir);
	assert_int_equal(symlink(n.path, link), 0);
	/* nothing beside the link: NSS resolves the symlink (secload.c loader_GetOriginalPathname) */
	assert_int_equal(nsscache_detect_softokn(&s, link), 1);
	assert_int_equal(s.how, NSSCACHE_SOFTOKN_BESIDE_NSS_REAL);
	helper_rm_rf(dir);
	dlclose(h);
}

static void test_softokn_broken_fixtures(void **state)
{
	char dir[256], nss[300], dst[300], src[300], cmd[800];
	nsscache_softokn_info s;
	static const struct { const char *fixture; int found; const char *reason; } rows[] = {
		{ "fake_softokn_nosym.so", 0, "has no C_GetFunctionList" },
		{ "fake_softokn_fail.so", 0, "C_GetInfo of" },
		{ "fake_softokn_ok.so", 1, "" },
	};
	size_t i;
	(void) state;
	if (fixture("fake_softokn_ok.so", src, sizeof(src)) == NULL) {
		skip();
	}
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		assert_non_null(fixture(rows[i].fixture, src, sizeof(src)));
		helper_scratch(dir, sizeof(dir));
		snprintf(nss, sizeof(nss), "%s/libnss3.so", dir);   /* only its directory matters */
		helper_write_file(nss, "");
		snprintf(dst, sizeof(dst), "%s/libsoftokn3.so", dir);
		snprintf(cmd, sizeof(cmd), "cp '%s' '%s'", src, dst);
		assert_int_equal(system(cmd), 0);
		ROW_INT_EQ(i, rows[i].fixture, nsscache_detect_softokn(&s, nss), rows[i].found);
		ROW_INT_EQ(i, rows[i].fixture, s.how, NSSCACHE_SOFTOKN_BESIDE_NSS);
		if (strstr(WORDS(nsscache_report_softokn_reason, &s), rows[i].reason) == NULL) {
			fail_msg("row %zu: reason \"%s\"", i, WORDS(nsscache_report_softokn_reason, &s));
		}
		if (rows[i].found) {
			assert_string_equal(s.version, "9.1");
			assert_string_equal(s.description, "Fake Crypto Services");
			assert_false(s.system_build);   /* a private build: prediction says "possible" when unset */
		}
		helper_rm_rf(dir);
	}
}

/* a libsoftokn3.so beside libnss3 that is no ELF: dlopen fails there, and the
 * search path (as in secload.c PORT_LoadLibraryFromOrigin) supplies one */
static void test_softokn_garbage_beside(void **state)
{
	char dir[256], nss[300], so[300];
	nsscache_softokn_info s;
	(void) state;
	helper_scratch(dir, sizeof(dir));
	snprintf(nss, sizeof(nss), "%s/libnss3.so", dir);
	snprintf(so, sizeof(so), "%s/libsoftokn3.so", dir);
	helper_write_file(nss, "");
	helper_write_file(so, "not an ELF object");
	assert_int_equal(nsscache_detect_softokn(&s, nss), 1);
	assert_int_equal(s.how, NSSCACHE_SOFTOKN_SEARCH_PATH);
	assert_true(s.system_build);
	helper_rm_rf(dir);
}

static void test_libcurl_nss(void **state)
{
	nsscache_libcurl_info c;
	nsscache_nss_info n;
	void *h;
	(void) state;
	h = dlopen("libcurl-nss.so.4", RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) {
		fail_msg("libcurl-nss.so.4 (Debian libcurl3-nss) is needed: %s", dlerror());
	}
	assert_int_equal(nsscache_detect_libcurl(&c, NULL), 1);
	assert_true(c.backend_nss);
	assert_int_equal(c.candidates, 1);
	assert_string_equal(nsscache_curl_how_name(c.how), "only libcurl loaded");
	assert_non_null(strstr(c.path, "libcurl-nss.so.4"));
	assert_true(c.version_num >= 0x071300);
	/* curl >= 7.75: ssl_version is "NSS/" NSS_GetVersion() of the loaded libnss3 */
	assert_int_equal(nsscache_detect_nss(&n), 1);
	assert_true(strncmp(c.ssl_version, "NSS/", 4) == 0);
	assert_string_equal(c.ssl_version + 4, n.version);
	dlclose(h);
}

static void test_libcurl_two_loaded_ext_decides(void **state)
{
	nsscache_libcurl_info c;
	void *openssl, *nss, *ext = NULL, *marker;
	char buf[512];
	const char *fx;
	(void) state;

	/* another extension already pulled the OpenSSL libcurl into the global scope */
	openssl = dlopen("libcurl.so.4", RTLD_NOW | RTLD_GLOBAL);
	assert_non_null(openssl);
	nss = dlopen("libcurl-nss.so.4", RTLD_NOW | RTLD_LOCAL);
	assert_non_null(nss);

	assert_int_equal(nsscache_detect_libcurl(&c, NULL), 1);
	assert_int_equal(c.candidates, 2);
	assert_string_equal(nsscache_curl_how_name(c.how), "first of several");
	assert_non_null(strstr(WORDS(nsscache_report_curl_reason, &c), "2 libcurl objects"));

	/* an address inside the NSS libcurl itself */
	marker = dlsym(nss, "curl_easy_init");
	assert_non_null(marker);
	assert_int_equal(nsscache_detect_libcurl(&c, marker), 1);
	assert_true(c.backend_nss);
	assert_string_equal(nsscache_curl_how_name(c.how), "ext/curl's dependency");
	marker = dlsym(openssl, "curl_easy_init");
	assert_int_equal(nsscache_detect_libcurl(&c, marker), 1);
	assert_false(c.backend_nss);
	assert_true(strncmp(c.ssl_version, "OpenSSL/", 8) == 0);

	/* an ext/curl-like object linked against libcurl-nss, loaded as PHP does */
	fx = fixture("fake_ext_curl_nss.so", buf, sizeof(buf));
	if (fx != NULL) {
#ifdef UNDER_ASAN
		ext = dlopen(fx, RTLD_NOW | RTLD_LOCAL);    /* ASan refuses RTLD_DEEPBIND */
#else
		ext = dlopen(fx, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
#endif
		assert_non_null(ext);
		marker = dlsym(ext, "fake_ext_curl_marker");
		assert_non_null(marker);
		assert_int_equal(nsscache_detect_libcurl(&c, marker), 1);
		assert_true(c.backend_nss);
		assert_non_null(strstr(c.path, "libcurl-nss.so.4"));
		assert_string_equal(nsscache_curl_how_name(c.how), "ext/curl's dependency");
		dlclose(ext);
	}
	dlclose(nss);
	dlclose(openssl);
}

static void test_headers(void **state)
{
	const char *h = nsscache_curl_headers_version();
	(void) state;
	/* built without curl headers unless a curl -dev package is installed */
	if (access("/usr/include/curl/curl.h", R_OK) == 0 || access("/usr/include/x86_64-linux-gnu/curl/curl.h", R_OK) == 0) {
		assert_non_null(h);
	} else {
		assert_null(h);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nothing_loaded),
		cmocka_unit_test(test_softokn_search_path_and_unload),
		cmocka_unit_test(test_nss_and_softokn_beside),
		cmocka_unit_test(test_nss_initialized),
		cmocka_unit_test(test_softokn_symlinked_nss),
		cmocka_unit_test(test_softokn_broken_fixtures),
		cmocka_unit_test(test_softokn_garbage_beside),
		cmocka_unit_test(test_libcurl_nss),
		cmocka_unit_test(test_libcurl_two_loaded_ext_decides),
		cmocka_unit_test(test_headers),
	};
	return cmocka_run_group_tests_name("libs", tests, NULL, NULL);
}
