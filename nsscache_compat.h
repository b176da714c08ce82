/* SPDX-License-Identifier: BSD-2-Clause */
/* nsscache: every PHP-version difference lives here (below 7.4: nsscache_compat_old.h), nowhere else. */
#ifndef NSSCACHE_COMPAT_H
#define NSSCACHE_COMPAT_H

#include "php.h"
#if PHP_VERSION_ID < 70400
# include "nsscache_compat_old.h" /* PHP 5.3 to 7.3 */
#endif
#ifndef nsscache_log_err /* php_log_err() takes a char * before PHP 8.0, a const char * since */
# define nsscache_log_err(msg) php_log_err((char *) (msg))
# define NSSCACHE_TSRMLS_FETCH()
# define NSSCACHE_Z_TRUE(z) (Z_TYPE_P(z) == IS_TRUE)
#endif

/* The stub's arginfo declares return types from 8.0; before, its legacy form. */
#if PHP_VERSION_ID >= 80000
# include "nsscache_arginfo.h"
#else
# include "nsscache_legacy_arginfo.h"
#endif

/* Before 8.2 (zend_unregister_ini_entries_ex), ZTS cleans only the global
 * table, but a dl()'d module registers into the thread's EG(ini_directives),
 * which would free its entries again at thread shutdown. Deleting them runs
 * the table's destructor; where PHP cleaned them, the keys are gone. */
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
