<?php
// bench/run section 4: what nsscache_status() and nsscache_metrics() cost, timed with hrtime().
// Usage: php status.php FUNC N   (FUNC: nsscache_status, nsscache_metrics, or getenv as a reference)
// Prints: "<first call ns> <median ns of N later calls timed one by one> <mean ns per call in a loop of 10000>"
// Times are net of the cost of an empty hrtime() pair (median of 201).
$f = $argv[1];
$n = (int) $argv[2];
$pairs = [];
for ($i = 0; $i < 201; $i++) {
    $a = hrtime(true);
    $b = hrtime(true);
    $pairs[] = $b - $a;
}
sort($pairs);
$pair = $pairs[100];

if ($f === 'getenv') {
    $a = hrtime(true); getenv('NSS_SDB_USE_CACHE'); $b = hrtime(true);
} elseif ($f === 'nsscache_metrics') {
    $a = hrtime(true); nsscache_metrics(); $b = hrtime(true);
} else {
    $a = hrtime(true); nsscache_status(); $b = hrtime(true);
}
$first = $b - $a - $pair;

$v = [];
for ($i = 0; $i < $n; $i++) {
    if ($f === 'getenv') {
        $a = hrtime(true); getenv('NSS_SDB_USE_CACHE'); $b = hrtime(true);
    } elseif ($f === 'nsscache_metrics') {
        $a = hrtime(true); nsscache_metrics(); $b = hrtime(true);
    } else {
        $a = hrtime(true); nsscache_status(); $b = hrtime(true);
    }
    $v[] = $b - $a - $pair;
}
sort($v);
$med = $v[intdiv($n, 2)];

$loops = 10000;
$a = hrtime(true);
for ($i = 0; $i < $loops; $i++) {
}
$empty = hrtime(true) - $a;
if ($f === 'getenv') {
    $a = hrtime(true);
    for ($i = 0; $i < $loops; $i++) {
        getenv('NSS_SDB_USE_CACHE');
    }
} elseif ($f === 'nsscache_metrics') {
    $a = hrtime(true);
    for ($i = 0; $i < $loops; $i++) {
        nsscache_metrics();
    }
} else {
    $a = hrtime(true);
    for ($i = 0; $i < $loops; $i++) {
        nsscache_status();
    }
}
$loop = (hrtime(true) - $a - $empty) / $loops;
printf("%d %d %.1f\n", $first, $med, $loop);
