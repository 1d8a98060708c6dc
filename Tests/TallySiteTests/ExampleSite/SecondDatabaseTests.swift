import Foundation
import Testing
import TallySite
import TallyTestSupport

/// The example content on a second database written apart from data/example.sql (Tests/Fixtures/second-database.sql):
/// ids and tags that are not URL segments as they stand, accents, missing costs and budgets, three currencies.
/// Every page it links to exists, and the figures on the pages are the fixture's own, worked out by hand.
@Suite struct SecondDatabaseTests {
    static let shared: Result<(root: URL, summary: BuildSummary), any Error> = Result {
        try ExampleSite.build(seedSQL: try ExampleSite.secondDatabaseSQL())
    }

    static func page(_ path: String) throws -> String {
        try String(contentsOf: try shared.get().root.appendingPathComponent("public/" + path), encoding: .utf8)
    }

    @Test func theExampleContentBuildsWithoutWarnings() throws {
        let summary = try Self.shared.get().summary
        #expect(summary.warnings.isEmpty)
    }

    /// Ids that are already safe keep their spelling; any other is slugified, and every link uses the same segment.
    @Test(arguments: [
        "bills/h-r-3684/index.html", "bills/s-1/index.html", "bills/hr5376-117/index.html",
        "representatives/mn-05/index.html", "representatives/TX.07/index.html", "representatives/sen-vt/index.html",
        "orgs/Agua.Limpa_BR/index.html", "orgs/Direct.Cash/index.html", "orgs/research_lab/index.html",
        "tags/cash-transfers/index.html", "tags/research-evaluation/index.html", "tags/global-health/index.html",
        "locations/brasil/sao-paulo/index.html", "locations/schweiz/zurich/index.html", "locations/canada/montreal/index.html",
        "users/ada/index.html", "users/sam/index.html",
    ])
    func aPageForEveryValue(_ path: String) throws {
        #expect(FileManager.default.fileExists(atPath: try Self.shared.get().root.appendingPathComponent("public/" + path).path))
    }

    /// Two spellings of one tag share a page, which lists the organizations of both.
    @Test func tagsThatSlugifyAlikeShareAPage() throws {
        let html = try Self.page("tags/cash-transfers/index.html")
        #expect(html.contains("Direct Cash Montréal"))
        #expect(html.contains("Open Research Lab"))
        #expect(!html.contains("Tafel Zürich"))
        #expect(!FileManager.default.fileExists(atPath: try Self.shared.get().root.appendingPathComponent("public/tags/Cash Transfers").path))
    }

