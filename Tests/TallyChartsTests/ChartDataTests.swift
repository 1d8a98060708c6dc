@testable import TallyCharts
import TallyFormat
import Testing

/// Query results from TallyFormat's `DataTable`, as the site hands them over.
struct ChartDataTests {
    @Test func readsISOTextColumnsAsDates() {
        let table = DataTable(columns: ["month", "year", "name", "total"], rows: [
            [.text("2024-01"), .text("2024"), .text("a"), .integer(5)],
            [.text("2024-02-15 10:00:00"), .text("2025"), .text("2024-03"), .real(2.5)],
            [.null, .null, .null, .null],
        ])
        let data = ChartData(table)
        #expect(data.columns == ["month", "year", "name", "total"])
        #expect(data.rows[0] == [.date(ISODate(year: 2024, month: 1, precision: .month)), .text("2024"), .text("a"), .integer(5)])
        #expect(data.rows[1][0] == .date(ISODate("2024-02-15 10:00:00")!))
        #expect(data.rows[1][2] == .text("2024-03"))
        #expect(data.rows[1][3] == .number(2.5))
        #expect(data.rows[2] == [.null, .null, .null, .null])
    }

    @Test func aConvertedTableDrawsATimeAxis() throws {
        let table = DataTable(columns: ["month", "posts"], rows: (1...12).map { [.text("2024-" + (($0 < 10) ? "0" : "") + String($0)), .integer(Int64($0))] })
        let chart = try ChartRenderer.render(ChartSpec(kind: .line, x: "month", y: ["posts"]), data: ChartData(table), idPrefix: "t")
        #expect(chart.svg.contains(">Jan 2024</text>"))
        #expect(chart.svg.contains("Trend: rising, from 1 in January 2024 to 12 in December 2024."))
    }

    @Test func aRollingCalendarShowsTheMonthsUpToTheLatestDate() throws {
        let data = ChartData(columns: ["d"], rows: [[.text("2024-06-14")], [.text("2024-06-15")], [.text("2025-06-14")]])
        let chart = try ChartRenderer.render(ChartSpec(kind: .calendar, x: "d", months: 12), data: data, idPrefix: "c")
        #expect(chart.title == "entries per day in the 12 months to Jun 14, 2025")
        #expect(chart.svg.contains("<title>Jun 15, 2024: 1</title>") && !chart.svg.contains("Jun 14, 2024"))
        #expect(chart.svg.contains("2 of 365 days have some, 2 in all"))
    }

    /// A window ending on Monday Aug 3 has August's first Monday in its last column, with no room after it for the
    /// name: the column is left unnamed rather than "Aug" cut at the edge. July's name, with room, stays.
    @Test func aMonthWhoseNameWouldRunPastTheEdgeIsNotNamed() throws {
        let data = ChartData(columns: ["d"], rows: [[.text("2026-03-02")], [.text("2026-08-03")]])
        let chart = try ChartRenderer.render(ChartSpec(kind: .calendar, x: "d", months: 12), data: data, idPrefix: "c")
        let root = try #require(XMLTree.parse(chart.svg).root)
        let width = try #require(root.attributes["viewBox"].flatMap { Double($0.split(separator: " ")[2]) })
        let months = try #require(root.descendants.first { $0.classes == ["tk"] }).children.filter { $0.name == "text" }
        #expect(months.map(\.allText).contains("Jul") && !months.map(\.allText).contains("Aug"))
        for month in months {
            let x = try #require(Double(month.attributes["x"] ?? ""))
            #expect(x + TextMetrics.width(month.allText, fontSize: 13) <= width)
        }
    }
}
