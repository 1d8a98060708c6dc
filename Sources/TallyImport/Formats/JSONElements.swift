import Foundation
import TallyFormat

/// The elements of one JSON array in a file, read 64 KiB at a time: a file of any size is imported holding one
/// element at a time.
///
/// This only finds where each element begins and ends (tracking strings, escapes and nesting); Foundation's
/// `JSONSerialization` parses each element, so every rule of JSON is still checked by a real parser.
struct JSONElements {
    enum Layout: Equatable {
        /// `[ {...}, {...} ]`
        case array
        /// One value per line (NDJSON, JSON Lines).
        case lines
        /// The array under a key of the top-level object: `{"orderedItems": [ ... ]}`.
        case arrayUnderKey(String)
    }

    struct Element {
        let data: Data
        /// The line the element starts on, and its index in the array (0-based).
        let line: Int
        let index: Int
    }

    let file: ImportFile
    let layout: Layout

    /// The layout a `.json` file has: an array when it starts with `[`, one object per line otherwise.
    static func sniff(_ path: String) -> Layout {
        guard let stream = fopen(path, "rb") else { return .array }
        defer { fclose(stream) }
        var byte: Int32
        repeat { byte = fgetc(stream) } while byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0xEF || byte == 0xBB || byte == 0xBF
        return byte == Int32(UInt8(ascii: "[")) ? .array : .lines
    }

    /// Calls `body` with each element, in order; `progress` with bytes read so far and the file's size.
    func forEach(progress: ((Int64, Int64) -> Void)?, _ body: (Element) throws -> Bool) throws {
        let (stream, size) = try file.open()
        defer { fclose(stream) }
        var scanner = Scanner(layout: layout)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var done: Int64 = 0
        var first = true
        while true {
            let count = fread(&chunk, 1, chunk.count, stream)
            if count == 0 { break }
            var start = 0
            if first, count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { start = 3 }
            first = false
            for byte in chunk[start..<count] {
                if let problem = scanner.consume(byte) { throw failure(problem, line: scanner.line) }
                if let element = scanner.takeElement(), try !body(element) { return }
            }
            done += Int64(count)
            progress?(done, size)
        }
        if let problem = scanner.finish() { throw failure(problem, line: scanner.line) }
        if let element = scanner.takeElement() { _ = try body(element) }
    }

    private func failure(_ message: String, line: Int) -> ImportFailure {
        ImportFailure([Diagnostic(file: file.displayName, line: line, message: message,
                                  hint: "the file may be cut short or not JSON; check it with: python3 -m json.tool FILE")])
    }

    /// The byte-by-byte state: where an element starts and ends, never what it means.
    private struct Scanner {
        let layout: Layout
        var line = 1
        /// The depth at which this layout's elements are siblings: 1 inside a top array, 0 for lines, 2 under a key.
        private let elementDepth: Int
        private var depth = 0
        private var inString = false
        private var escaped = false
        /// Whether the container of the elements is open: the top array, or the array under the key.
        private var active: Bool
        private var closed = false
        private var buffer: [UInt8] = []
        private var elementLine = 1
        private var index = 0
        private var ready: Element?
        /// Under a key: the last string read at depth 1 and whether a ':' made it the key of the value that follows.
        private var lastString: [UInt8] = []
        private var readingKey = false
        private var keyMatched = false
        private var foundKey = false
        /// The brackets open outside the elements, so a `}` cannot close a `[` (inside an element the real parser
        /// checks them).
        private var containers: [UInt8] = []

        private mutating func open(_ byte: UInt8) {
            containers.append(byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}"))
        }

        private mutating func close(_ byte: UInt8) -> String? {
            guard containers.popLast() == byte else { return "a '\(Character(Unicode.Scalar(byte)))' closes nothing it opened" }
            return nil
        }

