import TallyCharts
import Testing

/// Where a pie's legend goes: beside the pie at the default width, below it in a phone-sized chart.
struct PieLayoutTests {
    @Test func aNarrowDonutPutsItsWholeLegendBelowThePie() throws {
        let fixture = try #require(ChartFixture.parts.first { $0.name == "donut-narrow" })
        let root = try #require(XMLTree.parse(try fixture.render().svg).root)
        #expect(root.attributes["viewBox"] == "0 0 376 348")
        let legend = try #require(root.descendants.first { $0.classes.contains("lg") })
        let rows = legend.descendants.filter { $0.name == "text" }
        #expect(rows.map(\.allText) == [
            "global health 39.2% · $10,462.92",
            "neglected tropical diseases 30.6% · $8,179.58",
            "malaria 23.5% · $6,283.33",
            "cash transfers 6.7% · $1,777.50",
        ])
        #expect(rows.allSatisfy { $0.attributes["x"] == "40" })
        // The pie (radius 100) is centred across the top; the first row starts 22 below it.
        #expect(rows.first?.attributes["y"] == "254")
    }

    @Test func aNarrowDonutWhoseLegendFitsKeepsItBesideThePie() throws {
        let spec = ChartSpec(kind: .donut, title: "Votes", x: "vote", y: ["votes"], width: 376, height: 200)
        let data = ChartData(columns: ["vote", "votes"], rows: [[.text("No"), .integer(10)], [.text("Yes"), .integer(1)]])
        let root = try #require(XMLTree.parse(try ChartRenderer.render(spec, data: data, idPrefix: "v").svg).root)
        #expect(root.attributes["viewBox"] == "0 0 376 200")
        let legend = try #require(root.descendants.first { $0.classes.contains("lg") })
        let rows = legend.descendants.filter { $0.name == "text" }
        #expect(rows.map(\.allText) == ["No 90.9% · 10", "Yes 9.1% · 1"])
        #expect(rows.allSatisfy { Double($0.attributes["x"] ?? "") ?? 0 > 188 })
    }

    /// A pie's shares are written with one precision in its legend, table and description: "10.0%" beside "10.3%",
    /// and whole percents when every share is whole.
    @Test func aPiesSharesShareOnePrecision() throws {
        let spec = ChartSpec(kind: .donut, title: "Income", x: "part", y: ["cents"], width: 600, height: 300)
        let mixed = ChartData(columns: ["part", "cents"], rows: [[.text("Housing"), .integer(6970)], [.text("Pledge"), .integer(2000)],
                                                                  [.text("Rest"), .integer(1030)]])
        let chart = try ChartRenderer.render(spec, data: mixed, idPrefix: "m")
        let root = try #require(XMLTree.parse(chart.svg).root)
        let legend = try #require(root.descendants.first { $0.classes.contains("lg") })
        #expect(legend.descendants.filter { $0.name == "text" }.map(\.allText) == [
            "Housing 69.7% · 6,970", "Pledge 20.0% · 2,000", "Rest 10.3% · 1,030",
        ])
        #expect(chart.table.contains("<td>20.0%</td>"))
        #expect(root.descendants.first { $0.name == "desc" }?.allText.contains("Rest with 1,030 (10.3%)") == true)
        let whole = ChartData(columns: ["part", "cents"], rows: [[.text("Yes"), .integer(3)], [.text("No"), .integer(1)]])
        let wholeRoot = try #require(XMLTree.parse(try ChartRenderer.render(spec, data: whole, idPrefix: "w").svg).root)
        let wholeLegend = try #require(wholeRoot.descendants.first { $0.classes.contains("lg") })
        #expect(wholeLegend.descendants.filter { $0.name == "text" }.map(\.allText) == ["Yes 75% · 3", "No 25% · 1"])
    }

    @Test func aDefaultWidthDonutKeepsItsLegendBesideThePie() throws {
        let fixture = try #require(ChartFixture.parts.first { $0.name == "donut" })
        let root = try #require(XMLTree.parse(try fixture.render().svg).root)
        #expect(root.attributes["viewBox"] == "0 0 600 300")
        let legend = try #require(root.descendants.first { $0.classes.contains("lg") })
        #expect(legend.descendants.filter { $0.name == "text" }.allSatisfy { Double($0.attributes["x"] ?? "") ?? 0 > 300 })
    }
}
