@testable import TallyCharts
import TallyFormat
import Testing

/// The label formats charts use; minus is always U+2212.
struct NumberStyleTests {
    static let usd = NumberStyle.money(Currency.lookup("USD")!)
    static let jpy = NumberStyle.money(Currency.lookup("JPY")!)

    @Test func currencyUsesMinorUnits() {
        #expect(Self.usd.full(123.45) == "$123.45")
        #expect(Self.usd.full(-5) == "\u{2212}$5.00")
        #expect(Self.jpy.full(1234) == "¥1,234")
        #expect(Self.usd.tick(1250) == "$1.25k")
        #expect(Self.usd.tick(0.5) == "$0.50")
        #expect(Self.usd.tick(-2000) == "\u{2212}$2k")
        #expect(Self.usd.short(9800) == "$9.8k")
        #expect(Self.usd.short(272.5) == "$273")
        #expect(Self.usd.short(2.5) == "$2.50")
        #expect(Self.usd.minimumStep == 0.01)
        #expect(Self.jpy.minimumStep == 1)
    }

    @Test func currencyValuesComeFromIntegerMinorUnits() throws {
        let spec = ChartSpec(kind: .bar, x: "k", y: ["cents"], format: .currency(.code(Currency.lookup("USD")!)))
        let data = ChartData(columns: ["k", "cents"], rows: [[.text("a"), .integer(12345)]])
        let chart = try ChartRenderer.render(spec, data: data, idPrefix: "m")
        #expect(chart.svg.contains("<title>a: $123.45</title>"))
        #expect(chart.table.contains("<td>$123.45</td>"))
    }

    @Test(arguments: [(1234.0, "1.2k"), (3_400_000, "3.4M"), (6_500_000_000, "6.5B"), (-1234, "\u{2212}1.2k"), (12, "12")])
    func compactLabels(_ value: Double, _ expected: String) {
        #expect(NumberStyle.compact.short(value) == expected)
    }

    @Test(arguments: [(1_250_000.0, "1.25M"), (250_000, "250k"), (0, "0"), (-500, "\u{2212}500")])
    func compactTicksKeepEveryDigit(_ value: Double, _ expected: String) {
        #expect(NumberStyle.compact.tick(value) == expected)
    }

    @Test func plainFormats() {
        #expect(NumberStyle.plain.full(1234.5) == "1,234.5")
        #expect(NumberStyle.plain.full(0.00123) == "0.00123")
        #expect(NumberStyle.plain.full(2 / 3) == "0.667")
        #expect(NumberStyle.plain.full(-3) == "\u{2212}3")
        #expect(NumberStyle.plain.tick(-2000) == "\u{2212}2,000")
        #expect(NumberStyle.plain.tick(0.1 + 0.2) == "0.3")
        #expect(NumberStyle.plain.tick(2_000_000) == "2M")
        #expect(NumberStyle.plain.tick(1e15) == "1,000T")
    }

    @Test func percentFormats() {
        #expect(NumberStyle.percent.full(0.123) == "12.3%")
        #expect(NumberStyle.percent.tick(0.25) == "25%")
        #expect(NumberStyle.percent.tick(0.025) == "2.5%")
        #expect(NumberStyle.percent.full(-0.05) == "\u{2212}5%")
    }

    @Test func progressPercentOnlyReachesOneHundredAtTheTarget() {
        #expect(ProgressChart.percentText(0.996, locale: .enUS) == "99%")
        #expect(ProgressChart.percentText(1, locale: .enUS) == "100%")
        #expect(ProgressChart.percentText(1.244, locale: .enUS) == "124%")
        #expect(ProgressChart.percentText(0, locale: .enUS) == "0%")
    }

    @Test func coordinatesHaveAtMostTwoDecimalsAndNoTrailingZeros() {
        var writer = SVGWriter()
        for value in [89.99999999999999, 1.5, 2.05, -0.001, -3.456, 100, 0.1 + 0.2, 1e15] {
            writer.number(value)
            writer.raw(" " as StaticString)
        }
        #expect(writer.string == "90 1.5 2.05 0 -3.46 100 0.3 1000000000000000 ")
    }

    @Test func textIsEscaped() {
        var writer = SVGWriter()
        writer.text("<a href=\"x\">Tom & Jerry's</a>\u{1}")
        #expect(writer.string == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    }
}
