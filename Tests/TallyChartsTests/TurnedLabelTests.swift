@testable import TallyCharts
import Testing

/// Labels turned 45° under upright bars and along a line's text axis: the plot moves right so that the first one
/// is whole, rather than cut to fit the room left of it ("2026 w09", not "202…").
struct TurnedLabelTests {
    static let weeks = (9...31).map { "2026 w" + ($0 < 10 ? "0" : "") + String($0) }

    static func turnedLabels(_ kind: ChartKind, _ names: [String], width: Double = 600) throws -> [String] {
        let spec = ChartSpec(kind: kind, title: "Posts a week", x: "week", y: ["posts"], width: width)
        let data = ChartData(columns: ["week", "posts"], rows: names.enumerated().map { [.text($1), .integer(Int64($0 % 5 + 1))] })
        let root = try #require(XMLTree.parse(try ChartRenderer.render(spec, data: data, idPrefix: "t").svg).root)
        let group = try #require(root.descendants.first { $0.classes.contains("tk") && $0.classes.contains("e") })
        return group.children.filter { $0.name == "text" }.map(\.allText)
    }

    @Test(arguments: [ChartKind.bar, .line])
    func theFirstWeekIsWhole(kind: ChartKind) throws {
        let labels = try Self.turnedLabels(kind, Self.weeks)
        #expect(labels.first == "2026 w09")
        #expect(labels == Self.weeks.enumerated().filter { $0.offset % (Self.weeks.count / labels.count) == 0 }.map(\.element))
    }

    /// The plot moves by at most a fifth of the width: a first name longer than that room is still shortened.
    @Test func aVeryLongFirstNameIsStillShortened() throws {
        let names = ["Deworm the World Initiative of Evidence Action"] + Self.weeks
        let first = try #require(try Self.turnedLabels(.bar, names, width: 376).first)
        #expect(first.hasSuffix("…"))
        #expect(first.count < 20)
    }
}
