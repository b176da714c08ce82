<?php

/** @generate-function-entries */

/**
 * What nsscache found in NSS_SDB_USE_CACHE, what it did, and when.
 * Keys: version, enabled, value, override, env, previous, action, phase.
 */
function nsscache_status(): array {}
