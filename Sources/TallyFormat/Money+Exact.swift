extension Money {
    /// Compact money that keeps every significant digit, for axis ticks: "$1.25k", "$500", "$0.50", "CHF 2M".
    /// Amounts under a thousand show minor units only when they have some, like `compact`.
    public func compactExact(minus: String = "-") -> String {
        let unit = UInt64(NumberText.powerOfTen(currency.minorUnits))
        let magnitude = minorUnits.magnitude
        let digits: String
        if magnitude / unit < 1000 {
            digits = NumberText.fixed(magnitude: magnitude % unit == 0 ? magnitude / unit : magnitude,
                                      scale: magnitude % unit == 0 ? 0 : currency.minorUnits, grouping: false)
        } else {
            digits = NumberText.compactExact(Double(magnitude) / Double(unit), maxDecimals: 3)
        }
        return signed(digits, minus: minus)
    }
}

extension Currency {
    /// What goes before the digits: the symbol ("$", "€") or the code and a no-break space ("CHF ").
    public var prefix: String { symbol ?? code + "\u{00A0}" }
}
