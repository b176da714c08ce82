--TEST--
nsscache_dentry_state(): the five named counters of /proc/sys/fs/dentry-state
--EXTENSIONS--
nsscache
--SKIPIF--
<?php if (!is_readable('/proc/sys/fs/dentry-state')) die('skip no /proc/sys/fs/dentry-state'); ?>
--FILE--
<?php
$d = nsscache_dentry_state();
var_dump(array_keys($d));
$raw = preg_split('/\s+/', trim(file_get_contents('/proc/sys/fs/dentry-state')));
foreach (['nr_dentry', 'nr_unused', 'age_limit', 'want_pages'] as $i => $k) {
    if (!is_int($d[$k])) echo "$k not int\n";
}
// age_limit is a constant (45 s); the counters move, so compare loosely.
var_dump($d['age_limit'] === (int) $raw[2]);
var_dump(abs($d['nr_dentry'] - (int) $raw[0]) < 100000);
// Linux >= 5.0 reports nr_negative in field 5.
$release = php_uname('r');
if (version_compare(preg_replace('/[^0-9.].*$/', '', $release), '5.0', '>=')) {
    var_dump(is_int($d['nr_negative']) && $d['nr_negative'] >= 0);
} else {
    var_dump(true);
}
var_dump(nsscache_status()['dentry'] !== null);
?>
--EXPECT--
array(5) {
  [0]=>
  string(9) "nr_dentry"
  [1]=>
  string(9) "nr_unused"
  [2]=>
  string(9) "age_limit"
  [3]=>
  string(10) "want_pages"
  [4]=>
  string(11) "nr_negative"
}
bool(true)
bool(true)
bool(true)
bool(true)
