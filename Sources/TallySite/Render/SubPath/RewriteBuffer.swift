import TallyHTML

/// A document being rewritten by `SitePathRewriter`: each root-relative URL's leading `/` becomes the prefix.
struct RewriteBuffer {
    let prefix: [UInt8]
    private var edits: SourceEdits
    /// The document; it must stay valid while the buffer is in use.
    var source: UnsafeBufferPointer<UInt8> { edits.source }

    init(source: UnsafeBufferPointer<UInt8>, prefix: [UInt8]) {
        self.prefix = prefix
        edits = SourceEdits(source, growth: source.count / 16)
    }

    /// The rewritten document.
    mutating func finish() -> [UInt8] { edits.finish() }

    /// The URL in `range` gets the prefix if it is root-relative: `/a/` but not `//host/a/` or `/\host`.
    mutating func rewriteURL(_ range: Range<Int>) {
        guard !range.isEmpty, source[range.lowerBound] == .slash else { return }
        if range.count > 1, source[range.lowerBound + 1] == .slash || source[range.lowerBound + 1] == .backslash { return }
        edits.replace(range.lowerBound..<(range.lowerBound + 1), with: prefix)
    }

    /// `a.png 1x, /b.png 2x`: each candidate's URL.
    mutating func rewriteSrcset(_ range: Range<Int>) {
        var index = range.lowerBound
        while index < range.upperBound {
            while index < range.upperBound, source[index] == .comma || source[index].isHTMLSpace { index += 1 }
            let urlStart = index
            while index < range.upperBound, !source[index].isHTMLSpace { index += 1 }
            rewriteURL(urlStart..<index)
            while index < range.upperBound, source[index] != .comma { index += 1 }
        }
    }

    /// `url(/…)`, `url("/…")` and `@import "/…"` in CSS text.
    mutating func rewriteCSS(_ range: Range<Int>) {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = source[index].lowercasedASCII
            if byte == UInt8(ascii: "u"), source.hasLowercasedPrefix("url(", at: index, before: range.upperBound) {
                var cursor = index + 4
                while cursor < range.upperBound, source[cursor].isHTMLSpace { cursor += 1 }
                if cursor < range.upperBound, source[cursor] == .quote || source[cursor] == .apostrophe { cursor += 1 }
                rewriteURL(cursor..<range.upperBound)
                index = cursor
            } else if byte == UInt8(ascii: "@"), source.hasLowercasedPrefix("@import", at: index, before: range.upperBound) {
                var cursor = index + 7
                while cursor < range.upperBound, source[cursor].isHTMLSpace { cursor += 1 }
                if cursor < range.upperBound, source[cursor] == .quote || source[cursor] == .apostrophe { rewriteURL((cursor + 1)..<range.upperBound) }
                index = cursor
            } else {
                index += 1
            }
        }
    }
}
