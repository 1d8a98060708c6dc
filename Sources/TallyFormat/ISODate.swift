/// A date or date-time read from ISO 8601 text: "2024-03-05", "2024-03", "2024", "2024-03-05T14:30:00Z",
/// "2024-03-05 14:30:00" (SQLite's own form) or with an offset such as "+02:00".
public struct ISODate: Sendable, Hashable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Offset from UTC in seconds when the text gave one ("Z" is 0); nil for a local or date-only value.
    public var utcOffset: Int?
    /// How much of the value the text gave.
    public var precision: Precision

    public enum Precision: Int, Sendable, Comparable {
        case year, month, day, minute, second
        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    public init(year: Int, month: Int = 1, day: Int = 1, hour: Int = 0, minute: Int = 0, second: Int = 0,
                utcOffset: Int? = nil, precision: Precision = .day) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        self.utcOffset = utcOffset
        self.precision = precision
    }

    /// Parses ISO 8601 text; nil when the text is not a valid date (month 13, February 30, stray characters).
    public init?(_ text: String) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4) else { return nil }
        self.init(year: year, precision: .year)
        if scanner.atEnd { return }
        guard scanner.take(UInt8(ascii: "-")), let month = scanner.number(digits: 2), (1...12).contains(month) else { return nil }
        self.month = month
        precision = .month
        if scanner.atEnd { return }
        guard scanner.take(UInt8(ascii: "-")), let day = scanner.number(digits: 2),
              (1...ISODate.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.day = day
        precision = .day
        if scanner.atEnd { return }
        guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: " ")),
              let hour = scanner.number(digits: 2), hour < 24,
              scanner.take(UInt8(ascii: ":")), let minute = scanner.number(digits: 2), minute < 60 else { return nil }
        (self.hour, self.minute, precision) = (hour, minute, .minute)
        if scanner.take(UInt8(ascii: ":")) {
            guard let second = scanner.number(digits: 2), second < 61 else { return nil }
            (self.second, precision) = (min(second, 59), .second)
            if scanner.take(UInt8(ascii: ".")) { guard scanner.skipDigits() else { return nil } }
        }
        if scanner.atEnd { return }
        if scanner.take(UInt8(ascii: "Z")) {
            utcOffset = 0
        } else {
            let sign: Int
            if scanner.take(UInt8(ascii: "+")) { sign = 1 } else if scanner.take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
            guard let hours = scanner.number(digits: 2), hours <= 18 else { return nil }
            _ = scanner.take(UInt8(ascii: ":"))
            let minutes = scanner.atEnd ? 0 : (scanner.number(digits: 2) ?? 99)
            guard minutes < 60 else { return nil }
            utcOffset = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.atEnd else { return nil }
    }

    /// Days since 1970-01-01 of the calendar date (proleptic Gregorian; Howard Hinnant's algorithm).
    public var daysSinceEpoch: Int { ISODate.days(year: year, month: month, day: day) }

    /// Seconds since 1970-01-01T00:00 of the wall-clock value, ignoring `utcOffset`.
    public var localSeconds: Int { daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second }

    /// 0 = Monday … 6 = Sunday.
    public var weekday: Int { ((daysSinceEpoch % 7) + 7 + 3) % 7 }

    /// The same instant moved to a zone `offset` seconds from UTC; a value without an offset is returned unchanged.
    public func converted(toOffset offset: Int) -> ISODate {
        guard let current = utcOffset, precision >= .minute else { return self }
        let seconds = localSeconds - current + offset
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        var moved = ISODate(daysSinceEpoch: days, precision: precision)
        let secondOfDay = seconds - days * 86_400
        (moved.hour, moved.minute, moved.second) = (secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
        moved.utcOffset = offset
        return moved
    }

    /// The calendar date `days` after 1970-01-01.
    public init(daysSinceEpoch days: Int, precision: Precision = .day) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day, precision: precision)
    }

    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (a: ISODate, b: ISODate) -> Bool { a.localSeconds < b.localSeconds }
}

/// Reads fixed-width ASCII digits and single characters from UTF-8 bytes.
private struct DigitScanner {
    let bytes: [UInt8]
    var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var atEnd: Bool { index == bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        index += digits
        return value
    }

    mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
        return index > start
    }
}
