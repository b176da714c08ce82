<?php
// SPDX-License-Identifier: BSD-2-Clause
// Hammer (tests/sapi/hammer), churn run: putenv() the variable to "1" or "no" and read it
// back, as a script that "fixes" NSS by hand does. In a threaded server the environment is
// the process's: another thread's putenv(), its request end (PHP puts the old value back) or
// nsscache repairing "1" at another request's start may come in between, so any of "1",
// "no", "yes" is a right answer; unset or anything else is wrong (500).
$want = mt_rand(0, 1) ? '1' : 'no';
putenv("NSS_SDB_USE_CACHE=$want");
$back = getenv('NSS_SDB_USE_CACHE', true);
$ok = in_array($back, ['1', 'no', 'yes'], true);
http_response_code($ok ? 200 : 500);
echo json_encode(['set' => $want, 'read' => $back, 'tid' => getmypid()]), "\n";
