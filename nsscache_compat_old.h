/* SPDX-License-Identifier: BSD-2-Clause */
/* nsscache: what PHP 5.3 to 7.3 lack of the PHP 7.4 API nsscache.c is written against;
 * nsscache_compat.h includes it for those versions only. */
#ifndef NSSCACHE_COMPAT_OLD_H
#define NSSCACHE_COMPAT_OLD_H

/* PHP 5 under the PHP 7 names nsscache.c uses. Strings are char * (INI values
 * NUL-terminated), hash keys count their NUL, hashes hold zval *, add_*_string() take a
 * duplicate flag, and functions without TSRMLS_DC fetch it. */
#if PHP_MAJOR_VERSION < 7
typedef long zend_long;
typedef char zend_string;
# define ZSTR_VAL(s) (s)
/* ZSTR_LEN() of the INI handler's value is its length parameter (a value may hold a NUL) */
# define ZSTR_LEN(s) nsscache_len_##s
# define nsscache_len_new_value ((size_t) new_value_length)
# define nsscache_len_v strlen(v)
# define NSSCACHE_TSRMLS_FETCH() TSRMLS_FETCH()
# define NSSCACHE_Z_TRUE(z) Z_BVAL_P(z)
# define nsscache_log_err(msg) php_log_err((char *) (msg) TSRMLS_CC)
# define ZEND_TSRMLS_CACHE_DEFINE()
# define ZEND_TSRMLS_CACHE_UPDATE()
# undef php_error_docref
# define php_error_docref(docref, type, ...) php_error_docref0(docref TSRMLS_CC, type, __VA_ARGS__)
# define cfg_get_entry(name, len) (cfg_get_entry)(name, (uint) (len) + 1)
# undef add_assoc_string
# define add_assoc_string(arr, key, s) add_assoc_string_ex(arr, key, strlen(key) + 1, (char *) (s), 1)
# define add_next_index_string(arr, s) (add_next_index_string)(arr, s, 1)
# undef add_assoc_zval
# define add_assoc_zval(arr, key, v) nsscache_add_assoc_zval(arr, key, v)
# define Z_TRY_ADDREF_P(z) ((void) 0)
# undef zval_ptr_dtor
# define zval_ptr_dtor(z) zval_dtor(z) /* nsscache's are on the stack */
# define ZVAL_COPY(dst, src) \
	do { (dst)->value = (src)->value; Z_TYPE_P(dst) = Z_TYPE_P(src); zval_copy_ctor(dst); } while (0)
# define HT_IS_PACKED(ht) (zend_hash_num_elements(ht) > 0 && zend_hash_get_current_key_type(ht) == HASH_KEY_IS_LONG)
# define zend_hash_str_del(ht, key, len) zend_hash_del(ht, key, (uint) (len) + 1)
# define NSSCACHE_FOREACH_(ht, pp) { HashPosition pos_; zval **pp; \
	for (zend_hash_internal_pointer_reset_ex(ht, &pos_); \
			zend_hash_get_current_data_ex(ht, (void **) &pp, &pos_) == SUCCESS; zend_hash_move_forward_ex(ht, &pos_)) {
# define ZEND_HASH_FOREACH_VAL(ht, v) NSSCACHE_FOREACH_(ht, pv_) v = *pv_;
# define ZEND_HASH_FOREACH_STR_KEY_VAL(ht, key, v) NSSCACHE_FOREACH_(ht, pk_) ulong i_; uint l_; \
	key = NULL; zend_hash_get_current_key_ex(ht, &key, &l_, &i_, 0, &pos_); v = *pk_;
# define ZEND_HASH_FOREACH_END() } }

/* PHP 7's add_assoc_zval() takes the zval over: an array built on the stack moves to the heap, a
 * value found in another array is copied */
static void nsscache_add_assoc_zval(zval *arr, const char *key, zval *v)
{
	zval *h;

	MAKE_STD_ZVAL(h);
	*h = *v;
	INIT_PZVAL(h);
	if (Z_TYPE_P(h) != IS_ARRAY) {
		zval_copy_ctor(h);
	}
	add_assoc_zval_ex(arr, key, strlen(key) + 1, h);
}

static void *zend_hash_str_find_ptr(const HashTable *ht, const char *key, size_t len)
{
	void *p;

	return zend_hash_find(ht, key, (uint) len + 1, &p) == SUCCESS ? p : NULL;
}

static zval *zend_hash_str_find(const HashTable *ht, const char *key, size_t len)
{
	zval **p = zend_hash_str_find_ptr(ht, key, len);

	return p != NULL ? *p : NULL;
}
#endif

/* 7.0-7.3: ZEND_PARSE_PARAMETERS_NONE came in 7.3, PHP's environment lock in 7.4 (before,
 * getenv() and putenv() take none; nsscache's own mutex serialises only nsscache's reads and writes) */
# ifndef ZEND_PARSE_PARAMETERS_NONE
#  define ZEND_PARSE_PARAMETERS_NONE() if (zend_parse_parameters_none() == FAILURE) { return; }
# endif
# if !defined(HT_IS_PACKED) && PHP_MAJOR_VERSION == 7
#  define HT_IS_PACKED(ht) (((ht)->u.flags & HASH_FLAG_PACKED) != 0)
# endif
# ifdef ZTS
#  include <pthread.h>
static pthread_mutex_t nsscache_env_mutex = PTHREAD_MUTEX_INITIALIZER;
#  define tsrm_env_lock() pthread_mutex_lock(&nsscache_env_mutex)
#  define tsrm_env_unlock() pthread_mutex_unlock(&nsscache_env_mutex)
# endif

#endif
