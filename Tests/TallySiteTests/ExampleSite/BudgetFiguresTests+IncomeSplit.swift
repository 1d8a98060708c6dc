import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// "Where the income goes" and the limit marks, worked out here from the raw rows.
extension BudgetFiguresTests {
    @Test(arguments: ["ada", "sam"])
    func theIncomeIsDividedAcrossTheLimitsThePledgeAndTheRest(username: String) throws {
        let database = try Self.database()
        let ledger = try Ledger(username: username, database: database)
        let income = ledger.total(ledger.incomes, inMonth: ledger.month)
        let limits = ledger.categories.values.filter { $0.parent == nil }.reduce(0) { $0 + $1.limit }
        let pledge = ledger.pledge(income)
        let rest = max(income - limits - pledge, 0)
        #expect(rest > 0, "\(username)'s limits and pledge leave part of the month's income unassigned")
        let html = try ExampleSiteTests.page("users/\(username)/budget/index.html")
        let section = try #require(html.components(separatedBy: "<section aria-labelledby=\"income-split\">").dropFirst().first?
            .components(separatedBy: "</section>").first)
        #expect(section.contains("<p class=\"section-note\">\(ReportFiguresTests.escapeForHTML(ledger.money(income))) of income in "))
        #expect(section.contains("<th scope=\"row\">Not assigned</th><td>\(ReportFiguresTests.escapeForHTML(ledger.money(rest)))</td>"))
        #expect(section.contains("<th scope=\"row\">Charitable giving</th><td>\(ReportFiguresTests.escapeForHTML(ledger.money(pledge)))</td>"))
        #expect(section.contains(" color=\"#456c90\""), "Housing's own colour, which clears 3:1 in both themes")
    }

    @Test func theLimitMarksSayWhichCategoriesAreOverThisMonth() throws {
        let database = try Self.database()
        let ledger = try Ledger(username: "ada", database: database)
        let html = try ExampleSiteTests.page("users/ada/budget/index.html")
        var over: [String] = []
        for top in ledger.categories.values.filter({ $0.parent == nil }).sorted(by: { ($1.limit, $0.name) < ($0.limit, $1.name) }) {
            let spent = ledger.total(ledger.expenses, inMonth: ledger.month) { ledger.root(of: $0.category) == top.id }
            if spent > top.limit { over.append("\(top.name) by \(ledger.money(spent - top.limit))") }
        }
        #expect(over.count == 2)
        #expect(html.contains("\(over.count) of \(ledger.categories.values.filter { $0.parent == nil }.count) bars are over their limit: "
            + ReportFiguresTests.escapeForHTML(over.joined(separator: ", ")) + "."))
    }
}
