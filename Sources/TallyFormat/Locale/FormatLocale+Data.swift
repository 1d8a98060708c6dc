// The six locales' rules, from the Unicode CLDR JSON data (github.com/unicode-org/cldr-json):
// - separators, minimumGroupingDigits, the percent and currency patterns and the short compact forms from
//   cldr-json/cldr-numbers-full/main/{de,fr,nl}/numbers.json (de: CLDR 44.1, nl: 45) and
//   cldr-json/cldr-numbers-modern/main/es/numbers.json (CLDR 44), with en and en-GB from main/en;
// - currency symbols from main/<locale>/currencies.json of the same releases;
// - month names (format/wide, format/abbreviated, stand-alone/abbreviated), the availableFormats skeletons yMMMd,
//   yMMMM, MMMd and yMMM, timeFormats/short and dateTimeFormats/medium from
//   cldr-json/cldr-dates-full/main/de/ca-gregorian.json (CLDR 44.1) and cldr-dates-modern/main/{fr,es,nl,en-GB}.
// Spaces inside patterns are CLDR's: U+00A0 (no-break space) before "€" and "%", U+202F (narrow no-break space)
// as the French group separator and before the French "%". The strings were checked against ICU's formatters
// through Foundation (a script, never the code): they agree but for the French "%", which the ICU data Swift
// ships spaces with U+00A0 where CLDR now has U+202F.
//
// en-US is Tally's own English, unchanged since before locales: CLDR's en patterns, its "k", "M", "B", "T" compact
// units, the symbols in `Currency` (CLDR's, but the narrow "₦" for NGN) and a 24-hour clock.

extension FormatLocale {
    /// The default: today's output exactly.
    public static let enUS = FormatLocale(
        identifier: "en-US", decimalSeparator: ".", groupSeparator: ",", minimumGroupingDigits: 1, percentSuffix: "%",
        currencyPattern: .symbolFirst, currencySymbols: nil, compactUnits: englishCompact, months: englishMonths,
        patterns: DatePatterns(day: "MMM d, y", month: "MMMM y", monthDay: "MMM d", shortMonth: "MMM y", time: "HH:mm",
                               dateTime: "{1}, {0}"))

    public static let enGB = FormatLocale(
        identifier: "en-GB", decimalSeparator: ".", groupSeparator: ",", minimumGroupingDigits: 1, percentSuffix: "%",
        currencyPattern: .symbolFirst,
        currencySymbols: commonSymbols.merging(["USD": "US$", "JPY": "JP¥"]) { $1 },
        compactUnits: englishCompact, months: englishMonths,
        patterns: DatePatterns(day: "d MMM y", month: "MMMM y", monthDay: "d MMM", shortMonth: "MMM y", time: "HH:mm",
                               dateTime: "{1}, {0}"))

    public static let deDE = FormatLocale(
        identifier: "de-DE", decimalSeparator: ",", groupSeparator: ".", minimumGroupingDigits: 1, percentSuffix: "\u{00A0}%",
        currencyPattern: .symbolLast,
        currencySymbols: commonSymbols.merging(["AUD": "AU$", "PHP": "PHP"]) { $1 },
        // CLDR's German short form has no unit for thousands ("1.000" stays "1.000").
        compactUnits: [.init(1e12, "\u{00A0}Bio."), .init(1e9, "\u{00A0}Mrd."), .init(1e6, "\u{00A0}Mio.")],
        months: MonthNames(
            wide: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
                   "November", "Dezember"],
            abbreviated: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."],
            standAlone: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"]),
        patterns: DatePatterns(day: "d. MMM y", month: "MMMM y", monthDay: "d. MMM", shortMonth: "MMM y", time: "HH:mm",
                               dateTime: "{1}, {0}"))

    public static let frFR = FormatLocale(
        identifier: "fr-FR", decimalSeparator: ",", groupSeparator: "\u{202F}", minimumGroupingDigits: 1,
        percentSuffix: "\u{202F}%", currencyPattern: .symbolLast,
        currencySymbols: ["USD": "$US", "EUR": "€", "GBP": "£GB", "CAD": "$CA", "AUD": "$AU", "NZD": "$NZ", "INR": "₹",
                          "KRW": "₩", "MXN": "$MX", "BRL": "R$", "ILS": "₪", "VND": "₫", "XAF": "FCFA",
                          "XOF": "F\u{202F}CFA"],
        compactUnits: [.init(1e12, "\u{00A0}Bn"), .init(1e9, "\u{00A0}Md"), .init(1e6, "\u{00A0}M"), .init(1e3, "\u{00A0}k")],
        months: MonthNames(
            wide: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
                   "novembre", "décembre"],
            abbreviated: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
            standAlone: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]),
        patterns: DatePatterns(day: "d MMM y", month: "MMMM y", monthDay: "d MMM", shortMonth: "MMM y", time: "HH:mm",
                               dateTime: "{1}, {0}"))

    public static let esES = FormatLocale(
        identifier: "es-ES", decimalSeparator: ",", groupSeparator: ".", minimumGroupingDigits: 2, percentSuffix: "\u{00A0}%",
        currencyPattern: .symbolLast, currencySymbols: ["USD": "US$", "EUR": "€", "VND": "₫"],
        // "0000 M" for thousands of millions, then "00 mil M" from ten thousand millions.
        compactUnits: [.init(1e12, "\u{00A0}B"), .init(1e10, "\u{00A0}mil\u{00A0}M", divisor: 1e9),
                       .init(1e6, "\u{00A0}M"), .init(1e3, "\u{00A0}mil")],
        months: MonthNames(
            wide: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
                   "noviembre", "diciembre"],
            abbreviated: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
            standAlone: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"]),
        patterns: DatePatterns(day: "d MMM y", month: "MMMM 'de' y", monthDay: "d MMM", shortMonth: "MMM y", time: "H:mm",
                               dateTime: "{1}, {0}"))

    public static let nlNL = FormatLocale(
        identifier: "nl-NL", decimalSeparator: ",", groupSeparator: ".", minimumGroupingDigits: 1, percentSuffix: "%",
        currencyPattern: .symbolSpaceSign,
        currencySymbols: commonSymbols.merging(["USD": "US$", "JPY": "JP¥", "CAD": "C$", "AUD": "AU$", "PHP": "PHP"]) { $1 },
        compactUnits: [.init(1e12, "\u{00A0}bln."), .init(1e9, "\u{00A0}mld."), .init(1e6, "\u{00A0}mln."), .init(1e3, "K")],
        months: MonthNames(
            wide: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober",
                   "november", "december"],
            abbreviated: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
            standAlone: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"]),
        patterns: DatePatterns(day: "d MMM y", month: "MMMM y", monthDay: "d MMM", shortMonth: "MMM y", time: "HH:mm",
                               dateTime: "{1}, {0}"))

    /// CLDR's English symbols, which German and Dutch mostly share; NGN and PHP have none there but their code.
    private static let commonSymbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "INR": "₹",
        "CNY": "CN¥", "KRW": "₩", "MXN": "MX$", "BRL": "R$", "ILS": "₪", "HKD": "HK$", "VND": "₫", "PHP": "₱",
        "TWD": "NT$", "XAF": "FCFA", "XOF": "F\u{202F}CFA",
    ]

    private static let englishCompact: [CompactUnit] = [.init(1e12, "T"), .init(1e9, "B"), .init(1e6, "M"), .init(1e3, "k")]

    private static let englishMonths = MonthNames(
        wide: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
               "November", "December"],
        abbreviated: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        standAlone: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
}
