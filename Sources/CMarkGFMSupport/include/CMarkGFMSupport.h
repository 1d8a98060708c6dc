#ifndef C_MARK_GFM_SUPPORT_H
#define C_MARK_GFM_SUPPORT_H

/// 1 once cmark-gfm has called this target's `cmark_manage_extensions_special_characters` in place of its own:
/// from then on no inline pass clears the extensions' characters from cmark-gfm's shared table, and parsers with
/// the same extensions attached may finish on several threads at once. 0 before the first inline pass, and
/// always where the library's own function is called (a platform without ELF symbol interposition).
int tally_cmark_inline_characters_kept(void);

#endif
