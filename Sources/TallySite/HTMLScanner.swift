/// One pass over an HTML document for `SitePathRewriter`: text and comments are copied as they are, and each
/// start tag's attributes are copied with their URLs rewritten. Script contents are never touched; style
/// contents are rewritten as CSS.
struct HTMLScanner {
    private let bytes: [UInt8]
    private let rewriter: SitePathRewriter
    private var output: [UInt8] = []
    private var index = 0

    init(_ bytes: [UInt8], rewriter: SitePathRewriter) {
        self.bytes = bytes
        self.rewriter = rewriter
        output.reserveCapacity(bytes.count + bytes.count / 32)
    }

    mutating func run() -> String {
        while index < bytes.count {
            guard let open = bytes[index...].firstIndex(of: .lessThan) else { break }
            output += bytes[index..<open]
            index = open
            if bytes[...].hasLowercasedPrefix("<!--", at: index) {
                copy(through: "-->")
            } else if index + 1 < bytes.count, bytes[index + 1].isASCIILetter {
                startTag()
            } else if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "!") || bytes[index + 1] == UInt8(ascii: "?")
                        || bytes[index + 1] == .slash {
                copy(through: ">")
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        output += bytes[index...]
        return String(decoding: output, as: UTF8.self)
    }

    /// Copies up to and including the next `terminator`, or to the end.
    private mutating func copy(through terminator: StaticString) {
        let end = position(of: terminator, from: index + 1).map { $0 + terminator.utf8CodeUnitCount } ?? bytes.count
        output += bytes[index..<end]
        index = end
    }

    private func position(of text: StaticString, from start: Int) -> Int? {
        var cursor = start
        let first = text.withUTF8Buffer { $0[0] }
        while cursor < bytes.count {
            guard let found = bytes[cursor...].firstIndex(where: { $0.lowercasedASCII == first }) else { return nil }
            if bytes[...].hasLowercasedPrefix(text, at: found) { return found }
            cursor = found + 1
        }
        return nil
    }

    private struct Attribute {
        let name: String
        /// The value's bytes, without quotes; nil for an attribute with no value.
        let value: Range<Int>?
    }

    private mutating func startTag() {
        let nameStart = index + 1
        var cursor = nameStart
        while cursor < bytes.count, !bytes[cursor].isHTMLSpace, bytes[cursor] != .slash, bytes[cursor] != .greaterThan { cursor += 1 }
        let tagName = String(decoding: bytes[nameStart..<cursor].map(\.lowercasedASCII), as: UTF8.self)
        var attributes: [Attribute] = []
        while cursor < bytes.count, bytes[cursor] != .greaterThan {
            if bytes[cursor].isHTMLSpace || bytes[cursor] == .slash {
                cursor += 1
                continue
            }
            let attributeStart = cursor
            while cursor < bytes.count, !bytes[cursor].isHTMLSpace, bytes[cursor] != .slash, bytes[cursor] != .greaterThan,
                  bytes[cursor] != .equals || cursor == attributeStart { cursor += 1 }
            let name = String(decoding: bytes[attributeStart..<cursor].map(\.lowercasedASCII), as: UTF8.self)
            var afterName = cursor
            while afterName < bytes.count, bytes[afterName].isHTMLSpace { afterName += 1 }
            guard afterName < bytes.count, bytes[afterName] == .equals else {
                attributes.append(Attribute(name: name, value: nil))
                continue
            }
            cursor = afterName + 1
            while cursor < bytes.count, bytes[cursor].isHTMLSpace { cursor += 1 }
            guard cursor < bytes.count else { break }
            if bytes[cursor] == .quote || bytes[cursor] == .apostrophe {
                let quote = bytes[cursor]
                let end = bytes[(cursor + 1)...].firstIndex(of: quote) ?? bytes.count
                attributes.append(Attribute(name: name, value: (cursor + 1)..<end))
                cursor = min(end + 1, bytes.count)
            } else {
                let start = cursor
                while cursor < bytes.count, !bytes[cursor].isHTMLSpace, bytes[cursor] != .greaterThan { cursor += 1 }
                attributes.append(Attribute(name: name, value: start..<cursor))
            }
        }
        let tagEnd = min(cursor + 1, bytes.count)
        emitTag(from: index, to: tagEnd, tagName: tagName, attributes: attributes)
        index = tagEnd
        switch tagName {
        case "script": copyRawText(until: "</script")
        case "style":
            let end = position(of: "</style", from: index) ?? bytes.count
            rewriter.appendCSS(bytes[index..<end], to: &output)
            index = end
        case "textarea": copyRawText(until: "</textarea")
        case "title": copyRawText(until: "</title")
        default: break
        }
    }

    private mutating func copyRawText(until closing: StaticString) {
        let end = position(of: closing, from: index) ?? bytes.count
        output += bytes[index..<end]
        index = end
    }

    /// Copies the tag's bytes, replacing the values of URL attributes with their rewritten form.
    private mutating func emitTag(from start: Int, to end: Int, tagName: String, attributes: [Attribute]) {
        var copiedUpTo = start
        let metaHoldsURL = tagName == "meta" && attributes.contains { attribute in
            guard attribute.name == "property" || attribute.name == "name", let range = attribute.value else { return false }
            let value = String(decoding: bytes[range].map(\.lowercasedASCII), as: UTF8.self)
            return value.hasSuffix("image") || value.hasSuffix(":url") || value.hasSuffix(":audio") || value.hasSuffix(":video")
        }
        for attribute in attributes {
            guard let range = attribute.value else { continue }
            let kind: ValueKind
            switch attribute.name {
            case "href", "src", "action", "formaction", "poster", "data", "xlink:href": kind = .url
            case "srcset", "imagesrcset": kind = .srcset
            case "style": kind = .css
            case "content" where metaHoldsURL: kind = .url
            default: continue
            }
            output += bytes[copiedUpTo..<range.lowerBound]
            switch kind {
            case .url: rewriter.appendURL(bytes[range], to: &output)
            case .srcset: rewriter.appendSrcset(bytes[range], to: &output)
            case .css: rewriter.appendCSS(bytes[range], to: &output)
            }
            copiedUpTo = range.upperBound
        }
        output += bytes[copiedUpTo..<end]
    }

    private enum ValueKind { case url, srcset, css }
}
