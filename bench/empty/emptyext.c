/*
 * The empty extension: a module entry and nothing else (no functions, INI
 * entries, globals or hooks). bench/run loads it like nsscache to measure
 * what loading any extension costs: the floor for nsscache's startup delta.
 * Its name has as many characters as "nsscache", so that the command lines
 * and module registry keys of the two runs are the same length.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif
#include "php.h"

zend_module_entry emptyext_module_entry = {
	STANDARD_MODULE_HEADER,
	"emptyext",
	NULL, /* functions */
	NULL, /* MINIT */
	NULL, /* MSHUTDOWN */
	NULL, /* RINIT */
	NULL, /* RSHUTDOWN */
	NULL, /* MINFO */
	"0",
	STANDARD_MODULE_PROPERTIES
};

ZEND_GET_MODULE(emptyext)
