import Testing
import TallyFormat

@Suite struct ExchangeRateTests {
    static let usd = Currency.lookup("USD")!, eur = Currency.lookup("EUR")!, jpy = Currency.lookup("JPY")!
    static let kwd = Currency.lookup("KWD")!

    @Test(arguments: [("1.0769", 10769, 4), ("160.33", 16033, 2), ("2", 2, 0), ("0.85", 85, 2), ("007.50", 750, 2)])
    func readsPlainDecimalText(text: String, digits: Int64, scale: Int) {
        #expect(ExchangeRate(text)?.digits == digits)
        #expect(ExchangeRate(text)?.scale == scale)
    }

    @Test(arguments: ["", ".", "1.", ".5", "-1.2", "+1.2", "1e3", "1,07", " 1.07", "1.07 ", "0", "0.000", "1.2.3",
                      "abc", "1234567890123456"])
    func refusesAnythingElse(text: String) {
        #expect(ExchangeRate(text) == nil)
    }

    @Test(arguments: [
        // €25.00 at 1.0769 is $26.9225: rounded to $26.92.
        (2500, "1.0769", 2692),
        // €1.00 × 1.0705 = $1.0705: below half a cent, so $1.07.
        (100, "1.0705", 107),
        // €10.00 at 1.0705, 1.0715, 1.0725 and 1.0735 is exactly half a cent past $10.70, $10.71, $10.72 and $10.73:
        // each goes to the even cent.
        (1000, "1.0705", 1070),
        (1000, "1.0715", 1072),
        (1000, "1.0725", 1072),
        (1000, "1.0735", 1074),
        (-2500, "1.0769", -2692),
        (0, "1.0769", 0),
    ])
    func convertsEurosToDollarCentsRoundingHalfToEven(euroCents: Int64, rate: String, dollarCents: Int64) {
        let converted = ExchangeRate(rate)?.convert(Money(minorUnits: euroCents, currency: Self.eur), to: Self.usd)
        #expect(converted == Money(minorUnits: dollarCents, currency: Self.usd))
    }

    @Test func movesBetweenCurrenciesWithDifferentMinorUnits() {
        // ¥1,000 at 0.0067 dollars a yen is $6.70; $12.34 at 160.33 yen a dollar is ¥1,978.4722 → ¥1,978.
        #expect(ExchangeRate("0.0067")?.convert(Money(minorUnits: 1000, currency: Self.jpy), to: Self.usd)
                == Money(minorUnits: 670, currency: Self.usd))
        #expect(ExchangeRate("160.33")?.convert(Money(minorUnits: 1234, currency: Self.usd), to: Self.jpy)
                == Money(minorUnits: 1978, currency: Self.jpy))
        // $1.00 at 0.30712 dinars is 0.30712 KWD, 307.12 fils → 307 fils.
        #expect(ExchangeRate("0.30712")?.convert(Money(minorUnits: 100, currency: Self.usd), to: Self.kwd)
                == Money(minorUnits: 307, currency: Self.kwd))
    }

    @Test func aResultThatDoesNotFitIsNil() {
        #expect(ExchangeRate("1000")?.convert(Money(minorUnits: Int64.max, currency: Self.eur), to: Self.usd) == nil)
        #expect(ExchangeRate("1")?.convert(Money(minorUnits: Int64.max, currency: Self.eur), to: Self.usd)
                == Money(minorUnits: Int64.max, currency: Self.usd))
    }
}
