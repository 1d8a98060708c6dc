/// How readers of one language and region expect numbers, money, percents and dates: "1.234,56 €" and
/// "5. März 2024" in `de-DE`. The six locales Tally knows carry their rules as data taken from CLDR
/// (`FormatLocale+Data.swift` says which file and version each value came from), so formatting never reads the
/// system's ICU data or the environment and output is byte-identical on every machine.
///
/// A value, passed down to whatever formats, never a global: pages with different locales render in parallel.
public struct FormatLocale: Sendable, Hashable, CustomStringConvertible {
    /// The BCP 47 tag a config names: `de-DE`.
    public let identifier: String
    /// The language subtag, for `<html lang>`: `de`.
    public var language: String { String(identifier.prefix { $0 != "-" }) }

    let decimalSeparator: String
    let groupSeparator: String
    /// CLDR's minimumGroupingDigits: 2 in Spanish, so 1234 has no separator but 12.345 has.
    let minimumGroupingDigits: Int
    /// What follows the digits of a percent: "%", or a no-break space and "%".
    let percentSuffix: String
    let currencyPattern: CurrencyPattern
    /// Symbols by ISO code; a currency not listed is written with its code. Nil: `Currency.symbol`, Tally's English.
    let currencySymbols: [String: String]?
    /// Compact units, largest first; amounts under the last threshold are written in full.
    let compactUnits: [CompactUnit]
    let months: MonthNames
    let patterns: DatePatterns

    /// Where the currency symbol and the sign go, from CLDR's `currencyFormats … standard` pattern.
    enum CurrencyPattern: Sendable {
        /// `¤#,##0.00`: "-$1,234.56"; a symbol ending in a letter gets a no-break space (CLDR's currencySpacing).
        case symbolFirst
        /// `#,##0.00 ¤` (with U+00A0): "-1.234,56 €".
        case symbolLast
        /// `¤ #,##0.00;¤ -#,##0.00` (Dutch): "€ -1.234,56".
        case symbolSpaceSign
    }

    /// One step of the short compact form: values of `threshold` or more are divided by `divisor` and followed by
    /// `suffix` ("1,2 Mio." in German). The divisor differs from the threshold only for CLDR's "0000 M" in Spanish.
    struct CompactUnit: Sendable {
        let threshold: Double
        let divisor: Double
        let suffix: String
        init(_ threshold: Double, _ suffix: String, divisor: Double? = nil) {
            self.threshold = threshold
            self.divisor = divisor ?? threshold
            self.suffix = suffix
        }
    }

    struct MonthNames: Sendable {
        /// "January": CLDR's format/wide.
        let wide: [String]
        /// "Jan", "Jan.", "janv.": format/abbreviated, inside a date ("5. März 2024").
        let abbreviated: [String]
        /// stand-alone/abbreviated, a month on its own (a chart tick: "Mär").
        let standAlone: [String]
    }

    /// CLDR date patterns (availableFormats skeletons, and the medium dateTimeFormat) for the forms Tally shows.
    struct DatePatterns: Sendable {
        /// yMMMd: "Mar 5, 2024", "5. März 2024".
        let day: DatePattern
        /// yMMMM: "March 2024", "marzo de 2024".
        let month: DatePattern
        /// MMMd: "Mar 5", for daily chart ticks.
        let monthDay: DatePattern
        /// yMMM: "Mar 2024", for monthly chart ticks.
        let shortMonth: DatePattern
        /// The short time format: "HH:mm", or "H:mm" in Spanish.
        let time: DatePattern
        /// dateTimeFormats/medium: "{1}, {0}", date first, then time.
        let dateTime: DatePattern
    }

    public var description: String { identifier }

    public static func == (a: FormatLocale, b: FormatLocale) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// Every locale Tally can format for, English (United States) first: the default.
    public static let supported: [FormatLocale] = [.enUS, .enGB, .deDE, .frFR, .esES, .nlNL]

    /// The identifiers of `supported`, for messages: "en-US, en-GB, de-DE, fr-FR, es-ES, nl-NL".
    public static var supportedList: String { supported.map(\.identifier).joined(separator: ", ") }

    /// The supported locale with exactly this identifier (`de-DE`), or nil.
    public static func named(_ identifier: String) -> FormatLocale? {
        supported.first { $0.identifier == identifier }
    }

    /// The problem with an unknown identifier, as one sentence and a hint naming the closest supported locale:
    /// `de_DE` and `de-AT` both suggest `de-DE`.
    public static func unknown(_ identifier: String) -> (message: String, hint: String) {
        let normalized = identifier.replacingUnderscores()
        let sameLanguage = supported.first { $0.language.lowercased() == String(normalized.prefix { $0 != "-" }).lowercased() }
        let suggestion = supported.first { $0.identifier.lowercased() == normalized.lowercased() } ?? sameLanguage
            ?? NameSuggestion.closest(to: normalized, among: supported.map(\.identifier)).flatMap(named)
        let known = "supported locales: " + supportedList
        return ("unknown locale `\(identifier)`",
                suggestion.map { "did you mean `\($0.identifier)`? " + known } ?? known)
    }
}

private extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
