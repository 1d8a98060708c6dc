import TallyFormat

/// Short date labels that suit the spacing of the dates: "2024" for years, "Jan 2024" then "Feb" for months,
/// "Mar 5" for days (in the chart's locale: "Jan. 2024", "Feb", "5. März"). The year is written where it starts or changes, so every label can be placed in time.
enum DateLabels {
    /// Labels for dates drawn as bar categories, at the coarsest precision among them.
    static func categoryLabels(_ dates: [ISODate], locale: FormatLocale) -> [String] {
        let precision = dates.map(\.precision).min() ?? .day
        let granularity: TimeStep.Unit = precision == .year ? .year : precision == .month ? .month : .day
        return labels(dates, unit: granularity, locale: locale)
    }

    /// Labels for ticks that step by `unit`.
    static func labels(_ dates: [ISODate], unit: TimeStep.Unit, locale: FormatLocale) -> [String] {
        var previousYear: Int?
        return dates.map { date in
            defer { previousYear = date.year }
            switch unit {
            case .year:
                return String(date.year)
            case .month:
                return previousYear == nil || date.month == 1 || previousYear != date.year ? locale.shortMonthYear(date) : locale.shortMonthName(date)
            case .day, .week:
                return locale.shortMonthDay(date)
            }
        }
    }
}
