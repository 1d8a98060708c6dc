/// A document being rewritten by `SitePathRewriter`: its source bytes, and the output so far. The source is
/// copied in pieces only up to each `/` that gets the prefix, so an unchanged stretch costs one copy at most.
struct RewriteBuffer {
    /// The document; it must stay valid while the buffer is in use.
    let source: UnsafeBufferPointer<UInt8>
    let prefix: [UInt8]
    private var output: [UInt8] = []
    private var copiedUpTo = 0

    init(source: UnsafeBufferPointer<UInt8>, prefix: [UInt8]) {
        self.source = source
        self.prefix = prefix
        output.reserveCapacity(source.count + source.count / 16)
    }

    /// The rewritten document.
    mutating func finish() -> [UInt8] {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[copiedUpTo...]))
        copiedUpTo = source.count
        return output
    }

    /// The URL in `range` gets the prefix if it is root-relative: `/a/` but not `//host/a/` or `/\host`.
    mutating func rewriteURL(_ range: Range<Int>) {
        guard !range.isEmpty, source[range.lowerBound] == .slash else { return }
        if range.count > 1, source[range.lowerBound + 1] == .slash || source[range.lowerBound + 1] == .backslash { return }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[copiedUpTo..<range.lowerBound]))
        output += prefix
        copiedUpTo = range.lowerBound + 1
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

extension UInt8 {
    static let slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\"), comma = UInt8(ascii: ","),
               quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), lessThan = UInt8(ascii: "<"),
               greaterThan = UInt8(ascii: ">"), equals = UInt8(ascii: "=")

    var isHTMLSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    var lowercasedASCII: UInt8 { (0x41...0x5A).contains(self) ? self | 0x20 : self }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes at `index` spell `prefix` before `end`, ignoring ASCII case (`prefix` is lowercase).
    func hasLowercasedPrefix(_ prefix: StaticString, at index: Int, before end: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= end else { return false }
        return prefix.withUTF8Buffer { expected in
            for offset in 0..<count where self[index + offset].lowercasedASCII != expected[offset] { return false }
            return true
        }
    }
}
