#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte arithmetic `HTMLTokenizer` and the code that reads its tags share. It is `@inlinable` because
/// TallySite runs it for every byte of a page it rewrites, and a call per byte across modules costs more than the work.
extension UInt8 {
    @inlinable package static var slash: UInt8 { UInt8(ascii: "/") }
    @inlinable package static var backslash: UInt8 { UInt8(ascii: "\\") }
    @inlinable package static var comma: UInt8 { UInt8(ascii: ",") }
    @inlinable package static var quote: UInt8 { UInt8(ascii: "\"") }
    @inlinable package static var apostrophe: UInt8 { UInt8(ascii: "'") }
    @inlinable package static var lessThan: UInt8 { UInt8(ascii: "<") }
    @inlinable package static var greaterThan: UInt8 { UInt8(ascii: ">") }
    @inlinable package static var equals: UInt8 { UInt8(ascii: "=") }
    @inlinable package static var hyphen: UInt8 { UInt8(ascii: "-") }
    @inlinable package static var exclamationMark: UInt8 { UInt8(ascii: "!") }
    @inlinable package static var questionMark: UInt8 { UInt8(ascii: "?") }
    @inlinable package static var newline: UInt8 { UInt8(ascii: "\n") }

    /// The five characters HTML counts as whitespace.
    @inlinable package var isHTMLSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
    @inlinable package var isASCIILetter: Bool { self | 0x20 >= 0x61 && self | 0x20 <= 0x7A }
    @inlinable package var lowercasedASCII: UInt8 { self >= 0x41 && self <= 0x5A ? self | 0x20 : self }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes at `index` spell `prefix` before `end`, ignoring ASCII case (`prefix` is lowercase).
    @inlinable package func hasLowercasedPrefix(_ prefix: StaticString, at index: Int, before end: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= end else { return false }
        return prefix.withUTF8Buffer { expected in
            for offset in 0..<count where self[index + offset].lowercasedASCII != expected[offset] { return false }
            return true
        }
    }

    /// Whether `range` spells `name` (lowercase), ignoring ASCII case.
    @inlinable package func spells(_ range: Range<Int>, _ name: StaticString) -> Bool {
        range.count == name.utf8CodeUnitCount && hasLowercasedPrefix(name, at: range.lowerBound, before: range.upperBound)
    }

    /// Whether two ranges hold the same bytes, ignoring ASCII case.
    func equalIgnoringASCIICase(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        first.count == second.count && zip(first, second).allSatisfy { self[$0].lowercasedASCII == self[$1].lowercasedASCII }
    }

    /// The text of `range`.
    package func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Where `needle` next starts at or after `start`: `memchr` to each occurrence of its first byte, then a
    /// comparison. Foundation's `range(of:)` bridged every page to `NSString` and compared by Unicode rules.
    package func firstIndex(of needle: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, let base = baseAddress else { return nil }
        var position = start
        while position + needle.count <= count,
              let found = memchr(base + position, Int32(first), count - position) {
            let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            guard index + needle.count <= count else { return nil }
            if memcmp(base + index, needle.baseAddress!, needle.count) == 0 { return index }
            position = index + 1
        }
        return nil
    }
}

extension String {
    /// Whether `needle` occurs in this string, byte for byte in UTF-8 (no `NSString` bridging, no Unicode rules).
    package func containsBytes(of needle: String) -> Bool {
        var text = self, needle = needle
        return text.withUTF8 { bytes in needle.withUTF8 { bytes.firstIndex(of: $0, from: 0) != nil } }
    }
}
