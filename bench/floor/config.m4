dnl The floor: the smallest extension that does nsscache's job (bench/run, section 3).
PHP_ARG_ENABLE([floorext], [whether to enable the floor benchmark extension],
  [AS_HELP_STRING([--enable-floorext], [Enable the floor extension])], [no])
if test "$PHP_FLOOREXT" != "no"; then
  PHP_NEW_EXTENSION(floorext, floorext.c, $ext_shared)
fi
