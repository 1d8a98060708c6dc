import Foundation
import Testing
@testable import TallySite
import TallyTestSupport

/// The query-plan check: a templated file's query that reads a whole big table on each of its pages is named at
/// build time, in the query's file and line; one that seeks by key, or runs on few pages, is not.
@Suite struct FullScanCheckTests {
    /// 1,200 organizations (more than `FullScanCheck.minimumRows`), each with one tag, and 12 tags.
    private static let seed: String = {
        let organizations = (1...1_200).map { "(\($0), 'org-\($0)', 'Org \($0)', '2024-01-01')" }
        let tags = (1...1_200).map { "(\($0), 'tag-\($0 % 12)')" }
        return "INSERT INTO organizations (id, slug, name, created_at) VALUES " + organizations.joined(separator: ", ") + ";"
            + "INSERT INTO organization_tags (organization_id, tag) VALUES " + tags.joined(separator: ", ") + ";"
    }()

    /// A tag page (12 pages) whose `orgs` query cannot find the tag's organizations by key (organization_tags is
    /// keyed by organization first, so SQLite walks organizations in id order and looks each one's tag up), and
    /// whose `first` seeks organizations by key.
    private static let tagPage = """
        ---
        pages: SELECT DISTINCT tag FROM organization_tags
        ---
        ```sql orgs
        SELECT o.name FROM organizations o
        JOIN organization_tags t ON t.organization_id = o.id
        WHERE t.tag = :tag ORDER BY o.id
        ```

        ```sql first
        SELECT name FROM organizations WHERE id = 1
        ```

        {{#orgs}}{{name}} {{/orgs}}
        """

    @Test func aQueryThatScansABigTableOnEveryPageIsWarnedAboutAtItsLine() throws {
        let site = try TestSite(["content/tags/[tag].md": Self.tagPage], seedSQL: Self.seed)
        let summary = try site.build().get()
        #expect(summary.pagesRendered == 12)
        #expect(summary.warnings.map(\.description) == [
            "content/tags/[tag].md:5:1: warning: query `orgs` reads all 1,200 rows of `organizations` on each of this file's 12 pages\n"
                + "  hint: filter on a column with an index (a key, or `-- tally: index (column)` in a materialized view), "
                + "or compute what every page reads once in a view marked `-- tally: materialize`; `tally docs content#queries-that-scale`",
        ])
        #expect(summary.fullScans == summary.warnings)
    }

    @Test func aMaterializedViewIndexedOnTheFilteredColumnSilencesIt() throws {
        let site = try TestSite([
            "views/tagged.sql": "-- tally: materialize\n-- tally: index (tag)\nSELECT tag, organization_id FROM organization_tags",
            "content/tags/[tag].md": Self.tagPage.replacingOccurrences(of: "JOIN organization_tags t", with: "JOIN tagged t"),
        ], seedSQL: Self.seed)
        let summary = try site.build().get()
        #expect(summary.warnings.isEmpty)
        #expect(site.output("tags/tag-5/index.html")?.contains("Org 5 Org 17 ") == true)
    }

    @Test func aTemplatedFileWithFewPagesOrASmallTableIsNotWarnedAbout() throws {
        // Three pages scanning 1,200 rows, and twelve pages scanning the users table, which has none.
        let few = Self.tagPage.replacingOccurrences(of: "SELECT DISTINCT tag FROM organization_tags",
                                                    with: "SELECT DISTINCT tag FROM organization_tags WHERE tag IN ('tag-1', 'tag-2', 'tag-3')")
        let small = Self.tagPage.replacingOccurrences(of: "SELECT name FROM organizations WHERE id = 1",
                                                      with: "SELECT username FROM users WHERE display_name = :tag")
            .replacingOccurrences(of: "JOIN organization_tags t ON t.organization_id = o.id\nWHERE t.tag = :tag", with: "WHERE o.id = 1")
        for page in [few, small] {
            let site = try TestSite(["content/tags/[tag].md": page], seedSQL: Self.seed)
            #expect(try site.build().get().warnings.map(\.description) == [])
        }
    }
}
