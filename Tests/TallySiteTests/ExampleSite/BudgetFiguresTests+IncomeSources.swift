import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// The budget page's income by source, summed here from the raw income rows.
extension BudgetFiguresTests {
    @Test(arguments: ["ada", "sam"])
    func incomeBySourceAddsUpToTheYearsIncome(username: String) throws {
        let database = try Self.database()
        let ledger = try Ledger(username: username, database: database)
        let rows = try database.run("""
            SELECT i.source, i.amount_cents, i.currency, i.month FROM incomes i JOIN users u ON u.id = i.user_id WHERE u.username = :username
            """, parameters: ["username": .text(username)]).rows
        var bySource: [String: (cents: Int64, entries: Int)] = [:]
        for row in rows where row[2].text == ledger.currency && row[3].text.hasPrefix(ledger.year) && String(row[3].text.prefix(7)) <= ledger.month {
            let source = row[0].text.trimmingCharacters(in: .whitespaces).isEmpty ? "Not given" : row[0].text
            bySource[source, default: (0, 0)].cents += row[1].integer ?? 0
            bySource[source, default: (0, 0)].entries += 1
        }
        #expect(bySource.count >= 2, "\(username) has salary and freelance income")
        let total = bySource.values.reduce(0) { $0 + $1.cents }
        #expect(total == ledger.total(ledger.incomes))
        let html = try ExampleSiteTests.page("users/\(username)/budget/index.html")
        let section = try #require(html.components(separatedBy: "<h2 id=\"income-by-source\">").dropFirst().first)
        let table = section.components(separatedBy: "</table>").dropFirst().first ?? ""  // the Markdown table after the chart's own
        var rest = table[...]
        for (source, figure) in bySource.sorted(by: { ($1.value.cents, $0.key) < ($0.value.cents, $1.key) }) {
            let tenths = Int((Double(figure.cents * 1000) / Double(total)).rounded(.toNearestOrAwayFromZero))
            let row = "<td>\(source)</td>\n<td style=\"text-align: right\">\(figure.entries)</td>\n"
                + "<td style=\"text-align: right\">\(ReportFiguresTests.escapeForHTML(ledger.money(figure.cents)))</td>\n"
                + "<td style=\"text-align: right\">\(tenths / 10).\(tenths % 10)%</td>"
            guard let found = rest.range(of: row) else { Issue.record("\(username): \(row) not shown in order"); break }
            rest = rest[found.upperBound...]
        }
        #expect(section.contains("Horizontal bar chart of Income by Source, \(bySource.count) categories."))
    }
}
