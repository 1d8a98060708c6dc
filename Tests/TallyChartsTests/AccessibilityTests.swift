import TallyCharts
import TallyFormat
import Testing

/// The accessibility criteria of shared/CHARTS.md, checked on every fixture.
struct AccessibilityTests {
    @Test(arguments: ChartFixture.all)
    func rootIsAnImageNamedByItsTitleAndDescription(_ fixture: ChartFixture) throws {
        let root = try #require(XMLTree.parse(try fixture.render().svg).root)
        let prefix = "c-" + fixture.name
        #expect(root.name == "svg")
        #expect(root.attributes["role"] == "img")
        #expect(root.attributes["aria-labelledby"] == prefix + "-title " + prefix + "-desc")
        #expect(root.attributes["viewBox"]?.hasPrefix("0 0 ") == true)
        #expect(root.attributes["width"] == nil && root.attributes["height"] == nil)
        let title = try #require(root.children.first)
        let desc = try #require(root.children.dropFirst().first)
        #expect(title.name == "title" && title.attributes["id"] == prefix + "-title" && !title.allText.isEmpty)
        #expect(desc.name == "desc" && desc.attributes["id"] == prefix + "-desc" && desc.allText.count > 20)
    }

    @Test(arguments: ChartFixture.all)
    func everyMarkHasATooltip(_ fixture: ChartFixture) throws {
        let root = try #require(XMLTree.parse(try fixture.render().svg).root)
        let decoration: Set<String> = ["grid", "axis", "ar", "hatch", "cut"]
        let marks = root.descendants.filter { node in
            ["rect", "path", "circle"].contains(node.name)
                && node.classes.isDisjoint(with: decoration)
                && !node.ancestors.contains { $0.name == "defs" || $0.classes.contains("lg") }
        }
        #expect(!marks.isEmpty || fixture.name.hasPrefix("empty"))
        for mark in marks {
            let title = mark.children.first { $0.name == "title" }
            #expect(title != nil && !(title?.allText.isEmpty ?? true),
                    "\(fixture.name): <\(mark.name) \(mark.attributes)> has no <title>")
        }
    }

    @Test(arguments: ChartFixture.all)
    func idsStartWithThePrefixAndAreUnique(_ fixture: ChartFixture) throws {
        let root = try #require(XMLTree.parse(try fixture.render().svg).root)
        let ids = ([root] + root.descendants).compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count)
        for id in ids { #expect(id.hasPrefix("c-" + fixture.name + "-")) }
    }

    @Test func prefixesAreSanitised() throws {
        let chart = try ChartRenderer.render(ChartFixture.all[0].spec, data: ChartFixture.all[0].data, idPrefix: "my chart\"1")
        #expect(chart.svg.contains("aria-labelledby=\"my-chart-1-title my-chart-1-desc\""))
    }

    @Test func textIsAtLeastTwelvePixels() throws {
        let sizes = ChartTheme.stylesheet.split(separator: "font").compactMap { part -> Double? in
            guard let match = part.firstMatch(of: /^(?:-size)?:(\d+(?:\.\d+)?)px/) else { return nil }
            return Double(match.1)
        }
        #expect(!sizes.isEmpty)
        for size in sizes { #expect(size >= 12) }
        for fixture in ChartFixture.all {
            #expect(!(try fixture.render().svg.contains("font-size")), "\(fixture.name) sets its own font size")
        }
    }

    @Test func seriesDifferByMoreThanColour() throws {
        for name in ["grouped-bar", "stacked-bar", "percent-bar", "pie", "donut", "stacked-area"] {
            let fixture = try #require(ChartFixture.all.first { $0.name == name })
            #expect(try fixture.render().svg.contains("<pattern id=\"c-\(name)-p1\""), "\(name) has no patterns")
        }
        let lines = try #require(ChartFixture.all.first { $0.name == "line-time" })
        let svg = try lines.render().svg
        #expect(svg.contains("class=\"ln d2\"") && svg.contains("class=\"ln d3\""))
        #expect(svg.contains(">Blog</text>") && svg.contains(">Notes</text>") && svg.contains(">Photos</text>"))
    }

    @Test func pieGroupsTheRestAsOther() throws {
        let pie = try #require(ChartFixture.all.first { $0.name == "pie" })
        let root = try #require(XMLTree.parse(try pie.render().svg).root)
        let slices = root.descendants.filter { $0.name == "path" && $0.classes.contains("gap") || ($0.name == "path" && $0.attributes["fill"] != nil) }
        #expect(slices.count == 7)
        #expect(slices.last?.allText == "Other: 21 (5.2%)")
    }

    @Test func tableHasCaptionAndScopedHeaders() throws {
        let chart = try ChartFixture.all[0].render()
        let table = try #require(XMLTree.parse(chart.table).root)
        #expect(table.name == "details")
        #expect(table.children.first?.name == "summary")
        let nodes = table.descendants
        #expect(nodes.first { $0.name == "caption" }?.allText == "Giving by year")
        #expect(nodes.filter { $0.name == "th" && $0.attributes["scope"] == "col" }.map(\.allText) == ["Year", "Total"])
        let rows = nodes.filter { $0.name == "th" && $0.attributes["scope"] == "row" }
        #expect(rows.count == 12 && rows.first?.allText == "2013")
        #expect(nodes.filter { $0.name == "td" }.first?.allText == "$1,200.00")
    }

    /// $150 in 2022, $400, then $100: the fitted line is nearly level, but "flat" would contradict the figures beside it.
    @Test(arguments: [([15_000, 40_000, 10_000], "no clear direction, from $150.00 in 2022 to $100.00 in 2024"),
                      ([15_000, 15_200, 15_100], "flat, from $150.00 in 2022 to $151.00 in 2024"),
                      ([15_000, 10_000, 7_500], "falling, from $150.00 in 2022 to $75.00 in 2024")])
    func trendWordsAgreeWithTheFigures(_ cents: [Int64], _ trend: String) throws {
        let data = ChartData(columns: ["year", "total_cents"], rows: cents.enumerated().map { [.integer(Int64(2022 + $0.offset)), .integer($0.element)] })
        let chart = try ChartRenderer.render(ChartSpec(kind: .bar, x: "year", y: ["total_cents"], format: .currency(.code(try #require(Currency.lookup("USD"))))),
                                             data: data, idPrefix: "t")
        #expect(chart.svg.contains("Trend: " + trend + "."))
    }

    /// Axis titles, the table and the description name a column as table blocks do: `total_cents` is "Total" in a
    /// chart that formats money. Without a money format the chart shows cents as they are, so the column keeps its
    /// name: "Total" would hide that 18,000 means $180.00.
    @Test func columnsReadAsTableBlocksNameThem() throws {
        let usd = ValueFormat.currency(.code(try #require(Currency.lookup("USD"))))
        let data = ChartData(columns: ["donated_year", "total_cents", "total"], rows: [[.integer(2024), .integer(100), .integer(1)]])
        let chart = try ChartRenderer.render(ChartSpec(kind: .line, x: "donated_year", y: ["total_cents"], format: usd), data: data, idPrefix: "l")
        #expect(chart.svg.contains("Line chart of total_cents by Donated year"))
        let money = try ChartRenderer.render(ChartSpec(kind: .bar, x: "donated_year", y: ["total_cents"], format: usd),
                                             data: ChartData(columns: ["donated_year", "total_cents"], rows: data.rows), idPrefix: "b")
        #expect(money.title == "Total by Donated year")
        #expect(money.table.contains("<th scope=\"col\">Donated year</th><th scope=\"col\">Total</th>"))
        let cents = try ChartRenderer.render(ChartSpec(kind: .bar, x: "donated_year", y: ["total_cents"]),
                                             data: ChartData(columns: ["donated_year", "total_cents"], rows: data.rows), idPrefix: "c")
        #expect(cents.title == "total_cents by Donated year")
        #expect(cents.table.contains("<th scope=\"col\">Donated year</th><th scope=\"col\">total_cents</th>"))
    }

    @Test func descriptionSumsUpRangeMaximumAndTrend() throws {
        let chart = try ChartFixture.all[0].render()
        let desc = try #require(XMLTree.parse(chart.svg).root?.children.dropFirst().first?.allText)
        #expect(desc == "Bar chart of Total by Year, from 2013 to 2024. The lowest value is $1,200.00 (2013) and the "
            + "highest is $9,800.00 (2021). Trend: rising, from $1,200.00 in 2013 to $7,500.00 in 2024.")
    }
}
