/* SPDX-License-Identifier: BSD-2-Clause */
/* nsscache: keep NSS_SDB_USE_CACHE set for libcurl+NSS in every PHP process. */
#ifndef PHP_NSSCACHE_H
#define PHP_NSSCACHE_H

extern zend_module_entry nsscache_module_entry;
#define phpext_nsscache_ptr &nsscache_module_entry

#define PHP_NSSCACHE_VERSION "0.3.0"

#if defined(ZTS) && defined(COMPILE_DL_NSSCACHE) && defined(ZEND_TSRMLS_CACHE_EXTERN)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

#endif
