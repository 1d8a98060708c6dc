/// Finds what the link checker needs in a generated page: the URLs in its `href`, `src`, `srcset`, `poster` and
/// `data` attributes with their line and column, the anchors it defines, and its title. The tags come from
/// `HTMLTokenizer`, so comments and the contents of `<script>` and `<style>` are never read as markup.
public enum HTMLScanner {
    public static func scan(_ html: String) -> HTMLDocument {
        var html = html
        return html.withUTF8 { scan(bytes: $0) }
    }

    static func scan(bytes: UnsafeBufferPointer<UInt8>) -> HTMLDocument {
        var tokenizer = HTMLTokenizer(bytes)
        let lines = LineIndex(bytes)
        var document = HTMLDocument()
        // An SVG's own <title> is not the page's.
        var svgDepth = 0
        while let tag = tokenizer.next() {
            if bytes.spells(tag.name, "svg") {
                if tag.isEndTag { svgDepth = max(0, svgDepth - 1) } else if !tag.isSelfClosing { svgDepth += 1 }
            }
            guard !tag.isEndTag else { continue }
            record(tag, from: bytes, lines: lines, into: &document)
            if document.title == nil, svgDepth == 0, bytes.spells(tag.name, "title"), let text = tag.text {
                document.title = HTMLEntities.decode(Substring(bytes.string(text))).trimmingWhitespace()
            }
        }
        return document
    }

    /// What the link checker takes from an attribute.
    private enum Use {
        case anchor, url(HTMLReference.Role), srcset
    }

    private static func use(of attribute: Range<Int>, in tag: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Use? {
        if bytes.spells(attribute, "id") { return .anchor }
        if bytes.spells(attribute, "name") { return bytes.spells(tag, "a") ? .anchor : nil }
        if bytes.spells(attribute, "href") {
            if bytes.spells(tag, "a") || bytes.spells(tag, "area") { return .url(.link) }
            return bytes.spells(tag, "link") ? .url(.asset) : nil
        }
        if bytes.spells(attribute, "src") || bytes.spells(attribute, "poster") { return .url(.asset) }
        if bytes.spells(attribute, "data") { return bytes.spells(tag, "object") ? .url(.asset) : nil }
        return bytes.spells(attribute, "srcset") ? .srcset : nil
    }

    private static func record(_ tag: HTMLTag, from bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, into document: inout HTMLDocument) {
        for attribute in tag.attributes {
            switch use(of: attribute.name, in: tag.name, bytes) {
            case .anchor:
                let anchor = value(of: attribute, in: bytes)
                if !anchor.isEmpty { document.anchors.insert(anchor) }
            case .url(let role):
                let (line, column) = position(of: attribute, lines: lines)
                document.references.append(HTMLReference(url: value(of: attribute, in: bytes), role: role, line: line, column: column))
            case .srcset:
                let (line, column) = position(of: attribute, lines: lines)
                for candidate in srcsetCandidates(attribute.value.map(bytes.string) ?? "") {
                    document.references.append(HTMLReference(url: candidate.url, role: .asset, line: line, column: column + candidate.offset))
                }
            case nil:
                break
            }
        }
    }

    /// The attribute's value with entities decoded; empty for an attribute without one.
    private static func value(of attribute: HTMLAttribute, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        attribute.value.map { HTMLEntities.decode(Substring(bytes.string($0))) } ?? ""
    }

    /// Where the value starts, or where the name ends for an attribute without a value.
    private static func position(of attribute: HTMLAttribute, lines: LineIndex) -> (line: Int, column: Int) {
        lines.position(of: attribute.value?.lowerBound ?? attribute.name.upperBound)
    }

    /// The URLs of a `srcset` ("a.png 1x, b.png 2x"), each with its offset in scalars from the value's start.
    static func srcsetCandidates(_ rawValue: String) -> [(url: String, offset: Int)] {
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
