<?php
// SPDX-License-Identifier: BSD-2-Clause
// nsscache-doctor: one target, four parts, each made by one stage and never edited after:
// - the Address (targets.php discovery, host.php process_targets()): 'name', 'kind', 'address',
//   'counted', 'status' (null: to be asked; else why not: not_running, config, error),
//   'error', 'notes'; a pool's 'pool' and 'conf'; an ini target's 'sapi', 'php_version', 'binary',
//   'scan_dir', 'ini_args', 'server_pid', 'server_env';
// - the Answer (main.php answered(), host.php): 'status' (ok or a status code), 'error', 'facts'
//   (ask.php decode_facts(), as the target sent them), 'timeout'; a pool's 'blocked'
//   (endpoint_blocked()); a process scan's 'cut' (['deadline', 'bound'] not read);
// - the Facts (judge.php facts_of()): what is known of the process, merged once;
// - the Judgement (judge.php judge()): 'probe', 'probe_db_dir', 'probe_temp_dir', 'dentries_freed',
//   'reason', 'family_row', 'in_effect', 'in_effect_reason', 'notes'.
declare(strict_types=1);

namespace NsscacheDoctor;

final class Target
{
    private const PARTS = ['address', 'answer', 'facts', 'judgement'];
    private array $address;
    private ?array $answer = null;
    private ?array $facts = null;
    private ?array $judgement = null;

    public function __construct(array $address)
    {
        $this->address = $address;
    }

    public function address(): array
    {
        return $this->address;
    }

    // The other parts (null: not made yet). A part read is a copy: PHP arrays are values.
    public function answer(): ?array
    {
        return $this->answer;
    }

    public function facts(): ?array
    {
        return $this->facts;
    }

    public function judgement(): ?array
    {
        return $this->judgement;
    }

    // [Address, Answer, Facts, Judgement], for a reader of them all
    public function parts(): array
    {
        return [$this->address, $this->answer, $this->facts, $this->judgement];
    }

    // This target with PART (answer, facts, judgement) made: once, after the parts before it.
    public function with(string $part, array $value): self
    {
        $i = array_search($part, self::PARTS, true);
        if (!$i || $this->$part !== null || $part !== 'answer' && $this->answer === null) {
            throw new \LogicException("a target's $part is made once, by its own stage");
        }
        $t = clone $this;
        $t->$part = $value;
        return $t;
    }
}

// The verdict bucket of target T, the one sort the table's summary, Nagios and the textfile use:
// not_counted, uninspected, expected, possible or none.
function bucket(Target $t): string
{
    $probe = $t->judgement()['probe'];
    return !$t->address()['counted'] ? 'not_counted' : ($probe === 'unknown' ? 'uninspected' : $probe);
}
