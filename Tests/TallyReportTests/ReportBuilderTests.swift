import Foundation
import Testing
import TallyReport
import TallySite
import TallyTestSupport

/// `tally report --statement`: the printed statement is the year's whole record, however many pages the site splits it into.
@Suite struct ReportBuilderTests {
    /// The example data plus 600 gifts by Ada in 2019, so her 2019 statement is two pages on the site.
    /// A copy of its own for each test, so one test's build cannot touch what the other reads.
    static func root() throws -> URL {
        let seed = try String(contentsOf: ExampleSite.repository.appendingPathComponent("data/example.sql"), encoding: .utf8) + """

            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at)
            SELECT (SELECT id FROM users WHERE username = 'ada'), (SELECT min(id) FROM organizations), 100, 'USD', '2019-06-01' FROM n;

            """
        return try ExampleSite.copy(seedSQL: seed)
    }

    @Test func aStatementOfTwoPagesPrintsEveryGiftOnOne() throws {
        let root = try Self.root()
        let html = try ReportBuilder.make(BuildOptions(root: root), user: "ada", pagePattern: "/users/{user}/statements/2019/").get()
        // One row a gift: the 600 added, and the organizations table's single row for that organization.
        let giftRows = html.components(separatedBy: "<td>Jun 1, 2019</td>").count - 1
        #expect(giftRows == 600)
        #expect(!html.contains("Gifts 1–500 of 600"))
        #expect(!html.contains(#"rel="next""#))
        #expect(html.contains(#"aria-label="Organizations""#))
        #expect(!html.contains("are listed on"))
    }

    @Test func theSiteItselfStillSplitsTheStatement() throws {
        let root = try Self.root()
        _ = try SiteBuilder.build(BuildOptions(root: root, outputPath: root.appendingPathComponent("site").path)).get()
        let second = root.appendingPathComponent("site/users/ada/statements/2019/page/2/index.html")
        #expect(try String(contentsOf: second, encoding: .utf8).contains("Gifts 501–600 of 600"))
    }
}
