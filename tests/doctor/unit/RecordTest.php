<?php
// SPDX-License-Identifier: BSD-2-Clause
// One typed target record (record.php): four parts, each made by one stage and never edited after.
// No stage writes to a part an earlier stage made: what asking gave stays as it was given, the Facts
// are facts_of()'s alone, the Judgement judge()'s alone, and the outputs change nothing.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class RecordTest extends TestCase
{
    public function testNoStageWritesAPartAnEarlierStageMade(): void
    {
        $address = D\target('fpm', 'www', ['address' => '/run/php-fpm/www.sock']);
        $answer = ['status' => 'ok', 'error' => null, 'timeout' => 3.0,
            'facts' => facts_fixture(['NSS_SDB_USE_CACHE' => '1', 'SSL_DIR' => '/srv/db', 'TMPDIR' => '/tmp'])];
        $asked = (new D\Target($address))->with('answer', $answer);
        $t = D\settled($asked, memory_view(), the_table());
        $this->assertSame('expected', $t->judgement()['probe'], D\words($t));
        $this->assertSame($address, $t->address());
        $this->assertSame($answer, $t->answer());
        $this->assertSame(D\facts_of($asked, memory_view()), $t->facts(), 'the Facts are facts_of()\'s alone');
        $this->assertSame(D\judge($asked->with('facts', $t->facts()), the_table()), $t->judgement(),
            'the Judgement is judge()\'s alone, downgrades included');
        $parts = [$t->address(), $t->answer(), $t->facts(), $t->judgement()];
        $v = D\verdict([$t]);
        $doc = ['doctor' => ['version' => D\VERSION, 'table' => null, 'table_error' => null, 'endpoint' => null,
            'started' => 1.0, 'duration_seconds' => 0.1], 'host' => ['hostname' => 'h', 'kernel' => '6.1',
            'distro' => view_fixture(null)['distro'], 'dentries' => ['nr_dentry' => 10, 'nr_unused' => 1,
            'nr_negative' => 2, 'slab' => null, 'notes' => []], 'watch' => null], 'targets' => [$t],
            'exit' => $v['code'], 'counts' => $v['counts'], 'summary' => D\summary($v['code'], $v['counts'])];
        D\doc_json($doc);
        D\doc_human($doc, false);
        D\doc_nagios($doc);
        D\doc_prometheus($doc);
        $this->assertSame($parts, [$t->address(), $t->answer(), $t->facts(), $t->judgement()],
            'the words and the outputs only read');
    }

    public function testAMadePartIsNeverMadeAgainNorEdited(): void
    {
        $t = made(['name' => 'www', 'probe' => 'expected', 'reason' => 'probes']);
        foreach (['answer', 'facts', 'judgement', 'address'] as $part) {
            try {
                $t->with($part, []);
                $this->fail("$part made twice");
            } catch (LogicException $e) {
                $this->assertStringContainsString('made once', $e->getMessage());
            }
        }
        try {
            $t['probe'] = 'none';
            $this->fail('a key written');
        } catch (Error $e) {    // a target is no array: it has no key to write
            $this->assertSame('expected', $t->judgement()['probe']);
        }
        // a part read is a copy
        $j = $t->judgement();
        $j['probe'] = 'none';
        $this->assertSame('expected', $t->judgement()['probe']);
        // the stages in their order: no Facts before the Answer
        $this->expectException(LogicException::class);
        (new D\Target(D\target('cli', 'php')))->with('facts', []);
    }
}
