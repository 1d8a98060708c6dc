import TallyCharts
import TallyFormat

extension ChartFixture {
    /// One fixture per chart type and edge case; each has a golden SVG in Snapshots/.
    static let all: [ChartFixture] = basic + series + parts + special + edges

    static let basic: [ChartFixture] = [
        ChartFixture(name: "bar-12", spec: ChartSpec(kind: .bar, title: "Giving by year", x: "year", y: ["total_cents"],
                                                     format: .currency(.code(usd))), data: givingByYear),
        ChartFixture(name: "bar-6", spec: ChartSpec(kind: .bar, title: "Posts by category", x: "category", y: ["posts"]),
                     data: ChartData(columns: ["category", "posts"], rows: [
                         [.text("Essays"), .integer(42)], [.text("Notes"), .integer(118)], [.text("Links"), .integer(77)],
                         [.text("Photos"), .integer(23)], [.text("Talks"), .integer(9)], [.text("Reviews"), .integer(31)],
                     ])),
        ChartFixture(name: "bar-negative", spec: ChartSpec(kind: .bar, title: "Net balance by month", x: "month",
                                                           y: ["net_cents"], format: .currency(.code(eur))),
                     data: ChartData(columns: ["month", "net_cents"], rows: (1...12).map { index in
                         [month(2024, index), .integer(Int64([42_000, -13_500, 8_000, 27_250, -31_000, 12_000,
                                                              5_500, -2_000, 19_000, 33_000, -8_000, 45_000][index - 1]))]
                     })),
        ChartFixture(name: "hbar", spec: ChartSpec(kind: .horizontalBar, title: "Most read posts", x: "post", y: ["reads"],
                                                   format: .compact),
                     data: ChartData(columns: ["post", "reads"], rows: [
                         [.text("Why I keep a paper notebook"), .integer(18_400)],
                         [.text("Moving my site to a static generator & back"), .integer(12_900)],
                         [.text("Bread <3"), .integer(9_300)], [.text("On \"quiet\" software"), .integer(7_050)],
                         [.text("A year of cycling to work"), .integer(4_800)], [.text("Notes"), .integer(1_250)],
                     ])),
    ]

    static let series: [ChartFixture] = [
        ChartFixture(name: "grouped-bar", spec: ChartSpec(kind: .groupedBar, title: "Income and spending", x: "quarter",
                                                          y: ["income", "spending"], format: .currency(.code(usd))),
                     data: ChartData(columns: ["quarter", "income", "spending"], rows: [
                         [.text("Q1"), .integer(1_250_000), .integer(980_000)], [.text("Q2"), .integer(1_410_000), .integer(1_390_000)],
                         [.text("Q3"), .integer(1_180_000), .integer(1_020_000)], [.text("Q4"), .integer(1_620_000), .integer(1_240_000)],
                     ])),
        ChartFixture(name: "stacked-bar", spec: ChartSpec(kind: .stackedBar, title: "Giving by fund", x: "year",
                                                          y: ["amount_cents"], series: "fund", format: .currency(.code(usd))),
                     data: givingByFund),
        ChartFixture(name: "line-time", spec: ChartSpec(kind: .line, title: "Visits by section", x: "month", y: ["visits"],
                                                        series: "section"), data: visitsByMonth),
        ChartFixture(name: "line-number", spec: ChartSpec(kind: .line, title: "Response time by load", x: "users",
                                                          y: ["p50_ms", "p95_ms"]),
                     data: ChartData(columns: ["users", "p50_ms", "p95_ms"], rows: [10, 50, 100, 250, 500, 750, 1000].map { users in
                         [.integer(Int64(users)), .number(12 + Double(users) * 0.02), .number(20 + Double(users) * 0.09)]
                     })),
        ChartFixture(name: "line-category", spec: ChartSpec(kind: .line, title: "Coffee by weekday", x: "weekday", y: ["cups"]),
                     data: ChartData(columns: ["weekday", "cups"], rows: zip(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
                                                                              [3, 2.5, 3, 4, 2, 1, 1.5]).map { [.text($0), .number($1)] })),
        ChartFixture(name: "area", spec: ChartSpec(kind: .area, title: "Subscribers", x: "day", y: ["subscribers"]),
                     data: ChartData(columns: ["day", "subscribers"], rows: (0..<90).map { offset in
                         [.date(ISODate(daysSinceEpoch: 19_723 + offset)), .integer(Int64(400 + offset * 3 + offset % 7 * 4))]
                     })),
        ChartFixture(name: "stacked-area", spec: ChartSpec(kind: .stackedArea, title: "Visits by section, stacked",
                                                           x: "month", y: ["visits"], series: "section"), data: visitsByMonth),
    ]
}
