import Testing
import TallyFormat
@testable import TallyImport

/// Amounts written for people become integer minor units, digit by digit, or a named problem: never a guess.
@Suite struct AmountTextTests {
    static let usd = Currency.lookup("USD"), eur = Currency.lookup("EUR"), jpy = Currency.lookup("JPY"), kwd = Currency.lookup("KWD")

    @Test(arguments: [
        ("1,234.56", false, usd, 123_456, nil),
        ("1.234,56", true, eur, 123_456, nil),
        ("$12", false, nil, 1_200, "USD"),
        ("€ 5", false, nil, 500, "EUR"),
        ("5 €", true, nil, 500, "EUR"),
        ("JPY 500", false, nil, 500, "JPY"),
        ("500 JPY", false, nil, 500, "JPY"),
        ("12.5", false, usd, 1_250, nil),
        ("0.07", false, usd, 7, nil),
        (".5", false, usd, 50, nil),
        ("-12.00", false, usd, -1_200, nil),
        ("(12.00)", false, usd, -1_200, nil),
        ("1 234 567,5", true, eur, 123_456_750, nil),
        ("12.500", false, usd, 1_250, nil),
        ("1.234", false, kwd, 1_234, nil),
        ("1'234.50", false, usd, 123_450, nil),
        ("12", false, jpy, 12, nil),
        ("+12.00", false, usd, 1_200, nil),
        ("12 $", false, nil, 1_200, "USD"),
        ("12.00USD", false, nil, 1_200, "USD"),
    ] as [(String, Bool, Currency?, Int64, String?)])
    func readsAmountsExactly(text: String, decimalComma: Bool, currency: Currency?, minorUnits: Int64, named: String?) {
        let parsed = AmountText.parse(text, currency: currency, decimalComma: decimalComma)
        #expect(parsed == .success(AmountText.Amount(minorUnits: minorUnits, currency: named.flatMap(Currency.lookup))))
    }

    @Test(arguments: [
        ("12,5O", false, AmountText.Problem.notANumber),
        ("12,5", false, .misplacedSeparator(",")),
        ("1,23,456.00", false, .misplacedSeparator(",")),
        ("1.234,56", false, .misplacedSeparator(".")),
        ("12.345", false, .tooManyDecimals(allowed: 2)),
        ("XYZ 5", false, .unknownCurrency("XYZ")),
        ("", false, .notANumber),
        ("$", false, .notANumber),
        ("99999999999999999999", false, .tooLarge),
        ("(+5)", false, .notANumber),
        ("(-5)", false, .notANumber),
        ("--5", false, .notANumber),
        ("+-5", false, .notANumber),
        ("-$-5", false, .notANumber),
        ("-\u{301}5", false, .notANumber),
        ("(5)\u{301}", false, .notANumber),
    ])
    func refusesWhatItCannotReadExactly(text: String, decimalComma: Bool, problem: AmountText.Problem) {
        #expect(AmountText.parse(text, currency: Self.usd, decimalComma: decimalComma) == .failure(problem))
    }

    @Test func yenHasNoDecimals() {
        #expect(AmountText.parse("12.50", currency: Self.jpy, decimalComma: false) == .failure(.tooManyDecimals(allowed: 0)))
    }

    /// `$` and `¥` are shared symbols: the row's or `--currency`'s dollar or yen when it is one of them, US dollars
    /// and Japanese yen only when nothing says otherwise.
    @Test(arguments: [
        ("$5.00", "CAD", 500, "CAD"), ("$5.00", nil, 500, "USD"), ("¥1,000", "CNY", 100_000, "CNY"), ("¥1,000", nil, 1_000, "JPY"),
        ("$5.00", "EUR", 500, "USD"), ("-$5", "USD", -500, "USD"), ("$-5", "USD", -500, "USD"),
    ] as [(String, String?, Int64, String)])
    func sharedSymbolsTakeTheStatedCurrency(text: String, stated: String?, minorUnits: Int64, named: String) {
        let parsed = AmountText.parse(text, currency: stated.flatMap(Currency.lookup), decimalComma: false)
        #expect(parsed == .success(AmountText.Amount(minorUnits: minorUnits, currency: Currency.lookup(named))))
    }
}
