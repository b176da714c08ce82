<?php
// SPDX-License-Identifier: BSD-2-Clause
// The pool endpoint and the CLI snippet run inside targets, some of them PHP 5.3/5.4 (CentOS 6
// and 7 base). CI cannot run PHP 5.x, so this checks the syntax instead: parsed as PHP 5 by
// nikic/php-parser, with no construct newer than 5.3 (short arrays, closures, ?? and the rest
// below). The checker is tested on a sample of each construct it must refuse.
declare(strict_types=1);

use PhpParser\Node;
use PhpParser\NodeFinder;
use PhpParser\ParserFactory;
use PHPUnit\Framework\TestCase;

require_once '/usr/share/php/PhpParser/autoload.php';

final class Php53SyntaxTest extends TestCase
{
    // Constructs newer than PHP 5.3, as "what: version".
    private static function newer(string $code): array
    {
        $parser = (new ParserFactory())->create(ParserFactory::ONLY_PHP5);
        try {
            $ast = $parser->parse($code);
        } catch (PhpParser\Error $e) {
            return ['not PHP 5 syntax: ' . $e->getMessage()];
        }
        $found = [];
        $f = new NodeFinder();
        $rules = [
            'short array: 5.4' => function ($n) {
                return $n instanceof Node\Expr\Array_ && $n->getAttribute('kind') === Node\Expr\Array_::KIND_SHORT;
            },
            'closure (avoided, and $this in one is 5.4)' => function ($n) {
                return $n instanceof Node\Expr\Closure;
            },
            'array dereference of a call: 5.4' => function ($n) {
                return $n instanceof Node\Expr\ArrayDimFetch && ($n->var instanceof Node\Expr\FuncCall
                    || $n->var instanceof Node\Expr\MethodCall || $n->var instanceof Node\Expr\StaticCall
                    || $n->var instanceof Node\Expr\Array_);
            },
            'member access on new: 5.4' => function ($n) {
                return ($n instanceof Node\Expr\MethodCall || $n instanceof Node\Expr\PropertyFetch)
                    && $n->var instanceof Node\Expr\New_;
            },
            'binary literal: 5.4' => function ($n) {
                return $n instanceof Node\Scalar\LNumber && $n->getAttribute('kind') === Node\Scalar\LNumber::KIND_BIN;
            },
            'trait: 5.4' => function ($n) {
                return $n instanceof Node\Stmt\Trait_ || $n instanceof Node\Stmt\TraitUse;
            },
            'finally: 5.5' => function ($n) {
                return $n instanceof Node\Stmt\Finally_;
            },
            'yield: 5.5' => function ($n) {
                return $n instanceof Node\Expr\Yield_ || $n instanceof Node\Expr\YieldFrom;
            },
            '::class: 5.5' => function ($n) {
                return $n instanceof Node\Expr\ClassConstFetch && $n->name instanceof Node\Identifier
                    && strtolower($n->name->name) === 'class';
            },
            'empty() of an expression: 5.5' => function ($n) {
                return $n instanceof Node\Expr\Empty_ && !($n->expr instanceof Node\Expr\Variable
                    || $n->expr instanceof Node\Expr\ArrayDimFetch || $n->expr instanceof Node\Expr\PropertyFetch
                    || $n->expr instanceof Node\Expr\StaticPropertyFetch);
            },
            '** : 5.6' => function ($n) {
                return $n instanceof Node\Expr\BinaryOp\Pow || $n instanceof Node\Expr\AssignOp\Pow;
            },
            'variadic or unpacking: 5.6' => function ($n) {
                return ($n instanceof Node\Param && $n->variadic) || ($n instanceof Node\Arg && $n->unpack);
            },
            'use function/const: 5.6' => function ($n) {
                return $n instanceof Node\Stmt\Use_ && $n->type !== Node\Stmt\Use_::TYPE_NORMAL;
            },
            'typed parameter (avoided; scalar types are 7.0)' => function ($n) {
                return $n instanceof Node\Param && $n->type !== null;
            },
            'return type: 7.0' => function ($n) {
                return $n instanceof Node\FunctionLike && $n->getReturnType() !== null;
            },
            '?? / <=> / ?-> / fn / match: 7.0+' => function ($n) {
                return $n instanceof Node\Expr\BinaryOp\Coalesce || $n instanceof Node\Expr\AssignOp\Coalesce
                    || $n instanceof Node\Expr\BinaryOp\Spaceship || $n instanceof Node\Expr\NullsafeMethodCall
                    || $n instanceof Node\Expr\NullsafePropertyFetch || $n instanceof Node\Expr\ArrowFunction
                    || $n instanceof Node\Expr\Match_;
            },
            'static in a constant expression / const expression: 5.6' => function ($n) {
                return $n instanceof Node\Stmt\Const_ && !self::scalar($n->consts[0]->value);
            },
        ];
        foreach ($rules as $what => $test) {
            if ($f->findFirst($ast, $test) !== null) {
                $found[] = $what;
            }
        }
        return $found;
    }

    private static function scalar(Node $n): bool
    {
        return $n instanceof Node\Scalar && !($n instanceof Node\Scalar\Encapsed);
    }

    public function testThePoolEndpointIsPhp53(): void
    {
        $this->assertSame([], self::newer(file_get_contents(TOP . '/fleet/nsscache-metrics.php')));
    }

    public function testTheCliSnippetIsPhp53(): void
    {
        $s = NsscacheDoctor\snippet(TOP . '/fleet/nsscache-metrics.php');
        $this->assertSame([], self::newer("<?php\n" . $s));
    }

    public function refusedProvider(): array
    {
        return [
            ['$a = [1, 2];', 'short array'], ['$f = function () { return 1; };', 'closure'],
            ['$x = f()[0];', 'array dereference'], ['$x = (new A)->b();', 'member access on new'],
            ['$x = 0b101;', 'binary literal'], ['trait T {}', 'trait'], ['try { f(); } finally { g(); }', 'finally'],
            ['function g() { yield 1; }', 'yield'], ['$c = A::class;', '::class'], ['$e = empty(f());', 'empty()'],
            ['$p = 2 ** 3;', '** '], ['function v(...$a) {}', 'variadic'], ['use function A\\b;', 'use function'],
            ['function t(array $a) {}', 'typed parameter'], ['$x = $a ?? 1;', '??'],
            ['$f = fn($x) => $x;', 'not PHP 5 syntax'], ['function r(): int { return 1; }', 'return type'],
            ['$x = $a?->b;', 'not PHP 5 syntax'], ['const C = 1 + 1;', 'const expression'],
        ];
    }

    /** @dataProvider refusedProvider */
    public function testTheCheckerRefuses(string $code, string $what): void
    {
        $found = self::newer("<?php\n$code\n");
        $this->assertNotEmpty($found, $code);
        $this->assertStringContainsString($what, implode('; ', $found));
    }

    public function testTheCheckerAcceptsPhp53(): void
    {
        $this->assertSame([], self::newer("<?php\nnamespace A;\nconst B = 1;\n\$a = array(1, 2);\n\$b = \$a[0] ?: 2;"
            . "\nfunction f(\$x, \$y = null) { return __DIR__ . \$x; }\nclass C { static function d() {} }"
            . "\n\$c = new C(); \$c->d(); goto end; end:\n"), 'namespaces, goto and ?: are 5.3');
    }
}
