import TallyFormat

/// How one series writes its values, in the chart's locale. Values arrive in display units: major units for
/// money, ratios for percent.
struct NumberStyle: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case plain
        case compact
        case percent
        case money(Currency)
    }

    let kind: Kind
    let locale: FormatLocale
    /// Decimals every percent of one column is written with, so "10.0%" stands beside "10.3%", not "10%"
    /// (`sharingOnePrecision(_:)`); nil writes each percent with as few as it needs, up to one.
    private(set) var percentDecimals: Int?

    init(_ kind: Kind, locale: FormatLocale) {
        self.kind = kind
        self.locale = locale
    }

    /// Percent in the same locale: shares beside values, the percent-bar axis.
    var percent: NumberStyle {
        var style = NumberStyle(.percent, locale: locale)
        style.percentDecimals = percentDecimals
        return style
    }

    /// This style, writing its percents of `ratios` with one precision: one decimal for all when any of them
    /// needs it, none otherwise.
    func sharingOnePrecision(_ ratios: [Double]) -> NumberStyle {
        var style = self
        style.percentDecimals = ratios.contains { ($0 * 1000).rounded().truncatingRemainder(dividingBy: 10) != 0 } ? 1 : 0
        return style
    }

    /// Every digit that matters, for tooltips, the table and the description: "1,234.5", "$1,234.56", "12.5%".
    func full(_ value: Double) -> String {
        switch kind {
        case .plain, .compact: locale.shortest(value, maxDecimals: Self.decimals(for: value), minus: Glyph.minus)
        case .percent:
            locale.percentText(percentDecimals.map { NumberText.decimal(value * 100, decimals: $0, minus: Glyph.minus) }
                               ?? NumberText.shortest(value * 100, maxDecimals: 1, minus: Glyph.minus))
        case .money(let currency): Self.money(value, currency).formatted(minus: Glyph.minus, locale: locale)
        }
    }

    /// A direct label on a mark: short for compact and money ("1.2k", "$9.8k"), else the full value.
    func short(_ value: Double) -> String {
        switch kind {
        case .compact: locale.compact(value, decimalsBelowThousand: abs(value) < 10 && value != value.rounded() ? 1 : 0,
                                      minus: Glyph.minus)
        case .money(let currency) where abs(value) >= 10 && abs(value) < 1000:
            // Whole units beside bars: "€273", not "€272.50"; the tooltip keeps the cents.
            Self.money(value.rounded(), currency).compact(minus: Glyph.minus, locale: locale)
        case .money(let currency): Self.money(value, currency).compact(minus: Glyph.minus, locale: locale)
        case .plain, .percent: full(value)
        }
    }

    /// An axis tick: exact digits, with k/M/B units for compact, money and plain values of a million or more.
    func tick(_ value: Double) -> String {
        switch kind {
        case .plain where abs(value) < 1e6: locale.shortest(value, minus: Glyph.minus)
        case .plain, .compact: locale.compactExact(value, maxDecimals: 6, minus: Glyph.minus)
        case .percent: locale.percentText(NumberText.shortest(value * 100, maxDecimals: 4, minus: Glyph.minus))
        case .money(let currency): Self.money(value, currency).compactExact(minus: Glyph.minus, locale: locale)
        }
    }

    /// The finest step an axis should use: one minor unit of money; nil when any step will do.
    var minimumStep: Double? {
        guard case .money(let currency) = kind else { return nil }
        return 1 / Self.powerOfTen(currency.minorUnits)
    }

    /// Two decimals, or three significant digits for magnitudes below one ("0.00123").
    private static func decimals(for value: Double) -> Int {
        let magnitude = abs(value)
        guard magnitude < 1, magnitude > 0 else { return 2 }
        var decimals = 2
        var threshold = 1.0
        while magnitude < threshold, decimals < 9 {
            decimals += 1
            threshold /= 10
        }
        return decimals
    }

    private static func money(_ major: Double, _ currency: Currency) -> Money {
        let minor = (major * powerOfTen(currency.minorUnits)).rounded()
        let clamped = min(max(minor, -9.2e18), 9.2e18)
        return Money(minorUnits: Int64(clamped), currency: currency)
    }

    static func powerOfTen(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, exponent) { result *= 10 }
        return result
    }
}
