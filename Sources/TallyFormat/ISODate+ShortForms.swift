extension ISODate {
    /// "Mar 5": day and short month, for daily chart ticks.
    public var shortMonthDay: String { FormatLocale.enUS.shortMonthDay(self) }

    /// "Jan 2024": short month and year, for monthly chart ticks.
    public var shortMonthYear: String { FormatLocale.enUS.shortMonthYear(self) }
}
