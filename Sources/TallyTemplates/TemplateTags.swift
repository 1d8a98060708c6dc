import Foundation

/// A light scan of a template's tags with the default `{{ }}` delimiters, for checks swift-mustache does not
/// make: partials that do not exist and unescaped tags in Markdown.
struct TemplateTag: Equatable {
    enum Kind: Equatable { case partial, parent, unescaped, other }
    let kind: Kind
    let name: String
    let line: Int
    let column: Int

    /// The name a value tag looks up, inside any helpers: "#gifts" → "gifts", "money(x.amount)" → "x.amount".
    var lookedUpName: String {
        var text = Substring(name)
        while let first = text.first, "#^/!=".contains(first) { text = text.dropFirst() }
        while let open = text.lastIndex(of: "(") {
            text = text[text.index(after: open)...]
            if let close = text.firstIndex(of: ")") { text = text[..<close] }
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The helpers a tag calls: "money(x.amount)" → ["money"], "#first()" → ["first"], "date(page.date)" → ["date"].
    var helperNames: [String] {
        var names: [String] = []
        var current = ""
        for character in name {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if character == "(", !current.isEmpty, current.first?.isNumber == false { names.append(current) }
                current = ""
            }
        }
        return names
    }

    /// The first name a value tag looks up: "#gifts" → "gifts", "money(x.amount)" → "x", "/gifts" → "gifts".
    var rootName: String {
        let looked = lookedUpName
        return String(looked.split(separator: ".").first ?? Substring(looked))
    }

    /// The key a value tag reads after its first name: "page.title" → "title", "#date(page.date)" → "date".
    /// Nil for a plain name and for a name relative to the current context, such as ".title".
    var key: String? {
        let parts = lookedUpName.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count > 1, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return String(parts[1])
    }

    /// The first `{{#name}}` or `{{^name}}` that no `{{/name}}` closes.
    static func firstUnclosedSection(in tags: [TemplateTag]) -> TemplateTag? {
        var open: [TemplateTag] = []
        for tag in tags where tag.kind == .other {
            if tag.name.hasPrefix("#") || tag.name.hasPrefix("^") {
                open.append(tag)
            } else if tag.name.hasPrefix("/"), let index = open.lastIndex(where: { $0.rootName == tag.rootName }) {
                open.removeSubrange(index...)
            }
        }
        return open.first
    }

    /// Scans with the delimiters in force, following `{{=<% %>=}}` changes so no tag hides from the checks.
    static func scan(_ text: String) -> [TemplateTag] {
        guard mayHaveTags(text) else { return [] }
        var tags: [TemplateTag] = []
        var line = 1, column = 1
        let scalars = Array(text.unicodeScalars)
        var open: [Unicode.Scalar] = ["{", "{"], close: [Unicode.Scalar] = ["}", "}"]
        func matches(_ delimiter: [Unicode.Scalar], at position: Int) -> Bool {
            position + delimiter.count <= scalars.count && scalars[position..<position + delimiter.count].elementsEqual(delimiter)
        }
        var index = 0
        while index < scalars.count {
            if matches(open, at: index) {
                let (tagLine, tagColumn) = (line, column)
                var end = index + open.count
                while end < scalars.count, !matches(close, at: end) { end += 1 }
                var body = String(String.UnicodeScalarView(scalars[(index + open.count)..<min(end, scalars.count)]))
                var tagEnd = min(end + close.count, scalars.count)
                // A triple mustache ends in "}}}": take the third brace into the tag.
                if open == ["{", "{"], body.hasPrefix("{"), tagEnd < scalars.count, scalars[tagEnd] == "}" { tagEnd += 1 }
                if body.hasPrefix("="), body.hasSuffix("="), body.count > 2 {
                    let parts = body.dropFirst().dropLast().split(separator: " ", omittingEmptySubsequences: true)
                    if parts.count == 2 { open = Array(parts[0].unicodeScalars); close = Array(parts[1].unicodeScalars) }
                    body = "="
                }
                tags.append(classify(body, line: tagLine, column: tagColumn))
                for scalar in scalars[index..<tagEnd] {
                    if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
                }
                index = tagEnd
                continue
            }
            if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
            index += 1
        }
        return tags
    }

    /// Whether `text` has a `{{`, without which it has no tags at all: even a delimiter change starts with one.
    static func mayHaveTags(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count > 1 else { return false }
            // memchr jumps from brace to brace many bytes at a time; most page bodies have none.
            var offset = 0
            while offset < bytes.count - 1,
                  let found = memchr(base + offset, Int32(UInt8(ascii: "{")), bytes.count - 1 - offset) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if bytes[index + 1] == UInt8(ascii: "{") { return true }
                offset = index + 1
            }
            return false
        }
    }

    private static func classify(_ body: String, line: Int, column: Int) -> TemplateTag {
        let sigil = body.first
        let name = body.dropFirst().trimmingCharacters(in: CharacterSet(charactersIn: " {}\t"))
        switch sigil {
        case ">": return TemplateTag(kind: .partial, name: name, line: line, column: column)
        case "<": return TemplateTag(kind: .parent, name: name, line: line, column: column)
        case "{", "&": return TemplateTag(kind: .unescaped, name: name, line: line, column: column)
        default: return TemplateTag(kind: .other, name: body.trimmingCharacters(in: .whitespaces), line: line, column: column)
        }
    }
}
