/*
 * setenv() at MINIT and nothing else: no INI directive, no RINIT. bench/run
 * shows it beside the empty extension and the floor: what calling one libc
 * function (and so binding libc) adds to loading a module. Its name is as
 * long as "nsscache".
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif
#include <stdlib.h>
#include "php.h"

static PHP_MINIT_FUNCTION(minitenv)
{
	setenv("NSS_SDB_USE_CACHE", "yes", 1);
	return SUCCESS;
}

zend_module_entry minitenv_module_entry = {
	STANDARD_MODULE_HEADER,
	"minitenv",
	NULL, /* functions */
	PHP_MINIT(minitenv),
	NULL, /* MSHUTDOWN */
	NULL, /* RINIT */
	NULL, /* RSHUTDOWN */
	NULL, /* MINFO */
	"0",
	STANDARD_MODULE_PROPERTIES
};

ZEND_GET_MODULE(minitenv)
