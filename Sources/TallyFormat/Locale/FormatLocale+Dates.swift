extension FormatLocale {
    /// A date at its precision: "2024", "March 2024" (yMMMM) or "Mar 5, 2024" (yMMMd); "5. März 2024" in German.
    public func date(_ date: ISODate) -> String {
        switch date.precision {
        case .year: return String(date.year)
        case .month: return format(date, pattern: patterns.month)
        default: return format(date, pattern: patterns.day)
        }
    }

    /// A date with its time when it has one, by CLDR's medium dateTimeFormat: "Mar 5, 2024, 14:30".
    public func dateTime(_ date: ISODate) -> String {
        guard date.precision >= .minute else { return self.date(date) }
        return format(date, pattern: patterns.dateTime)
    }

    /// A month on its own, for chart ticks: "Mar", "Mär" (CLDR's stand-alone abbreviation).
    public func shortMonthName(_ date: ISODate) -> String { months.standAlone[date.month - 1] }

    /// Day and short month, for daily chart ticks: "Mar 5", "5. März".
    public func shortMonthDay(_ date: ISODate) -> String { format(date, pattern: patterns.monthDay) }

    /// Short month and year, for monthly chart ticks: "Jan 2024", "Jan. 2024".
    public func shortMonthYear(_ date: ISODate) -> String { format(date, pattern: patterns.shortMonth) }

    /// `date` written by `pattern`; a date-time pattern's `{1}` is `date(_:)`, its `{0}` the time.
    func format(_ date: ISODate, pattern: DatePattern) -> String {
        var result = ""
        for part in pattern.parts {
            switch part {
            case .literal(let text): result += text
            case .day(let width): result += width == 1 ? String(date.day) : Self.twoDigits(date.day)
            case .month(let width) where width >= 4: result += months.wide[date.month - 1]
            case .month(3): result += months.abbreviated[date.month - 1]
            case .month(let width): result += width == 1 ? String(date.month) : Self.twoDigits(date.month)
            case .standAloneMonth: result += months.standAlone[date.month - 1]
            case .year: result += String(date.year)
            case .hour(let width): result += width == 1 ? String(date.hour) : Self.twoDigits(date.hour)
            case .minute: result += Self.twoDigits(date.minute)
            case .date: result += self.date(date)
            case .time: result += format(date, pattern: patterns.time)
            }
        }
        return result
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}
