extension HTMLScanner {
    /// A position in the HTML bytes, with the line and column arithmetic the scanner needs.
    struct Cursor {
        let bytes: [UInt8]
        var index = 0
        /// Offsets of every line's first byte.
        private let lineStarts: [Int]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var starts = [0]
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            lineStarts = starts
        }

        /// 1-based line and column of `offset`; the column counts Unicode scalars, not bytes.
        func position(of offset: Int) -> (line: Int, column: Int) {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            let scalars = bytes[lineStarts[low]..<offset].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            return (low + 1, scalars + 1)
        }

        func isLetter(at offset: Int) -> Bool {
            guard bytes.indices.contains(offset) else { return false }
            let byte = bytes[offset] | 0x20
            return byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == 0x0C
        }

        /// Moves past `text` when the bytes at the cursor spell it (ASCII, any case).
        mutating func skip(past text: String) -> Bool {
            guard matches(text, at: index) else { return false }
            index += text.utf8.count
            return true
        }

        /// Moves just past the next occurrence of `text` (ASCII, any case), or to the end.
        mutating func skipTo(after text: String) {
            while index < bytes.count {
                if matches(text, at: index) { index += text.utf8.count; return }
                index += 1
            }
        }

        private func matches(_ text: String, at offset: Int) -> Bool {
            let pattern = text.utf8
            guard offset + pattern.count <= bytes.count else { return false }
            return zip(bytes[offset...], pattern).allSatisfy { ($0 | 0x20) == ($1 | 0x20) }
        }

        /// Reads a start tag from just after its "<" to just after its ">".
        mutating func startTag() -> StartTag {
            let name = lowercasedWord { !Cursor.isSpace($0) && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "/") }
            var attributes: [Attribute] = []
            while index < bytes.count {
                while index < bytes.count, Cursor.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
                guard index < bytes.count, bytes[index] != UInt8(ascii: ">") else { break }
                let attributeName = lowercasedWord { !Cursor.isSpace($0) && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: "/") }
                let afterName = index
                while index < bytes.count, Cursor.isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    index = afterName
                    let (line, column) = position(of: index)
                    attributes.append(Attribute(name: attributeName, value: "", rawValue: "", line: line, column: column))
                    continue
                }
                index += 1
                while index < bytes.count, Cursor.isSpace(bytes[index]) { index += 1 }
                let valueStart: Int, valueEnd: Int
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    valueStart = index + 1
                    valueEnd = bytes[valueStart...].firstIndex(of: quote) ?? bytes.count
                    index = min(bytes.count, valueEnd + 1)
                } else {
                    valueStart = index
                    while index < bytes.count, !Cursor.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    valueEnd = index
                }
                let raw = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
                let (line, column) = position(of: valueStart)
                attributes.append(Attribute(name: attributeName, value: HTMLEntities.decode(Substring(raw)), rawValue: raw,
                                            line: line, column: column))
            }
            if index < bytes.count { index += 1 }
            return StartTag(name: name, attributes: attributes)
        }

        private mutating func lowercasedWord(while accepts: (UInt8) -> Bool) -> String {
            let start = index
            while index < bytes.count, accepts(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
        }
    }
}
