import TallyFormat
import Testing

struct ISODateTests {
    @Test(arguments: ["2024-03-05", "2024-03", "2024", "2024-03-05T14:30:00Z", "2024-03-05 14:30:00",
                      "2024-03-05T14:30+02:00", "2024-03-05T14:30:00.123-05:30", "2024-02-29", "2000-02-29"])
    func parsesValidText(_ text: String) {
        #expect(ISODate(text) != nil)
    }

    @Test(arguments: ["2024-13-01", "2023-02-29", "1900-02-29", "2024-04-31", "2024-3-5", "24-03-05", "2024-03-05T25:00",
                      "2024-03-05T12:60", "2024-03-05x", "", "abcd", "2024-03-05T14:30:00.", "2024-03-05T14:30+19:00"])
    func rejectsInvalidText(_ text: String) {
        #expect(ISODate(text) == nil)
    }

    @Test func readsFieldsAndPrecision() throws {
        let date = try #require(ISODate("2024-03-05T14:30:15+02:00"))
        #expect((date.year, date.month, date.day, date.hour, date.minute, date.second) == (2024, 3, 5, 14, 30, 15))
        #expect(date.utcOffset == 7200)
        #expect(date.precision == .second)
        #expect(ISODate("2024-03")?.precision == .month)
        #expect(ISODate("2024")?.precision == .year)
        #expect(ISODate("2024-03-05T14:30Z")?.utcOffset == 0)
    }

    @Test func leapYears() {
        #expect(ISODate.daysIn(month: 2, year: 2024) == 29)
        #expect(ISODate.daysIn(month: 2, year: 2023) == 28)
        #expect(ISODate.daysIn(month: 2, year: 2000) == 29)
        #expect(ISODate.daysIn(month: 2, year: 1900) == 28)
    }

    @Test(arguments: [(1970, 1, 1, 0), (1970, 1, 2, 1), (1969, 12, 31, -1), (2000, 3, 1, 11_017), (2024, 2, 29, 19_782)])
    func daysSinceEpoch(_ year: Int, _ month: Int, _ day: Int, _ days: Int) {
        #expect(ISODate(year: year, month: month, day: day).daysSinceEpoch == days)
        #expect(ISODate(daysSinceEpoch: days) == ISODate(year: year, month: month, day: day))
    }

    @Test func daysSinceEpochRoundTripsOverFourCenturies() {
        for days in stride(from: -146_097, through: 146_097, by: 97) {
            #expect(ISODate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
    }

    @Test(arguments: [("1970-01-01", 3), ("2024-03-04", 0), ("2024-03-10", 6), ("1969-12-31", 2), ("2000-01-01", 5)])
    func weekdayCountsFromMonday(_ text: String, _ weekday: Int) {
        #expect(ISODate(text)?.weekday == weekday)
    }

    @Test func convertedMovesTheInstantAcrossMidnight() throws {
        let date = try #require(ISODate("2024-03-05T23:30:00-02:00"))
        let utc = date.converted(toOffset: 0)
        #expect((utc.year, utc.month, utc.day, utc.hour, utc.minute, utc.utcOffset) == (2024, 3, 6, 1, 30, 0))
        let tokyo = try #require(ISODate("2024-01-01T00:15:00Z")).converted(toOffset: 9 * 3600)
        #expect((tokyo.day, tokyo.hour, tokyo.minute) == (1, 9, 15))
        let back = try #require(ISODate("2024-01-01T00:15:00Z")).converted(toOffset: -3600)
        #expect((back.year, back.month, back.day, back.hour) == (2023, 12, 31, 23))
        #expect(ISODate("2024-03-05")?.converted(toOffset: 3600) == ISODate("2024-03-05"))
    }

    @Test func humanReadableForms() {
        #expect(ISODate("2024-03-05")?.humanReadable == "Mar 5, 2024")
        #expect(ISODate("2024-03")?.humanReadable == "March 2024")
        #expect(ISODate("2024")?.humanReadable == "2024")
        #expect(ISODate("2024-03-05T09:05")?.humanReadableWithTime == "Mar 5, 2024, 09:05")
        #expect(ISODate("2024-03-05")?.isoDate == "2024-03-05")
        #expect(ISODate("2024-03-05")?.shortMonthDay == "Mar 5")
        #expect(ISODate("2024-01-20")?.shortMonthYear == "Jan 2024")
    }

    @Test func ordersByWallClock() throws {
        let earlier = try #require(ISODate("2024-03-05"))
        let later = try #require(ISODate("2024-03-05T00:00:01"))
        #expect(earlier < later)
    }
}
