#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the tags of an HTML document in place, as byte ranges: the one tokenizer behind the link checker
/// (`HTMLScanner`), the sub-path rewriter and the self-contained report page.
///
/// It yields start tags with their attributes, and end tags. Text, comments (`<!-- … -->`), CDATA sections
/// (`<![CDATA[ … ]]>`, which Tally's SVG may hold), doctypes and processing instructions are stepped over. The
/// contents of `<script>`, `<style>`, `<textarea>` and `<title>` are never read as tags: the start tag carries
/// them as `text`, and the next tag is their end tag. Names compare without regard to ASCII case.
///
/// It allocates nothing per tag, and a tag holds nothing to retain or release: its attributes are in one buffer
/// the tokenizer owns and reuses, so read a tag's attributes before asking for the next tag. (Tags with an
/// array of attributes made the sub-path rewrite of the example site twice as slow.)
package struct HTMLTokenizer: ~Copyable {
    package let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Whether `next()` yields end tags; a reader that needs none is spared their cost.
    private let yieldsEndTags: Bool
    private var attributes: UnsafeMutableBufferPointer<HTMLAttribute>
    private var attributeCount = 0

    package init(_ bytes: UnsafeBufferPointer<UInt8>, endTags: Bool = true) {
        self.bytes = bytes
        yieldsEndTags = endTags
        attributes = .allocate(capacity: 16)
    }

    deinit {
        attributes.deallocate()  // HTMLAttribute is a trivial type: nothing to deinitialize
    }

    /// The next start or end tag, or nil at the end of the document.
    package mutating func next() -> HTMLTag? {
        while true {
            index = nextTagStart(from: index)
            guard index + 1 < bytes.count else {
                index = bytes.count
                return nil
            }
            let next = bytes[index + 1]
            if next.isASCIILetter {
                return startTag()
            } else if next == .slash, index + 2 < bytes.count, bytes[index + 2].isASCIILetter {
                if yieldsEndTags { return endTag() }
                index += 2
            } else if bytes.hasLowercasedPrefix("<!--", at: index, before: bytes.count) {
                index = commentEnd(from: index + 4)
            } else if bytes.hasLowercasedPrefix("<![cdata[", at: index, before: bytes.count) {
                index = end(of: "]]>", from: index + 9)
            } else if next == .exclamationMark || next == .questionMark || next == .slash {
                index = afterGreaterThan(from: index + 2)
            } else {
                index += 1  // a "<" in text
            }
        }
    }

    /// The next `<` at or after `start`, or the end.
    private func nextTagStart(from start: Int) -> Int {
        next(.lessThan, from: start) ?? bytes.count
    }

    /// Where `byte` next occurs at or after `start` (memchr: most of a page is text between tags).
    private func next(_ byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Just past the next `>` at or after `start`, or the end.
    private func afterGreaterThan(from start: Int) -> Int {
        // Most often the very next byte, as in an end tag: no call to memchr then.
        if start < bytes.count, bytes[start] == .greaterThan { return start + 1 }
        return next(.greaterThan, from: start).map { $0 + 1 } ?? bytes.count
    }

    /// Just past the next `text` (`-->` or `]]>`) that starts at or after `start`, or the end.
    private func end(of text: StaticString, from start: Int) -> Int {
        var cursor = start
        while let greaterThan = next(.greaterThan, from: cursor) {
            let textStart = greaterThan + 1 - text.utf8CodeUnitCount
            if textStart >= start, bytes.hasLowercasedPrefix(text, at: textStart, before: bytes.count) { return greaterThan + 1 }
            cursor = greaterThan + 1
        }
        return bytes.count
    }

    /// Just past a comment whose text starts at `start`: `<!-->` and `<!--->` end at once, as browsers read them.
    private func commentEnd(from start: Int) -> Int {
        if start < bytes.count, bytes[start] == .greaterThan { return start + 1 }
        if start + 1 < bytes.count, bytes[start] == .hyphen, bytes[start + 1] == .greaterThan { return start + 2 }
        return end(of: "-->", from: start)
    }

    private mutating func endTag() -> HTMLTag {
        let start = index
        let name = nameRange(from: start + 2)
        index = afterGreaterThan(from: name.upperBound)
        return HTMLTag(isEndTag: true, range: start..<index, name: name, attributes: UnsafeBufferPointer(start: nil, count: 0),
                       isSelfClosing: false, text: nil)
    }

    private func nameRange(from start: Int) -> Range<Int> {
        var cursor = start
        while cursor < bytes.count, !bytes[cursor].isHTMLSpace, bytes[cursor] != .slash, bytes[cursor] != .greaterThan { cursor += 1 }
        return start..<cursor
    }

    private mutating func startTag() -> HTMLTag {
        let start = index
        let name = nameRange(from: start + 1)
        var cursor = name.upperBound
        var isSelfClosing = false
        attributeCount = 0
        while cursor < bytes.count, bytes[cursor] != .greaterThan {
            if bytes[cursor].isHTMLSpace || bytes[cursor] == .slash {
                isSelfClosing = bytes[cursor] == .slash && cursor + 1 < bytes.count && bytes[cursor + 1] == .greaterThan
                cursor += 1
                continue
            }
            cursor = attribute(from: cursor)
        }
        let tagEnd = min(cursor + 1, bytes.count)
        index = tagEnd
        var text: Range<Int>?
        if isRawTextElement(name) {
            index = rawTextEnd(name: name, from: tagEnd)
            text = tagEnd..<index
        }
        return HTMLTag(isEndTag: false, range: start..<tagEnd, name: name, attributes: UnsafeBufferPointer(rebasing: attributes[..<attributeCount]),
                       isSelfClosing: isSelfClosing, text: text)
    }

    /// Whether the element's contents are raw text: `script`, `style`, `textarea` or `title`.
    private func isRawTextElement(_ name: Range<Int>) -> Bool {
        switch name.count {
        case 5: bytes.spells(name, "style") || bytes.spells(name, "title")
        case 6: bytes.spells(name, "script")
        case 8: bytes.spells(name, "textarea")
        default: false
        }
    }

    /// Reads the attribute whose name starts at `start` into `attributes`; returns where the tag goes on.
    /// As in browsers, a name may start with `=`, and an unquoted value ends at a space or `>`.
    @inline(__always)
    private mutating func attribute(from start: Int) -> Int {
        var cursor = start
        while cursor < bytes.count, !bytes[cursor].isHTMLSpace, bytes[cursor] != .slash, bytes[cursor] != .greaterThan,
              bytes[cursor] != .equals || cursor == start { cursor += 1 }
        let name = start..<cursor
        var afterName = cursor
        while afterName < bytes.count, bytes[afterName].isHTMLSpace { afterName += 1 }
        guard afterName < bytes.count, bytes[afterName] == .equals else {
            append(HTMLAttribute(name: name, value: nil, range: name))
            return cursor
        }
        cursor = afterName + 1
        while cursor < bytes.count, bytes[cursor].isHTMLSpace { cursor += 1 }
        guard cursor < bytes.count else { return cursor }
        let value: Range<Int>
        if bytes[cursor] == .quote || bytes[cursor] == .apostrophe {
            let quote = bytes[cursor]
            var end = cursor + 1
            while end < bytes.count, bytes[end] != quote { end += 1 }
            value = (cursor + 1)..<end
            cursor = min(end + 1, bytes.count)
        } else {
            let valueStart = cursor
            while cursor < bytes.count, !bytes[cursor].isHTMLSpace, bytes[cursor] != .greaterThan { cursor += 1 }
            value = valueStart..<cursor
        }
        append(HTMLAttribute(name: name, value: value, range: start..<cursor))
        return cursor
    }

    @inline(__always)
    private mutating func append(_ attribute: HTMLAttribute) {
        if attributeCount == attributes.count {
            let larger = UnsafeMutableBufferPointer<HTMLAttribute>.allocate(capacity: 2 * attributes.count)
            _ = larger.initialize(fromContentsOf: attributes)
            attributes.deallocate()
            attributes = larger
        }
        attributes.initializeElement(at: attributeCount, to: attribute)
        attributeCount += 1
    }

    /// Where the element's end tag (`</name` then a space, `/`, `>` or the end) starts, or the end of the document.
    private func rawTextEnd(name: Range<Int>, from start: Int) -> Int {
        var cursor = start
        while let candidate = nextEndTag(from: cursor) {
            let nameStart = candidate + 2
            let afterName = nameStart + name.count
            if afterName <= bytes.count, bytes.equalIgnoringASCIICase(nameStart..<afterName, name),
               afterName == bytes.count || bytes[afterName].isHTMLSpace || bytes[afterName] == .slash || bytes[afterName] == .greaterThan {
                return candidate
            }
            cursor = candidate + 2
        }
        return bytes.count
    }

    private func nextEndTag(from start: Int) -> Int? {
        var cursor = start
        while true {
            cursor = nextTagStart(from: cursor)
            guard cursor + 1 < bytes.count else { return nil }
            if bytes[cursor + 1] == .slash { return cursor }
            cursor += 1
        }
    }
}
