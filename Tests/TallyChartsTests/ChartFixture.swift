import TallyCharts
import TallyFormat
import Testing

/// A named chart with its data: the cases the snapshot, XML and accessibility tests all run over.
struct ChartFixture: Sendable, CustomTestStringConvertible {
    let name: String
    let spec: ChartSpec
    let data: ChartData

    var testDescription: String { name }

    func render() throws -> RenderedChart {
        try ChartRenderer.render(spec, data: data, idPrefix: "c-" + name)
    }
}

/// Reproducible pseudo-random numbers for fixtures (a 64-bit LCG), so fixtures never change between runs.
struct FixtureRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ range: ClosedRange<Int>) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int((state >> 33) % span)
    }
}

extension ChartFixture {
    static let usd = Currency.lookup("USD")!
    static let eur = Currency.lookup("EUR")!

    static func month(_ year: Int, _ month: Int) -> ChartValue {
        .date(ISODate(year: year, month: month, precision: .month))
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> ChartValue {
        .date(ISODate(year: year, month: month, day: day))
    }

    /// Giving by year, 2013–2024, in USD cents.
    static let givingByYear = ChartData(columns: ["year", "total_cents"], rows: [
        [.integer(2013), .integer(120_000)], [.integer(2014), .integer(185_050)], [.integer(2015), .integer(210_000)],
        [.integer(2016), .integer(198_000)], [.integer(2017), .integer(264_525)], [.integer(2018), .integer(301_000)],
        [.integer(2019), .integer(355_000)], [.integer(2020), .integer(412_075)], [.integer(2021), .integer(980_000)],
        [.integer(2022), .integer(505_000)], [.integer(2023), .integer(610_000)], [.integer(2024), .integer(750_000)],
    ])

    /// Giving by year and fund, for series charts.
    static let givingByFund: ChartData = {
        var rows: [[ChartValue]] = []
        var random = FixtureRandom(seed: 7)
        for year in 2019...2024 {
            for fund in ["Local relief", "Schools", "Clean water"] {
                rows.append([.integer(Int64(year)), .text(fund), .integer(Int64(random.next(40...260) * 1000))])
            }
        }
        return ChartData(columns: ["year", "fund", "amount_cents"], rows: rows)
    }()

    /// Monthly visitors to three sections over 2024.
    static let visitsByMonth: ChartData = {
        var rows: [[ChartValue]] = []
        var random = FixtureRandom(seed: 11)
        for monthIndex in 1...12 {
            rows.append([month(2024, monthIndex), .text("Blog"), .integer(Int64(1200 + monthIndex * 150 + random.next(0...300)))])
            rows.append([month(2024, monthIndex), .text("Notes"), .integer(Int64(900 + random.next(0...250)))])
            rows.append([month(2024, monthIndex), .text("Photos"), .integer(Int64(1900 - monthIndex * 60 + random.next(0...200)))])
        }
        return ChartData(columns: ["month", "section", "visits"], rows: rows)
    }()
}
