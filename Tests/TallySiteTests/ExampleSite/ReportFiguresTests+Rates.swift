import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// Sam gives in euros and pounds: the outcomes on his report are his gifts converted into US dollars at the ECB
/// rate of each gift's month, recomputed here with Foundation's Decimal (banker's rounding), not Tally's code.
@Suite struct ExchangeRateFiguresTests {
    struct ConvertedGift {
        let organization: String, currency: String, month: String, amount: Int64, costPerUnit: Int64?, rate: String?
    }

    static func samsGifts() throws -> [ConvertedGift] {
        let database = try SiteDatabase(path: try ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: ["ada", "sam"]))
        return try database.run("""
            SELECT o.name, d.currency, substr(d.donated_at, 1, 7), d.amount_cents, o.cost_per_unit_cents, r.rate
            FROM donations d JOIN users u ON u.id = d.user_id JOIN organizations o ON o.id = d.organization_id
            LEFT JOIN exchange_rates r ON r.base_currency = d.currency AND r.quote_currency = 'USD' AND r.month = substr(d.donated_at, 1, 7)
            WHERE u.username = 'sam'
            """).rows.map { row in
            ConvertedGift(organization: row[0].text, currency: row[1].text, month: row[2].text, amount: row[3].integer ?? 0,
                          costPerUnit: row[4].integer, rate: row[5] == .null ? nil : row[5].text)
        }
    }

    /// Cents of US dollars for `cents` of a two-decimal currency at `rate`, rounded half to even.
    static func dollarCents(_ cents: Int64, rate: String) throws -> Int64 {
        var exact = Decimal(cents) * (try #require(Decimal(string: rate, locale: Locale(identifier: "en_US_POSIX"))))
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .bankers)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    @Test func everyGiftHasThePublishedRateOfItsMonth() throws {
        let gifts = try Self.samsGifts()
        #expect(Set(gifts.map(\.currency)) == ["EUR", "GBP"])
        #expect(gifts.allSatisfy { $0.rate != nil }, "a gift without a rate")
        // Spot checks against the ECB's published monthly averages (USD per euro) and the pound's cross rate.
        let rates = Dictionary(gifts.map { ("\($0.currency) \($0.month)", $0.rate ?? "") }, uniquingKeysWith: { first, _ in first })
        #expect(rates["EUR 2023-01"] == "1.0769")
        #expect(rates["EUR 2025-12"] == "1.1709")
        #expect(rates["GBP 2023-03"] == "1.2139")
    }

    @Test func samsOutcomesAreHisGiftsInDollarsAtEachMonthsRate() throws {
        let page = try ExampleSiteTests.page("users/sam/index.html")
        let counted = try Self.samsGifts().filter { ($0.costPerUnit ?? 0) > 0 }
        #expect(!counted.isEmpty)
        for (organization, gifts) in Dictionary(grouping: counted, by: \.organization) {
            let dollars = try gifts.reduce(Int64(0)) { $0 + (try Self.dollarCents($1.amount, rate: $1.rate ?? "")) }
            let given = ReportFiguresTests.money(dollars, "USD")
            let units = dollars / (gifts[0].costPerUnit ?? 1)
            let outcome = units > 0 ? "about \(NumberText.grouped(UInt64(units)))" : "of one"
            let row = try #require(page.components(separatedBy: ">\(ReportFiguresTests.escapeForHTML(organization))</a></td>").dropFirst()
                .first { $0.hasPrefix("\n<td style=\"text-align: right\">\(given) (converted)</td>") }, "\(organization): \(given)")
            #expect(row.contains(outcome), "\(organization): \(outcome)")
        }
    }

    @Test func thePageListsEachRateItUsedWithItsSource() throws {
        let page = try ExampleSiteTests.page("users/sam/index.html")
        let gifts = try Self.samsGifts().filter { ($0.costPerUnit ?? 0) > 0 }
        let january = try #require(gifts.filter { $0.currency == "EUR" && $0.month == "2023-01" }.first?.rate)
        let euros = gifts.filter { $0.currency == "EUR" && $0.month == "2023-01" }.reduce(Int64(0)) { $0 + $1.amount }
        let dollars = try gifts.filter { $0.currency == "EUR" && $0.month == "2023-01" }
            .reduce(Int64(0)) { $0 + (try Self.dollarCents($1.amount, rate: $1.rate ?? "")) }
        #expect(page.contains("<td>EUR</td>\n<td>January 2023</td>\n<td style=\"text-align: right\">2</td>\n<td style=\"text-align: right\">\(ReportFiguresTests.money(euros, "EUR"))</td>\n<td style=\"text-align: right\">\(january)</td>\n<td style=\"text-align: right\">\(ReportFiguresTests.money(dollars, "USD"))</td>\n<td>ECB euro reference rates, monthly average</td>"))
        #expect(page.contains("<td>ECB euro reference rates, monthly average: cross rate, USD 1.0706 ÷ GBP 0.88192 per euro</td>"))
        #expect(!page.contains("Illustrative"), "every rate of the example is a published one")
    }
}
