import TallyFormat
import Testing

struct MoneyTests {
    static func money(_ minorUnits: Int64, _ code: String) -> Money {
        Money(minorUnits: minorUnits, currency: Currency.lookup(code)!)
    }

    @Test(arguments: [
        (Int64(12345), "USD", "$123.45"), (123_456, "USD", "$1,234.56"), (1_000_000, "EUR", "€10,000.00"),
        (1235, "JPY", "¥1,235"), (1_234_567, "KWD", "KWD\u{00A0}1,234.567"), (1200, "CHF", "CHF\u{00A0}12.00"),
        (-500, "USD", "-$5.00"), (0, "GBP", "£0.00"), (5, "USD", "$0.05"),
    ])
    func formatted(_ minorUnits: Int64, _ code: String, _ expected: String) {
        #expect(Self.money(minorUnits, code).formatted() == expected)
    }

    @Test func formattedWithChartMinusAndWithoutGrouping() {
        #expect(Self.money(-123_456, "USD").formatted(minus: "\u{2212}") == "\u{2212}$1,234.56")
        #expect(Self.money(123_456, "USD").formatted(grouping: false) == "$1234.56")
    }

    @Test(arguments: [
        (Int64(123_400), "USD", "$1.2k"), (340_000_000, "EUR", "€3.4M"), (650_000_000_000, "USD", "$6.5B"),
        (1250, "USD", "$12.50"), (50_000, "USD", "$500"), (340_000, "JPY", "¥340k"), (-123_400, "USD", "-$1.2k"),
        (120_000, "CHF", "CHF\u{00A0}1.2k"),
    ])
    func compact(_ minorUnits: Int64, _ code: String, _ expected: String) {
        #expect(Self.money(minorUnits, code).compact() == expected)
    }

    @Test(arguments: [
        (Int64(125_000), "USD", "$1.25k"), (50, "USD", "$0.50"), (50_000, "USD", "$500"), (200_000_000, "CHF", "CHF\u{00A0}2M"),
        (-250_000, "EUR", "-€2.5k"), (0, "USD", "$0"), (1_500, "JPY", "¥1.5k"),
    ])
    func compactExact(_ minorUnits: Int64, _ code: String, _ expected: String) {
        #expect(Self.money(minorUnits, code).compactExact() == expected)
    }

    @Test func currencyLookupKnowsMinorUnitsAndSymbols() throws {
        let usd = try #require(Currency.lookup("usd"))
        #expect(usd.code == "USD" && usd.minorUnits == 2 && usd.symbol == "$" && usd.prefix == "$")
        #expect(Currency.lookup("JPY")?.minorUnits == 0)
        #expect(Currency.lookup("KWD")?.minorUnits == 3)
        #expect(Currency.lookup("CHF")?.prefix == "CHF\u{00A0}")
        #expect(Currency.lookup("XXX") == nil)
        #expect(Currency.lookup("US") == nil)
        #expect(Currency.knownCodes.contains("EUR"))
    }
}
