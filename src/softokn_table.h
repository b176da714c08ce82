/* SPDX-License-Identifier: BSD-2-Clause */
/* Generated from data/softokn.tsv by scripts/gen-softokn-table: do not edit. */
static const nsscache_softokn_row nsscache_softokn_rows[] = {
	{ NSSCACHE_FAMILY_OTHER, { 3, 12, 3 }, { 3, 15, 999 }, NSSCACHE_HONOURS_NO }, /* Mozilla 956082 (fixed in 3.16) */
	{ NSSCACHE_FAMILY_OTHER, { 3, 16, 0 }, { 3, 32, 999 }, NSSCACHE_HONOURS_YES }, /* Mozilla 956082 */
	{ NSSCACHE_FAMILY_OTHER, { 3, 33, 0 }, { 3, 37, 999 }, NSSCACHE_HONOURS_YES }, /* Mozilla 1382736 */
	{ NSSCACHE_FAMILY_OTHER, { 3, 38, 0 }, { 3, 68, 999 }, NSSCACHE_HONOURS_YES }, /* Mozilla 1456888 */
	{ NSSCACHE_FAMILY_OTHER, { 3, 69, 0 }, { 3, 999, 999 }, NSSCACHE_HONOURS_YES }, /* Mozilla 1720227 */
	{ NSSCACHE_FAMILY_RHEL6, { 3, 12, 3 }, { 3, 14, 2 }, NSSCACHE_HONOURS_NO }, /* Mozilla 956082 (not backported before 3.14.3-12.el6) */
	{ NSSCACHE_FAMILY_RHEL6, { 3, 14, 3 }, { 3, 15, 999 }, NSSCACHE_HONOURS_RELEASE }, /* RH bz 1044666 (3.14.3-12.el6 backports Mozilla 956082) */
	{ NSSCACHE_FAMILY_RHEL6, { 3, 16, 0 }, { 3, 999, 999 }, NSSCACHE_HONOURS_YES }, /* nss-softokn-fs-probe.patch applied in reverse (el6_10 3.44) */
	{ NSSCACHE_FAMILY_RHEL7, { 3, 12, 3 }, { 3, 15, 999 }, NSSCACHE_HONOURS_NO }, /* RHEL 7.0 nss-softokn 3.15 (no backport; 7.1 rebased to 3.16.2) */
	{ NSSCACHE_FAMILY_RHEL7, { 3, 16, 0 }, { 3, 32, 999 }, NSSCACHE_HONOURS_YES }, /* Mozilla 956082 */
	{ NSSCACHE_FAMILY_RHEL7, { 3, 33, 0 }, { 3, 35, 999 }, NSSCACHE_HONOURS_YES }, /* Mozilla 1382736 (RHEL 7.5 nss-softokn 3.34) */
	{ NSSCACHE_FAMILY_RHEL7, { 3, 36, 0 }, { 3, 51, 999 }, NSSCACHE_HONOURS_YES }, /* nss-softokn-fs-probe.patch applied in reverse (from 3.36.0-3) */
	{ NSSCACHE_FAMILY_RHEL7, { 3, 52, 0 }, { 3, 999, 999 }, NSSCACHE_HONOURS_YES }, /* RH bz 1779325 (RHEL 7.9 nss-softokn 3.53.1; freeing unverified) */
};
