import CCMarkGFM
import CMarkGFMSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders GitHub Flavored Markdown to HTML through the system cmark-gfm library.
///
/// This is the only type that touches cmark-gfm's C pointers. Each call creates, uses and frees its own parser
/// and tree, and the one step that touches the library's global state is serialized (`inlinePass`), so
/// renderers may run concurrently on different threads.
public struct MarkdownRenderer: Sendable {
    /// Whether raw HTML written in the Markdown reaches the output. When false (the default, as in Hugo),
    /// cmark-gfm's safe mode replaces it with a comment and drops `javascript:`, `vbscript:`, `file:` and
    /// non-image `data:` link targets.
    public var allowsRawHTML: Bool
    /// Whether each table and code block comes in a labelled, focusable box,
    /// `<div class="tally-scroll" role="region" tabindex="0" aria-label="…">`, that a keyboard can scroll in every
    /// browser when a narrow screen makes it scroll sideways (`ScrollRegions`). Pages want it; feeds do not.
    public var focusableScrollBoxes: Bool

    public init(allowsRawHTML: Bool = false, focusableScrollBoxes: Bool = false) {
        self.allowsRawHTML = allowsRawHTML
        self.focusableScrollBoxes = focusableScrollBoxes
    }

    /// The HTML for a Markdown document. Table columns are aligned with `style="text-align: right"`, not the
    /// `align` attribute, which HTML5 made obsolete.
    public func html(_ markdown: String) -> String {
        MarkdownRenderer.withDocument(markdown, orElse: "") { document, extensions, memory in
            if focusableScrollBoxes { ScrollRegions.wrap(in: document, memory: memory) }
            let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES | (allowsRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT)
            // The HTML is allocated as the tree is, so it is given back the same way.
            guard let html = cmark_render_html(document, options, extensions) else { return "" }
            defer { memory.pointee.free(html) }
            return String(cString: html)
        }
    }

    /// The fenced code blocks at any depth of a document, in source order, with their 1-based line ranges.
    public static func fencedCodeBlocks(in markdown: String) -> [FencedCodeBlock] {
        // A fence needs three backticks or tildes in a row; most pages have none, and then need no parse.
        guard containsFenceMarker(markdown) else { return [] }
        return withDocument(markdown, orElse: []) { document, _, _ in
            var blocks: [FencedCodeBlock] = []
            guard let iterator = cmark_iter_new(document) else { return blocks }
            defer { cmark_iter_free(iterator) }
            // cmark_node_get_fenced writes through all three pointers without checking them.
            var fenceLength: Int32 = 0, fenceOffset: Int32 = 0, fenceCharacter: CChar = 0
            while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
                guard let node = cmark_iter_get_node(iterator),
                      cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK,
                      cmark_node_get_fenced(node, &fenceLength, &fenceOffset, &fenceCharacter) != 0 else { continue }
                blocks.append(FencedCodeBlock(
                    info: cmark_node_get_fence_info(node).map { String(cString: $0) } ?? "",
                    code: cmark_node_get_literal(node).map { String(cString: $0) } ?? "",
                    firstLine: Int(cmark_node_get_start_line(node)),
                    lastLine: Int(cmark_node_get_end_line(node))))
            }
            return blocks
        }
    }

    /// Three backticks or three tildes in a row, found by jumping between them with `memchr`: a loop over every
    /// byte of every page was 1 % of a Markdown build.
    private static func containsFenceMarker(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            for fence in [UInt8(ascii: "`"), UInt8(ascii: "~")] {
                var position = 0
                while position < bytes.count, let found = memchr(base + position, Int32(fence), bytes.count - position) {
                    let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                    if index + 2 < bytes.count, bytes[index + 1] == fence, bytes[index + 2] == fence { return true }
                    position = index + 1
                }
            }
            return false
        }
    }

    /// Whether inline passes run at the same time, without `inlinePass`: true once cmark-gfm has called
    /// `CMarkGFMSupport`' function in place of its own (on Linux, from the first render on).
    public static var inlinePassesRunTogether: Bool { tally_cmark_inline_characters_kept() != 0 }

    private static let registerExtensions: Void = cmark_gfm_core_extensions_ensure_registered()
    private static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// Held while a parser runs `cmark_parser_finish`, the inline pass, unless the library's characters are kept.
    ///
    /// cmark-gfm keeps the table of characters that can start an inline (`SPECIAL_CHARS` and `SKIP_CHARS` in
    /// `inlines.c`) in one static array for the whole process. `process_inlines`, inside `cmark_parser_finish`,
    /// sets the attached extensions' characters (`:` and `w` for autolinks, `~` for strikethrough) when it
    /// starts and clears them when it ends, so a parser that finishes while another is mid-pass takes those
    /// characters away from it, and its links and `<del>` come out as plain text (github/cmark-gfm#176, open
    /// since 2019). `CMarkGFMSupport` replaces the library's function that sets and clears them with one
    /// that only sets them, which is what every parser here would be given anyway (they all attach
    /// `extensionNames`); once cmark-gfm is seen calling it (`tally_cmark_inline_characters_kept`), inline passes
    /// run at the same time. Where it is not called (no ELF interposition, as on macOS) the passes take this lock,
    /// one at a time, while block parsing and HTML rendering stay parallel. `MarkdownRaceTests` builds a site that
    /// lost links on every parallel build with neither; docs/performance.md gives the costs.
    private static let inlinePass = Mutex(())

    /// The longest Markdown text, in bytes, parsed into the thread's arena; a longer one uses the system's allocator.
    static let arenaDocumentLimit = 16_384

    /// Parses `markdown` with the GFM extensions attached, hands the tree to `body` with the allocator it was made
    /// with, then frees everything. `fallback` is returned only if cmark-gfm cannot allocate a parser.
    ///
    /// The tree is allocated from this thread's arena (`tally_cmark_arena_begin` in `CMarkGFMSupport`): a step along a
    /// block for each node and buffer, nothing done to free one, and the whole document given back at the end. With
    /// the system's allocator a page took a `calloc` and a `free` for each, and two threads' pages met on malloc's
    /// locks.
    private static func withDocument<T>(_ markdown: String, orElse fallback: T,
                                        _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?, UnsafeMutablePointer<cmark_mem>) -> T) -> T {
        _ = registerExtensions
        let options = CMARK_OPT_FOOTNOTES
        // Only a short document takes the arena: it frees nothing until the document ends, so what cmark-gfm lets go
        // of as it parses (a buffer's old copy when it grows, the inline parser's delimiters) stays until then, and a
        // long page (a listing's table of a thousand rows) would hold several times its size. At 100,000
        // organizations every page in the arena took the build's peak from 176 to 216 MiB.
        let usesArena = markdown.utf8.count <= Self.arenaDocumentLimit
        let arena = usesArena ? tally_cmark_arena_begin()?.assumingMemoryBound(to: cmark_mem.self) : nil
        defer { if usesArena { tally_cmark_arena_end() } }
        guard let memory = arena ?? cmark_get_default_mem_allocator(),
              let parser = cmark_parser_new_with_mem(options, memory) else { return fallback }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        var source = markdown
        source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        var finished: OpaquePointer?
        if inlinePassesRunTogether {
            finished = cmark_parser_finish(parser)
        } else {
            inlinePass.withLock { _ in finished = cmark_parser_finish(parser) }
        }
        guard let document = finished else { return fallback }
        // In the arena the tree goes with it: walking it to free each node would do nothing but cost.
        defer { if arena == nil { cmark_node_free(document) } }
        return body(document, cmark_parser_get_syntax_extensions(parser), memory)
    }
}
