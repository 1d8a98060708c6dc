import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// The budget pages of the example site, checked against totals worked out here from raw rows: the pages' SQL
/// (roll-ups, month windows, pledges) is not reused, only its published snapshot.
@Suite struct BudgetFiguresTests {
    /// One person's budget rows and the figures the pages should show, computed in Swift.
    struct Ledger {
        struct Category { let id: Int64; let parent: Int64?; let name: String; let limit: Int64 }
        struct Entry { let category: Int64; let cents: Int64; let currency: String; let date: String }

        let categories: [Int64: Category]
        let expenses: [Entry]
        let incomes: [Entry]
        let donations: [Entry]
        let pledgePercent: Double
        /// The currency most expenses are in, the latest expense date in it, and its month and year.
        let currency: String
        let asOf: String
        var month: String { String(asOf.prefix(7)) }
        var year: String { String(asOf.prefix(4)) }
        var monthsSoFar: Int64 { Int64(month.suffix(2)) ?? 0 }

        init(username: String, database: SiteDatabase) throws {
            let me: [String: DataValue] = ["username": .text(username)]
            let user = try database.run("SELECT id, coalesce(pledge_percent, 0) FROM users WHERE username = :username", parameters: me).rows[0]
            let id: [String: DataValue] = ["id": user[0]]
            pledgePercent = user[1].number ?? 0
            categories = Dictionary(uniqueKeysWithValues: try database.run(
                "SELECT id, parent_id, name, monthly_limit_cents FROM budget_categories WHERE user_id = :id", parameters: id).rows.map {
                    ($0[0].integer ?? 0, Category(id: $0[0].integer ?? 0, parent: $0[1].integer, name: $0[2].text, limit: $0[3].integer ?? 0))
                })
            func entries(_ sql: String) throws -> [Entry] {
                try database.run(sql, parameters: id).rows.map {
                    Entry(category: $0[0].integer ?? 0, cents: $0[1].integer ?? 0, currency: $0[2].text, date: $0[3].text)
                }
            }
            expenses = try entries("SELECT category_id, amount_cents, currency, spent_on FROM expenses WHERE user_id = :id")
            incomes = try entries("SELECT 0, amount_cents, currency, month FROM incomes WHERE user_id = :id")
            donations = try entries("SELECT 0, amount_cents, currency, donated_at FROM donations WHERE user_id = :id")
            let byCurrency = Dictionary(grouping: expenses, by: \.currency)
            currency = byCurrency.keys.sorted().max { (byCurrency[$0]?.count ?? 0) < (byCurrency[$1]?.count ?? 0) } ?? ""
            asOf = byCurrency[currency]?.map(\.date).max() ?? ""
        }

        /// The top-level category above `id`, following parents (a visited set guards against cycles).
        func root(of id: Int64) -> Int64 {
            var current = id
            var seen: Set<Int64> = [id]
            while let parent = categories[current]?.parent, categories[parent] != nil, seen.insert(parent).inserted { current = parent }
            return current
        }

        /// Everything in the budget's currency from January of the year through `month`, or in one month.
        func total(_ entries: [Entry], inMonth month: String? = nil, where keep: (Entry) -> Bool = { _ in true }) -> Int64 {
            entries.filter { entry in
                let entryMonth = String(entry.date.prefix(7))
                let inRange = month.map { entryMonth == $0 } ?? (entry.date.hasPrefix(year) && entryMonth <= self.month)
                return entry.currency == currency && inRange && keep(entry)
            }.reduce(0) { $0 + $1.cents }
        }

        func pledge(_ incomeCents: Int64) -> Int64 { Int64((Double(incomeCents) * pledgePercent / 100).rounded()) }

        func money(_ cents: Int64) -> String {
            Money(minorUnits: cents, currency: Currency.lookup(currency) ?? Currency.lookup("USD")!).formatted()
        }
    }

