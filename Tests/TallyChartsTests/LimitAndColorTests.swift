@testable import TallyCharts
import TallyFormat
import Testing

/// Limit marks on bars (`limit:`) and a pie's colours from the data (`color:`), which are untrusted text.
struct LimitAndColorTests {
    @Test(arguments: [
        ("#456c90", "#456c90"), ("#456C90", "#456c90"), ("#36c", "#3366cc"),
    ])
    func readsStrictHexColours(text: String, hex: String) {
        #expect(ChartColor(parsing: text)?.hex == hex)
    }

    @Test(arguments: [
        "", "#", "456c90", "#456c9", "#456c900", " #456c90", "#456c90 ", "#45 c90", "#ggg", "red", "rgb(1,2,3)",
        "#456c90\"/><script>alert(1)</script>", "url(#x)", "#４５６", "#456c90;fill:red", "var(--x)",
    ])
    func refusesAnythingElse(text: String) {
        #expect(ChartColor(parsing: text) == nil)
    }

    @Test(arguments: [
        ("#456c90", true),   // 5.5:1 on white, 3.3:1 on the dark background
        ("#1f4e79", false),  // 8.6:1 on white but 2.1:1 on the dark background
        ("#e69f00", false),  // Okabe–Ito orange: 2.2:1 on white
        ("#ffffff", false), ("#000000", false),
    ])
    func keepsOnlyColoursThatClearThreeToOneInBothThemes(text: String, usable: Bool) {
        #expect((ChartColor.usable(text) != nil) == usable)
    }

    @Test func aDonutDrawsUsableColoursAndThePaletteForTheRest() throws {
        let spec = ChartSpec(kind: .donut, title: "Income", x: "part", y: ["amount"], width: 600)
        var colored = spec
        colored.color = "color"
        let data = ChartData(columns: ["part", "amount", "color"], rows: [
            [.text("Housing"), .integer(50), .text("#456c90")],
            [.text("Food"), .integer(30), .text("#3B743C")],
            [.text("Fun"), .integer(20), .text("#456c90\"/><script>")],
        ])
        let svg = try ChartRenderer.render(colored, data: data, idPrefix: "d").svg
        #expect(svg.contains("<path class=\"mk gap\" color=\"#456c90\" d=\""))
        #expect(svg.contains("<pattern id=\"d-p1\" color=\"#3b743c\" width=\"8\""))
        #expect(svg.contains("<pattern id=\"d-p2\" class=\"s3\" width=\"8\""))
        #expect(svg.contains(" width=\"16\" height=\"16\" class=\"mk\" color=\"#456c90\"/>"), "the legend's swatch")
        #expect(!svg.contains("script"))
        let plain = try ChartRenderer.render(spec, data: data, idPrefix: "d").svg
        #expect(!plain.contains("color=\""))
    }

    @Test func barsMarkEachLimitAndSayWhichAreOver() throws {
        var spec = ChartSpec(kind: .horizontalBar, title: "December", x: "category", y: ["spent_cents"],
                             format: .currency(.code(try #require(Currency.lookup("USD")))), width: 376)
        spec.limit = "limit_cents"
        let data = ChartData(columns: ["category", "spent_cents", "limit_cents"], rows: [
            [.text("Housing"), .integer(296_850), .integer(320_000)],
            [.text("Food"), .integer(107_919), .integer(95_000)],
            [.text("Giving"), .integer(0), .integer(15_000)],
        ])
        let chart = try ChartRenderer.render(spec, data: data, idPrefix: "b")
        #expect(chart.svg.contains("<desc id=\"b-desc\">Horizontal bar chart of Spent by Category, 3 categories. The lowest value is $0.00 "
            + "(Giving) and the highest is $2,968.50 (Housing). 1 of 3 bars is over its limit: Food by $129.19.</desc>"))
        let root = try #require(XMLTree.parse(chart.svg).root)
        let marks = try #require(root.descendants.first { $0.classes.contains("lim") }).children
        #expect(marks.map(\.allText) == ["Housing: limit $3,200.00, $231.50 left", "Food: limit $950.00, over by $129.19",
                                         "Giving: limit $150.00, $150.00 left"])
        #expect(chart.table.contains("<th scope=\"col\">Limit</th><th scope=\"col\">Against the limit</th>"))
        #expect(chart.table.contains("<th scope=\"row\">Food</th><td>$1,079.19</td><td>$950.00</td><td>Over by $129.19</td>"))
    }

    /// A value label that its bar's mark would cross moves 7 units past the mark; one clear of it stays 6 units past
    /// the bar's end.
    @Test func aValueLabelNeverSitsUnderItsLimitMark() throws {
        var spec = ChartSpec(kind: .horizontalBar, title: "December", x: "category", y: ["spent"], width: 376)
        spec.limit = "limit"
        let data = ChartData(columns: ["category", "spent", "limit"], rows: [
            [.text("Close"), .integer(90), .integer(100)], [.text("Far"), .integer(10), .integer(100)],
            [.text("Over"), .integer(120), .integer(100)],
        ])
        let root = try #require(XMLTree.parse(try ChartRenderer.render(spec, data: data, idPrefix: "b").svg).root)
        let marks = try #require(root.descendants.first { $0.classes.contains("lim") }).children
        let markX = try marks.map { mark in try #require(Double(mark.attributes["d"]?.dropFirst().prefix { $0 != " " } ?? "")) }
        let bars = try #require(root.descendants.first { $0.classes.contains("mk") }).children
        let barEnds = bars.map { (Double($0.attributes["x"] ?? "") ?? 0) + (Double($0.attributes["width"] ?? "") ?? 0) }
        let labels = root.children.filter { $0.name == "g" && $0.attributes["class"] == nil }.flatMap(\.children)
        #expect(labels.map(\.allText) == ["90", "10", "120"])
        let labelX = labels.map { Double($0.attributes["x"] ?? "") ?? 0 }
        #expect(abs(labelX[0] - (markX[0] + 7)) < 0.01, "90 of 100: the mark is 7.5 units past the bar, under the label")
        #expect(abs(labelX[1] - (barEnds[1] + 6)) < 0.01, "10 of 100: the mark is far ahead")
        #expect(abs(labelX[2] - (barEnds[2] + 6)) < 0.01, "over the limit: the mark is inside the bar")
    }

    @Test func limitAndColorApplyOnlyWhereTheyAreDrawn() throws {
        for (key, type) in [("limit", "line"), ("color", "bar")] {
            do {
                _ = try ChartSpec(fields: ["type": .string(type), "x": .string("a"), "y": .string("b"), key: .string("c")])
                Issue.record("\(key) on a \(type) chart was accepted")
            } catch {
                #expect(error.message == "\"\(key)\" does not apply to a \(type == "line" ? "line chart" : "bar chart")")
                #expect(error.hint == "remove it; it is used by: " + (key == "limit" ? "bar, hbar" : "pie, donut"))
            }
        }
    }
}
