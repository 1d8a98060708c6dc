extension ISODate {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    /// "Mar 5, 2024", "March 2024" or "2024", matching the precision the value was given with.
    public var humanReadable: String {
        switch precision {
        case .year: return String(year)
        case .month: return ISODate.monthNames[month - 1] + " " + String(year)
        default: return shortMonthName + " " + String(day) + ", " + String(year)
        }
    }

    /// "Mar 5, 2024, 14:30" for values with a time, else the same as `humanReadable`.
    public var humanReadableWithTime: String {
        guard precision >= .minute else { return humanReadable }
        return humanReadable + ", " + twoDigits(hour) + ":" + twoDigits(minute)
    }

    /// "Jan", "Feb", …
    public var shortMonthName: String { String(ISODate.monthNames[month - 1].prefix(3)) }

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
