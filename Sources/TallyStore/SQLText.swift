/// Finding places in SQL text, for errors that SQLite does not locate itself.
enum SQLText {
    /// The 0-based line of the first byte at `offset` or after it that is not white space.
    /// The statement's first keyword, upper-cased, after whitespace and comments: `SELECT`, `WITH`, `PRAGMA`…
    static func firstKeyword(of sql: String) -> String {
        let bytes = Array(sql.utf8)
        let index = skippingSpaceAndComments(bytes, from: 0) ?? bytes.count
        var end = index
        while end < bytes.count, isNamePart(lowercasedASCII(bytes[end])) { end += 1 }
        return String(decoding: bytes[min(index, bytes.count)..<end], as: UTF8.self).uppercased()
    }

    /// The index of the first byte at `start` or after it that is neither white space nor in a comment; nil when a
    /// `/*` comment is still open at the end (SQLite takes that, as the end of the statement).
    static func skippingSpaceAndComments(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                guard index + 1 < bytes.count else { return nil }
                index += 2
            } else {
                break
            }
        }
        return min(index, bytes.count)
    }

    /// Whether two names are one to SQLite, which compares table and column names ASCII case-insensitively.
    static func sameName(_ first: String, _ second: String) -> Bool {
        asciiLowercased(first) == asciiLowercased(second)
    }

    /// `name` with ASCII's capitals made small and nothing else, as SQLite compares names: `"\u{212A}"` (KELVIN
    /// SIGN) is not `k`.
    static func asciiLowercased(_ name: String) -> String {
        String(decoding: name.utf8.map(lowercasedASCII), as: UTF8.self)
    }

    static func line(atOrAfter offset: Int, in sql: String) -> Int {
        let bytes = sql.utf8
        var index = bytes.index(bytes.startIndex, offsetBy: min(offset, bytes.count))
        while index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index = bytes.index(after: index) }
        return newlines(in: bytes[..<index])
    }

    /// The 0-based line where `name` (a table such as `org_cards`, or a parameter such as `:tag`) is first
    /// written as a whole word, ignoring ASCII case; nil when it is not there.
    static func line(ofName name: String, in sql: String) -> Int? {
        let text = Array(sql.utf8.map(lowercasedASCII)), word = Array(name.utf8.map(lowercasedASCII))
        guard !word.isEmpty, text.count >= word.count else { return nil }
        for start in 0...(text.count - word.count) where text[start..<(start + word.count)].elementsEqual(word) {
            let before = start == 0 || !isNamePart(text[start - 1])
            let after = start + word.count == text.count || !isNamePart(text[start + word.count])
            if before && after { return newlines(in: text[..<start]) }
        }
        return nil
    }

    /// The 0-based line of a byte offset.
    static func line(ofOffset offset: Int, in sql: String) -> Int { newlines(in: sql.utf8.prefix(offset)) }

    private static func newlines<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> Int {
        bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }

    private static func isNamePart(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
