// An allocator for one document's cmark-gfm parse, kept per thread: each allocation is a step along a block, `free`
// does nothing, and the whole document goes at once when the page is done (`tally_cmark_arena_end`).
//
// With the system allocator every node, text chunk and buffer of a page was a `calloc` and a `free`, about a fifth of
// cmark-gfm's instructions, and pages rendering on two threads met on malloc's arena locks. cmark-gfm's own arena
// (`cmark_get_arena_mem_allocator`) is one static for the whole process, so it cannot serve two threads.
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "CMarkGFMSupport.h"

// cmark-gfm's `cmark_mem` (cmark-gfm.h), declared here so this target needs no include path for the library.
typedef struct {
    void *(*calloc)(size_t, size_t);
    void *(*realloc)(void *, size_t);
    void (*free)(void *);
} allocator;

enum { block_size = 256 * 1024, alignment = 16 };

typedef struct block {
    struct block *previous;
    size_t size;
    size_t used;
    _Alignas(16) unsigned char bytes[];
} block;

typedef struct {
    block *current;     // the block allocations come from; earlier ones behind it
    int depth;          // documents begun and not ended on this thread
} arena;

// Each allocation starts with its size, so `realloc` knows how much to copy.
typedef struct {
    size_t size;
    size_t padding;
} header;

static pthread_key_t arena_key;
static pthread_once_t arena_key_once = PTHREAD_ONCE_INIT;
// 0 until the key is made; without one (every key taken), documents use the system's allocator.
static int arena_key_made;

static void free_blocks(block *last, block *keep) {
    while (last && last != keep) {
        block *previous = last->previous;
        free(last);
        last = previous;
    }
}

static void destroy_arena(void *value) {
    arena *a = value;
    free_blocks(a->current, NULL);
    free(a);
}

static void make_key(void) { arena_key_made = pthread_key_create(&arena_key, destroy_arena) == 0; }

static arena *thread_arena(void) {
    pthread_once(&arena_key_once, make_key);
    if (!arena_key_made) return NULL;
    arena *a = pthread_getspecific(arena_key);
    if (!a) {
        a = calloc(1, sizeof(arena));
        if (!a) return NULL;
        if (pthread_setspecific(arena_key, a) != 0) {
            free(a);
            return NULL;
        }
    }
    return a;
}

static size_t rounded(size_t size) { return (sizeof(header) + size + alignment - 1) & ~(size_t)(alignment - 1); }

static void *take(size_t size) {
    arena *a = pthread_getspecific(arena_key);
    if (!a || size > SIZE_MAX - sizeof(header) - alignment) return NULL;
    size_t needed = rounded(size);
    block *b = a->current;
    if (!b || b->size - b->used < needed) {
        // A large allocation gets a block of its own, behind the current one, which stays in use.
        size_t capacity = needed > block_size / 4 ? needed : block_size;
        block *fresh = malloc(sizeof(block) + capacity);
        if (!fresh) return NULL;
        fresh->size = capacity;
        fresh->used = 0;
        if (b && capacity != block_size) {
            fresh->previous = b->previous;
            b->previous = fresh;
        } else {
            fresh->previous = b;
            a->current = fresh;
        }
        b = fresh;
    }
    header *h = (header *)(b->bytes + b->used);
    b->used += needed;
    h->size = size;
    // Where glibc reads a chunk's size: 0 makes its `free` or `realloc` of this memory abort at once ("invalid
    // pointer") instead of taking it into a free list that the arena would then write over.
    h->padding = 0;
    return h + 1;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) return NULL;
    void *p = take(count * size);
    if (p) memset(p, 0, count * size);
    return p;
}

static void *arena_realloc(void *old, size_t size) {
    if (!old) return take(size);
    header *h = (header *)old - 1;
    arena *a = pthread_getspecific(arena_key);
    block *b = a ? a->current : NULL;
    // The last allocation of the current block grows in place: cmark-gfm's buffers grow one append at a time.
    if (b && (unsigned char *)h + rounded(h->size) == b->bytes + b->used && size <= SIZE_MAX - sizeof(header) - alignment) {
        size_t start = (size_t)((unsigned char *)h - b->bytes);
        if (b->size - start >= rounded(size)) {
            b->used = start + rounded(size);
            h->size = size;
            return old;
        }
    }
    void *fresh = take(size);
    if (fresh) memcpy(fresh, old, h->size < size ? h->size : size);
    return fresh;
}

static void arena_free(void *p) { (void)p; }

static allocator arena_allocator = {arena_calloc, arena_realloc, arena_free};

void *tally_cmark_arena_begin(void) {
    arena *a = thread_arena();
    if (!a) return NULL;
    a->depth += 1;
    // A document begun inside another's (not done today) takes the system's allocator: the arena is the outer one's.
    return a->depth == 1 ? &arena_allocator : NULL;
}

void tally_cmark_arena_end(void) {
    if (!arena_key_made) return;
    arena *a = pthread_getspecific(arena_key);
    if (!a || a->depth == 0) return;
    a->depth -= 1;
    if (a->depth > 0 || !a->current) return;
    // Keep the first block made for the next page; give back any others.
    block *first = a->current;
    while (first->previous) first = first->previous;
    free_blocks(a->current, first);
    if (first->size != block_size) {
        free(first);
        a->current = NULL;
        return;
    }
    first->previous = NULL;
    first->used = 0;
    a->current = first;
}
