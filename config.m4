dnl SPDX-License-Identifier: BSD-2-Clause
dnl config.m4 for nsscache
PHP_ARG_ENABLE([nsscache],
  [whether to enable nsscache],
  [AS_HELP_STRING([--enable-nsscache],
    [Enable nsscache: set NSS_SDB_USE_CACHE so libcurl+NSS does not probe the filesystem])],
  [no])

if test "$PHP_NSSCACHE" != "no"; then
  NSSCACHE_SOURCES="nsscache.c src/policy.c src/facts.c src/util.c"

  dnl The facts take references to loaded libraries with dlopen(RTLD_NOLOAD);
  dnl glibc < 2.34 keeps dlopen in libdl.
  AC_CHECK_FUNC([dlopen], [],
    [AC_CHECK_LIB([dl], [dlopen], [PHP_ADD_LIBRARY([dl],, NSSCACHE_SHARED_LIBADD)])])
  PHP_SUBST(NSSCACHE_SHARED_LIBADD)

  dnl Hidden by default: only get_module() is exported, which keeps the
  dnl dynamic linker's work at load (part of every PHP process's start) small.
  PHP_NEW_EXTENSION(nsscache, $NSSCACHE_SOURCES, $ext_shared,, -DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 -fvisibility=hidden)
  PHP_ADD_BUILD_DIR($ext_builddir/src)
fi
