// Swift's Glibc module does not import renameat2, which glibc declares only with _GNU_SOURCE.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include "CTallySystem.h"

#if defined(__linux__) && !defined(RENAME_EXCHANGE)
#include <sys/syscall.h>
#include <unistd.h>
#endif

int tally_exchange_paths(const char *a, const char *b) {
#if defined(__APPLE__)
    return renamex_np(a, b, RENAME_SWAP) == 0 ? 0 : errno;
#elif defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) == 0 ? 0 : errno;
#elif defined(__linux__) && defined(SYS_renameat2)
    // A C library without renameat2 (older glibc, some musl): the system call itself; 2 is RENAME_EXCHANGE.
    return syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2) == 0 ? 0 : errno;
#else
    (void)a;
    (void)b;
    return ENOSYS;
#endif
}
