import Foundation
import Testing
import TallySite
import TallyTestSupport

/// A person's report stays bounded however many organizations they give to: its by-organization and outcomes tables
/// list the twenty given most (per currency) and add up the rest in one row, as the by-organization chart does with ten.
@Suite struct ReportBoundsTests {
    /// The example data plus 30 organizations (ids 101–130) with a cost figure, each given $1.00 by Ada: less than any
    /// of her 9 US-dollar organizations, 7 of which have a cost figure, so 39 in the by-organization table and 37 in
    /// the outcomes table.
    static let report: Result<String, any Error> = Result {
        let seed = try String(contentsOf: ExampleSite.repository.appendingPathComponent("data/example.sql"), encoding: .utf8) + """

            WITH RECURSIVE n(i) AS (SELECT 101 UNION ALL SELECT i + 1 FROM n WHERE i < 130)
            INSERT INTO organizations (id, slug, name, impact_unit, cost_per_unit_cents, created_at)
            SELECT i, 'bulk-' || i, 'Bulk Organization ' || i, 'meal', 50, '2024-01-01' FROM n;
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at)
            SELECT (SELECT id FROM users WHERE username = 'ada'), id, 100, 'USD', '2025-03-01' FROM organizations WHERE id > 100;

            """
        let (root, _) = try ExampleSite.build(seedSQL: seed)
        return try String(contentsOf: root.appendingPathComponent("public/users/ada/index.html"), encoding: .utf8)
    }

    @Test func theByOrganizationTableListsTwentyAndAddsUpTheRest() throws {
        let html = try Self.report.get()
        // Ties at $1.00 go to the lower id: 101–111 fill this table's twenty, 101–113 the outcomes table's.
        func links(to id: Int) -> Int { html.components(separatedBy: "<a href=\"/orgs/bulk-\(id)/\">").count - 1 }
        #expect(links(to: 111) == 2)
        #expect(links(to: 112) == 1)
        #expect(links(to: 114) == 0)
        #expect(html.contains("""
            <td>19 other organizations</td>
            <td style="text-align: right">19</td>
            <td style="text-align: right">$19.00</td>
            """))
    }

    @Test func theOutcomesTableListsTwentyAndAddsUpOnlyTheAmount() throws {
        let html = try Self.report.get()
        #expect(html.contains("""
            <td>17 other organizations</td>
            <td style="text-align: right">$17.00</td>
            <td style="text-align: right">not added up: outcomes of different kinds</td>
            <td>–</td>
            """))
    }
}
