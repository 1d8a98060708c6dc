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
        guard html.contains("<h") else { return (html, []) }
        var used = taken
        var headings: [Heading] = []
        var result = ""
        result.reserveCapacity(html.utf8.count + 64)
        var rest = html[...]
        while let open = rest.range(of: "<h") {
            let afterOpen = open.upperBound
            guard let levelCharacter = rest[afterOpen...].first, let level = levelCharacter.wholeNumberValue, (1...6).contains(level),
                  rest[rest.index(after: afterOpen)...].hasPrefix(">") else {
                result += rest[..<afterOpen]
                rest = rest[afterOpen...]
                continue
            }
            let contentStart = rest.index(afterOpen, offsetBy: 2)
            guard let close = rest[contentStart...].range(of: "</h\(level)>") else { break }
            let inner = rest[contentStart..<close.lowerBound]
            let text = HTMLEntities.decode(Self.withoutTags(inner))
            let id = Self.unique(Self.slug(text), used: &used)
            headings.append(Heading(level: level, id: id, text: text))
            result += rest[..<open.lowerBound]
            result += "<h\(level) id=\"\(id)\">"
            result += inner
            result += "</h\(level)>"
            rest = rest[close.upperBound...]
        }
        return (result + rest, headings)
    }

    /// GitHub's rule: lowercase; letters, digits, `-` and `_` kept; spaces become `-`; anything else dropped.
    package static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.trimmingSpaces().lowercased() {
            if character == " " { slug += "-" } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            }
        }
        // An id must not be empty, and markup-only text (`## <>`) leaves nothing.
        return slug.isEmpty ? "section" : slug
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
