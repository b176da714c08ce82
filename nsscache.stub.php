<?php

/**
 * @generate-function-entries
 * @generate-legacy-arginfo
 */

// SPDX-License-Identifier: BSD-2-Clause

/**
 * What nsscache found in NSS_SDB_USE_CACHE, what it did and when, and the
 * facts of this process that decide whether the setting is in effect:
 * libcurl, NSS and softokn as loaded here. The rest (the distribution, the
 * database, filesystems, the probe) is nsscache-doctor's, outside PHP.
 */
function nsscache_status(): array {}

/** The nsscache, libcurl, TLS, NSS and softokn versions in this process. */
function nsscache_versions(): array {}

/** Is NSS_SDB_USE_CACHE in effect for NSS here? null when it cannot be known or does not apply. */
function nsscache_in_effect(): ?bool {}
