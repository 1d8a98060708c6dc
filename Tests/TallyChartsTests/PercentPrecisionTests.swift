import TallyCharts
import Testing

/// A column of percents is written with one precision: one decimal for every value when any needs it.
struct PercentPrecisionTests {
    /// 0.64 and 0.51 are whole percents, 0.5641 is not: the table writes all three with one decimal.
    @Test func aPercentSeriesTableUsesOneDecimalForEveryValue() throws {
        let spec = ChartSpec(kind: .sparkline, title: "Share voting yes", x: "n", y: ["share"], format: .percent)
        let data = ChartData(columns: ["n", "share"], rows: [[.integer(1), .number(0.64)], [.integer(2), .number(0.5641)], [.integer(3), .number(0.51)]])
        let chart = try ChartRenderer.render(spec, data: data, idPrefix: "s")
        #expect(chart.table.contains("<td>64.0%</td>"))
        #expect(chart.table.contains("<td>56.4%</td>"))
        #expect(chart.table.contains("<td>51.0%</td>"))
        #expect(chart.svg.contains("from 64.0% (1) to 51.0% (3); lowest 51.0%, highest 64.0%"))
    }

    @Test func aSeriesOfWholePercentsStaysWhole() throws {
        let spec = ChartSpec(kind: .sparkline, title: "Share voting yes", x: "n", y: ["share"], format: .percent)
        let data = ChartData(columns: ["n", "share"], rows: [[.integer(1), .number(0.64)], [.integer(2), .number(0.5)]])
        let chart = try ChartRenderer.render(spec, data: data, idPrefix: "s")
        #expect(chart.table.contains("<td>64%</td>"))
        #expect(chart.table.contains("<td>50%</td>"))
    }
}
