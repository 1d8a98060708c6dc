import Foundation
import TallyHTML

/// The text of a post's HTML as a person reads it: entities decoded, `<br>` a line break, paragraphs apart by a
/// blank line, links as their text (a mention stays `@name`, a hashtag `#tag`), and every tag gone. The result
/// is plain text: the site escapes it like any other database value.
enum HTMLText {
    static func plain(_ html: String) -> String {
        var html = html
        return html.withUTF8 { bytes in
            var text = ""
            var tokenizer = HTMLTokenizer(bytes)
            var textStart = 0
            var paragraphs = 0
            while let tag = tokenizer.next() {
                text += decoded(bytes, textStart..<tag.range.lowerBound)
                textStart = tag.range.upperBound
                guard !tag.isEndTag else { continue }
                switch name(of: tag, in: bytes) {
                case "br":
                    text += "\n"
                case "p":
                    if paragraphs > 0 { text += "\n\n" }
                    paragraphs += 1
                default:
                    break
                }
            }
            text += decoded(bytes, textStart..<bytes.count)
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return HTMLEntities.decode(Substring(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }

    private static func name(of tag: HTMLTag, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[tag.name]), as: UTF8.self).lowercased()
    }
}
