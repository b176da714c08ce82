/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * nsscache: every PHP-version difference lives here, nowhere else.
 */
#ifndef NSSCACHE_COMPAT_H
#define NSSCACHE_COMPAT_H

#include "php.h"

/* php_log_err() takes a char * before PHP 8.0. */
#if PHP_VERSION_ID < 80000
# define nsscache_log_err(msg) php_log_err((char *) (msg))
#else
# define nsscache_log_err(msg) php_log_err(msg)
#endif

/*
 * Before 8.2, zend_unregister_ini_entries() cleans only the global table,
 * but under ZTS a dl()'d module registers into the thread's own
 * EG(ini_directives): its entries stay there and are freed again at thread
 * shutdown (php-src 8.2 added zend_unregister_ini_entries_ex for this).
 * Deleting them here runs the table's own destructor; on a PHP that did
 * clean them, the keys are gone and this does nothing.
 */
#if defined(ZTS) && PHP_VERSION_ID < 80200
# define NSSCACHE_UNREGISTER_INI_ENTRIES(type, names) do { \
		const char *const *n_; \
		UNREGISTER_INI_ENTRIES(); \
		for (n_ = (names); (type) == MODULE_TEMPORARY && *n_ != NULL; n_++) { \
			zend_hash_str_del(EG(ini_directives), *n_, strlen(*n_)); \
		} \
	} while (0)
#else
# define NSSCACHE_UNREGISTER_INI_ENTRIES(type, names) do { (void) (names); UNREGISTER_INI_ENTRIES(); } while (0)
#endif

#endif
