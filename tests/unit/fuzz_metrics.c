/* libFuzzer target for the Prometheus label escaper (tests/unit/run builds
 * it as the "metrics" target): any bytes in, a valid label value out. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/metrics.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)

/* The inside of a label value as the text format's parsers read it: UTF-8,
 * no raw newline or quote, backslash only before \, " or n. */
static void check_label_value(const unsigned char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned char c = s[i];
		size_t k, len = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;

		CHECK(c >= 0x20 && c != 0x7f && c != '"');
		CHECK(c < 0x80 || c >= 0xc2);
		CHECK(i + len <= n);
		for (k = 1; k < len; k++) {
			CHECK((s[i + k] & 0xc0) == 0x80);
		}
		if (c == '\\') {
			CHECK(i + 1 < n && (s[i + 1] == '\\' || s[i + 1] == '"' || s[i + 1] == 'n'));
			len = 2;
		}
		i += len;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	nsscache_mbuf b;
	nsscache_metrics_facts f;
	char *s;

	nsscache_mbuf_init(&b);
	nsscache_metrics_escape(&b, (const char *) data, size);
	CHECK(!b.failed);
	CHECK(b.len <= 3 * (NSSCACHE_METRICS_LABEL_MAX + 3) + 3);
	check_label_value((const unsigned char *) (b.data ? b.data : ""), b.len);
	nsscache_mbuf_free(&b);

	/* the same bytes as every label of a whole exposition */
	s = malloc(size + 1);
	CHECK(s != NULL);
	memcpy(s, data, size);
	s[size] = '\0';
	memset(&f, 0, sizeof(f));
	f.version = f.libcurl = f.tls_backend = f.nss = f.softokn = f.distro_family = s;
	f.variable = f.action = f.phase = f.probe = s;
	f.in_effect = size & 1 ? -1 : 1;
	nsscache_mbuf_init(&b);
	CHECK(nsscache_metrics_render(&f, &b) == 0);
	CHECK(b.len > 0 && b.data[b.len - 1] == '\n');
	CHECK(strncmp(b.data, "# HELP nsscache_info ", 21) == 0);
	nsscache_mbuf_free(&b);
	free(s);
	return 0;
}
