import TallyCharts
import TallyFormat
import Testing

/// Rows in several currencies are drawn as one chart per currency, never added together or put on one axis.
struct CurrencyPanelsTests {
    static let gifts = ChartData(columns: ["year", "currency", "total_cents"], rows: [
        [.text("2023"), .text("EUR"), .integer(3_000)], [.text("2023"), .text("USD"), .integer(15_000)],
        [.text("2024"), .text("USD"), .integer(7_500)], [.text("2024"), .text("GBP"), .integer(1_000)],
    ])

    static func render(_ kind: ChartKind, title: String? = "Gifts by year") throws -> RenderedChart {
        try ChartRenderer.render(ChartSpec(kind: kind, title: title, x: "year", y: ["total_cents"],
                                           format: .currency(.column("currency"))),
                                 data: gifts, idPrefix: "chart-1")
    }

    @Test func oneChartPerCurrencyInOrderOfFirstAppearance() throws {
        let chart = try Self.render(.bar)
        #expect(chart.title == "Gifts by year")
        #expect(chart.svg.components(separatedBy: "<svg ").count == 4)
        let titles = ["eur": "Gifts by year (EUR)", "usd": "Gifts by year (USD)", "gbp": "Gifts by year (GBP)"]
        var last = chart.html.startIndex
        for code in ["eur", "usd", "gbp"] {
            let title = "<title id=\"chart-1-\(code)-title\">\(titles[code] ?? "")</title>"
            let found = try #require(chart.html.range(of: title), "\(code)")
            #expect(found.lowerBound > last, "\(code) comes after the one before")
            last = found.lowerBound
        }
        #expect(chart.html.hasPrefix("<figure class=\"tally-chart\"><figcaption>Gifts by year</figcaption><svg "))
        #expect(chart.html.components(separatedBy: "<figure").count == 2)
    }

    @Test func amountsAreNeverAdded() throws {
        // $150 and €30 in 2023 would read "$180.00" if they were added; each stays in its own currency.
        let html = try Self.render(.stackedBar).html
        #expect(html.contains("$150.00"))
        #expect(html.contains("€30.00"))
        #expect(!html.contains("$180"))
        #expect(!html.contains("€180"))
        #expect(html.contains("$75.00"))
        #expect(html.contains("£10.00"))
    }

    @Test func theDefaultTitleIsTheCaptionAndEachChartNamesItsCurrency() throws {
        let chart = try Self.render(.line, title: nil)
        #expect(chart.title == "Total by Year")
        #expect(chart.html.contains("<title id=\"chart-1-usd-title\">Total by Year (USD)</title>"))
    }

    @Test func oneCurrencyIsOneChart() throws {
        let usd = ChartData(columns: Self.gifts.columns, rows: Self.gifts.rows.filter { $0[1] == .text("USD") })
        let chart = try ChartRenderer.render(ChartSpec(kind: .bar, x: "year", y: ["total_cents"], format: .currency(.column("currency"))),
                                             data: usd, idPrefix: "chart-1")
        #expect(chart.svg.components(separatedBy: "<svg ").count == 2)
        #expect(chart.html.contains("<title id=\"chart-1-title\">Total by Year</title>"))
    }
}
