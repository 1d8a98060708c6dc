/// FNV-1a's 128-bit variant: a stable digest of bytes, the same on every machine and in every process (Swift's
/// `Hasher` is seeded per process). Incremental builds compare these across builds to tell whether a table, a
/// content file or a template changed. Not a cryptographic hash: someone able to write the database could craft
/// two tables with one digest, but could as well write the page they want.
public struct ContentDigest: Sendable {
    private var value: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
    private static let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013b

    public init() {}

    /// Eight bytes a step, then the rest one at a time: FNV's mixing over words, several times faster than over
    /// bytes on the 200,000-row tables an incremental build digests (docs/performance.md).
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ UInt128(word)) &* Self.prime
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt128(bytes[offset])) &* Self.prime
            offset += 1
        }
        value = hash
    }

    public mutating func add(_ byte: UInt8) {
        value = (value ^ UInt128(byte)) &* Self.prime
    }

    public mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add($0) }
    }

    /// Adds the text and a terminating zero, so "ab" + "c" and "a" + "bc" differ.
    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
        add(UInt8(0))
    }

    /// The digest as a number: digests of the members of a set added up give one of the set in any order (`Sitemap`).
    public var number: UInt128 { value }

    /// 32 lowercase hexadecimal digits. Written from the two 64-bit halves: `String(_:radix:)` on a `UInt128` goes
    /// through the generic integer printing, about 20,000 instructions a digest, and a build takes three a page.
    public var hex: String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            Self.writeHex(UInt64(truncatingIfNeeded: value >> 64), to: buffer, endingAt: 15)
            Self.writeHex(UInt64(truncatingIfNeeded: value), to: buffer, endingAt: 31)
            return 32
        }
    }

    private static func writeHex(_ number: UInt64, to buffer: UnsafeMutableBufferPointer<UInt8>, endingAt last: Int) {
        var rest = number
        for position in stride(from: last, through: last - 15, by: -1) {
            let digit = UInt8(truncatingIfNeeded: rest & 0xf)
            buffer[position] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
            rest >>= 4
        }
    }

    /// The digest of the text's UTF-8 bytes alone, as of a file holding them: no terminating zero.
    public static func of(bytesOf text: String) -> String {
        var text = text
        var digest = ContentDigest()
        text.withUTF8 { digest.add(UnsafeRawBufferPointer($0)) }
        return digest.hex
    }

    public static func of(_ text: String) -> String {
        var digest = ContentDigest()
        digest.add(text)
        return digest.hex
    }
}
