// Renders a 12-bar chart and a 365-day calendar heatmap in a loop and prints charts per second.
// Build and run in release mode: swift build -c release --product tally-chart-bench && .build/release/tally-chart-bench
import TallyCharts
import TallyFormat

/// One benchmark case: a spec, its data and how many renders to time.
struct BenchCase {
    let name: String
    let spec: ChartSpec
    let data: ChartData
    let iterations: Int
}

let barData = ChartData(columns: ["year", "total_cents"], rows: (0..<12).map { index in
    [.integer(Int64(2013 + index)), .integer(Int64(120_000 + index * 53_791 % 400_000))]
})
let calendarStart = ISODate(year: 2024, month: 1, day: 1).daysSinceEpoch
let calendarData = ChartData(columns: ["date", "posts"], rows: (0..<365).map { offset in
    [.date(ISODate(daysSinceEpoch: calendarStart + offset)), .integer(Int64(offset * 7 % 5))]
})
let usd = Currency.lookup("USD").map { ValueFormat.currency(.code($0)) } ?? .plain

let cases = [
    BenchCase(name: "12-bar chart", spec: ChartSpec(kind: .bar, title: "Giving by year", x: "year", y: ["total_cents"],
                                                    format: usd), data: barData, iterations: 100_000),
    BenchCase(name: "365-day calendar heatmap", spec: ChartSpec(kind: .calendar, title: "Posting days", x: "date", y: ["posts"]),
              data: calendarData, iterations: 2_000),
]

// An argument picks the cases whose names contain it ("bar", "calendar"); without one, all run.
let filter = CommandLine.arguments.dropFirst().first
let clock = ContinuousClock()
for benchCase in cases where filter.map({ benchCase.name.contains($0) }) ?? true {
    var bytes = 0
    do {
        for index in 0..<max(1, benchCase.iterations / 10) {
            bytes &+= try ChartRenderer.render(benchCase.spec, data: benchCase.data, idPrefix: "w\(index)").svg.utf8.count
        }
        let elapsed = try clock.measure {
            for index in 0..<benchCase.iterations {
                bytes &+= try ChartRenderer.render(benchCase.spec, data: benchCase.data, idPrefix: "c\(index)").svg.utf8.count
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let perSecond = Int((Double(benchCase.iterations) / seconds).rounded())
        let microseconds = seconds / Double(benchCase.iterations) * 1e6
        let sample = try ChartRenderer.render(benchCase.spec, data: benchCase.data, idPrefix: "chart-1")
        print("\(benchCase.name): \(perSecond) charts/s (\(NumberText.decimal(microseconds, decimals: 1)) µs each, "
            + "\(benchCase.iterations) renders, SVG \(sample.svg.utf8.count) bytes, table \(sample.table.utf8.count) bytes)")
    } catch {
        print("\(benchCase.name): failed: \(error)")
    }
    if bytes == 0 { print("(no output)") }
}
