import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// The impact report and the home page's giving figures, recomputed in Swift from raw rows and compared with the pages.
@Suite struct ReportFiguresTests {
    struct Gift {
        let user: String, amount: Int64, currency: String, date: String, recurring: Bool, organization: String, costPerUnit: Int64?
    }

    static func gifts() throws -> [Gift] {
        let database = try SiteDatabase(path: try ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: ["ada", "sam"]))
        let table = try database.run("""
            SELECT u.username, d.amount_cents, d.currency, d.donated_at, d.recurring, o.name, o.cost_per_unit_cents
            FROM donations d JOIN users u ON u.id = d.user_id JOIN organizations o ON o.id = d.organization_id
            """)
        return table.rows.map { row in
            Gift(user: row[0].text, amount: row[1].integer ?? 0, currency: row[2].text, date: row[3].text,
                 recurring: row[4].integer == 1, organization: row[5].text, costPerUnit: row[6].integer)
        }
    }

    static func money(_ minor: Int64, _ code: String) -> String {
        escapeForHTML(Money(minorUnits: minor, currency: Currency.lookup(code)!).formatted())
    }

    static func escapeForHTML(_ text: String) -> String { text.replacingOccurrences(of: "&", with: "&amp;") }

    @Test(arguments: ["ada", "sam"])
    func allTimeAndYearlyTotalsPerCurrency(user: String) throws {
        let page = try ExampleSiteTests.page("users/\(user)/index.html")
        let mine = try Self.gifts().filter { $0.user == user }
        // Table cells without their alignment attributes, whichever way the Markdown renderer writes them.
        let cells = page.replacingOccurrences(of: "<td align=\"right\">", with: "<td>")
            .replacingOccurrences(of: "<td style=\"text-align: right\">", with: "<td>")
        #expect(!mine.isEmpty)
        for (currency, gifts) in Dictionary(grouping: mine, by: \.currency) {
            let total = gifts.reduce(0) { $0 + $1.amount }
            #expect(page.contains(Self.money(total, currency)), "all-time \(currency) total")
            for (year, inYear) in Dictionary(grouping: gifts, by: { String($0.date.prefix(4)) }) {
                let sum = inYear.reduce(0) { $0 + $1.amount }
                #expect(cells.contains("<td>\(year)</td>\n<td>\(inYear.count)</td>\n<td>\(Self.money(sum, currency))</td>"),
                        "\(year) \(currency)")
            }
            let largest = gifts.map(\.amount).max() ?? 0
            #expect(page.contains(Self.money(largest, currency)), "largest \(currency) gift")
        }
    }

    /// The by-cause chart splits what was given to an organization evenly between its causes in whole cents, the
    /// cents left over going one each to its first causes by name: the slices add up to exactly what was given.
    @Test func theCausesSplitWholeCentsAndAddUpToWhatWasGiven() throws {
        let page = try ExampleSiteTests.page("users/ada/index.html")
        let database = try SiteDatabase(path: try ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: ["ada"]))
        let tags = try database.run("SELECT o.name, t.tag FROM organization_tags t JOIN organizations o ON o.id = t.organization_id")
        let causes = Dictionary(grouping: tags.rows, by: { $0[0].text }).mapValues { $0.map { $0[1].text }.sorted() }
        let usd = try Self.gifts().filter { $0.user == "ada" && $0.currency == "USD" }
        var byCause: [String: Int64] = [:]
        for (organization, gifts) in Dictionary(grouping: usd, by: \.organization) {
            let given = gifts.reduce(0) { $0 + $1.amount }
            let names = causes[organization] ?? ["no-cause-listed"]
            let share = given / Int64(names.count), left = given % Int64(names.count)
            for (place, name) in names.enumerated() { byCause[name, default: 0] += share + (Int64(place) < left ? 1 : 0) }
        }
        #expect(byCause.values.reduce(0, +) == usd.reduce(0) { $0 + $1.amount })
        let table = try #require(page.range(of: "<caption>By cause, in USD</caption>").map { String(page[$0.upperBound...].prefix(4000)) })
        for (cause, cents) in byCause {
            let label = cause.replacingOccurrences(of: "-", with: " ")
            #expect(table.contains("<th scope=\"row\">\(label)</th><td>\(Self.money(cents, "USD"))</td>"), "\(label)")
        }
    }

    @Test func outcomesFundedAreWholeUnitsOfUSDollarGifts() throws {
        let page = try ExampleSiteTests.page("users/ada/index.html")
        let usd = try Self.gifts().filter { $0.user == "ada" && $0.currency == "USD" && ($0.costPerUnit ?? 0) > 0 }
        #expect(!usd.isEmpty)
        for (organization, gifts) in Dictionary(grouping: usd, by: \.organization) {
            let given = gifts.reduce(0) { $0 + $1.amount }
            let units = given / (gifts[0].costPerUnit ?? 1)
            guard units > 0 else { continue }
            #expect(page.contains("about \(NumberText.grouped(UInt64(units)))"), "\(organization): \(units) units")
        }
    }

    /// With more than ten organizations in the main currency, the chart keeps the ten given most and adds the rest
    /// up in one bar, in the same currency: Ada's nine plus three small new ones give 10 bars and "2 other organizations".
    @Test func theByOrganizationChartKeepsTenBarsAndAddsUpTheRest() throws {
        let example = try String(contentsOf: ExampleSite.repository.appendingPathComponent("data/example.sql"), encoding: .utf8)
        let (root, _) = try ExampleSite.build(seedSQL: example + """

            INSERT INTO organizations (id, slug, name, created_at) VALUES
              (101, 'small-one', 'Small One', '2024-01-01'), (102, 'small-two', 'Small Two', '2024-01-01'),
              (103, 'small-three', 'Small Three', '2024-01-01');
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES
              (1, 101, 100, 'USD', '2025-01-05'), (1, 102, 200, 'USD', '2025-01-06'), (1, 103, 300, 'USD', '2025-01-07'),
              (1, 101, 5000, 'EUR', '2025-01-08');
            """)
        let html = try String(contentsOf: root.appendingPathComponent("public/users/ada/index.html"), encoding: .utf8)
        let figure = try #require(html.components(separatedBy: "<figcaption>By organization, in USD</figcaption>").dropFirst().first?
            .components(separatedBy: "</figure>").first)
        #expect(figure.components(separatedBy: "<th scope=\"row\">").count - 1 == 11)
        #expect(figure.contains("<th scope=\"row\">Small Three</th><td>$3.00</td>"))
        // Small One's and Small Two's US-dollar gifts; Small One's euro gift is not in this chart.
        #expect(figure.contains("<th scope=\"row\">2 other organizations</th><td>$3.00</td></tr></tbody>"))
        #expect(!figure.contains("Small One") && !figure.contains("€"))
    }

    @Test func thePledgeIsAShareOfTheLatestYearsIncome() throws {
        let database = try SiteDatabase(path: try ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: ["ada"]))
        let incomes = try database.run("SELECT month, amount_cents FROM incomes WHERE currency = 'USD'").rows
        let year = incomes.map { String($0[0].text.prefix(4)) }.max() ?? ""
        let income = incomes.filter { $0[0].text.hasPrefix(year) }.reduce(Int64(0)) { $0 + ($1[1].integer ?? 0) }
        let pledge = (income * 10 + 50) / 100  // Ada pledges 10%; rounded to the nearest cent
        let given = try Self.gifts().filter { $0.user == "ada" && $0.currency == "USD" && $0.date.hasPrefix(year) }.reduce(0) { $0 + $1.amount }
        let page = try ExampleSiteTests.page("users/ada/index.html")
        #expect(page.contains("\(Self.money(given, "USD")) of \(Self.money(pledge, "USD"))"))
        #expect(page.contains("\(Int((Double(given) / Double(pledge) * 100).rounded(.down)))%") || page.contains("\(Int((Double(given) / Double(pledge) * 100).rounded()))%"))
    }

    @Test func theHomePageGivesThisYearsAndAllTimeTotalsPerCurrency() throws {
        let home = try ExampleSiteTests.page("index.html")
        let all = try Self.gifts()
        let year = all.map { String($0.date.prefix(4)) }.max() ?? ""
        #expect(home.contains("Given in \(year)"))
        for (currency, gifts) in Dictionary(grouping: all, by: \.currency) {
            #expect(home.contains(Self.money(gifts.reduce(0) { $0 + $1.amount }, currency)), "all-time \(currency)")
            let thisYear = gifts.filter { $0.date.hasPrefix(year) }.reduce(0) { $0 + $1.amount }
            #expect(home.contains(Self.money(thisYear, currency) + " <small>\(currency)</small>"), "\(year) \(currency)")
        }
    }
}
