#include <malloc.h>
#include "CTallySystem.h"

int tally_limit_malloc_arenas(int count) {
#if defined(__GLIBC__)
    return mallopt(M_ARENA_MAX, count);
#else
    (void)count;
    return 1;
#endif
}
