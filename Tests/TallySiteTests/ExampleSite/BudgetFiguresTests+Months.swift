import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// Every month of the budget year has a budget-against-actual page: each top-level category against its limit in
/// that month and in the year up to it, worked out here from the raw rows as BudgetFiguresTests does.
extension BudgetFiguresTests {
    @Test(arguments: ["ada", "sam"])
    func everyMonthOfTheYearHasItsOwnBudgetAgainstActual(username: String) throws {
        let ledger = try Ledger(username: username, database: Self.database())
        let months = (1...ledger.monthsSoFar).map { ledger.year + "-" + ($0 < 10 ? "0" : "") + String($0) }
        let budget = try ExampleSiteTests.page("users/\(username)/budget/index.html")
        let tops = ledger.categories.values.filter { ledger.root(of: $0.id) == $0.id }
        for (index, month) in months.enumerated() {
            let name = try #require(ISODate(month)).humanReadable
            #expect(budget.contains("<a href=\"/users/\(username)/budget/months/\(month)/\">\(name)</a>"), "\(month) is linked")
            let html = try ExampleSiteTests.page("users/\(username)/budget/months/\(month)/index.html")
            #expect(html.contains("<h2 id=\"budget-month\">Budget against actual: \(name)</h2>"))
            for top in tops {
                let inTop: (Ledger.Entry) -> Bool = { ledger.root(of: $0.category) == top.id && $0.currency == ledger.currency }
                let spentInMonth = ledger.expenses.filter { inTop($0) && $0.date.hasPrefix(month) }.reduce(0) { $0 + $1.cents }
                let spentInYear = ledger.expenses.filter { inTop($0) && $0.date.hasPrefix(ledger.year) && String($0.date.prefix(7)) <= month }
                    .reduce(0) { $0 + $1.cents }
                for (section, spent, limit) in [("budget-month", spentInMonth, top.limit),
                                                ("budget-year", spentInYear, top.limit * Int64(index + 1))] {
                    let row = try #require(Self.row(top.name, in: html, section: section), "\(month) \(top.name) in \(section)")
                    #expect(row.contains("\(ledger.money(spent)) <span class=\"sub\">of \(ledger.money(limit))</span>"),
                            "\(month) \(top.name) \(section)")
                }
            }
            let previous = index > 0 ? months[index - 1] : nil, next = index + 1 < months.count ? months[index + 1] : nil
            #expect(html.contains("rel=\"prev\"") == (previous != nil) && html.contains("rel=\"next\"") == (next != nil))
            if let previous { #expect(html.contains("<a href=\"/users/\(username)/budget/months/\(previous)/\" rel=\"prev\">")) }
            if let next { #expect(html.contains("<a href=\"/users/\(username)/budget/months/\(next)/\" rel=\"next\">")) }
        }
    }
}
