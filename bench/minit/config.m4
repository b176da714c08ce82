dnl setenv() at MINIT alone, for scale beside the floor (bench/run, section 3).
PHP_ARG_ENABLE([minitenv], [whether to enable the setenv-at-MINIT benchmark extension],
  [AS_HELP_STRING([--enable-minitenv], [Enable the minitenv extension])], [no])
if test "$PHP_MINITENV" != "no"; then
  PHP_NEW_EXTENSION(minitenv, minitenv.c, $ext_shared)
fi
