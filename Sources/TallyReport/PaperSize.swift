import TallySite

/// The sheet a PDF is printed on: `--paper a4|letter`, or by default the one the site's readers use.
public enum PaperSize: String, Sendable, CaseIterable {
    case a4, letter

    /// The CSS `@page` size.
    var css: String { self == .a4 ? "A4" : "letter" }

    /// Letter where it is the usual paper (the United States, Canada, Mexico, the Philippines, Chile, Colombia),
    /// A4 everywhere else. A locale the config or `--locale` names (`locale: de-DE`, `--locale en-US`) decides by
    /// its region; else the config's `language` when it names a region (`en-US`, `en-GB`); else its `currency` (USD
    /// and the other currencies of those countries).
    public static func `default`(for config: SiteConfig) -> PaperSize {
        let letterRegions: Set = ["US", "CA", "MX", "PH", "CL", "CO"]
        if let named = config.namedLocale, let region = named.identifier.split(separator: "-").last {
            return letterRegions.contains(String(region)) ? .letter : .a4
        }
        let parts = config.language.split(whereSeparator: { $0 == "-" || $0 == "_" })
        if parts.count > 1, let region = parts.last { return letterRegions.contains(region.uppercased()) ? .letter : .a4 }
        let letterCurrencies: Set = ["USD", "CAD", "MXN", "PHP", "CLP", "COP"]
        return letterCurrencies.contains(config.currency.code) ? .letter : .a4
    }
}
