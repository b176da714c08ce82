/* SPDX-License-Identifier: BSD-2-Clause */
/* libFuzzer targets for the code that reads untrusted bytes. One target per
 * -DFUZZ_TARGET_<name> (tests/unit/run builds each):
 *   version     nsscache_parse_nss_version (a library's image or file)
 *   escape      nsscache_escape (any value a log line, the arrays or MINFO show)
 *   env         nsscache_classify / nsscache_decide on any value
 * Each checks its own invariants and aborts on a violation. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/facts.h"
#include "../../src/policy.h"
#include "../../src/util.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)

#if defined(FUZZ_TARGET_version)
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char version[32];
	nsscache_version v;

	if (nsscache_parse_nss_version((const char *) data, size, version, sizeof(version), &v) == 0) {
		size_t i;

		CHECK(memchr(version, '\0', sizeof(version)) != NULL);
		for (i = 0; version[i] != '\0'; i++) {
			CHECK((version[i] >= '0' && version[i] <= '9') || version[i] == '.');
		}
		CHECK(v >= 0 && v < NSSCACHE_VERSION(1000, 0, 0));
	}
	return 0;
}
#elif defined(FUZZ_TARGET_escape)
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *out = malloc(4 * size + 1);
	size_t i, n;

	CHECK(out != NULL);
	nsscache_escape(out, 4 * size + 1, (const char *) data, size);
	n = strlen(out);
	CHECK(n <= 4 * size);
	for (i = 0; i < n; i++) {
		CHECK(out[i] >= 0x20 && out[i] <= 0x7e && out[i] != '"');
	}
	/* whole: every input byte is in the output (4 * LEN + 1 hold any) */
	for (i = 0; i < size; i++) {
		n -= ((unsigned char) data[i] < 0x20 || (unsigned char) data[i] > 0x7e || data[i] == '"') ? 4
			: data[i] == '\\' ? 2 : 1;
	}
	CHECK(n == 0);
	free(out);
	return 0;
}
#elif defined(FUZZ_TARGET_env)
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	nsscache_config cfg = NSSCACHE_CONFIG_DEFAULT;
	nsscache_var var;
	int o;

	CHECK(s != NULL);
	memcpy(s, data, size);
	s[size] = '\0';
	var = nsscache_classify(s);
	for (o = 0; o < 3; o++) {
		nsscache_action a;

		cfg.override = (nsscache_override) o;
		a = nsscache_decide(&cfg, s);
		/* the one rule: yes/no are replaced only under override=always, and then only by the other one */
		if (var == NSSCACHE_VAR_YES) {
			CHECK(a == NSSCACHE_ACTION_KEPT);
		}
		if (var == NSSCACHE_VAR_NO) {
			CHECK(a == (o == NSSCACHE_OVERRIDE_ALWAYS ? NSSCACHE_ACTION_REPLACED : NSSCACHE_ACTION_KEPT));
		}
		if (var == NSSCACHE_VAR_PROBING) {
			CHECK(a == (o == NSSCACHE_OVERRIDE_NEVER ? NSSCACHE_ACTION_KEPT : NSSCACHE_ACTION_REPLACED));
		}
	}
	free(s);
	return 0;
}
#endif
