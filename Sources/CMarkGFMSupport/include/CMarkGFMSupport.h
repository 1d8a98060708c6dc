#ifndef C_MARK_GFM_SUPPORT_H
#define C_MARK_GFM_SUPPORT_H

/// 1 once cmark-gfm has called this target's `cmark_manage_extensions_special_characters` in place of its own:
/// from then on no inline pass clears the extensions' characters from cmark-gfm's shared table, and parsers with
/// the same extensions attached may finish on several threads at once. 0 before the first inline pass, and
/// always where the library's own function is called (a platform without ELF symbol interposition).
int tally_cmark_inline_characters_kept(void);

/// Begins a document's allocations on this thread: returns a `cmark_mem` for `cmark_parser_new_with_mem` whose
/// memory lasts until `tally_cmark_arena_end` and whose `free` does nothing, or NULL (use the system's allocator)
/// when this thread has a document begun already or no memory could be had. Every begin takes one end.
void *tally_cmark_arena_begin(void);

/// Ends the document begun last on this thread; when it was the outermost, everything allocated from the arena is
/// given back at once (its first block is kept for the next document).
void tally_cmark_arena_end(void);

#endif
