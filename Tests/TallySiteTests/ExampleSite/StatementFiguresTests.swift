import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// The year-end giving statements (content/users/[username]/statements/), recomputed from raw rows: every gift of
/// the year, a total per currency, the organizations as the database has them; and the CSV downloads' amounts.
@Suite struct StatementFiguresTests {
    static func rows(_ sql: String) throws -> [[DataValue]] {
        let database = try SiteDatabase(path: try ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: ["ada", "sam"]))
        return try database.run(sql).rows
    }

    /// Table cells without their alignment attributes, whichever way the Markdown renderer writes them.
    static func cells(_ page: String) -> String {
        page.replacingOccurrences(of: "<td align=\"right\">", with: "<td>").replacingOccurrences(of: "<td style=\"text-align: right\">", with: "<td>")
    }

    @Test(arguments: ["ada", "sam"])
    func everyYearHasAStatementWithEveryGiftAndATotalPerCurrency(user: String) throws {
        let gifts = try Self.rows("""
            SELECT substr(d.donated_at, 1, 4), d.currency, d.amount_cents, d.recurring, o.name, d.note
            FROM donations d JOIN users u ON u.id = d.user_id JOIN organizations o ON o.id = d.organization_id
            WHERE u.username = '\(user)'
            """)
        #expect(!gifts.isEmpty)
        let index = try ExampleSiteTests.page("users/\(user)/statements/index.html")
        for (year, inYear) in Dictionary(grouping: gifts, by: { $0[0].text }) {
            let page = Self.cells(try ExampleSiteTests.page("users/\(user)/statements/\(year)/index.html"))
            #expect(page.contains("It is not a receipt"))
            #expect(index.contains("href=\"/users/\(user)/statements/\(year)/\""))
            // One row per gift: the Gifts table has as many rows as the year has gifts (it fits on one page here).
            let table = try #require(page.components(separatedBy: "<th>Note</th>").dropFirst().first?.components(separatedBy: "</table>").first)
            #expect(table.components(separatedBy: "<tr>").count - 1 == inYear.count, "\(user) \(year)")
            for (currency, sameCurrency) in Dictionary(grouping: inYear, by: { $0[1].text }) {
                let total = sameCurrency.reduce(Int64(0)) { $0 + ($1[2].integer ?? 0) }
                let monthly = sameCurrency.filter { $0[3].integer == 1 }.reduce(Int64(0)) { $0 + ($1[2].integer ?? 0) }
                #expect(page.contains("<td>\(currency)</td>\n<td>\(sameCurrency.count)</td>\n<td>\(ReportFiguresTests.money(monthly, currency))</td>\n<td>\(ReportFiguresTests.money(total, currency))</td>"),
                        "\(user) \(year) \(currency)")
            }
        }
    }

    @Test func theOrganizationsAreListedWithTheirPlacesAsRecorded() throws {
        let organizations = try Self.rows("""
            SELECT DISTINCT o.name, coalesce(o.city, ''), coalesce(o.region, ''), coalesce(o.country, '')
            FROM donations d JOIN organizations o ON o.id = d.organization_id JOIN users u ON u.id = d.user_id
            WHERE u.username = 'ada' AND d.donated_at LIKE '2025%'
            """)
        let page = try ExampleSiteTests.page("users/ada/statements/2025/index.html")
        #expect(!organizations.isEmpty)
        for row in organizations {
            let cells = row.map { "<td>\(ReportFiguresTests.escapeForHTML($0.text))</td>" }.joined(separator: "\n")
            #expect(page.contains(cells), "\(row[0].text)")
        }
    }

    @Test func theReportLinksToEachStatement() throws {
        let report = try ExampleSiteTests.page("users/sam/index.html")
        for year in ["2023", "2024", "2025"] { #expect(report.contains("href=\"/users/sam/statements/\(year)/\"")) }
    }

    /// The report's by-organization CSV: one row per organization and currency, amounts in major units.
    @Test func theReportsCSVHasTheTotalsInMajorUnits() throws {
        let csv = try ExampleSiteTests.page("users/sam/by_org.csv")
        let totals = try Self.rows("""
            SELECT o.name, d.currency, sum(d.amount_cents) FROM donations d JOIN users u ON u.id = d.user_id
            JOIN organizations o ON o.id = d.organization_id WHERE u.username = 'sam' GROUP BY o.id, d.currency
            """)
        #expect(csv.hasPrefix("slug,name,currency,gifts,total,first_gift,latest_gift,share\r\n"))
        #expect(csv.components(separatedBy: "\r\n").count - 2 == totals.count)
        for row in totals {
            let major = NumberText.fixed(magnitude: UInt64(row[2].integer ?? 0), scale: 2, grouping: false)
            #expect(csv.contains(",\(row[0].text),\(row[1].text),") && csv.contains(",\(major),"), "\(row[0].text)")
        }
    }
}
