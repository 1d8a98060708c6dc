#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One pass over an HTML document for `SitePathRewriter`: it finds each start tag's URL attributes and hands
/// them to a `RewriteBuffer`. Text and comments are skipped, script contents are never touched, and style
/// contents are read as CSS. It allocates nothing per tag.
struct HTMLScanner {
    private var buffer: RewriteBuffer
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The current tag's attributes; reused from tag to tag.
    private var attributes: [Attribute] = []

    init(_ buffer: RewriteBuffer) {
        self.buffer = buffer
        bytes = buffer.source
    }

    mutating func run() -> [UInt8] {
        let end = bytes.count
        while true {
            index = nextTagStart(from: index)
            guard index + 1 < end else { break }
            let next = bytes[index + 1]
            if next.isASCIILetter {
                startTag()
            } else if bytes.hasLowercasedPrefix("<!--", at: index, before: end) {
                index = position(of: "-->", from: index + 4).map { $0 + 3 } ?? end
            } else {
                index += 1
            }
        }
        return buffer.finish()
    }

    /// The next `<` at or after `start` (memchr: most of a page is text between tags), or the end.
    private func nextTagStart(from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(UInt8.lessThan), bytes.count - start) else { return bytes.count }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Where `text` (lowercase) next starts, ignoring ASCII case.
    private func position(of text: StaticString, from start: Int) -> Int? {
        let first = text.withUTF8Buffer { $0[0] }
        var cursor = start
        while cursor < bytes.count {
            if bytes[cursor].lowercasedASCII == first, bytes.hasLowercasedPrefix(text, at: cursor, before: bytes.count) { return cursor }
            cursor += 1
        }
        return nil
    }

    private struct Attribute {
        let name: Range<Int>
        /// The value's bytes, without quotes; nil for an attribute with no value.
        let value: Range<Int>?
    }

    /// Whether `range` spells `name` (lowercase), ignoring ASCII case.
    private func spells(_ range: Range<Int>, _ name: StaticString) -> Bool {
        range.count == name.utf8CodeUnitCount && bytes.hasLowercasedPrefix(name, at: range.lowerBound, before: range.upperBound)
    }

    private mutating func startTag() {
        let nameStart = index + 1
        var cursor = nameStart
        while cursor < bytes.count, !bytes[cursor].isHTMLSpace, bytes[cursor] != .slash, bytes[cursor] != .greaterThan { cursor += 1 }
        let tagName = nameStart..<cursor
        attributes.removeAll(keepingCapacity: true)
        while cursor < bytes.count, bytes[cursor] != .greaterThan {
            if bytes[cursor].isHTMLSpace || bytes[cursor] == .slash {
                cursor += 1
                continue
            }
            let attributeStart = cursor
            while cursor < bytes.count, !bytes[cursor].isHTMLSpace, bytes[cursor] != .slash, bytes[cursor] != .greaterThan,
                  bytes[cursor] != .equals || cursor == attributeStart { cursor += 1 }
            let name = attributeStart..<cursor
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
                var end = cursor + 1
                while end < bytes.count, bytes[end] != quote { end += 1 }
                attributes.append(Attribute(name: name, value: (cursor + 1)..<end))
                cursor = min(end + 1, bytes.count)
            } else {
                let start = cursor
                while cursor < bytes.count, !bytes[cursor].isHTMLSpace, bytes[cursor] != .greaterThan { cursor += 1 }
                attributes.append(Attribute(name: name, value: start..<cursor))
            }
        }
        rewriteAttributes(isMeta: spells(tagName, "meta"))
        index = min(cursor + 1, bytes.count)
        if spells(tagName, "script") {
            index = position(of: "</script", from: index) ?? bytes.count
        } else if spells(tagName, "style") {
            let end = position(of: "</style", from: index) ?? bytes.count
            buffer.rewriteCSS(index..<end)
            index = end
        } else if spells(tagName, "textarea") {
            index = position(of: "</textarea", from: index) ?? bytes.count
        } else if spells(tagName, "title") {
            index = position(of: "</title", from: index) ?? bytes.count
        }
    }

    private mutating func rewriteAttributes(isMeta: Bool) {
        let metaHoldsURL = isMeta && attributes.contains { attribute in
            guard spells(attribute.name, "property") || spells(attribute.name, "name"), let range = attribute.value else { return false }
            let value = String(decoding: bytes[range].map(\.lowercasedASCII), as: UTF8.self)
            return value.hasSuffix("image") || value.hasSuffix(":url") || value.hasSuffix(":audio") || value.hasSuffix(":video")
        }
        for attribute in attributes {
            guard let range = attribute.value else { continue }
            let name = attribute.name
            if spells(name, "href") || spells(name, "src") || spells(name, "action") || spells(name, "formaction")
                || spells(name, "poster") || spells(name, "data") || spells(name, "xlink:href") || (metaHoldsURL && spells(name, "content")) {
                buffer.rewriteURL(range)
            } else if spells(name, "srcset") || spells(name, "imagesrcset") {
                buffer.rewriteSrcset(range)
            } else if spells(name, "style") {
                buffer.rewriteCSS(range)
            }
        }
    }
}
