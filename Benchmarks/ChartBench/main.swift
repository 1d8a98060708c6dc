// Renders a 12-bar chart and a 365-day calendar heatmap in a loop and prints charts per second.
// Build and run in release mode:
//   swift build -c release --product tally-chart-bench && .build/release/tally-chart-bench [bar|calendar]
import TallyCharts
import TallyFormat

/// One benchmark case: a spec, its data and how many renders to time in each round.
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
                                                    format: usd), data: barData, iterations: 20_000),
    BenchCase(name: "365-day calendar heatmap", spec: ChartSpec(kind: .calendar, title: "Posting days", x: "date", y: ["posts"]),
              data: calendarData, iterations: 400),
]
// A second argument overrides the renders per round, e.g. for a short run under a profiler.
let iterationOverride = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) }
let rounds = 7

/// Seconds taken to render `benchCase` `count` times; `sink` keeps the work from being optimised away.
func timeRenders(_ benchCase: BenchCase, count: Int, sink: inout Int) throws -> Double {
    let elapsed = try ContinuousClock().measure {
        for index in 0..<count {
            sink &+= try ChartRenderer.render(benchCase.spec, data: benchCase.data, idPrefix: "c\(index)").svg.utf8.count
        }
    }
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

// An argument picks the cases whose names contain it ("bar", "calendar"); without one, all run.
let filter = CommandLine.arguments.dropFirst().first
var sink = 0
for benchCase in cases where filter.map({ benchCase.name.contains($0) }) ?? true {
    do {
        let iterations = iterationOverride ?? benchCase.iterations
        _ = try timeRenders(benchCase, count: max(1, iterations / 4), sink: &sink)
        var rates: [Double] = []
        for _ in 0..<rounds { rates.append(Double(iterations) / (try timeRenders(benchCase, count: iterations, sink: &sink))) }
        rates.sort()
        let sample = try ChartRenderer.render(benchCase.spec, data: benchCase.data, idPrefix: "chart-1")
        let best = rates[rates.count - 1]
        let median = rates[rates.count / 2]
        print("\(benchCase.name): best \(NumberText.decimal(best)) charts/s (\(NumberText.decimal(1e6 / best, decimals: 1)) µs), "
            + "median \(NumberText.decimal(median)) charts/s over \(rounds) rounds of \(iterations); "
            + "SVG \(sample.svg.utf8.count) bytes, table \(sample.table.utf8.count) bytes")
    } catch {
        print("\(benchCase.name): failed: \(error)")
    }
}
if sink == 0 { print("no output") }
