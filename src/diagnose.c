/*
 * nsscache: gather the diagnostics (plain C, no Zend types, no English).
 */
#include "diagnose.h"

#include <string.h>

nsscache_timing nsscache_diag_timing(int nss_initialized, const nsscache_config *cfg,
		const nsscache_record *rec, const char *current)
{
	if (!nss_initialized) {
		return NSSCACHE_TIMING_BEFORE_OPEN;
	}
	if (cfg->enabled && rec->action != NSSCACHE_ACTION_FAILED && nsscache_unchanged(rec, current)) {
		return NSSCACHE_TIMING_BEFORE_OPEN;
	}
	if (!cfg->enabled && rec->action == NSSCACHE_ACTION_DISABLED) {
		/* Untouched since load: still what the process inherited? */
		if (!current) {
			return rec->had_previous ? NSSCACHE_TIMING_UNKNOWN : NSSCACHE_TIMING_BEFORE_OPEN;
		}
		if (rec->had_previous && !rec->previous_truncated && strcmp(rec->previous, current) == 0) {
			return NSSCACHE_TIMING_BEFORE_OPEN;
		}
	}
	return NSSCACHE_TIMING_UNKNOWN;
}

void nsscache_diag_refresh(nsscache_diag *d, const void *ext_curl_addr,
		const nsscache_config *cfg, const nsscache_record *rec,
		const nsscache_diag_env *env, const char *dentry_path)
{
	int initialized;

	if (!d->detected) {
		/* Which libraries: fixed once they are loaded (dl() aside). */
		nsscache_detect_libcurl(&d->curl, ext_curl_addr);
		nsscache_detect_nss(&d->nss);
		nsscache_detect_softokn(&d->softokn, d->nss.found ? d->nss.path : NULL);
		nsscache_distro_read(&d->distro, NULL, NULL);
		d->nss_initialized = d->nss.found && d->nss.initialized;
		d->detected = 1;
	}

	initialized = d->nss.found && nsscache_nss_is_initialized(&d->nss);
	if (initialized && !d->nss_initialized && d->softokn.how != NSSCACHE_SOFTOKN_LOADED) {
		/* NSS has loaded its softokn since: report that one, not our guess. */
		nsscache_detect_softokn(&d->softokn, d->nss.path);
	}
	d->nss_initialized = initialized;

	/* Every call: a cert9.db created, a temp dir removed since the last call
	 * must show (a few stat()s). Values longer than our copies are judged as is. */
	nsscache_detect_db(&d->db, env->ssl_dir, NULL, env->gate);
	nsscache_detect_tempdir(&d->tmp, env->sqlite_tmpdir, env->tmpdir, env->gate);

	d->dentry_ok = nsscache_dentry_read(dentry_path, &d->dentry, &d->dentry_error) == 0;

	d->timing = nsscache_diag_timing(initialized, cfg, rec, env->nss_sdb_use_cache);
	nsscache_predict_in_from(&d->in, d->versions, &d->curl, &d->nss, &d->softokn, &d->distro,
		&d->db, &d->tmp, env->nss_sdb_use_cache, d->timing);
	nsscache_predict(&d->in, &d->prediction);
}
