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
        return patterns.dateTime.replacingPlaceholders(date: self.date(date), time: format(date, pattern: patterns.time))
    }

    /// A month on its own, for chart ticks: "Mar", "Mär" (CLDR's stand-alone abbreviation).
    public func shortMonthName(_ date: ISODate) -> String { months.standAlone[date.month - 1] }

    /// Day and short month, for daily chart ticks: "Mar 5", "5. März".
    public func shortMonthDay(_ date: ISODate) -> String { format(date, pattern: patterns.monthDay) }

    /// Short month and year, for monthly chart ticks: "Jan 2024", "Jan. 2024".
    public func shortMonthYear(_ date: ISODate) -> String { format(date, pattern: patterns.shortMonth) }

    /// Writes `date` by a CLDR pattern: `d`/`dd` day, `MMM`/`MMMM` month name, `LLL` stand-alone month, `y` year,
    /// `H`/`HH` hour, `mm` minute; text in single quotes is literal. Only the fields Tally's patterns use.
    func format(_ date: ISODate, pattern: String) -> String {
        var result = ""
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                var end = index + 1
                while end < characters.count, characters[end] != "'" { end += 1 }
                result += end == index + 1 ? "'" : String(characters[index + 1..<end])
                index = end + 1
                continue
            }
            var count = 1
            while index + count < characters.count, characters[index + count] == character { count += 1 }
            index += count
            switch (character, count) {
            case ("d", 1): result += String(date.day)
            case ("d", _): result += Self.twoDigits(date.day)
            case ("M", 4...): result += months.wide[date.month - 1]
            case ("M", 3): result += months.abbreviated[date.month - 1]
            case ("L", 3): result += months.standAlone[date.month - 1]
            case ("M", _), ("L", _): result += count == 1 ? String(date.month) : Self.twoDigits(date.month)
            case ("y", _): result += String(date.year)
            case ("H", 1): result += String(date.hour)
            case ("H", _): result += Self.twoDigits(date.hour)
            case ("m", _): result += Self.twoDigits(date.minute)
            default: result += String(repeating: character, count: count)
            }
        }
        return result
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}

private extension String {
    /// A CLDR dateTime pattern with `{1}` (the date) and `{0}` (the time) filled in.
    func replacingPlaceholders(date: String, time: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let brace = rest.firstIndex(of: "{") {
            result += rest[..<brace]
            let after = rest[brace...]
            if after.hasPrefix("{1}") { result += date } else if after.hasPrefix("{0}") { result += time } else { result += "{" }
            rest = after.hasPrefix("{1}") || after.hasPrefix("{0}") ? after.dropFirst(3) : after.dropFirst()
        }
        return result + rest
    }
}
