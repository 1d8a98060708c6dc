/// Gives the headings of a rendered Markdown body GitHub-style `id`s, so that `#totals` links work and a page can
/// show a table of contents. cmark-gfm has no option for this, so it is a pass over its output, which writes every
/// heading as a bare `<h2>`…`</h2>`; a heading that already has attributes (raw HTML) is left as written.
package enum HeadingAnchors {
    /// A heading that was given an id.
    package struct Heading: Equatable, Sendable {
        package let level: Int
        package let id: String
        /// The heading's text, tags left out and character references decoded.
        package let text: String
    }

    /// `html` with an `id` on each bare heading, and those headings in order. Ids are the text lowercased, with
    /// spaces as `-` and punctuation dropped (letters of any script, digits, `-` and `_` stay); a repeated id gets
    /// `-1`, `-2`, … as on GitHub; `taken` holds ids the page has already, which headings do not reuse.
    package static func addingIDs(to html: String, taken: Set<String> = []) -> (html: String, headings: [Heading]) {
        var html = html
        // On UTF-8 bytes: Foundation's `range(of:)`, which this used, was a quarter of an organization page's rendering.
        let (bytes, headings) = html.withUTF8 { addingIDs(to: $0, taken: taken) }
        return (bytes.map { String(decoding: $0, as: UTF8.self) } ?? html, headings)
    }

    /// The page with ids added, or nil when it has no heading to change.
    private static func addingIDs(to bytes: UnsafeBufferPointer<UInt8>, taken: Set<String>) -> (html: [UInt8]?, headings: [Heading]) {
        var used = taken
        var headings: [Heading] = []
        var result: [UInt8] = []
        var copied = 0, position = 0
        while let open = firstIndex(of: "<h", in: bytes, from: position) {
            // `<h1>` to `<h6>` exactly: a heading with attributes (raw HTML) or `<hr>`, `<head>` stays as it is.
            let levelAt = open + 2
            guard levelAt + 1 < bytes.count, (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[levelAt]),
                  bytes[levelAt + 1] == .greaterThan else {
                position = levelAt
                continue
            }
            let level = Int(bytes[levelAt] - UInt8(ascii: "0"))
            let contentStart = levelAt + 2
            let closing = "</h\(level)>"
            guard let close = firstIndex(of: closing, in: bytes, from: contentStart) else { break }
            let inner = bytes.string(contentStart..<close)
            let text = HTMLEntities.decode(Self.withoutTags(inner[...]))
            let id = Self.unique(Self.slug(text), used: &used)
            headings.append(Heading(level: level, id: id, text: text))
            if result.isEmpty { result.reserveCapacity(bytes.count + 64) }
            result.append(contentsOf: bytes[copied..<open])
            result.append(contentsOf: "<h\(level) id=\"\(id)\">".utf8)
            result.append(contentsOf: bytes[contentStart..<close])
            result.append(contentsOf: closing.utf8)
            copied = close + closing.utf8.count
            position = copied
        }
        guard !headings.isEmpty else { return (nil, []) }
        result.append(contentsOf: bytes[copied...])
        return (result, headings)
    }

    private static func firstIndex(of needle: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var needle = needle
        return needle.withUTF8 { bytes.firstIndex(of: $0, from: start) }
    }

    /// GitHub's rule: lowercase; letters, digits, `-` and `_` kept; spaces become `-`; anything else dropped.
    package static func slug(_ text: String) -> String {
        asciiSlug(text) ?? characterSlug(text)
    }

    /// `slug` walked by `Character`, for text of any script.
    static func characterSlug(_ text: String) -> String {
        var slug = ""
        for character in text.trimmingSpaces().lowercased() {
            if character == " " { slug += "-" } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            }
        }
        // An id must not be empty, and markup-only text (`## <>`) leaves nothing.
        return slug.isEmpty ? "section" : slug
    }

    /// `slug` of an ASCII heading, byte by byte: the rule walked by `Character` (grapheme breaking, Unicode letter
    /// properties) cost about 1,500 instructions a letter, a few percent of an organization page. Nil for any other.
    static func asciiSlug(_ text: String) -> String? {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        // What `isWhitespace` trims in ASCII: tab, line feed, vertical tab, form feed, carriage return and space.
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return "section"
        }
        var slug: [UInt8] = []
        slug.reserveCapacity(bytes.count)
        for byte in bytes[first...last] {
            switch byte {
            case UInt8(ascii: " "): slug.append(UInt8(ascii: "-"))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                slug.append(byte)
            default: break
            }
        }
        return slug.isEmpty ? "section" : String(decoding: slug, as: UTF8.self)
    }

    private static func unique(_ base: String, used: inout Set<String>) -> String {
        var candidate = base, count = 0
        while used.contains(candidate) {
            count += 1
            candidate = base + "-" + String(count)
        }
        used.insert(candidate)
        return candidate
    }

    private static func withoutTags(_ html: Substring) -> Substring {
        guard html.contains("<") else { return html }
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text[...]
    }
}

private extension String {
    func trimmingSpaces() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
