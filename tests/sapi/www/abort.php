<?php
// SPDX-License-Identifier: BSD-2-Clause
// Hammer (tests/sapi/hammer): a client that went away while nsscache prints its phpinfo()
// section (ReflectionExtension::info() prints it straight to the client). The client closes
// after 0.1 s; the first write after that succeeds and the client's kernel answers with a
// reset; the next write, which Apache makes when its 8,000-byte buffer fills inside the
// section, fails, and PHP ends the request there (zend_bailout). Whatever lock is held at
// that moment stays held. A server that still answers every other script afterwards is right.
usleep(300000);
echo str_repeat('a', 9000);
flush();
usleep(100000);
echo str_repeat('b', 7000);
(new ReflectionExtension($_GET['ext'] ?? 'nsscache'))->info();
