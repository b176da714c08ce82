--TEST--
nsscache_status() returns the documented keys with stable types
--EXTENSIONS--
nsscache
--ENV--
NSS_SDB_USE_CACHE=auto
--FILE--
<?php
$s = nsscache_status();
foreach (['version' => 'string', 'enabled' => 'boolean', 'value' => 'string',
          'override' => 'string', 'env' => 'string', 'previous' => 'string',
          'action' => 'string', 'phase' => 'string'] as $k => $type) {
    if (!array_key_exists($k, $s)) {
        echo "missing $k\n";
    } elseif (gettype($s[$k]) !== $type) {
        echo "$k is ", gettype($s[$k]), ", expected $type\n";
    }
}
var_dump($s['version'] === phpversion('nsscache'));
var_dump(in_array($s['action'], ['set', 'kept', 'replaced', 'disabled', 'failed'], true));
var_dump(in_array($s['phase'], ['load', 'minit', 'rinit'], true));
try {
    nsscache_status(1);
} catch (ArgumentCountError $e) {
    echo $e->getMessage(), "\n";
}
$r = new ReflectionFunction('nsscache_status');
echo $r->getReturnType(), "\n";
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
nsscache_status() expects exactly 0 arguments, 1 given
array
