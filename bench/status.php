<?php
// SPDX-License-Identifier: BSD-2-Clause
// bench/run section 4: what nsscache_status() and nsscache_in_effect() cost, timed with hrtime().
// Usage: php status.php FUNC N   (FUNC: nsscache_status, nsscache_in_effect, or getenv for scale)
// Prints: "<first call ns> <median ns of N later calls timed one by one> <mean ns per call in a
// loop of 10000>". Times are net of the cost of an empty hrtime() pair (median of 201) or of an
// empty loop. The call is written inline (eval compiles each block before it runs): no wrapper's
// call in the figures.
$expr = ['nsscache_status' => 'nsscache_status()', 'nsscache_in_effect' => 'nsscache_in_effect()',
    'getenv' => "getenv('NSS_SDB_USE_CACHE')"][$argv[1]];
$n = (int) $argv[2];
$pairs = [];
for ($i = 0; $i < 201; $i++) {
    $a = hrtime(true);
    $b = hrtime(true);
    $pairs[] = $b - $a;
}
sort($pairs);
$pair = $pairs[100];
eval("\$a = hrtime(true); $expr; \$b = hrtime(true);");
$first = $b - $a - $pair;
$v = [];
eval("for (\$i = 0; \$i < \$n; \$i++) { \$a = hrtime(true); $expr; \$b = hrtime(true); \$v[] = \$b - \$a - \$pair; }");
sort($v);
$loops = 10000;
$a = hrtime(true);
for ($i = 0; $i < $loops; $i++) {
}
$empty = hrtime(true) - $a;
eval("\$a = hrtime(true); for (\$i = 0; \$i < \$loops; \$i++) { $expr; } \$b = hrtime(true);");
printf("%d %d %.1f\n", $first, $v[intdiv($n, 2)], ($b - $a - $empty) / $loops);
