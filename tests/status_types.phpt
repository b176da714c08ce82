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
$r = new ReflectionFunction('nsscache_status');
echo $r->getReturnType()->getName(), ' ', $r->getNumberOfParameters(), "\n";
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
array 0