    static func database() throws -> SiteDatabase {
        try SiteDatabase(path: ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: ["ada", "sam"]))
    }

    /// The `<tr>…</tr>` of the table in the section `sectionID` whose header cell holds `label`.
    static func row(_ label: String, in html: String, section sectionID: String) -> String? {
        guard let start = html.range(of: "id=\"\(sectionID)\"") else { return nil }
        let section = html[start.upperBound...].prefix { _ in true }
        let table = section.components(separatedBy: "</table>").first ?? ""
        return table.components(separatedBy: "<tr").first { $0.contains(">\(label)</a>") || $0.contains(">\(label) <span") || $0.contains(">\(label)</th>") }
    }

    @Test(arguments: ["ada", "sam"])
    func yearCardsAndMonthByMonthTableMatchTheRawRows(username: String) throws {
        let ledger = try Ledger(username: username, database: Self.database())
        let html = try ExampleSiteTests.page("users/\(username)/budget/index.html")
        #expect(html.contains("As of \(try #require(ISODate(ledger.month)).humanReadable)"))
        let income = ledger.total(ledger.incomes), spending = ledger.total(ledger.expenses), giving = ledger.total(ledger.donations)
        for (label, cents) in [("Income", income), ("Spending", spending), ("Charitable giving", giving), ("Left over", income - spending - giving)] {
            #expect(html.contains("<span class=\"label\">\(label)</span><span class=\"value money\">\(ledger.money(cents))</span>"), "\(label)")
        }
        for number in 1...ledger.monthsSoFar {
            let month = ledger.year + "-" + (number < 10 ? "0" : "") + String(number)
            let figures = [ledger.total(ledger.incomes, inMonth: month), ledger.total(ledger.expenses, inMonth: month),
                           ledger.total(ledger.donations, inMonth: month)]
            let cells = (figures + [figures[0] - figures[1] - figures[2]]).map { "<td class=\"num\">\(ledger.money($0))</td>" }.joined()
            #expect(html.contains("<tr><td>\(try #require(ISODate(month)).humanReadable)</td>\(cells)</tr>"), "\(month)")
        }
    }

    @Test(arguments: ["ada", "sam"])
    func everyTopLevelCategoryRollsUpItsSubCategoriesAgainstItsLimit(username: String) throws {
        let ledger = try Ledger(username: username, database: Self.database())
        let html = try ExampleSiteTests.page("users/\(username)/budget/index.html")
        let tops = ledger.categories.values.filter { ledger.root(of: $0.id) == $0.id }
        var overThisMonth = 0
        for top in tops {
            let inTop: (Ledger.Entry) -> Bool = { ledger.root(of: $0.category) == top.id }
            for (section, spent, limit) in [("budget-month", ledger.total(ledger.expenses, inMonth: ledger.month, where: inTop), top.limit),
                                            ("budget-year", ledger.total(ledger.expenses, where: inTop), top.limit * ledger.monthsSoFar)] {
                let row = try #require(Self.row(top.name, in: html, section: section), "\(top.name) in \(section)")
                #expect(row.contains("\(ledger.money(spent)) <span class=\"sub\">of \(ledger.money(limit))</span>"), "\(top.name) \(section)")
                if spent > limit {
                    #expect(row.contains("▲ Over by \(ledger.money(spent - limit))"), "\(top.name) \(section)")
                    if section == "budget-month" { overThisMonth += 1 }
                } else {
                    #expect(row.contains("\(ledger.money(limit - spent)) left") && !row.contains("▲"), "\(top.name) \(section)")
                }
            }
        }
        #expect(html.contains("<span class=\"value\">\(overThisMonth) <small>of \(tops.count)</small>"))
        // Sub-categories roll up: the category totals add up to all spending.
        let total = ledger.total(ledger.expenses)
        #expect(try #require(Self.row("All categories", in: html, section: "budget-year")).contains(ledger.money(total)))
    }

    @Test(arguments: ["ada", "sam"])
    func givingIsItsOwnLineAgainstThePledge(username: String) throws {
        let ledger = try Ledger(username: username, database: Self.database())
        let html = try ExampleSiteTests.page("users/\(username)/budget/index.html")
        for (section, month) in [("budget-month", Optional(ledger.month)), ("budget-year", nil)] {
            let given = ledger.total(ledger.donations, inMonth: month)
            let pledge = ledger.pledge(ledger.total(ledger.incomes, inMonth: month))
            let row = try #require(Self.row("Charitable giving", in: html, section: section))
            #expect(row.contains("\(ledger.money(given)) <span class=\"sub\">of \(ledger.money(pledge))</span>"))
            #expect(row.contains(given >= pledge ? "✓ Pledge met" : "▽ \(ledger.money(pledge - given)) short of the pledge"))
        }
    }

    @Test func donationsInOtherCurrenciesAreListedApartNotConverted() throws {
        let ledger = try Ledger(username: "sam", database: Self.database())
        let html = try ExampleSiteTests.page("users/sam/budget/index.html")
        let pounds = ledger.donations.filter { $0.currency == "GBP" && $0.date.hasPrefix(ledger.year) }
        #expect(!pounds.isEmpty)
        let total = Money(minorUnits: pounds.reduce(0) { $0 + $1.cents }, currency: try #require(Currency.lookup("GBP"))).formatted()
        #expect(html.contains("<td>Giving</td>\n<td>GBP</td>\n<td style=\"text-align: right\">\(pounds.count)</td>\n<td style=\"text-align: right\">\(total)</td>"))
        #expect(!(try #require(Self.row("Charitable giving", in: html, section: "budget-year")).contains("£")))
    }

    @Test(arguments: ["ada", "sam"])
    func eachCategoryHasAPageWithItsExpensesAndSubCategories(username: String) throws {
        let ledger = try Ledger(username: username, database: Self.database())
        let root = try ExampleSiteTests.shared.get().root.appendingPathComponent("public/users/\(username)/budget")
        // months/ holds the budget of each month (budget/months/[month].md), not a category.
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { !$0.hasSuffix(".html") && !$0.hasSuffix(".csv") && $0 != "months" }
        #expect(folders.count == ledger.categories.count, "one page per category, each with its own slug")
        let budget = try ExampleSiteTests.page("users/\(username)/budget/index.html")
        for category in ledger.categories.values where category.parent == nil {
            // The budget page links each top-level category to its page.
            let link = try #require(Self.row(category.name, in: budget, section: "budget-month"))
            let slug = try #require(link.components(separatedBy: "/budget/").dropFirst().first?.components(separatedBy: "/").first)
            let html = try ExampleSiteTests.page("users/\(username)/budget/\(slug)/index.html")
            let below: (Ledger.Entry) -> Bool = { ledger.root(of: $0.category) == category.id }
            let mine = ledger.expenses.filter(below)
            #expect(html.contains("<h1>\(category.name)</h1>"))
            #expect(html.contains("In all: \(ledger.money(mine.reduce(0) { $0 + $1.cents })) in \(mine.count) expenses."), "\(category.name)")
            #expect(html.components(separatedBy: "<td>").count - 1 >= mine.count)
            let monthSpent = ledger.total(ledger.expenses, inMonth: ledger.month, where: below)
            #expect(html.contains("<span class=\"value money\">\(ledger.money(monthSpent))</span>"), "\(category.name)")
            let overMonths = (1...ledger.monthsSoFar).filter { number in
                let month = ledger.year + "-" + (number < 10 ? "0" : "") + String(number)
                return ledger.total(ledger.expenses, inMonth: month, where: below) > category.limit
            }.count
            #expect(html.contains("<span class=\"value\">\(overMonths) <small>of \(ledger.monthsSoFar)</small>"), "\(category.name)")
            for child in ledger.categories.values where child.parent == category.id {
                #expect(html.contains(">\(child.name.replacingOccurrences(of: "&", with: "&amp;"))</a>"), "\(child.name)")
            }
        }
    }

    @Test func anUnpublishedPersonHasNoBudgetOrPostingPages() throws {
        let output = try ExampleSiteTests.shared.get().root.appendingPathComponent("public")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("users/riley").path))
        var everything = ""
        for path in FileManager.default.subpaths(atPath: output.path) ?? [] where path.hasSuffix(".html") {
            everything += try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
        }
        // Riley's own category, rent and platform handle, which no published user shares.
        for secret in ["Scrubs &amp; shoes", "South Lamar", "rileyrn", "401(k) extra"] { #expect(!everything.contains(secret), "\(secret)") }
    }

    @Test func everyBudgetAndPostingPageHasATitleADescriptionAndBreadcrumbs() throws {
        let output = try ExampleSiteTests.shared.get().root.appendingPathComponent("public/users")
        let pages = (FileManager.default.subpaths(atPath: output.path) ?? []).filter { $0.contains("/budget/") || $0.contains("/posts/") }
        #expect(pages.count > 60)
        for path in pages where path.hasSuffix(".html") {
            let html = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
            #expect(!html.contains("<title> ·") && !html.contains("<meta name=\"description\" content=\"\">"), "\(path)")
            #expect(html.contains("<nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\">"), "\(path)")
            #expect(html.contains("<link rel=\"stylesheet\" href=\"/css/dashboard.css\">"), "\(path)")
        }
    }

    @Test func aCycleOfCategoriesSharedNamesAndAMissingCategoryStillBuildAndAddUp() throws {
        // Ada (user 1) gets two categories that are each other's parent, two that share a name, one whose name
        // has no letters, and an expense whose category does not exist.
        let example = try String(contentsOf: ExampleSite.repository.appendingPathComponent("data/example.sql"), encoding: .utf8)
        let (root, _) = try ExampleSite.build(seedSQL: example + """

            PRAGMA foreign_keys = OFF;
            INSERT INTO budget_categories (id, user_id, parent_id, name, monthly_limit_cents) VALUES
              (900, 1, 901, 'Loop', 100), (901, 1, 900, 'Loop', 100), (902, 1, NULL, '🎉', 0);
            INSERT INTO expenses (user_id, category_id, name, amount_cents, currency, spent_on) VALUES
              (1, 900, 'In the loop', 500, 'USD', '2025-12-02'), (1, 999, 'Orphan', 700, 'USD', '2025-12-03');
            """)
        let budget = root.appendingPathComponent("public/users/ada/budget")
        for slug in ["loop-900", "loop-901", "category"] {
            #expect(FileManager.default.fileExists(atPath: budget.appendingPathComponent(slug + "/index.html").path), "\(slug)")
        }
        let html = try String(contentsOf: budget.appendingPathComponent("index.html"), encoding: .utf8)
        let orphan = try #require(Self.row("Uncategorized", in: html, section: "budget-month"))
        #expect(orphan.contains("$7.00 <span class=\"sub\">of $0.00</span>") && orphan.contains("▲ Over by $7.00"))
        // In the cycle each category counts as its own top-level category, and the expense is counted once.
        #expect(html.contains("<a href=\"/users/ada/budget/loop-900/\">Loop</a></th>\n<td class=\"num\">$5.00 <span class=\"sub\">of $1.00</span>"))
        #expect(html.contains("<a href=\"/users/ada/budget/loop-901/\">Loop</a></th>\n<td class=\"num\">$0.00 <span class=\"sub\">of $1.00</span>"))
    }
}
