import Yams

/// Reads the plainest front matter, one `key: value` a line, by scanning its bytes: libyaml's parser, even without
/// Yams' nodes (`FrontMatterEvents`), cost 57,000 instructions a page for four lines, most of a content file's load.
///
/// Only text whose reading cannot be in doubt is taken: every line `key: value` at the start of the line, the key of
/// lowercase letters, digits and `_`, one space after the colon, and the value one of
/// - a double-quoted string of printable ASCII without `"` or `\`, such as `"Page 12: Lorem"`;
/// - a plain word or words of letters, digits, `-`, `.`, `_`, `/` and single spaces, starting with a letter or digit
///   (`2024-03-05`, `yes`, `My layout`);
/// - a list of such words without spaces, as `[tag-01, tag-17]`.
/// Anything else (a comment, a blank line, a tab, a carriage return, other characters, a key given twice) returns
/// nil and goes to `FrontMatterEvents`. The pairs are those libyaml's events give for the same text: the same
/// strings, tags, styles, lines and columns (`FrontMatterLinesTests`).
enum FrontMatterLines {
    static func pairs(_ yaml: String) -> [FrontMatterPair]? {
        var text = yaml
        return text.withUTF8 { bytes -> [FrontMatterPair]? in
            // The loader hands the text without the newline before the closing `---`; a blank last line is refused below.
            var pairs: [FrontMatterPair] = []
            var lineStart = 0, line = 1
            while true {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                guard let pair = self.pair(UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), line: line),
                      !pairs.contains(where: { $0.key == pair.key }) else { return nil }
                pairs.append(pair)
                guard lineEnd < bytes.count else { return pairs }
                lineStart = lineEnd + 1
                line += 1
            }
        }
    }

    private static func pair(_ line: UnsafeBufferPointer<UInt8>, line number: Int) -> FrontMatterPair? {
        var keyEnd = 0
        while keyEnd < line.count, isKeyByte(line[keyEnd]) { keyEnd += 1 }
        guard keyEnd > 0, isLowercaseLetter(line[0]), keyEnd + 2 < line.count,
              line[keyEnd] == UInt8(ascii: ":"), line[keyEnd + 1] == UInt8(ascii: " ") else { return nil }
        let value = UnsafeBufferPointer(rebasing: line[(keyEnd + 2)...])
        let node: Node
        switch value[0] {
        case UInt8(ascii: "\""):
            guard value.count >= 2, value[value.count - 1] == UInt8(ascii: "\""),
                  value.dropFirst().dropLast().allSatisfy(isQuotable) else { return nil }
            node = .scalar(Node.Scalar(string(value.dropFirst().dropLast()), FrontMatterEvents.tag(.str), .doubleQuoted))
        case UInt8(ascii: "["):
            guard let items = listItems(value) else { return nil }
            // As `FrontMatterEvents` makes it: libyaml leaves a flow sequence's style unset at its end event.
            node = .sequence(Node.Sequence(items, FrontMatterEvents.tag(.implicit), .any))
        default:
            guard isPlainWords(value[...], spaces: true) else { return nil }
            node = plain(value[...])
        }
        return FrontMatterPair(key: string(line[..<keyEnd]), keyLine: number, value: node, valueLine: number,
                               valueColumn: keyEnd + 3)
    }

    /// `[a, b, c]` or `[]`, each item a plain word.
    private static func listItems(_ value: UnsafeBufferPointer<UInt8>) -> [Node]? {
        guard value.count >= 2, value[value.count - 1] == UInt8(ascii: "]") else { return nil }
        let inside = value[1..<(value.count - 1)]
        guard !inside.isEmpty else { return [] }
        var items: [Node] = []
        var start = inside.startIndex
        while true {
            var end = start
            while end < inside.endIndex, inside[end] != UInt8(ascii: ",") { end += 1 }
            let item = inside[start..<end]
            guard isPlainWords(item, spaces: false) else { return nil }
            items.append(plain(item))
            guard end < inside.endIndex else { return items }
            // ", " between items, exactly.
            guard end + 1 < inside.endIndex, inside[end + 1] == UInt8(ascii: " ") else { return nil }
            start = end + 2
        }
    }

    private static func plain(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Node {
        .scalar(Node.Scalar(string(bytes), FrontMatterEvents.tag(.implicit), .plain))
    }

    /// Letters, digits, `-`, `.`, `_`, `/`, and with `spaces` single spaces between them; a letter or digit first.
    /// None of these can start a YAML indicator, a comment or a `key: value` inside the value.
    private static func isPlainWords(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, spaces: Bool) -> Bool {
        guard let first = bytes.first, isLetterOrDigit(first), bytes.last != UInt8(ascii: " ") else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: " ") {
                guard spaces, previous != UInt8(ascii: " ") else { return false }
            } else if !isLetterOrDigit(byte) && byte != UInt8(ascii: "-") && byte != UInt8(ascii: ".")
                && byte != UInt8(ascii: "_") && byte != UInt8(ascii: "/") {
                return false
            }
            previous = byte
        }
        return true
    }

    private static func isQuotable(_ byte: UInt8) -> Bool {
        (0x20...0x7E).contains(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        isLowercaseLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "_")
    }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
    }

    private static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
