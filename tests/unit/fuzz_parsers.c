/* libFuzzer targets for the parsers that read untrusted text. Build one
 * target per -DFUZZ_TARGET=<name> (tests/unit/run does):
 *   dentry      nsscache_dentry_parse, nsscache_kernel_has_nr_negative
 *   os_release  nsscache_distro_parse_os_release / _redhat_release
 *   version     nsscache_version_parse / _cmp
 *   env         nsscache_var_classify, then nsscache_predict on fuzzed facts and
 *               the report's two sentences for the outcome
 * Each checks its own invariants and aborts on a violation. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/detect_dentry.h"
#include "../../src/detect_distro.h"
#include "../../src/detect_predict.h"
#include "../../src/detect_version.h"
#include "../../src/report.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)

/* NUL-terminated copy for the APIs that take C strings */
__attribute__((unused)) static char *cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	CHECK(s != NULL);
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

__attribute__((unused)) static void terminated(const char *s, size_t cap)
{
	CHECK(memchr(s, '\0', cap) != NULL);
}

#if defined(FUZZ_TARGET_dentry)
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	nsscache_dentry_state d;
	nsscache_negative_support sup[3] = { NSSCACHE_NEGATIVE_UNKNOWN, NSSCACHE_NEGATIVE_NO, NSSCACHE_NEGATIVE_YES };
	char *s;
	int i;

	for (i = 0; i < 3; i++) {
		if (nsscache_dentry_parse((const char *) data, size, sup[i], &d) == 0) {
			CHECK(d.fields >= 4 && d.fields <= 6);
			CHECK(d.has_nr_negative == 0 || d.fields >= 5);
		} else {
			CHECK(d.fields == 0);
		}
	}
	s = cstr(data, size);
	(void) nsscache_kernel_has_nr_negative(s);
	free(s);
	return 0;
}
#elif defined(FUZZ_TARGET_os_release)
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	nsscache_distro d;

	(void) nsscache_distro_parse_os_release((const char *) data, size, &d);
	terminated(d.id, sizeof(d.id));
	terminated(d.id_like, sizeof(d.id_like));
	terminated(d.version_id, sizeof(d.version_id));
	terminated(d.pretty_name, sizeof(d.pretty_name));
	CHECK(d.family == NSSCACHE_DISTRO_OTHER || d.major == 6 || d.major == 7 || d.major == 2);
	(void) nsscache_distro_parse_redhat_release((const char *) data, size, &d);
	terminated(d.id, sizeof(d.id));
	terminated(d.version_id, sizeof(d.version_id));
	terminated(d.pretty_name, sizeof(d.pretty_name));
	return 0;
}
#elif defined(FUZZ_TARGET_version)
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	nsscache_version a, b;
	size_t half = size / 2;
	int ab, ba;

	if (nsscache_version_parse((const char *) data, half, &a) == 0) {
		CHECK(a.parts >= 1 && a.parts <= 4);
		CHECK(a.major >= 0 && a.minor >= 0 && a.patch >= 0 && a.build >= 0);
	}
	terminated(a.extra, sizeof(a.extra));
	(void) nsscache_version_parse((const char *) data + half, size - half, &b);
	ab = nsscache_version_cmp(&a, &b);
	ba = nsscache_version_cmp(&b, &a);
	CHECK((ab > 0) == (ba < 0) && (ab == 0) == (ba == 0));
	CHECK(nsscache_version_cmp(&a, &a) == 0);
	return 0;
}
#elif defined(FUZZ_TARGET_env)
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	nsscache_predict_in in;
	nsscache_prediction out;
	nsscache_version sv, nv;
	char reason[512], effect[384];
	uint8_t f[8] = { 0 };
	char *value;

	/* first 8 bytes: facts; the rest: the variable's value */
	memcpy(f, data, size < 8 ? size : 8);
	value = cstr(size > 8 ? data + 8 : data, size > 8 ? size - 8 : 0);

	memset(&in, 0, sizeof(in));
	nsscache_version_set(&sv, f[0] % 6, f[1]);
	nsscache_version_set(&nv, 3, f[1] ^ f[2]);
	in.softokn = (f[2] & 1) ? &sv : NULL;
	in.nss = (f[2] & 2) ? &nv : NULL;
	in.softokn_private = (f[2] >> 2) & 1;
	in.distro = (nsscache_distro_family) (f[3] % 3);
	in.var = (f[3] & 0x80) ? NSSCACHE_VAR_UNKNOWN : nsscache_var_classify((f[3] & 0x40) ? NULL : value);
	in.var_value = (f[3] & 0x40) ? NULL : value;
	in.timing = (nsscache_timing) (f[4] % 3);
	in.curl = (nsscache_curl_backend) ((f[4] >> 2) % 4);
	in.db_dir = f[5] & 1;
	in.db_cert9 = (f[5] >> 1) & 1;
	in.db_writable = (f[5] >> 2) & 1;
	in.tempdir_found = (f[5] >> 3) & 1;
	in.db_fs = (nsscache_fs_class) (f[6] % 4);
	in.db_fs_name = (f[6] & 0x80) ? value : NULL;
	in.secure_exec = f[7] & 1;
	in.db_unchecked = (f[7] >> 1) & 1;
	in.tempdir_unchecked = (f[7] >> 2) & 1;

	nsscache_predict(&in, &out);
	CHECK(out.probe == NSSCACHE_PROBE_NONE || out.probe == NSSCACHE_PROBE_EXPECTED || out.probe == NSSCACHE_PROBE_POSSIBLE);
	/* the report words every outcome, within bounds */
	nsscache_report_probe_reason(&in, &out, reason, sizeof(reason));
	nsscache_report_in_effect_reason(&in, &out, effect, sizeof(effect));
	CHECK(reason[0] != '\0' && effect[0] != '\0');
	terminated(reason, sizeof(reason));
	terminated(effect, sizeof(effect));
	/* the table's invariants */
	CHECK(!(out.probe == NSSCACHE_PROBE_EXPECTED) || out.probe_db_dir == NSSCACHE_YES || out.probe_temp_dir == NSSCACHE_YES);
	CHECK(!(in.curl == NSSCACHE_CURL_OTHER_TLS || in.curl == NSSCACHE_CURL_ABSENT || !in.db_dir) || out.probe == NSSCACHE_PROBE_NONE);
	CHECK(!(in.curl == NSSCACHE_CURL_OTHER_TLS || in.curl == NSSCACHE_CURL_ABSENT) || out.in_effect == NSSCACHE_MAYBE);
	CHECK(!((in.var == NSSCACHE_VAR_UNSET || in.var == NSSCACHE_VAR_MEASURE)
			&& (in.curl == NSSCACHE_CURL_NSS || in.curl == NSSCACHE_CURL_UNKNOWN)) || out.in_effect == NSSCACHE_NO);
	CHECK(out.in_effect != NSSCACHE_YES || in.timing == NSSCACHE_TIMING_BEFORE_OPEN);
	free(value);
	return 0;
}
#else
#error "build with -DFUZZ_TARGET_dentry, _os_release, _version or _env"
#endif