        init(layout: Layout) {
            self.layout = layout
            switch layout {
            case .array: (elementDepth, active) = (1, false)
            case .lines: (elementDepth, active) = (0, true)
            case .arrayUnderKey: (elementDepth, active) = (2, false)
            }
        }

        mutating func takeElement() -> Element? {
            defer { ready = nil }
            return ready
        }

        /// Reads one byte; returns a problem when the bytes cannot be this layout's JSON.
        mutating func consume(_ byte: UInt8) -> String? {
            if byte == 10 { line += 1 }
            let collecting = !buffer.isEmpty
            if inString {
                if collecting { buffer.append(byte) } else if readingKey { lastString.append(byte) }
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if readingKey { lastString.removeLast(); readingKey = false }
                }
                return nil
            }
            let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            let opens = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
            let closes = byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            if collecting {
                if depth == elementDepth, isSpace || closes || byte == UInt8(ascii: ",") {
                    finishElement()   // a scalar element ends at what follows it
                } else {
                    buffer.append(byte)
                    if byte == UInt8(ascii: "\"") { inString = true }
                    if opens { depth += 1 }
                    if closes {
                        depth -= 1
                        if depth == elementDepth { finishElement() }
                    }
                    return nil
                }
            }
            if depth == elementDepth, active {
                if isSpace || byte == UInt8(ascii: ",") { return nil }
                if closes {
                    guard depth > 0 else { return "a '\(Character(Unicode.Scalar(byte)))' closes nothing" }
                    if let problem = close(byte) { return problem }
                    depth -= 1
                    active = false
                    closed = layout == .array
                    return nil
                }
                elementLine = line
                buffer.append(byte)
                if byte == UInt8(ascii: "\"") { inString = true }
                if opens { depth += 1 }
                return nil
            }
            if isSpace { return nil }
            switch layout {
            case .lines:
                return nil
            case .array:
                guard depth == 0, byte == UInt8(ascii: "["), !closed else {
                    return closed ? "something follows the array's end" : "the file does not start with '[': an array of objects"
                }
                open(byte)
                depth = 1
                active = true
                return nil
            case .arrayUnderKey(let key):
                if depth == 0 {
                    guard byte == UInt8(ascii: "{"), !closed else { return "the file does not start with an object holding \"\(key)\"" }
                    open(byte)
                    depth = 1
                    return nil
                }
                if depth == 1, keyMatched {
                    keyMatched = false
                    guard byte == UInt8(ascii: "[") else { return "\"\(key)\" is not an array" }
                    open(byte)
                    depth = 2
                    active = true
                    foundKey = true
                    return nil
                }
                if byte == UInt8(ascii: "\"") {
                    inString = true
                    if depth == 1 { lastString = []; readingKey = true }
                } else if byte == UInt8(ascii: ":"), depth == 1 {
                    keyMatched = lastString == Array(key.utf8)
                } else if opens {
                    open(byte)
                    depth += 1
                } else if closes {
                    if let problem = close(byte) { return problem }
                    depth -= 1
                    if depth == 0 { closed = true }
                }
                return nil
            }
        }

        private mutating func finishElement() {
            ready = Element(data: Data(buffer), line: elementLine, index: index)
            index += 1
            buffer.removeAll(keepingCapacity: true)
        }

        /// At the end of the file: whether it ended where a value may.
        mutating func finish() -> String? {
            if inString || depth > (buffer.isEmpty ? 0 : elementDepth) {
                return "the file ends inside a value" + (index > 0 ? ", after \(index) complete element\(index == 1 ? "" : "s")" : "")
            }
            if !buffer.isEmpty { finishElement() }
            switch layout {
            case .array where active: return "the file ends inside the array, after \(index) element\(index == 1 ? "" : "s")"
            case .array: return closed ? nil : "the file does not start with '[': an array of objects"
            case .arrayUnderKey(let key): return foundKey ? nil : "the file has no \"\(key)\" array"
            case .lines: return nil
            }
        }
    }
}
