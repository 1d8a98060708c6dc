import Foundation
import Synchronization

/// URL segments made from names: lowercase ASCII letters and digits joined by single hyphens, so any value can
/// become a safe segment ("São Paulo" → "sao-paulo", "Global Health" → "global-health", "" → "-").
public enum Slug {
    public static func make(_ text: String) -> String {
        var slug = ""
        for byte in asciiLetters(text).lowercased().utf8 {
            if (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) {
                slug.unicodeScalars.append(Unicode.Scalar(byte))
            } else if !slug.isEmpty, slug.last != "-" {
                slug += "-"
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug.isEmpty ? "-" : slug
    }

    /// An identifier as a URL segment: kept as it is when it is already safe ("H-AL-01", "hr3684-117"), so the
    /// addresses of tidy data never change, and made with `make` otherwise ("H.R. 3684" → "h-r-3684").
    public static func segment(_ text: String) -> String {
        isSafeSegment(text) ? text : make(text)
    }

    /// Whether a value may be used as one URL segment: letters, digits, `-`, `_`, `.`, `~`, not starting with a
    /// dot, so no value can climb out of the output folder or hide a query string.
    public static func isSafeSegment(_ value: String) -> Bool {
        value.utf8.withContiguousStorageIfAvailable(isSafeSegment(bytes:)) ?? Array(value.utf8).withUnsafeBufferPointer(isSafeSegment(bytes:))
    }

    /// `isSafeSegment` of the text these UTF-8 bytes spell (SQL's `url_segment` reads them as SQLite holds them).
    public static func isSafeSegment(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard (1...200).contains(bytes.count), bytes[0] != UInt8(ascii: ".") else { return false }
        return bytes.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "~")
        }
    }

    /// The text with its letters spelled in ASCII, as Zola's slugs do ("Zürich" → "Zurich", "Straße" → "Strasse",
    /// "Москва" → "Moskva"), so a city with an accent keeps its name in its address instead of losing letters.
    /// ICU's transliterator (the one compiled into the toolchain's Foundation, so every machine spells alike)
    /// costs about 14 µs a value; names repeat on every row of a listing, so spellings are kept once made.
    private static func asciiLetters(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        if let known = spellings.withLock({ $0[text] }) { return known }
        let spelled = text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? text
        spellings.withLock { cache in
            if cache.count >= 50_000 { cache.removeAll(keepingCapacity: true) }
            cache[text] = spelled
        }
        return spelled
    }

    private static let spellings = Mutex<[String: String]>([:])
}
