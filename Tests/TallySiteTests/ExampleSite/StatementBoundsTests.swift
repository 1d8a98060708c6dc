import Foundation
import Testing
import TallySite
import TallyTestSupport

/// A year-end statement of more than 500 gifts lists the year's organizations on its first page only: repeated on
/// each page, at 20,000 organizations they were 16,000 rows under every page's 500 gifts.
@Suite struct StatementBoundsTests {
    /// The example data plus 600 gifts by Ada in 2019 to organization 1, so her 2019 statement has two pages.
    static let pages: Result<(first: String, second: String), any Error> = Result {
        let seed = try String(contentsOf: ExampleSite.repository.appendingPathComponent("data/example.sql"), encoding: .utf8) + """

            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at)
            SELECT (SELECT id FROM users WHERE username = 'ada'), (SELECT min(id) FROM organizations), 100, 'USD', '2019-06-01' FROM n;

            """
        let (root, _) = try ExampleSite.build(seedSQL: seed)
        func page(_ path: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent("public/users/ada/statements/2019/" + path), encoding: .utf8)
        }
        return (try page("index.html"), try page("page/2/index.html"))
    }

    @Test func theFirstPageListsTheOrganizations() throws {
        let first = try Self.pages.get().first
        #expect(first.contains(#"aria-label="Organizations""#))
        #expect(!first.contains("are listed on"))
    }

    @Test func laterPagesLinkToTheFirstInstead() throws {
        let second = try Self.pages.get().second
        #expect(!second.contains(#"aria-label="Organizations""#))
        #expect(second.contains(#"<p>The organizations given to in 2019 are listed on <a href="/users/ada/statements/2019/">the statement's first page</a>.</p>"#))
    }
}
