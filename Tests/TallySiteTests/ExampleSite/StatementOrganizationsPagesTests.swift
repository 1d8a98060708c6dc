import Foundation
import Testing
@testable import TallySite
import TallyTestSupport

/// The example's year-end statements (content/users/[username]/statements/): a year of more than 500 organizations
/// lists them on pages of their own, 500 a page, so no statement page holds tens of thousands of them.
@Suite struct StatementOrganizationsPagesTests {
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
