#ifndef C_TALLY_SYSTEM_H
#define C_TALLY_SYSTEM_H

/// Exchanges the paths `a` and `b` atomically: renameat2(RENAME_EXCHANGE) on Linux, renamex_np(RENAME_SWAP)
/// on macOS. Returns 0, or the errno of the failure (ENOSYS where the system has no such call).
int tally_exchange_paths(const char *a, const char *b);

/// Reads `text` with strptime(3) and `format` (such as "%m/%d/%Y"), which must consume all of it. Returns 1 and
/// the fields (month 1-12, year in full, the UTC offset in seconds that %z read), or 0 when the text does not match.
int tally_parse_date(const char *text, const char *format, int *year, int *month, int *day, int *hour, int *minute, int *second,
                     long *utc_offset);

/// Caps how many malloc arenas glibc makes (mallopt M_ARENA_MAX) before the threads that would each get one start;
/// returns mallopt's result (1 on success), or 1 without glibc, whose allocators need no cap.
int tally_limit_malloc_arenas(int count);

/// Gives the pages that malloc holds free, in every arena, back to the system (glibc's malloc_trim(0)); returns 1 when
/// some were given back, 0 when none were or without glibc.
int tally_release_free_memory(void);

#endif
