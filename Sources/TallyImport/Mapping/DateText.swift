import CTallySystem
import TallyFormat

/// Reads dates as the contract stores them: `2024-03-05`, `2024-03-05T14:30:00Z`, `2024-03`.
///
/// ISO 8601 is read by `ISODate`; any other layout needs an explicit `strptime` format (`%m/%d/%Y`,
/// `%d.%m.%Y`), because `03/04/2024` is a different day in Boston and in Berlin and no guess can tell which.
enum DateText {
    enum Kind { case month, date, dateTime }

    /// The contract's text for `text`, or nil when it is not a valid date of that kind.
    static func parse(_ text: String, as kind: Kind, format: String?) -> String? {
        let trimmed = text.trimmed
        let date: ISODate
        if let format {
            guard let parsed = readWithFormat(trimmed, format: format) else { return nil }
            date = parsed
        } else {
            guard let parsed = ISODate(trimmed) else { return nil }
            date = parsed
        }
        // Already as the contract writes it (most rows of most files): kept as it is, with nothing formatted again.
        let length = trimmed.utf8.count
        if format == nil, kind != .month,
           length == 10 || (length == 20 && date.utcOffset == 0 && date.precision == .second && kind == .dateTime && trimmed.utf8.dropFirst(10).first == UInt8(ascii: "T")) {
            return trimmed
        }
        switch kind {
        case .month:
            guard date.precision >= .month else { return nil }
            return pad(date.year, 4) + "-" + pad(date.month, 2)
        case .date:
            guard date.precision >= .day else { return nil }
            return day(date)
        case .dateTime:
            guard date.precision >= .day else { return nil }
            guard date.precision >= .minute else { return day(date) }
            var result = day(date) + "T" + pad(date.hour, 2) + ":" + pad(date.minute, 2) + ":" + pad(date.second, 2)
            if let offset = date.utcOffset {
                result += offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + pad(abs(offset) / 3600, 2) + ":" + pad(abs(offset) % 3600 / 60, 2)
            }
            return result
        }
    }

    /// Reads `text` with the C library's `strptime`, which must consume all of it. glibc's `%Y` also takes two
    /// digits (`24` would be the year 24), so a year before 1000 is refused rather than stored.
    private static func readWithFormat(_ text: String, format: String) -> ISODate? {
        var year: Int32 = 0, month: Int32 = 0, day: Int32 = 0, hour: Int32 = 0, minute: Int32 = 0, second: Int32 = 0, offset = 0
        guard tally_parse_date(text, format, &year, &month, &day, &hour, &minute, &second, &offset) == 1, year >= 1000 else { return nil }
        guard (1...12).contains(month), (1...ISODate.daysIn(month: Int(month), year: Int(year))).contains(Int(day)) else { return nil }
        let hasTime = ["%H", "%I", "%M", "%S", "%T", "%R", "%r", "%c", "%X", "%k", "%l"].contains { format.contains($0) }
        return ISODate(year: Int(year), month: Int(month), day: Int(day), hour: Int(hour), minute: Int(minute), second: Int(second),
                       utcOffset: format.contains("%z") ? offset : nil, precision: hasTime ? .second : .day)
    }

    private static func day(_ date: ISODate) -> String {
        pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
