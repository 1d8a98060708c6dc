import TallyFormat
import Testing

/// Each supported locale with exact strings, from CLDR's patterns (see FormatLocale+Data.swift). `nb` is U+00A0,
/// `nnb` U+202F.
struct FormatLocaleTests {
    static let nb = "\u{00A0}", nnb = "\u{202F}"

    static func money(_ minorUnits: Int64, _ code: String, _ locale: FormatLocale) -> String {
        Money(minorUnits: minorUnits, currency: Currency.lookup(code)!).formatted(locale: locale)
    }

    @Test(arguments: [
        // locale, 1,234.56 EUR, -1,234.56 USD, ¥1,235, KWD 1,234.567, CHF 12.00, 0 GBP
        (FormatLocale.enUS, "€1,234.56", "-$1,234.56", "¥1,235", "KWD\(nb)1,234.567", "CHF\(nb)12.00", "£0.00"),
        (.enGB, "€1,234.56", "-US$1,234.56", "JP¥1,235", "KWD\(nb)1,234.567", "CHF\(nb)12.00", "£0.00"),
        (.deDE, "1.234,56\(nb)€", "-1.234,56\(nb)$", "1.235\(nb)¥", "1.234,567\(nb)KWD", "12,00\(nb)CHF", "0,00\(nb)£"),
        (.frFR, "1\(nnb)234,56\(nb)€", "-1\(nnb)234,56\(nb)$US", "1\(nnb)235\(nb)JPY", "1\(nnb)234,567\(nb)KWD",
         "12,00\(nb)CHF", "0,00\(nb)£GB"),
        (.esES, "1234,56\(nb)€", "-1234,56\(nb)US$", "1235\(nb)JPY", "1234,567\(nb)KWD", "12,00\(nb)CHF", "0,00\(nb)GBP"),
        (.nlNL, "€\(nb)1.234,56", "US$\(nb)-1.234,56", "JP¥\(nb)1.235", "KWD\(nb)1.234,567", "CHF\(nb)12,00", "£\(nb)0,00"),
    ])
    func money(_ locale: FormatLocale, _ euros: String, _ dollars: String, _ yen: String, _ dinars: String,
               _ francs: String, _ pounds: String) {
        #expect(Self.money(123_456, "EUR", locale) == euros)
        #expect(Self.money(-123_456, "USD", locale) == dollars)
        #expect(Self.money(1235, "JPY", locale) == yen)
        #expect(Self.money(1_234_567, "KWD", locale) == dinars)
        #expect(Self.money(1200, "CHF", locale) == francs)
        #expect(Self.money(0, "GBP", locale) == pounds)
    }

    @Test func spanishGroupsFromFiveDigits() {
        #expect(Self.money(1_234_567, "EUR", .esES) == "12.345,67\(Self.nb)€")
        #expect(FormatLocale.esES.grouped(1234) == "1234")
        #expect(FormatLocale.esES.grouped(12345) == "12.345")
        #expect(FormatLocale.esES.decimal(1_234_567.891, decimals: 2) == "1.234.567,89")
    }

    @Test(arguments: [
        (FormatLocale.enUS, "1,234,567", "-1,234.5", "0.3"), (.enGB, "1,234,567", "-1,234.5", "0.3"),
        (.deDE, "1.234.567", "-1.234,5", "0,3"), (.frFR, "1\(nnb)234\(nnb)567", "-1\(nnb)234,5", "0,3"),
        (.esES, "1.234.567", "-1234,5", "0,3"), (.nlNL, "1.234.567", "-1.234,5", "0,3"),
    ])
    func numbers(_ locale: FormatLocale, _ grouped: String, _ decimal: String, _ shortest: String) {
        #expect(locale.grouped(1_234_567) == grouped)
        #expect(locale.decimal(-1234.5, decimals: 1) == decimal)
        #expect(locale.shortest(0.1 + 0.2) == shortest)
    }

    @Test(arguments: [
        (FormatLocale.enUS, "12%", "-12.5%"), (.enGB, "12%", "-12.5%"), (.deDE, "12\(nb)%", "-12,5\(nb)%"),
        (.frFR, "12\(nnb)%", "-12,5\(nnb)%"), (.esES, "12\(nb)%", "-12,5\(nb)%"), (.nlNL, "12%", "-12,5%"),
    ])
    func percents(_ locale: FormatLocale, _ whole: String, _ tenths: String) {
        #expect(locale.percent(0.123) == whole)
        #expect(locale.percent(-0.125, decimals: 1) == tenths)
    }

