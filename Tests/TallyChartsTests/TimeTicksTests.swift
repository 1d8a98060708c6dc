@testable import TallyCharts
import TallyFormat
import Testing

struct TimeTicksTests {
    @Test(arguments: [
        (365.0, 12, TimeStep(unit: .month, count: 1)), (365, 4, TimeStep(unit: .month, count: 3)),
        (14, 7, TimeStep(unit: .day, count: 2)), (10, 10, TimeStep(unit: .day, count: 1)),
        (60, 8, TimeStep(unit: .week, count: 1)), (3652, 5, TimeStep(unit: .year, count: 2)),
        (1826, 5, TimeStep(unit: .year, count: 1)), (0.5, 5, TimeStep(unit: .day, count: 1)),
    ])
    func chooseBySpanOverCount(_ span: Double, _ count: Int, _ expected: TimeStep) {
        #expect(TimeStep.choose(spanDays: span, tickCount: count) == expected)
    }

    static func day(_ text: String) -> Double { Double(ISODate(text)?.daysSinceEpoch ?? 0) }

    @Test func quarterTicksFallOnJanuaryAprilJulyOctober() {
        let ticks = TimeStep(unit: .month, count: 3).ticks(fromDay: Self.day("2023-11-15"), toDay: Self.day("2024-12-31"))
        #expect(ticks.map(\.isoDate) == ["2024-01-01", "2024-04-01", "2024-07-01", "2024-10-01"])
    }

    @Test func weeklyTicksFallOnMondays() {
        let ticks = TimeStep(unit: .week, count: 1).ticks(fromDay: Self.day("2024-03-01"), toDay: Self.day("2024-03-20"))
        #expect(ticks.map(\.isoDate) == ["2024-03-04", "2024-03-11", "2024-03-18"])
    }

    @Test func twoDayTicksRestartEachMonth() {
        let ticks = TimeStep(unit: .day, count: 2).ticks(fromDay: Self.day("2024-01-28"), toDay: Self.day("2024-02-04"))
        #expect(ticks.map(\.isoDate) == ["2024-01-29", "2024-01-31", "2024-02-01", "2024-02-03"])
    }

    @Test func yearTicks() {
        let ticks = TimeStep(unit: .year, count: 2).ticks(fromDay: Self.day("2015-06-01"), toDay: Self.day("2022-01-01"))
        #expect(ticks.map(\.isoDate) == ["2016-01-01", "2018-01-01", "2020-01-01", "2022-01-01"])
    }

    @Test func labelsSuitTheGranularity() {
        let months = ["2024-11-01", "2024-12-01", "2025-01-01", "2025-02-01"].compactMap(ISODate.init)
        #expect(DateLabels.labels(months, unit: .month, locale: .enUS) == ["Nov 2024", "Dec", "Jan 2025", "Feb"])
        #expect(DateLabels.labels(months, unit: .year, locale: .enUS) == ["2024", "2024", "2025", "2025"])
        #expect(DateLabels.labels(months, unit: .day, locale: .enUS) == ["Nov 1", "Dec 1", "Jan 1", "Feb 1"])
        let years = ["2023", "2024"].compactMap(ISODate.init)
        #expect(DateLabels.categoryLabels(years, locale: .enUS) == ["2023", "2024"])
    }

    @Test func monthlyDataNeverGetsWeeklyTicks() {
        let start = Self.day("2024-01-01")
        let end = Self.day("2024-02-01")
        let scale = LinearScale(exact: start, end, range: (0, 600))
        let ticks = XAxisTicks.dates(start, end, precision: .month, scale: scale, width: 600, locale: .enUS)
        #expect(ticks.labels == ["Jan 2024", "Feb"])
    }
}
