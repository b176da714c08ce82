dnl config.m4 for nsscache
PHP_ARG_ENABLE([nsscache],
  [whether to enable nsscache],
  [AS_HELP_STRING([--enable-nsscache],
    [Enable nsscache: set NSS_SDB_USE_CACHE so libcurl+NSS does not probe the filesystem])],
  [no])

if test "$PHP_NSSCACHE" != "no"; then
  NSSCACHE_SOURCES="nsscache.c src/env_policy.c"
  PHP_NEW_EXTENSION(nsscache, $NSSCACHE_SOURCES, $ext_shared,, -DZEND_ENABLE_STATIC_TSRMLS_CACHE=1)
  PHP_ADD_BUILD_DIR($ext_builddir/src)
fi
