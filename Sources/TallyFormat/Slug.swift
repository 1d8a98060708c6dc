/// URL segments made from names: lowercase ASCII letters and digits joined by single hyphens, so any value can
/// become a safe segment ("São Paulo" → "s-o-paulo", "Global Health" → "global-health", "" → "-").
public enum Slug {
    public static func make(_ text: String) -> String {
        var slug = ""
        for byte in text.lowercased().utf8 {
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
        guard !value.isEmpty, value.utf8.count <= 200, value.utf8.first != UInt8(ascii: ".") else { return false }
        return value.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "~")
        }
    }
}
