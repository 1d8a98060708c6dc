/// A small, forgiving scanner for the attributes of HTML start tags: enough to find links, anchors and the
/// title in generated pages without an HTML parser.
///
/// It understands quoted (single or double) and unquoted attribute values, comments, doctypes, and the raw
/// text of `<script>` and `<style>`, whose contents are never read as tags.
public enum HTMLScanner {
    public static func scan(_ html: String) -> HTMLDocument {
        var scanner = Cursor(Array(html.utf8))
        var document = HTMLDocument()
        var inSVG = false
        while let tagStart = scanner.bytes[scanner.index...].firstIndex(of: UInt8(ascii: "<")) {
            scanner.index = tagStart
            if scanner.skip(past: "<!--") {
                scanner.skipTo(after: "-->")
            } else if scanner.isLetter(at: tagStart + 1) {
                scanner.index = tagStart + 1
                let tag = scanner.startTag()
                record(tag, into: &document)
                switch tag.name {
                case "svg": inSVG = true
                case "script", "style", "textarea": scanner.skipTo(after: "</" + tag.name)
                case "title" where !inSVG:
                    let textStart = scanner.index
                    scanner.skipTo(after: "</title")
                    let textEnd = max(textStart, scanner.index - "</title".utf8.count)
                    if document.title == nil {
                        let text = HTMLEntities.decode(Substring(decoding: scanner.bytes[textStart..<textEnd], as: UTF8.self))
                        document.title = text.trimmingWhitespace()
                    }
                default: break
                }
            } else {
                // End tags, doctypes, processing instructions and a lone "<" in text. An SVG's own <title> is not the page's.
                if scanner.skip(past: "</svg") { inSVG = false }
                scanner.index = tagStart + 1
                if scanner.bytes.indices.contains(scanner.index), [UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "?")].contains(scanner.bytes[scanner.index]) {
                    scanner.skipTo(after: ">")
                }
            }
        }
        return document
    }

    private static func record(_ tag: StartTag, into document: inout HTMLDocument) {
        for attribute in tag.attributes {
            switch attribute.name {
            case "id" where !attribute.value.isEmpty:
                document.anchors.insert(attribute.value)
            case "name" where tag.name == "a" && !attribute.value.isEmpty:
                document.anchors.insert(attribute.value)
            case "href" where tag.name == "a" || tag.name == "area":
                document.references.append(HTMLReference(url: attribute.value, role: .link, line: attribute.line, column: attribute.column))
            case "href" where tag.name == "link":
                document.references.append(HTMLReference(url: attribute.value, role: .asset, line: attribute.line, column: attribute.column))
            case "src", "poster":
                document.references.append(HTMLReference(url: attribute.value, role: .asset, line: attribute.line, column: attribute.column))
            case "data" where tag.name == "object":
                document.references.append(HTMLReference(url: attribute.value, role: .asset, line: attribute.line, column: attribute.column))
            case "srcset":
                for candidate in attribute.srcsetCandidates {
                    document.references.append(HTMLReference(url: candidate.url, role: .asset, line: attribute.line,
                                                             column: attribute.column + candidate.offset))
                }
            default: break
            }
        }
    }
}

/// A start tag's lowercased name and its attributes.
struct StartTag {
    let name: String
    let attributes: [Attribute]
}

/// One attribute: lowercased name, entity-decoded value, and where the value starts.
struct Attribute {
    let name: String
    let value: String
    /// The value as written, before entities were decoded.
    let rawValue: String
    let line: Int
    let column: Int

    /// The URLs of a `srcset` ("a.png 1x, b.png 2x"), each with its offset in scalars from the value's start.
    var srcsetCandidates: [(url: String, offset: Int)] {
        var candidates: [(url: String, offset: Int)] = []
        let scalars = Array(rawValue.unicodeScalars)
        var index = 0
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}" }
        while index < scalars.count {
            while index < scalars.count, isSpace(scalars[index]) || scalars[index] == "," { index += 1 }
            guard index < scalars.count else { break }
            let start = index
            while index < scalars.count, !isSpace(scalars[index]) { index += 1 }
            var end = index
            var endsCandidate = false
            while end > start, scalars[end - 1] == "," { end -= 1; endsCandidate = true }
            var url = String.UnicodeScalarView()
            url.append(contentsOf: scalars[start..<end])
            candidates.append((HTMLEntities.decode(Substring(String(url))), start))
            if !endsCandidate {
                while index < scalars.count, scalars[index] != "," { index += 1 }
            }
        }
        return candidates
    }
}

extension String {
    /// Without leading and trailing ASCII whitespace, as HTML strips it from URLs and titles.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
