<?php
// SPDX-License-Identifier: BSD-2-Clause
// One target per address, by running master rather than by config file: a custom
// master on the distribution's socket path is asked, not dropped as a duplicate of the distribution's
// pool that is not running; symlinked socket paths are one address.
declare(strict_types=1);

use NsscacheDoctor as D;
use PHPUnit\Framework\TestCase;

final class DedupeTest extends TestCase
{
    public function testTheRunningMastersPoolWins(): void
    {
        $distro = D\target('fpm', 'www', ['address' => '/run/php/php8.2-fpm.sock', 'status' => 'not_running',
            'counted' => false, 'conf' => '/etc/php/8.2/fpm/php-fpm.conf']);
        $custom = D\target('fpm', 'app', ['address' => '/run/php/php8.2-fpm.sock', 'conf' => '/srv/app/fpm.conf']);
        $out = D\dedupe([$distro, $custom]);
        $this->assertSame(['app'], array_column($out, 'name'));
        $this->assertSame(['app'], array_column(D\dedupe([$custom, $distro]), 'name'));
        // two running ones: the first (a --pool before discovery's)
        $given = D\target('fpm', 'mine', ['address' => '/run/php/php8.2-fpm.sock', 'given' => true]);
        $this->assertSame(['mine'], array_column(D\dedupe([$given, $distro, $custom]), 'name'));
    }

    public function testASymlinkedSocketIsOneAddress(): void
    {
        $d = scratch();
        touch("$d/php8.2-fpm.sock");
        symlink("$d/php8.2-fpm.sock", "$d/php-fpm.sock");
        $a = D\target('fpm', 'a', ['address' => "$d/php-fpm.sock"]);
        $b = D\target('fpm', 'b', ['address' => "$d/php8.2-fpm.sock"]);
        $this->assertSame(['a'], array_column(D\dedupe([$a, $b]), 'name'));
        // without an address, nothing is merged; other kinds by their address as given
        $n = D\target('fpm', 'config x', ['address' => null, 'status' => 'config']);
        $this->assertCount(2, D\dedupe([$n, $n]));
        $c = D\target('cli', '/usr/bin/php', ['address' => '/usr/bin/php']);
        $this->assertCount(1, D\dedupe([$c, $c]));
    }

    // --pool NAME=localhost:PORT for a pool that listens on 127.0.0.1:PORT is that
    // pool of its running master (judged from the master when the worker that answered is gone);
    // localhost is [::1] too (php-fpm binds [::1] where /etc/hosts lists "::1 localhost" first),
    // but another address is never that pool
    public function testLocalhostIsTheLoopbackPoolOfItsMaster(): void
    {
        $r = scratch();
        mkdir("$r/100/root/etc", 0755, true);
        file_put_contents("$r/100/cmdline", "php-fpm: master process (/etc/fpm.conf)\0");
        file_put_contents("$r/100/status", "Uid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\nGroups:\t\n");
        file_put_contents("$r/100/root/etc/fpm.conf", "[www]\nlisten = 127.0.0.1:9123\n[app]\nlisten = localhost:9124\n[v6]\nlisten = [::1]:9126\n");
        foreach (['localhost:9123' => 'www', '127.0.0.1:9123' => 'www', 'localhost:9124' => 'app',
                '127.0.0.1:9124' => 'app', '[::1]:9124' => 'app', 'localhost:9125' => null, '[::1]:9123' => null,
                'localhost:9126' => 'v6', '[::1]:9126' => 'v6', '127.0.0.1:9126' => null] as $address => $want) {
            $p = D\pool_at($address, $r);
            $this->assertSame($want, $p['name'] ?? null, $address);
            $this->assertSame($want === null ? null : 100, $p['master_pid'] ?? null, $address);
        }
    }
    // the doctor reaches a pool asked as localhost:PORT at each loopback address /etc/hosts gives
    // localhost (php-fpm binds the first: [::1] on a Debian whose installer wrote "::1 localhost")
    public function testLocalhostConnectsToEitherLoopback(): void
    {
        $at = [];
        foreach (file('/etc/hosts', FILE_IGNORE_NEW_LINES) ?: [] as $line) {
            $w = preg_split('/\s+/', trim(preg_replace('/#.*/', '', $line)));
            if (in_array('localhost', array_slice($w, 1), true) && in_array($w[0], ['127.0.0.1', '::1'], true)) {
                $at[] = $w[0] === '::1' ? 'tcp://[::1]:0' : 'tcp://127.0.0.1:0';
            }
        }
        if ($at === []) {
            $this->markTestSkipped('/etc/hosts gives localhost no loopback address');
        }
        foreach ($at as $at) {
            $srv = @stream_socket_server($at, $errno, $errstr);
            if ($srv === false) {
                $this->markTestSkipped("cannot listen on $at here: $errstr");
            }
            $port = (int) substr(strrchr(stream_socket_get_name($srv, false), ':'), 1);
            $s = D\connect("localhost:$port", microtime(true) + 5, $err);
            $this->assertIsResource($s, "$at: " . json_encode($err));
            // an asynchronous connect to the wrong address returns a stream too; its write fails
            $r = $e = null;
            $w = [$s];
            stream_select($r, $w, $e, 2);
            $this->assertSame(1, @fwrite($s, 'x'), "$at: the write reaches the listener");
            fclose($s);
            fclose($srv);
            $this->assertNull(D\connect("localhost:$port", microtime(true) + 5, $err), "$at, closed");
            $this->assertSame('dead', $err['status']);
        }
    }
}
