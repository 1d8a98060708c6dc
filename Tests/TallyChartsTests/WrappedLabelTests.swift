@testable import TallyCharts
import Testing

/// Names beside horizontal bars wrap onto two lines before anything is cut.
struct WrappedLabelTests {
    @Test(arguments: [
        ("Salary", ["Salary"]),
        ("Against Malaria Foundation", ["Against Malaria", "Foundation"]),
        ("Deworm the World Initiative of Evidence Action", ["Deworm the World", "Initiative of Evide…"]),
        ("Supercalifragilisticexpialidocious", ["Supercalifragilisti…"]),
    ])
    func linesIn131Units(name: String, lines: [String]) {
        #expect(WrappedLabel.lines(name, fontSize: 13, maxWidth: 376 * 0.35) == lines)
    }

    @Test func aWrappedNameSpacesTheRowsForTwoLines() throws {
        let spec = ChartSpec(kind: .horizontalBar, title: "Gifts", x: "name", y: ["given"], width: 376)
        let data = ChartData(columns: ["name", "given"], rows: [
            [.text("Against Malaria Foundation"), .integer(30)], [.text("GiveDirectly"), .integer(20)],
        ])
        let root = try #require(XMLTree.parse(try ChartRenderer.render(spec, data: data, idPrefix: "h").svg).root)
        #expect(root.attributes["viewBox"] == "0 0 376 120")
        let names = try #require(root.descendants.first { $0.classes.contains("tk") && $0.classes.contains("e") })
        let texts = names.children.filter { $0.name == "text" }
        #expect(texts.map(\.allText) == ["Against Malaria", "Foundation", "GiveDirectly"])
        #expect(texts.map { $0.attributes["y"] ?? "" } == ["24.97", "39.97", "74.53"])
        #expect(Set(texts.map { $0.attributes["x"] ?? "" }) == ["111.1"])
    }
}
