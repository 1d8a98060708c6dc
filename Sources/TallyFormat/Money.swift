/// An amount in integer minor units of one currency. Money is never a floating-point value.
public struct Money: Sendable, Hashable {
    public let minorUnits: Int64
    public let currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// "$1,234.56", "¥1,235", "CHF 12.00", "−$5.00" (with `minus`, for example U+2212 in charts).
    public func formatted(minus: String = "-", grouping: Bool = true) -> String {
        let digits = NumberText.fixed(magnitude: minorUnits.magnitude, scale: currency.minorUnits, grouping: grouping)
        return signed(digits, minus: minus)
    }

    /// "$1.2k", "€3.4M", "$6.5B": compact form for chart axes and cards (B, never SI's G, for money).
    public func compact(minus: String = "-") -> String {
        let unit = Int64(NumberText.powerOfTen(currency.minorUnits))
        let major = Double(minorUnits.magnitude) / Double(unit)
        // Below a thousand, keep the minor units only when the amount has some ("$12.50", but "$500").
        let keepsMinorUnits = major < 1000 && minorUnits % unit != 0
        let digits = NumberText.compact(major, decimalsBelowThousand: keepsMinorUnits ? currency.minorUnits : 0)
        return signed(digits, minus: minus)
    }

    /// The sign (for negative amounts), then the symbol or the code and a no-break space, then `digits`.
    func signed(_ digits: String, minus: String) -> String {
        let prefix = currency.symbol ?? currency.code + "\u{00A0}"
        return minorUnits < 0 ? minus + prefix + digits : prefix + digits
    }
}
