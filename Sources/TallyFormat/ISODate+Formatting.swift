extension ISODate {
    /// "Mar 5, 2024", "March 2024" or "2024", matching the precision the value was given with (Tally's English;
    /// `FormatLocale.date` for another locale).
    public var humanReadable: String { FormatLocale.enUS.date(self) }

    /// "Mar 5, 2024, 14:30" for values with a time, else the same as `humanReadable`.
    public var humanReadableWithTime: String { FormatLocale.enUS.dateTime(self) }

    /// "Jan", "Feb", …
    public var shortMonthName: String { FormatLocale.enUS.shortMonthName(self) }

    /// The canonical ISO text of the date part: "2024-03-05", or "2024-03" and "2024" at coarser precision.
    public var isoDate: String {
        let yyyy = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        switch precision {
        case .year: return yyyy
        case .month: return yyyy + "-" + twoDigits(month)
        default: return yyyy + "-" + twoDigits(month) + "-" + twoDigits(day)
        }
    }

    private func twoDigits(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}
