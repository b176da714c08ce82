<?php

/** @generate-function-entries */

/**
 * What nsscache found in NSS_SDB_USE_CACHE, what it did and when, and the
 * diagnostics: libcurl, NSS and softokn in this process, the database and
 * temp dir NSS would use, whether the cache setting is in effect and
 * whether NSS's access() probe is expected. Detected at the first call.
 */
function nsscache_status(): array {}

/** The nsscache, libcurl, TLS, NSS and softokn versions in this process. */
function nsscache_versions(): array {}

/** Is NSS_SDB_USE_CACHE in effect for NSS here? null when it cannot be known. */
function nsscache_in_effect(): ?bool {}

/**
 * /proc/sys/fs/dentry-state as named fields (nr_negative is null on kernels
 * without it); null when the file cannot be read.
 */
function nsscache_dentry_state(): ?array {}

/**
 * The same facts in the Prometheus text exposition format 0.0.4: versions
 * (nsscache_info), the variable's class, action, phase and probe as
 * state-sets, nsscache_in_effect where known, the policy's repairs counter
 * and the kernel's dentry counters. Serve it as
 * "text/plain; version=0.0.4; charset=utf-8".
 */
function nsscache_metrics(): string {}
