import Testing
@testable import TallySite

/// `tally serve` renders an open page ahead of the build with the queries of the file that gives it, and only the
/// `pages` queries of the files that give its ancestors, whose titles its breadcrumbs show: a stale materialized view
/// that only an ancestor's body reads is not computed before the open page.
struct OpenPagesQueriesTests {
    static func source(_ relativePath: String, _ text: String) throws -> PageSource {
        try ContentLoader.load(text: text, file: "content/" + relativePath, relativePath: relativePath).get()
    }

    @Test func anAncestorsBodyQueriesAreNotRunAhead() throws {
        let sources = [
            try Self.source("index.md", "```sql given\nSELECT sum(total_cents) AS cents FROM gifts_by_day\n```\n# Home\n"),
            try Self.source("orgs/index.md", "---\ntitle: Organizations\n---\n```sql all\nSELECT count(*) AS n FROM org_cards\n```\n"),
            try Self.source("orgs/[slug].md", "---\npages: SELECT id, slug FROM organizations\n---\n```sql total\nSELECT count(*) AS gifts FROM donations WHERE organization_id = :id\n```\n"),
            try Self.source("about.md", "```sql about\nSELECT count(*) AS n FROM usd_by_org\n```\n"),
        ]
        let open: Set<String> = ["/orgs/amf/"]
        // The open page's own query and its file's `pages` query; nothing of the home page or /orgs/, and not about.
        #expect(OpenPages.queriesRunAhead(sources, open: open, ancestors: open.union(["/orgs/", "/"])) == [
            "SELECT count(*) AS gifts FROM donations WHERE organization_id = :id\n",
            "SELECT id, slug FROM organizations",
        ])
        // Open itself, the home page's query runs ahead.
        #expect(OpenPages.queriesRunAhead(sources, open: ["/"], ancestors: ["/"]) == [
            "SELECT sum(total_cents) AS cents FROM gifts_by_day\n",
        ])
    }
}
