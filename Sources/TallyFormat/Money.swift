/// An amount in integer minor units of one currency. Money is never a floating-point value.
public struct Money: Sendable, Hashable {
    public let minorUnits: Int64
    public let currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// "$1,234.56", "¥1,235", "CHF 12.00", "−$5.00" (with `minus`, for example U+2212 in charts); in `locale`'s
    /// way: "1.234,56 €" in German, "€ -1.234,56" in Dutch.
    public func formatted(minus: String = "-", grouping: Bool = true, locale: FormatLocale = .enUS) -> String {
        let digits = NumberText.fixed(magnitude: minorUnits.magnitude, scale: currency.minorUnits, grouping: grouping)
        return signed(locale.localizing(digits), minus: minus, locale: locale)
    }

    /// "$1.2k", "€3.4M", "$6.5B": compact form for chart axes and cards (B, never SI's G, for money); "1,2 Mio. €"
    /// in German.
    public func compact(minus: String = "-", locale: FormatLocale = .enUS) -> String {
        let unit = Int64(NumberText.powerOfTen(currency.minorUnits))
        let major = Double(minorUnits.magnitude) / Double(unit)
        // Below a thousand, keep the minor units only when the amount has some ("$12.50", but "$500").
        let keepsMinorUnits = major < 1000 && minorUnits % unit != 0
        let digits = locale.compact(major, decimalsBelowThousand: keepsMinorUnits ? currency.minorUnits : 0)
        return signed(digits, minus: minus, locale: locale)
    }

    /// The sign (for negative amounts), the symbol (or the code) and `digits`, placed as the locale's currency
    /// pattern says.
    func signed(_ digits: String, minus: String, locale: FormatLocale) -> String {
        let sign = minorUnits < 0 ? minus : ""
        switch locale.currencyPattern {
        case .symbolFirst: return sign + locale.currencyPrefix(currency) + digits
        case .symbolLast: return sign + digits + "\u{00A0}" + locale.symbol(for: currency)
        case .symbolSpaceSign: return locale.symbol(for: currency) + "\u{00A0}" + sign + digits
        }
    }
}
