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

  dnl getauxval() came in glibc 2.16 (EL6 has 2.12): else AT_SECURE is read from /proc/self/auxv.
  dnl ac_cv_func_getauxval=no forces that path (the build suite does, so that it runs on Debian).
  NSSCACHE_CFLAGS=""
  AC_CHECK_FUNC([getauxval], [], [NSSCACHE_CFLAGS="-DNSSCACHE_NO_GETAUXVAL=1"])
  dnl A ZTS PHP: the facts serialise libcurl's curl_version_info(), which writes static buffers.
  test "$PHP_THREAD_SAFETY" = "yes" && NSSCACHE_CFLAGS="$NSSCACHE_CFLAGS -DNSSCACHE_THREADS=1"

  dnl Hidden by default: only get_module() is exported, which keeps the
  dnl dynamic linker's work at load (part of every PHP process's start) small.
  PHP_NEW_EXTENSION(nsscache, $NSSCACHE_SOURCES, $ext_shared,, -DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 -fvisibility=hidden $NSSCACHE_CFLAGS)
  PHP_ADD_BUILD_DIR($ext_builddir/src)
fi
