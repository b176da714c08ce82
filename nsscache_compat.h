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

#endif
