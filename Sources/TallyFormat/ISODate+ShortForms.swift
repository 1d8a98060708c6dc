extension ISODate {
    /// "Mar 5": day and short month, for daily chart ticks.
    public var shortMonthDay: String { shortMonthName + " " + String(day) }

    /// "Jan 2024": short month and year, for monthly chart ticks.
    public var shortMonthYear: String { shortMonthName + " " + String(year) }
}