    /// Tags that differ in more than case, spaces and hyphens but make one URL segment ("C" and "C++" are both `c`)
    /// stop the build with both rows named, rather than sharing a page and its figures.
    @Test func distinctTagsWithOneSegmentAreAnError() throws {
        let root = try ExampleSite.copy(seedSQL: """
            INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'one', 'One', '2024-01-01'), (2, 'two', 'Two', '2024-01-01');
            INSERT INTO organization_tags (organization_id, tag) VALUES (1, 'C'), (2, 'C++'), (2, 'Cash Transfers'), (1, 'cash-transfers');
            """)
        guard case .failure(let failure) = SiteBuilder.build(BuildOptions(root: root)) else { Issue.record("expected a failure"); return }
        #expect(failure.diagnostics.map(\.description) == [
            "content/tags/[tag].md:2:1: error: row 2 of the `pages` query gives the URL /tags/c/, which row 1 gives too\n"
                + "  hint: two values make the same URL segment: GROUP BY the segment to give them one page, or tell them apart in the database",
        ])
    }

    /// The bill whose id has no Congress in it takes the Congress of its roll calls; one without roll calls shows none.
    @Test func billCodesAndCongresses() throws {
        #expect(try Self.page("bills/h-r-3684/index.html").contains("<p class=\"meta\">H.R. 3684 · 117th Congress</p>"))
        #expect(try Self.page("bills/hr5376-117/index.html").contains("<p class=\"meta\">H.R. 5376 · 117th Congress</p>"))
        #expect(try Self.page("bills/s-1/index.html").contains("<p class=\"meta\">S. 1</p>"))
        let bill = try Self.page("bills/h-r-3684/index.html")
        #expect(bill.contains("The Senate passed it on Aug 10, 2021, 2 to 0 (<a href=\"/roll-calls/senate-117-1/314/\">vote 314</a>)."))
        #expect(bill.contains("The House agreed to the other chamber’s amendment on Nov 5, 2021, 2 to 1 (<a href=\"/roll-calls/house-117-1/369/\">roll call 369</a>)."))
    }

    /// Each currency keeps its own total; zoë is in the database but not in publish_users, so none of her rows show.
    @Test func totalsPerCurrencyAndOnlyPublishedUsers() throws {
        let ada = try Self.page("users/ada/index.html")
        for figure in ["<span class=\"value\">$390.00</span>", "<span class=\"value\">€80.00</span>", "<span class=\"value\">CHF\u{00A0}55.50</span>",
                       "3 gifts to 3 organizations, 2024–2025", "1 gift to 1 organization, 2025"] {
            #expect(ada.contains(figure), "users/ada: \(figure)")
        }
        #expect(try Self.page("users/sam/index.html").contains("<title>sam: giving report"))
        let home = try Self.page("index.html")
        #expect(home.contains("All time: $440.00 · €80.00 · CHF\u{00A0}55.50; each currency on its own."))
        #expect(home.contains("2 became law, 1 introduced"))
        #expect(home.contains("3 verified, across 6 causes"))
        let root = try Self.shared.get().root.appendingPathComponent("public")
        for path in FileManager.default.subpaths(atPath: root.path) ?? [] where path.hasSuffix(".html") || path.hasSuffix(".xml") {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            #expect(!text.contains("Zoë") && !text.contains("never shown"), "\(path) shows an unpublished user's rows")
        }
    }

    /// ada asked her own House member and a senator who is not hers: the card, the table's total and the hub agree.
    @Test func questionsAddUpAndTheHubRanksThem() throws {
        let ada = try Self.page("users/ada/index.html")
        #expect(ada.contains("<span class=\"value\">2</span>\n<span class=\"note\">1 answered so far</span>"))
        #expect(ada.contains("<a href=\"/representatives/sen-tx/\">Jo Dummyston</a> (not Ada Quintero’s representative)"))
        #expect(ada.contains("<td style=\"text-align: right\"><strong>2</strong></td>\n<td style=\"text-align: right\"><strong>1</strong></td>"))
        #expect(ada.contains("<li><strong>Will Texas keep its &lt;b&gt;water&lt;/b&gt; grants?</strong> To <a href=\"/representatives/sen-tx/\">Jo Dummyston</a>"))
        let hub = try Self.page("questions/index.html")
        #expect(hub.components(separatedBy: "<li class=\"question\" id=\"question-").dropFirst().map { $0.prefix { $0.isNumber } } == ["2", "1"])
        #expect(hub.contains("<p>Yes, <strong>both</strong> of them. <!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>"))
        #expect(try Self.page("questions/to/sen-tx/index.html").contains("Will Texas keep its &lt;b&gt;water&lt;/b&gt; grants?"))
        #expect(try Self.page("questions/open/index.html").contains("Will you support clean water funding?"))
        #expect(!hub.contains("never shown"))
    }

    @Test func theBillListSumsUpThePublishedUsersRepresentatives() throws {
        let bills = try Self.page("bills/index.html")
        #expect(bills.contains("<a href=\"/bills/h-r-3684/\">"))
        for (bill, votes) in [("h-r-3684", "Ada’s: 2 yes · sam’s: 1 no"), ("hr5376-117", "Ada’s: 1 yes · sam’s: 1 no"), ("s-1", "–")] {
            let row = try #require(bills.components(separatedBy: "<a href=\"/bills/\(bill)/\">").dropFirst().first)
            #expect(row.components(separatedBy: "class=\"reader-votes\">")[1].hasPrefix(votes + "</td>"), "\(bill)")
        }
        #expect(try !Self.page("bills/chamber/senate/index.html").contains("/bills/hr5376-117/"))
    }

    /// The directory's order is verified first, best rated, then by name: Nets 4 All (5), Água Limpa (4.5), Direct Cash (3.5),
    /// then the unrated by name. Água Limpa's $1,200 outcome makes the calculator give shares of one.
    @Test func organizationNeighboursSharedPostsAndTheCalculator() throws {
        let agua = try Self.page("orgs/Agua.Limpa_BR/index.html")
        #expect(agua.contains("Organization 2 of 5 in the"))
        #expect(agua.contains("<li class=\"previous\"><a href=\"/orgs/nets-4-all/\"><span class=\"label\">Previous</span> Nets 4 All</a></li>"))
        #expect(agua.contains("<li class=\"next\"><a href=\"/orgs/Direct.Cash/\"><span class=\"label\">Next</span> Direct Cash Montréal</a></li>"))
        #expect(try !Self.page("orgs/nets-4-all/index.html").contains("<li class=\"previous\">"))
        #expect(try !Self.page("orgs/zurich-food-bank/index.html").contains("<li class=\"next\">"))
        #expect(agua.contains("<td>less than 1% of one well kept running for a year</td>"))
        #expect(agua.contains("<td>2% of one well kept running for a year</td>"))
        #expect(agua.contains("<li>Gave to Fundação Água Limpa &lt;3 &amp; more<br />"))
        #expect(agua.contains("<a href=\"/users/ada/posts/\">Ada Quintero</a>"))
    }

    /// Ada reads her hours in Asia/Kolkata (UTC+5:30, a half-hour offset); sam has no zone, so the site's New York applies.
    /// zoë's zone is no zone at all, but she is not published, so nothing reads it.
    @Test func postingPagesReadHoursInEachPersonsZone() throws {
        let ada = try Self.page("users/ada/posts/index.html")
        #expect(ada.contains("Times are in Asia/Kolkata time.</p>"))
        #expect(ada.contains("<tr><th scope=\"row\">15</th><td>2</td></tr>"))
        #expect(ada.contains("<li>Coming up<br />\n<em>Mar 20, 2025, 17:30 · Mastodon</em></li>"))
        let sam = try Self.page("users/sam/posts/index.html")
        #expect(sam.contains("Times are in America/New_York time (the site's zone; no zone of their own is set).</p>"))
        #expect(sam.contains("<tr><th scope=\"row\">23</th><td>1</td></tr>"))
        #expect(sam.contains("As of <time datetime=\"2025-04-01\">"))
        #expect(sam.contains("Nothing is scheduled after the latest published post."))
        let history = try Self.page("users/sam/posts/history/index.html")
        #expect(history.contains("<p class=\"post-text\">Late one | with a pipe</p>\n<p class=\"post-meta\"><time datetime=\"2025-04-01\">Apr 1, 2025, 23:30</time>"))
        #expect(try Self.page("users/ada/posts/history/index.html").contains("1–2 of 2 posts"))
        let best = try Self.page("users/ada/posts/best-times/index.html")
        #expect(best.contains("<strong>Mastodon: too few posts to tell</strong> (2; it takes 20)."))
    }

    /// ada's euro gift counts in outcomes at the fixture's February rate, which the page labels as its data does
    /// ("Illustrative"); her Swiss franc gift has no rate, and the page says so instead of converting it.
    @Test func outcomesInEveryCurrencyAtTheMonthsRate() throws {
        let ada = try Self.page("users/ada/index.html")
        #expect(ada.contains("<td><a href=\"/orgs/nets-4-all/\">Nets 4 All</a></td>\n<td style=\"text-align: right\">$123.30 (converted)</td>\n<td style=\"text-align: right\">about 24</td>"))
        #expect(ada.contains("<td>EUR</td>\n<td>February 2025</td>\n<td style=\"text-align: right\">1</td>\n<td style=\"text-align: right\">€80.00</td>\n<td style=\"text-align: right\">1.0412</td>\n<td style=\"text-align: right\">$83.30</td>\n<td>Illustrative: made up for this fixture, not a published rate</td>"))
        #expect(ada.contains("<strong>No exchange rate:</strong> CHF\u{00A0}55.50 in CHF (1 gift) is not counted in outcomes, because the database has no rate into US dollars for its month."))
        #expect(!ada.contains("May 2025"), "a rate for a month without gifts is not listed")
        let nets = try Self.page("orgs/nets-4-all/index.html")
        #expect(nets.contains("their gifts, $173.30 in US dollars in all, paid for about <strong>34</strong>"))
        #expect(nets.contains("1 gift was in another currency and counts at the exchange rate of its month"))
    }

    @Test func theTagIndexCountsTwoSpellingsOnce() throws {
        #expect(try Self.page("tags/index.html").contains("""
            <td><a href="/tags/cash-transfers/">Cash Transfers</a></td>
            <td style="text-align: right">2</td>
            <td>Direct Cash Montréal, Open Research Lab</td>
            """))
    }

    /// Two bill ids that url_segment() makes alike would share a URL: the build names both rows and stops. The rows
    /// are in the order of their segments (`ORDER BY id` sorts by the selected `url_segment(id) AS id`).
    @Test func idsThatGiveTheSameSegmentAreAnError() throws {
        let seed = try ExampleSite.secondDatabaseSQL() + """
            INSERT INTO bills (id, title, chamber, status) VALUES ('h r 3684', 'The same bill, typed again', 'house', 'introduced');
            """
        do {
            _ = try ExampleSite.build(seedSQL: seed)
            Issue.record("the build succeeded")
        } catch let failure as BuildFailure {
            #expect(failure.diagnostics.map(\.description) == [
                "content/bills/[id].md:2:1: error: row 2 of the `pages` query gives the URL /bills/h-r-3684/, which row 1 gives too\n"
                    + "  hint: two values make the same URL segment: GROUP BY the segment to give them one page, or tell them apart in the database",
            ])
        }
    }
}
