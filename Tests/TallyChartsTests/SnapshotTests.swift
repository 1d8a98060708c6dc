import Foundation
import TallyCharts
import Testing

/// Golden SVGs, compared byte for byte. Run with TALLY_RECORD_SNAPSHOTS=1 to (re)write them.
struct SnapshotTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    static let recording = ProcessInfo.processInfo.environment["TALLY_RECORD_SNAPSHOTS"] == "1"

    @Test(arguments: ChartFixture.all)
    func svgMatchesSnapshot(_ fixture: ChartFixture) throws {
        let svg = try fixture.render().svg
        let file = Self.folder.appendingPathComponent(fixture.name + ".svg")
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(svg.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(svg == expected, "\(fixture.name).svg differs; rerun with TALLY_RECORD_SNAPSHOTS=1 if the change is intended")
    }

    @Test func stylesheetMatchesSnapshot() throws {
        let file = Self.folder.appendingPathComponent("theme.css")
        if Self.recording {
            try Data(ChartTheme.stylesheet.utf8).write(to: file)
            return
        }
        #expect(ChartTheme.stylesheet == (try String(contentsOf: file, encoding: .utf8)))
    }
}
