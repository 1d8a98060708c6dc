import Foundation
import Testing
@testable import TallySite
import TallyStore
import TallyTestSupport

/// The example's giving queries that take a shorter way than the plain query, for the speed of a one-donation build
/// (docs/performance.md, "The query side of one donation"): each must give what the plain query gives, to the byte,
/// on data the example does not have.
@Suite struct GivingQueryShortcutsTests {
    /// views/usd_by_org.sql as it was written first: every gift in US dollars, grouped.
    static let plainUSDByOrg = """
        SELECT user_id, organization_id, currency, usd_cents IS NULL AS no_rate, count(*) AS gifts,
               sum(amount_cents) AS amount_cents, sum(usd_cents) AS usd_cents, 'USD' AS usd_currency,
               sum(converted) AS converted
        FROM gifts_in_usd
        GROUP BY user_id, organization_id, currency, usd_cents IS NULL
        """

    /// Each row as SQLite holds it: every value quoted with its type, so that 12 and 12.0 or '12' differ.
    static func rows(_ database: SiteDatabase, _ select: String) throws -> [String] {
        let columns = ["user_id", "organization_id", "currency", "no_rate", "gifts", "amount_cents", "usd_cents", "usd_currency", "converted"]
        let shown = columns.map { "quote(\($0)) || ':' || typeof(\($0))" }.joined(separator: " || ' ' || ")
        return try database.run("SELECT \(shown) FROM (\(select))").rows.map { $0[0].text }
    }

    @Test func usdByOrgIsEveryGiftInDollarsGroupedInTheSameOrder() throws {
        // Amounts that are not whole cents (text, a fraction, a number as text), a dollar gift beside them in the same
        // group, a currency without a rate for its month, and one spelled in lower case.
        let seed = try String(contentsOf: ExampleSite.repository.appendingPathComponent("data/example.sql"), encoding: .utf8) + """

            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at)
            SELECT u.id, o.id, v.amount, v.currency, v.day
            FROM users u, (SELECT min(id) AS id FROM organizations) o,
                 (SELECT 'twelve' AS amount, 'USD' AS currency, '2024-03-01' AS day UNION ALL SELECT 1250.5, 'USD', '2024-03-02'
                  UNION ALL SELECT '700', 'USD', '2024-03-03' UNION ALL SELECT 900, 'USD', '2024-03-04'
                  UNION ALL SELECT 400, 'EUR', '1999-01-01' UNION ALL SELECT 300, 'usd', '2024-03-05') v
            WHERE u.username = 'ada';

            """
        let root = try ExampleSite.copy(seedSQL: seed)
        let views = ViewLoader.load(root: root, directory: "views")
        #expect(views.problems.isEmpty)
        let database = try SiteDatabase(path: root.appendingPathComponent("data/example.sqlite").path,
                                        policy: PublicationPolicy(publishedUsers: ["ada", "sam"]), views: views.views)
        let irregular = try database.run("SELECT count(*) FROM gifts_by_org WHERE currency = 'USD' AND typeof(total_cents) <> 'integer'")
        #expect(irregular.rows.first?.first?.integer == 1, "the group of the fraction and the text is read gift by gift")
        let shortcut = try Self.rows(database, "SELECT * FROM usd_by_org ORDER BY rowid")
        let plain = try Self.rows(database, Self.plainUSDByOrg)
        #expect(shortcut.count > 10)
        #expect(shortcut == plain)
    }

    /// A year's organizations get pages of their own past 500 of them: 501 in 2017, exactly 500 in 2016.
    @Test func organizationsPagesArePlannedPastFiveHundredOrganizationsOfAYear() throws {
        let seed = try String(contentsOf: ExampleSite.repository.appendingPathComponent("data/example.sql"), encoding: .utf8) + """

            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 501)
            INSERT INTO organizations (slug, name, created_at) SELECT 'bulk-' || i, 'Bulk ' || i, '2016-01-01' FROM n;
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at)
            SELECT u.id, o.id, 100, 'USD', '2017-05-0' || (o.id % 9 + 1) FROM users u, organizations o
            WHERE u.username = 'ada' AND o.slug LIKE 'bulk-%';
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at)
            SELECT u.id, o.id, 100, 'USD', '2016-05-01' FROM users u, organizations o
            WHERE u.username = 'ada' AND o.slug LIKE 'bulk-%' AND o.slug <> 'bulk-501';
            -- Two gifts to one organization count it once.
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at)
            SELECT u.id, o.id, 100, 'USD', '2016-06-01' FROM users u, organizations o
            WHERE u.username = 'ada' AND o.slug = 'bulk-1';

            """
        let (root, _) = try ExampleSite.build(seedSQL: seed)
        let statements = root.appendingPathComponent("public/users/ada/statements")
        #expect(FileManager.default.fileExists(atPath: statements.appendingPathComponent("2017/organizations/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: statements.appendingPathComponent("2016/organizations/index.html").path))
        #expect(FileManager.default.fileExists(atPath: statements.appendingPathComponent("2016/index.html").path))
    }
}