    @Test(arguments: [
        (FormatLocale.enUS, "1.2k", "3.4M", "€1.2k", "12,345"), (.enGB, "1.2k", "3.4M", "€1.2k", "12,345"),
        (.deDE, "1.234", "3,4\(nb)Mio.", "1.234\(nb)€", "12.345"), (.frFR, "1,2\(nb)k", "3,4\(nb)M", "1,2\(nb)k\(nb)€", "12\(nnb)345"),
        (.esES, "1,2\(nb)mil", "3,4\(nb)M", "1,2\(nb)mil\(nb)€", "12.345"), (.nlNL, "1,2K", "3,4\(nb)mln.", "€\(nb)1,2K", "12.345"),
    ])
    func compact(_ locale: FormatLocale, _ thousand: String, _ million: String, _ money: String, _ exact: String) {
        #expect(locale.compact(1234) == thousand)
        #expect(locale.compact(3_400_000) == million)
        #expect(Money(minorUnits: 123_400, currency: Currency.lookup("EUR")!).compact(locale: locale) == money)
        #expect(locale.shortest(12_345) == exact)
    }

    @Test func exactCompactKeepsEveryDigit() {
        #expect(FormatLocale.deDE.compactExact(1_250_000) == "1,25\(Self.nb)Mio.")
        #expect(FormatLocale.deDE.compactExact(250_000) == "250.000")
        #expect(FormatLocale.frFR.compactExact(-2500, minus: "\u{2212}") == "\u{2212}2,5\(Self.nb)k")
        #expect(Money(minorUnits: 125_000, currency: Currency.lookup("EUR")!).compactExact(locale: .deDE) == "1.250\(Self.nb)€")
    }

    @Test func spanishThousandsOfMillions() {
        #expect(FormatLocale.esES.compact(1_234_000_000) == "1234\(Self.nb)M")
        #expect(FormatLocale.esES.compact(23_000_000_000) == "23\(Self.nb)mil\(Self.nb)M")
        #expect(FormatLocale.esES.compact(2e12) == "2\(Self.nb)B")
    }

    @Test(arguments: [
        (FormatLocale.enUS, "Mar 5, 2024", "March 2024", "Mar 5, 2024, 09:05", "Sep 30", "Jan 2024", "Mar"),
        (.enGB, "5 Mar 2024", "March 2024", "5 Mar 2024, 09:05", "30 Sep", "Jan 2024", "Mar"),
        (.deDE, "5. März 2024", "März 2024", "5. März 2024, 09:05", "30. Sept.", "Jan. 2024", "Mär"),
        (.frFR, "5 mars 2024", "mars 2024", "5 mars 2024, 09:05", "30 sept.", "janv. 2024", "mars"),
        (.esES, "5 mar 2024", "marzo de 2024", "5 mar 2024, 9:05", "30 sept", "ene 2024", "mar"),
        (.nlNL, "5 mrt 2024", "maart 2024", "5 mrt 2024, 09:05", "30 sep", "jan 2024", "mrt"),
    ])
    func dates(_ locale: FormatLocale, _ day: String, _ month: String, _ dateTime: String, _ monthDay: String,
               _ monthYear: String, _ shortMonth: String) throws {
        let march = try #require(ISODate("2024-03-05"))
        #expect(locale.date(march) == day)
        #expect(locale.date(try #require(ISODate("2024-03"))) == month)
        #expect(locale.dateTime(try #require(ISODate("2024-03-05T09:05:00"))) == dateTime)
        #expect(locale.dateTime(march) == day)
        #expect(locale.shortMonthDay(try #require(ISODate("2024-09-30"))) == monthDay)
        #expect(locale.shortMonthYear(try #require(ISODate("2024-01-15"))) == monthYear)
        #expect(locale.shortMonthName(march) == shortMonth)
        #expect(locale.date(try #require(ISODate("2024"))) == "2024")
    }

    @Test(arguments: [
        ("de_DE", "did you mean `de-DE`? supported locales: en-US, en-GB, de-DE, fr-FR, es-ES, nl-NL"),
        ("de-AT", "did you mean `de-DE`? supported locales: en-US, en-GB, de-DE, fr-FR, es-ES, nl-NL"),
        ("en", "did you mean `en-US`? supported locales: en-US, en-GB, de-DE, fr-FR, es-ES, nl-NL"),
        ("ja-JP", "supported locales: en-US, en-GB, de-DE, fr-FR, es-ES, nl-NL"),
    ])
    func unknownLocales(_ identifier: String, _ hint: String) {
        #expect(FormatLocale.named(identifier) == nil)
        #expect(FormatLocale.unknown(identifier).message == "unknown locale `\(identifier)`")
        #expect(FormatLocale.unknown(identifier).hint == hint)
    }

    @Test func languageTags() {
        #expect(FormatLocale.supported.map(\.language) == ["en", "en", "de", "fr", "es", "nl"])
        #expect(FormatLocale.named("fr-FR") == .frFR)
    }
}
