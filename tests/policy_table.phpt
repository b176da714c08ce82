--TEST--
The policy, cell by cell (docs/api.md): only yes/no are ever written, over an unset or probing value (override=always: over the other one too); enabled=0 touches nothing; nothing is ever unset
--FILE--
<?php
require __DIR__ . '/status.inc';
// Expected from the rules, not from the code: for each value the process
// starts with, the action and the value left, per (override, value).
//   probing: unset -> set; yes/no (any case) -> kept; anything else -> replaced
//   never:   unset -> set; anything set -> kept
//   always:  unset -> set; probing -> replaced; the other of yes/no -> replaced; the same -> kept
$U = null;
$cells = [
    // start      probing/yes        probing/no        never/yes          never/no          always/yes          always/no
    [$U,     [['set', 'yes'],     ['set', 'no'],     ['set', 'yes'],     ['set', 'no'],     ['set', 'yes'],      ['set', 'no']]],
    ['yes',  [['kept', 'yes'],    ['kept', 'yes'],   ['kept', 'yes'],    ['kept', 'yes'],   ['kept', 'yes'],     ['replaced', 'no']]],
    ['NO',   [['kept', 'NO'],     ['kept', 'NO'],    ['kept', 'NO'],     ['kept', 'NO'],    ['replaced', 'yes'], ['kept', 'NO']]],
    ['1',    [['replaced', 'yes'], ['replaced', 'no'], ['kept', '1'],     ['kept', '1'],     ['replaced', 'yes'], ['replaced', 'no']]],
    ['',     [['replaced', 'yes'], ['replaced', 'no'], ['kept', ''],      ['kept', ''],      ['replaced', 'yes'], ['replaced', 'no']]],
];
$configs = [['probing', 'yes'], ['probing', 'no'], ['never', 'yes'], ['never', 'no'], ['always', 'yes'], ['always', 'no']];
$code = '$s = nsscache_status(); echo json_encode([$s["action"], getenv("NSS_SDB_USE_CACHE") === false ? null : getenv("NSS_SDB_USE_CACHE"), $s["previous"], $s["phase"]]);';
$bad = 0;
foreach ($cells as $cell) {
    list($start, $want) = $cell;
    $env = $start === null ? [] : ['NSS_SDB_USE_CACHE' => $start];
    foreach ($configs as $i => $config) {
        list($override, $value) = $config;
        foreach ([1, 0] as $enabled) {
            if ($enabled === 0 && $i > 0) {
                continue; // enabled=0: one config is enough, the others are the same
            }
            $got = json_decode(nsscache_test_child($env, ['nsscache.override' => $override,
                'nsscache.value' => $value, 'nsscache.enabled' => $enabled], $code), true);
            $exp = $enabled ? [$want[$i][0], $want[$i][1], $start, 'load'] : ['disabled', $start, $start, 'load'];
            if ($got !== $exp) {
                $bad++;
                echo 'start=', var_export($start, true), " override=$override value=$value enabled=$enabled: got ",
                    json_encode($got), ', want ', json_encode($exp), "\n";
            }
        }
    }
}
echo count($cells) * 7 - $bad, ' of ', count($cells) * 7, " cells as the rules say\n";
?>
--EXPECT--
35 of 35 cells as the rules say
