extension Money {
    /// Compact money that keeps every significant digit, for axis ticks: "$1.25k", "$500", "$0.50", "CHF 2M".
    /// Amounts under a thousand show minor units only when they have some, like `compact`.
    public func compactExact(minus: String = "-", locale: FormatLocale = .enUS) -> String {
        let unit = UInt64(NumberText.powerOfTen(currency.minorUnits))
        let magnitude = minorUnits.magnitude
        let digits: String
        if magnitude / unit < 1000 {
            digits = locale.localizing(NumberText.fixed(magnitude: magnitude % unit == 0 ? magnitude / unit : magnitude,
                                                        scale: magnitude % unit == 0 ? 0 : currency.minorUnits, grouping: false))
        } else {
            digits = locale.compactExact(Double(magnitude) / Double(unit), maxDecimals: 3)
        }
        return signed(digits, minus: minus, locale: locale)
    }
}

extension Currency {
    /// What goes before the digits in Tally's English: the symbol ("$", "€") or the code and a no-break space ("CHF ").
    public var prefix: String { symbol ?? code + "\u{00A0}" }
}
