dnl The empty extension: the floor for nsscache's startup cost (bench/run, section 2).
PHP_ARG_ENABLE([emptyext], [whether to enable the empty benchmark extension],
  [AS_HELP_STRING([--enable-emptyext], [Enable the empty extension])], [no])
if test "$PHP_EMPTYEXT" != "no"; then
  PHP_NEW_EXTENSION(emptyext, emptyext.c, $ext_shared)
fi
