import TallyCharts
import TallyFormat

extension ChartFixture {
    static let parts: [ChartFixture] = [
        ChartFixture(name: "percent-bar", spec: ChartSpec(kind: .percentBar, title: "Share of giving by fund", x: "year",
                                                          y: ["amount_cents"], series: "fund", format: .currency(.code(usd))),
                     data: givingByFund),
        ChartFixture(name: "pie", spec: ChartSpec(kind: .pie, title: "Where the time went", x: "activity", y: ["hours"]),
                     data: ChartData(columns: ["activity", "hours"], rows: [
                         ("Writing", 120), ("Reading", 95), ("Email", 60), ("Meetings", 48), ("Coding", 40), ("Travel", 22),
                         ("Admin", 12), ("Phone", 6), ("Other things", 3),
                     ].map { [.text($0.0), .integer(Int64($0.1))] })),
        ChartFixture(name: "donut", spec: ChartSpec(kind: .donut, title: "Budget", x: "category", y: ["cents"],
                                                    format: .currency(.code(eur))),
                     data: ChartData(columns: ["category", "cents"], rows: [
                         [.text("Rent"), .integer(95_000)], [.text("Food"), .integer(42_050)],
                         [.text("Transport"), .integer(12_000)], [.text("Savings"), .integer(30_000)],
                     ])),
        // Phone-sized: the legend goes below the donut, so long names are not cut short.
        ChartFixture(name: "donut-narrow", spec: ChartSpec(kind: .donut, title: "By cause", x: "cause", y: ["cents"],
                                                           format: .currency(.code(usd)), width: 376),
                     data: ChartData(columns: ["cause", "cents"], rows: [
                         [.text("global health"), .integer(1_046_292)], [.text("neglected tropical diseases"), .integer(817_958)],
                         [.text("malaria"), .integer(628_333)], [.text("cash transfers"), .integer(177_750)],
                     ])),
    ]

    static let special: [ChartFixture] = [
        ChartFixture(name: "calendar", spec: ChartSpec(kind: .calendar, title: "Posting days in 2024", x: "date", y: ["posts"]),
                     data: {
                         var random = FixtureRandom(seed: 3)
                         let start = ISODate(year: 2024, month: 1, day: 1).daysSinceEpoch
                         let rows: [[ChartValue]] = (0..<366).compactMap { offset in
                             let posts = max(0, random.next(-3...4) + offset / 120)
                             return posts == 0 ? nil : [.date(ISODate(daysSinceEpoch: start + offset)), .integer(Int64(posts))]
                         }
                         return ChartData(columns: ["date", "posts"], rows: rows)
                     }()),
        // The 12 months up to Jun 14, 2025: from Jun 15, 2024, across the turn of the year.
        ChartFixture(name: "calendar-months", spec: ChartSpec(kind: .calendar, x: "date", y: ["posts"], months: 12),
                     data: {
                         var random = FixtureRandom(seed: 4)
                         let start = ISODate(year: 2024, month: 3, day: 1).daysSinceEpoch
                         let end = ISODate(year: 2025, month: 6, day: 14).daysSinceEpoch
                         let rows: [[ChartValue]] = (start...end).compactMap { day in
                             let posts = random.next(-2...3)
                             return posts <= 0 ? nil : [.date(ISODate(daysSinceEpoch: day)), .integer(Int64(posts))]
                         } + [[.date(ISODate(daysSinceEpoch: end)), .integer(1)]]
                         return ChartData(columns: ["date", "posts"], rows: rows)
                     }()),
        ChartFixture(name: "histogram", spec: ChartSpec(kind: .histogram, title: "Gift sizes", x: "amount_cents",
                                                        format: .currency(.code(usd))),
                     data: {
                         var random = FixtureRandom(seed: 5)
                         let rows: [[ChartValue]] = (0..<200).map { _ in
                             [.integer(Int64(random.next(500...9_000) + random.next(0...9_000) + random.next(0...4_000)))]
                         }
                         return ChartData(columns: ["amount_cents"], rows: rows)
                     }()),
        ChartFixture(name: "sparkline", spec: ChartSpec(kind: .sparkline, title: "Visits this month", x: "day", y: ["visits"]),
                     data: ChartData(columns: ["day", "visits"], rows: (1...30).map { dayOfMonth in
                         [day(2024, 6, dayOfMonth), .integer(Int64(200 + dayOfMonth * 5 + (dayOfMonth * 37) % 60))]
                     })),
        ChartFixture(name: "progress", spec: ChartSpec(kind: .progress, title: "Giving against pledge", y: ["amount_cents"],
                                                       format: .currency(.code(usd)), target: .value(500_000)),
                     data: ChartData(columns: ["amount_cents"], rows: [[.integer(120_000)], [.integer(95_050)], [.integer(97_000)]])),
        ChartFixture(name: "progress-over", spec: ChartSpec(kind: .progress, y: ["raised"], target: .column("goal")),
                     data: ChartData(columns: ["raised", "goal"], rows: [[.integer(1_240), .integer(1_000)]])),
    ]

    static let edges: [ChartFixture] = [
        ChartFixture(name: "empty-bar", spec: ChartSpec(kind: .bar, x: "year", y: ["total"]),
                     data: ChartData(columns: ["year", "total"], rows: [])),
        ChartFixture(name: "single-point-line", spec: ChartSpec(kind: .line, x: "day", y: ["count"]),
                     data: ChartData(columns: ["day", "count"], rows: [[day(2024, 3, 5), .integer(7)]])),
        ChartFixture(name: "all-zeros", spec: ChartSpec(kind: .bar, x: "name", y: ["value"]),
                     data: ChartData(columns: ["name", "value"], rows: [[.text("a"), .integer(0)], [.text("b"), .integer(0)]])),
        ChartFixture(name: "huge-values", spec: ChartSpec(kind: .bar, x: "name", y: ["value"]),
                     data: ChartData(columns: ["name", "value"], rows: [[.text("small"), .number(2e14)], [.text("big"), .number(1e15)]])),
    ]
}
