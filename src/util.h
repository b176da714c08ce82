/* SPDX-License-Identifier: BSD-2-Clause */
/* Helpers two units share (plain C): the never-blocking open of a file,
 * and the escaping of the strings nsscache logs and returns. */
#ifndef NSSCACHE_UTIL_H
#define NSSCACHE_UTIL_H

#include <limits.h>
#include <stddef.h>

/* Open PATH for reading without ever blocking on it (O_NONBLOCK: a FIFO with
 * no writer; O_NOCTTY, O_CLOEXEC), a regular file only: the fd, or -1. */
int nsscache_open_regular(const char *path);

/* LEN bytes of SRC (NULs included) as printable ASCII, reversibly (stripcslashes() undoes it): every byte
 * outside 0x20-0x7e, and '"', as \xHH, '\\' as "\\\\". As much as DSTLEN bytes hold, cut between escapes,
 * terminated; 4 * LEN + 1 hold any. Returns DST. */
char *nsscache_escape(char *dst, size_t dstlen, const char *src, size_t len);

#endif
