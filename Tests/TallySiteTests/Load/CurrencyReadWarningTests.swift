import Foundation
import Testing
import TallySite
import TallyTestSupport

/// A page query that sums amounts without their currency is a warning at the query, never a silent "$180.00"
/// for $150 and €30.
@Suite struct CurrencyReadWarningTests {
    static func warnings(_ sql: String, views: [String: String] = [:]) throws -> [String] {
        var files = ["content/index.md": "```sql totals\n" + sql + "\n```\n{{#totals}}{{money(total_cents)}}{{/totals}}\n"]
        for (name, text) in views { files["views/" + name] = text }
        let site = try TestSite(files, seedSQL: PageBlockTests.gifts)
        return try site.build().get().warnings.map(\.description)
    }

    @Test func aSumOverTableWithACurrencyIsAWarningAtTheQuery() throws {
        #expect(try Self.warnings("SELECT SUM(amount_cents) AS total_cents FROM donations") == [
            "content/index.md:2:1: warning: query `totals` reads donations.amount_cents but not donations.currency, so amounts in "
                + "different currencies are added together or shown in the site's currency\n  hint: select currency (and GROUP BY it) "
                + "so that money() and tables use each row's currency, or keep one currency with WHERE currency = 'USD'",
        ])
    }

    @Test(arguments: [
        "SELECT currency, SUM(amount_cents) AS total_cents FROM donations GROUP BY currency",
        "SELECT SUM(amount_cents) AS total_cents FROM donations WHERE currency = 'EUR'",
        "SELECT count(*) AS gifts, 0 AS total_cents FROM donations",
    ])
    func readingTheCurrencyOrNoAmountIsFine(_ sql: String) throws {
        #expect(try Self.warnings(sql) == [])
    }

    @Test func amountsReadThroughAViewCount() throws {
        let warnings = try Self.warnings("SELECT SUM(amount_cents) AS total_cents FROM gift_amounts",
                                         views: ["gift_amounts.sql": "SELECT amount_cents FROM donations\n"])
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("content/index.md:2:1: warning: query `totals` reads donations.amount_cents but not donations.currency") == true)
    }
}
