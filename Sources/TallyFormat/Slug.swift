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
}
