#ifndef C_TALLY_SYSTEM_H
#define C_TALLY_SYSTEM_H

/// Exchanges the paths `a` and `b` atomically: renameat2(RENAME_EXCHANGE) on Linux, renamex_np(RENAME_SWAP)
/// on macOS. Returns 0, or the errno of the failure (ENOSYS where the system has no such call).
int tally_exchange_paths(const char *a, const char *b);

#endif
