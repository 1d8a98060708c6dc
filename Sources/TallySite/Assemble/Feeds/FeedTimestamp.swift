import Foundation
import TallyFormat

/// An Atom date (RFC 3339, `2024-03-05T14:30:00-05:00`) made from an ISO 8601 value, with its instant for sorting.
/// A value without a UTC offset is read in the site's timezone; a date without a time is taken at midnight.
struct FeedTimestamp: Sendable, Comparable {
    /// Seconds since 1970-01-01T00:00Z.
    let instant: Int
    let text: String

    init?(_ value: String, timezone: TimeZone) {
        guard let date = ISODate(value) else { return nil }
        let offset = date.utcOffset ?? FeedTimestamp.offset(of: date, in: timezone)
        instant = date.localSeconds - offset
        text = date.isoDate(precision: .day) + "T" + FeedTimestamp.twoDigits(date.hour) + ":" + FeedTimestamp.twoDigits(date.minute)
            + ":" + FeedTimestamp.twoDigits(date.second) + FeedTimestamp.offsetText(offset)
    }

    /// The zone's offset at that wall-clock time (checked twice, so the hours around a change of offset come out right).
    private static func offset(of date: ISODate, in timezone: TimeZone) -> Int {
        let guess = timezone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(date.localSeconds)))
        return timezone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(date.localSeconds - guess)))
    }

    private static func offsetText(_ seconds: Int) -> String {
        guard seconds != 0 else { return "Z" }
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }

    static func < (a: Self, b: Self) -> Bool { (a.instant, a.text) < (b.instant, b.text) }

    /// The feed's own `updated` when it has no entries: a fixed date, so builds stay byte-identical.
    static let epoch = "1970-01-01T00:00:00Z"
}

private extension ISODate {
    /// `YYYY-MM-DD`, whatever precision the value was given with (a month or a year starts on its first day).
    func isoDate(precision: Precision) -> String {
        var copy = self
        copy.precision = max(self.precision, precision)
        return copy.isoDate
    }
}
