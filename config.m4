dnl config.m4 for nsscache
PHP_ARG_ENABLE([nsscache],
  [whether to enable nsscache],
  [AS_HELP_STRING([--enable-nsscache],
    [Enable nsscache: set NSS_SDB_USE_CACHE so libcurl+NSS does not probe the filesystem])],
  [no])

if test "$PHP_NSSCACHE" != "no"; then
  NSSCACHE_SOURCES="nsscache.c src/env_policy.c src/diagnose.c \
    src/detect_dentry.c src/detect_distro.c src/detect_fs.c src/detect_libs.c \
    src/detect_predict.c src/detect_version.c src/report.c src/util.c src/metrics.c"

  dnl The diagnostics dlopen() libsoftokn3 on demand; glibc < 2.34 keeps
  dnl dlopen in libdl.
  AC_CHECK_FUNC([dlopen], [],
    [AC_CHECK_LIB([dl], [dlopen], [PHP_ADD_LIBRARY([dl],, NSSCACHE_SHARED_LIBADD)])])
  PHP_SUBST(NSSCACHE_SHARED_LIBADD)

  dnl Hidden by default: only get_module() is exported, which keeps the
  dnl dynamic linker's work at load (part of every PHP process's start) small.
  PHP_NEW_EXTENSION(nsscache, $NSSCACHE_SOURCES, $ext_shared,, -DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 -fvisibility=hidden)
  PHP_ADD_BUILD_DIR($ext_builddir/src)
fi
