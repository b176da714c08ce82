/*
 * The floor: the smallest extension that does nsscache's job. It registers
 * three INI directives (enabled, value, override) and sets the variable to
 * the value at MINIT and, when a request finds it changed, at RINIT. No
 * policy: it overrides whatever was there, reports nothing, and knows no
 * NSS. bench/run measures nsscache's startup against it. Its name and its
 * directives' names are as long as nsscache's, so that the command lines,
 * registry keys and INI keys of the runs are the same length.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif
#include <stdlib.h>
#include <string.h>
#include "php.h"
#include "php_ini.h"

PHP_INI_BEGIN()
	PHP_INI_ENTRY("floorext.enabled", "1", PHP_INI_SYSTEM, NULL)
	PHP_INI_ENTRY("floorext.value", "yes", PHP_INI_SYSTEM, NULL)
	PHP_INI_ENTRY("floorext.override", "probing", PHP_INI_SYSTEM, NULL)
PHP_INI_END()

static void floorext_set(void)
{
	const char *want = INI_STR("floorext.value");
	const char *cur = getenv("NSS_SDB_USE_CACHE");

	if (INI_INT("floorext.enabled") && want && (!cur || strcmp(cur, want) != 0)) {
		setenv("NSS_SDB_USE_CACHE", want, 1);
	}
}

static PHP_MINIT_FUNCTION(floorext)
{
	REGISTER_INI_ENTRIES();
	floorext_set();
	return SUCCESS;
}

static PHP_RINIT_FUNCTION(floorext)
{
	floorext_set();
	return SUCCESS;
}

zend_module_entry floorext_module_entry = {
	STANDARD_MODULE_HEADER,
	"floorext",
	NULL, /* functions */
	PHP_MINIT(floorext),
	NULL, /* MSHUTDOWN: the INI entries go with zend_ini_shutdown, as nsscache's */
	PHP_RINIT(floorext),
	NULL, /* RSHUTDOWN */
	NULL, /* MINFO */
	"0",
	STANDARD_MODULE_PROPERTIES
};

ZEND_GET_MODULE(floorext)
