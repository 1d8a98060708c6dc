import TallyCharts
import TallyFormat
import Testing

/// Every output, for every chart type and edge case, is well-formed XML.
struct WellFormedTests {
    @Test(arguments: ChartFixture.all)
    func svgTableAndFigureParse(_ fixture: ChartFixture) throws {
        let chart = try fixture.render()
        for (part, xml) in [("svg", chart.svg), ("table", chart.table), ("html", chart.html)] {
            let parsed = XMLTree.parse(xml)
            #expect(parsed.error == nil, "\(fixture.name) \(part): \(parsed.error ?? "")")
        }
    }

    /// Every kind with no rows, one row, all zeros and huge values.
    static var edgeCases: [ChartFixture] {
        ChartKind.allCases.flatMap { kind -> [ChartFixture] in
            let datasets: [(String, [[ChartValue]])] = [
                ("empty", []),
                ("one", [[.date(ISODate(year: 2024, month: 5, day: 1)), .integer(3), .text("s")]]),
                ("zeros", [[.date(ISODate(year: 2024, month: 5, day: 1)), .integer(0), .text("s")],
                           [.date(ISODate(year: 2024, month: 5, day: 2)), .integer(0), .text("t")]]),
                ("huge", [[.date(ISODate(year: 2024, month: 5, day: 1)), .number(1e15), .text("s")],
                          [.date(ISODate(year: 2024, month: 6, day: 1)), .number(3e14), .text("t")]]),
                ("nulls", [[.null, .null, .null], [.date(ISODate(year: 2024, month: 5, day: 1)), .null, .text("s")]]),
            ]
            return datasets.map { name, rows in
                ChartFixture(name: kind.rawValue + "-" + name, spec: spec(for: kind),
                             data: ChartData(columns: ["d", "v", "s"], rows: rows))
            }
        }
    }

    static func spec(for kind: ChartKind) -> ChartSpec {
        switch kind {
        case .histogram: ChartSpec(kind: kind, x: "v")
        case .progress: ChartSpec(kind: kind, y: ["v"], target: .value(10))
        case .groupedBar, .stackedBar, .percentBar, .stackedArea: ChartSpec(kind: kind, x: "d", y: ["v"], series: "s")
        default: ChartSpec(kind: kind, x: "d", y: ["v"])
        }
    }

    @Test(arguments: edgeCases)
    func edgeCasesParseAndStayAccessible(_ fixture: ChartFixture) throws {
        let chart = try fixture.render()
        let parsed = XMLTree.parse(chart.svg)
        let root = try #require(parsed.root, "\(fixture.name): \(parsed.error ?? "")")
        #expect(root.attributes["role"] == "img")
        #expect(root.children.first?.name == "title" && !(root.children.first?.allText.isEmpty ?? true))
        #expect(root.children.dropFirst().first?.name == "desc" && !(root.children.dropFirst().first?.allText.isEmpty ?? true))
        #expect(XMLTree.parse(chart.html).error == nil)
        for bad in ["nan", "inf", "NaN"] { #expect(!chart.svg.contains(bad), "\(fixture.name) contains \(bad)") }
    }

    @Test func emptyDataSaysNoDataInTheChartAndTheTable() throws {
        let chart = try ChartRenderer.render(ChartSpec(kind: .bar, x: "year", y: ["total"]),
                                             data: ChartData(columns: ["year", "total"], rows: []), idPrefix: "e")
        #expect(chart.svg.contains(">No data</text>"))
        #expect(chart.svg.contains("<desc id=\"e-desc\">No data: the query returned no values to chart.</desc>"))
        #expect(chart.table == "<details class=\"tally-data\"><summary>Data</summary><table><caption>Total by Year</caption>"
            + "<thead><tr><th scope=\"col\">Year</th><th scope=\"col\">Total</th></tr></thead>"
            + "<tbody><tr><td colspan=\"2\">No data</td></tr></tbody></table></details>")
    }

    @Test func dataTextIsEscapedEverywhere() throws {
        let data = ChartData(columns: ["name <b>", "v"], rows: [[.text("<script>alert('x')</script> & \"co\""), .integer(5)]])
        let chart = try ChartRenderer.render(ChartSpec(kind: .bar, title: "A < B & C", x: "name <b>", y: ["v"]),
                                             data: data, idPrefix: "x")
        for part in [chart.svg, chart.table, chart.html] {
            #expect(!part.contains("<script>"))
            #expect(!part.contains("<b>"))
            #expect(XMLTree.parse(part).error == nil)
        }
        #expect(chart.svg.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;co&quot;"))
        #expect(chart.html.contains("<figcaption>A &lt; B &amp; C</figcaption>"))
    }
}
