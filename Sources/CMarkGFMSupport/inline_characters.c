// cmark-gfm keeps the characters that can start an inline (SPECIAL_CHARS and SKIP_CHARS in inlines.c) in one
// static table for the whole process. At the start of each inline pass, `cmark_parser_finish` calls
// `cmark_manage_extensions_special_characters(parser, 1)` to add the attached extensions' characters (`~` for
// strikethrough, `:` and `w` for autolinks), and at its end `(parser, 0)` to clear them, so a parser finishing on
// one thread took those characters from a parser mid-pass on another (github/cmark-gfm#176).
//
// The library calls that function through its PLT, so on ELF systems a definition in the executable takes its
// place for the library's own calls. This one adds the characters as the library does, and never clears them:
// every parser Tally makes attaches the same extensions (`MarkdownRenderer.extensionNames`), so during every
// inline pass the table holds what the library's own calls would give it, and between passes nothing reads it.
// Writing a 1 where a 1 already is changes nothing another thread can see.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include "CMarkGFMSupport.h"

typedef struct cmark_parser cmark_parser;
typedef void (*manage_characters)(cmark_parser *parser, int add);

static atomic_int kept;
static _Atomic(manage_characters) library_function;

void cmark_manage_extensions_special_characters(cmark_parser *parser, int add) {
    atomic_store_explicit(&kept, 1, memory_order_release);
    if (!add) return;
    manage_characters original = atomic_load_explicit(&library_function, memory_order_acquire);
    if (!original) {
        original = (manage_characters)dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
        if (!original) return;
        atomic_store_explicit(&library_function, original, memory_order_release);
    }
    original(parser, 1);
}

int tally_cmark_inline_characters_kept(void) {
    return atomic_load_explicit(&kept, memory_order_acquire);
}
