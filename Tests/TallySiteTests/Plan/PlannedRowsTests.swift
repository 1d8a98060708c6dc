import Testing
@testable import TallySite
import TallyFormat
import TallyTestSupport

/// A templated file's `pages` rows that the plan keeps (`PlannedRows`), so its pages are made from the rows the plan
/// read rather than from the query run again.
@Suite struct PlannedRowsTests {
    private static let files = [
        "content/index.md": "Home",
        // Each run of the query gives other URLs: its pages render where the plan put them only when its rows are
        // read once.
        "content/draws/[n].md": "---\npages: SELECT 'draw-' || (abs(random()) % 1000000000) || '-' || id AS n FROM organizations\n---\nDrawn.",
        "templates/default.mustache": "{{{content}}}",
    ]

    @Test func aFewRowsAreReadOnceSoEveryPlannedPageRenders() throws {
        let site = try TestSite(Self.files, seedSQL: "INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'a', 'A', '2024-01-01'), (2, 'b', 'B', '2024-01-01'), (3, 'c', 'C', '2024-01-01');")
        let summary = try site.build().get()
        #expect(summary.pagesRendered == 4)
        let drawn = site.allFiles().filter { $0.hasPrefix("public/draws/") }
        #expect(drawn.count == 3)
        for file in drawn { #expect(site.output(String(file.dropFirst("public/".count))) == "<p>Drawn.</p>\n") }
    }

    @Test func rowsPastTheLimitAreNotKept() {
        var planned = PlannedRows(columns: ["n"])
        let filled = planned.add(Array(repeating: [.integer(1)], count: PlannedRows.limit))
        #expect(filled)
        #expect(planned.rows.count == PlannedRows.limit)
        #expect(planned.chunks(of: 256).map(\.count) == [256, 256, 256, 256])
        let past = planned.add([[.integer(2)]])
        #expect(!past)
        #expect(planned.rows.isEmpty)
    }

    @Test func longTextsPastTheByteLimitAreNotKept() {
        var planned = PlannedRows(columns: ["body"])
        let page = [DataValue.text(String(repeating: "x", count: PlannedRows.byteLimit / 2))]
        let first = planned.add([page])
        #expect(first)
        let second = planned.add([page])
        #expect(!second)
        #expect(planned.rows.isEmpty)
    }
}
