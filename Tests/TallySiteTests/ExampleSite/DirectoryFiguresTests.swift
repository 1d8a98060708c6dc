import Foundation
import TallyTestFolder
import Testing
import TallyFormat
import TallySite
import TallyStore
import TallyTestSupport

/// The organization directory of the example site, checked against figures computed here in Swift from the
/// database rows: sort orders, impact per $100, the impact calculator, location pages, the search index and the
/// published users' totals. Then a database holding only organizations (one of them hostile) must still build.
@Suite struct DirectoryFiguresTests {
    struct Org {
        let slug, name: String
        let rating: Double?
        let verified: Bool
        let cost: Int64?
        let unit: String
        let minimum: Int64
        let city, country: String?
        /// The `/locations/` segments, from the SQL function `slugify` the pages use.
        let citySlug, countrySlug: String
    }

    static func organizations() throws -> [Org] {
        let database = try SiteDatabase(path: try ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: []))
        let table = try database.run("""
            SELECT slug, name, rating, verified, cost_per_unit_cents, coalesce(impact_unit, 'outcome'), minimum_donation_cents,
                   city, country, coalesce(slugify(city), ''), coalesce(slugify(country), '') FROM organizations
            """)
        return table.rows.map { row in
            Org(slug: row[0].text, name: row[1].text, rating: row[2].number, verified: row[3].isTruthy,
                cost: row[4].integer.flatMap { $0 > 0 ? $0 : nil }, unit: row[5].text, minimum: row[6].integer ?? 0,
                city: row[7] == .null ? nil : row[7].text, country: row[8] == .null ? nil : row[8].text,
                citySlug: row[9].text, countrySlug: row[10].text)
        }
    }

    /// The organization slugs of a page's cards, in page order.
    static func cardSlugs(_ html: String) -> [String] {
        html.components(separatedBy: "<h3><a href=\"/orgs/").dropFirst().map { String($0.prefix { $0 != "/" }) }
    }

    /// One card's HTML, from its heading to its closing "About …" link.
    static func card(_ slug: String, in html: String) throws -> Substring {
        let start = try #require(html.range(of: "<h3><a href=\"/orgs/\(slug)/\">"))
        let end = try #require(html[start.upperBound...].range(of: "<a class=\"more\""))
        return html[start.lowerBound..<end.lowerBound]
    }

    /// `1,234,567`, as `number()` writes a whole number.
    static func grouped(_ value: Int64) -> String {
        var whole = String(value)
        var groups = ""
        while whole.count > 3 {
            groups = "," + whole.suffix(3) + groups
            whole.removeLast(3)
        }
        return whole + groups
    }

    /// `$1,234.56`, as `money()` writes US dollars.
    static func dollars(_ cents: Int64) -> String {
        let fraction = cents % 100
        return "$" + grouped(cents / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    static func byName(_ a: Org, _ b: Org) -> Bool {
        (a.name.lowercased(), a.slug) < (b.name.lowercased(), b.slug)
    }

    /// The directory's order (/orgs/): verified first, then best rated (unrated last), then by name.
    static func directoryOrder(_ orgs: [Org]) -> [Org] {
        orgs.sorted { a, b in
            if a.verified != b.verified { return a.verified }
            if (a.rating == nil) != (b.rating == nil) { return a.rating != nil }
            if let ra = a.rating, let rb = b.rating, ra != rb { return ra > rb }
            return Self.byName(a, b)
        }
    }

    @Test func everyOrganizationIsOnTheDirectoryAndEachSortedViewInOrder() throws {
        let orgs = try Self.organizations()
        let verifiedFirst = Self.directoryOrder(orgs)
        let byRating = orgs.sorted { a, b in
            if (a.rating == nil) != (b.rating == nil) { return a.rating != nil }
            if let ra = a.rating, let rb = b.rating, ra != rb { return ra > rb }
            return Self.byName(a, b)
        }
        let byCost = orgs.sorted { a, b in
            if (a.cost == nil) != (b.cost == nil) { return a.cost != nil }
            if let ca = a.cost, let cb = b.cost, ca != cb { return ca < cb }
            return Self.byName(a, b)
        }
        let views = [("orgs/index.html", verifiedFirst), ("orgs/by/name/index.html", orgs.sorted(by: Self.byName)),
                     ("orgs/by/rating/index.html", byRating), ("orgs/by/cost/index.html", byCost)]
        for (path, expected) in views {
            let html = try ExampleSiteTests.page(path)
            #expect(Self.cardSlugs(html) == expected.map(\.slug), "\(path)")
            // The sort control marks exactly this view as current.
            #expect(html.components(separatedBy: "aria-current=\"page\"").count - 1 == 3, "\(path): nav, breadcrumb and sort link")
        }
        #expect(try ExampleSiteTests.page("orgs/by/cost/index.html").contains("compares prices, not value"))
    }

    @Test func cardsShowWhatOneHundredDollarsFundsByIntegerDivision() throws {
        let html = try ExampleSiteTests.page("orgs/index.html")
        for org in try Self.organizations() {
            let card = try Self.card(org.slug, in: html)
            guard let cost = org.cost else {
                #expect(!card.contains("<dt>Impact</dt>"), "\(org.slug)")
                continue
            }
            let expected = cost > 10_000
                ? "$\(cost / 100) ≈ 1 × \(org.unit)"
                : "$100 ≈ \(10_000 / cost) × \(org.unit)"
            #expect(card.contains("<dd class=\"impact\">\(expected)</dd>"), "\(org.slug): \(expected)")
            #expect(card.contains("<dd>\(Self.dollars(cost)) per \(org.unit)</dd>"), "\(org.slug)")
        }
    }

    @Test func theImpactCalculatorDividesWholeCents() throws {
        var checked = 0
        for org in try Self.organizations() {
            let html = try ExampleSiteTests.page("orgs/\(org.slug)/index.html")
            guard let cost = org.cost else {
                #expect(!html.contains("Impact calculator"), "\(org.slug)")
                continue
            }
            let amounts = Set([2_500, 5_000, 10_000, 50_000, 100_000, org.minimum]).filter { $0 >= org.minimum && $0 > 0 }.sorted()
            for amount in amounts {
                let units = amount / cost
                // Below one unit, the share of one in whole percent, rounded half up.
                let percent = (amount * 100 + cost / 2) / cost
                let funded = units > 0 ? "\(Self.grouped(units)) × \(org.unit)"
                    : percent > 0 ? "\(percent)% of one \(org.unit)" : "less than 1% of one \(org.unit)"
                let row = "<td style=\"text-align: right\">\(Self.dollars(amount))</td>\n<td>\(funded)</td>"
                let shown = html.contains(row)
                #expect(shown, "\(org.slug): \(row)")
                checked += 1
            }
        }
        #expect(checked > 40)
    }

    @Test func locationPagesListExactlyTheirOrganizations() throws {
        let orgs = try Self.organizations()
        let countries = Dictionary(grouping: orgs.filter { $0.country != nil }, by: \.countrySlug)
        #expect(countries.count >= 4)
        let index = try ExampleSiteTests.page("locations/index.html")
        for (country, members) in countries {
            #expect(index.contains("<a href=\"/locations/\(country)/\">"), "\(country)")
            let html = try ExampleSiteTests.page("locations/\(country)/index.html")
            #expect(Set(Self.cardSlugs(html)) == Set(members.map(\.slug)), "\(country)")
            #expect(Self.cardSlugs(html).count == members.count)
            let cities = Dictionary(grouping: members.filter { $0.city != nil }, by: \.citySlug)
            for (city, here) in cities {
                #expect(html.contains("<a href=\"/locations/\(country)/\(city)/\">"), "\(country)/\(city)")
                let cityPage = try ExampleSiteTests.page("locations/\(country)/\(city)/index.html")
                #expect(Self.cardSlugs(cityPage).sorted() == here.map(\.slug).sorted(), "\(country)/\(city)")
            }
        }
    }

    @Test func theSearchIndexHasOneEntryPerOrganization() throws {
        let json = try ExampleSiteTests.page("orgs/search.json")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let orgs = try Self.organizations()
        #expect(entries.count == orgs.count)
        #expect(Set(entries.compactMap { $0["url"] as? String }) == Set(orgs.map { "/orgs/\($0.slug)/" }))
        let malaria = try #require(entries.first { $0["url"] as? String == "/orgs/against-malaria-foundation/" })
        #expect((malaria["tags"] as? String)?.contains("malaria") == true)
        #expect(malaria["city"] as? String == "London")
        let directory = try ExampleSiteTests.page("orgs/index.html")
        #expect(directory.contains("<script src=\"/js/search.js\" defer></script>"))
        #expect(directory.contains("<form class=\"org-search\" id=\"org-search\" role=\"search\" hidden>"))
    }

    /// The by-year chart never puts two currencies on one axis: one chart per currency of the published gifts,
    /// each titled with its code, and each year's bar is that currency's sum alone.
    @Test func theGivingChartHasOneChartPerCurrency() throws {
        let published = try SiteDatabase(path: try ExampleSiteTests.databasePath(),
                                         policy: PublicationPolicy(publishedUsers: ["ada", "sam", "riley"]))
        let sums = try published.run("""
            SELECT o.slug, d.currency, substr(d.donated_at, 1, 4), sum(d.amount_cents)
            FROM donations d JOIN users u ON u.id = d.user_id JOIN organizations o ON o.id = d.organization_id
            WHERE u.username IN ('ada', 'sam') GROUP BY 1, 2, 3
            """)
        var byOrg: [String: [(code: String, year: String, cents: Int64)]] = [:]
        for row in sums.rows { byOrg[row[0].text, default: []].append((row[1].text, row[2].text, row[3].integer ?? 0)) }
        var multiCurrency = 0
        for (slug, rows) in byOrg {
            let html = try ExampleSiteTests.page("orgs/\(slug)/index.html")
            let codes = Set(rows.map(\.code))
            // The chart is drawn at two widths; the narrow drawing's ids are the plain ones.
            let titled = html.components(separatedBy: "<title id=\"chart-1-").dropFirst().map { String($0.prefix(3)) }
                .filter { $0 != "wid" }
            #expect(html.components(separatedBy: "<title id=\"chart-1-wide-").count == max(codes.count, 1) + 1, "\(slug)")
            if codes.count > 1 {
                multiCurrency += 1
                #expect(Set(titled) == Set(codes.map { $0.lowercased() }), "\(slug)")
            } else {
                #expect(titled == ["tit"], "\(slug) has one chart")
            }
            for row in rows where row.code == "USD" {
                #expect(html.contains("<title>\(row.year): \(Self.dollars(row.cents))</title>"), "\(slug) \(row.year)")
            }
        }
        #expect(multiCurrency > 0, "the example data should give some organization gifts in several currencies")
    }

    @Test func publishedTotalsCountOnlyPublishedUsers() throws {
        let everyone = try SiteDatabase(path: try ExampleSiteTests.databasePath(),
                                        policy: PublicationPolicy(publishedUsers: ["ada", "sam", "riley"]))
        let gifts = try everyone.run("""
            SELECT o.slug, u.username, d.currency, d.amount_cents, o.cost_per_unit_cents, r.rate
            FROM donations d JOIN users u ON u.id = d.user_id JOIN organizations o ON o.id = d.organization_id
            LEFT JOIN exchange_rates r ON r.base_currency = d.currency AND r.quote_currency = 'USD' AND r.month = substr(d.donated_at, 1, 7)
            """)
        #expect(gifts.rows.contains { $0[1].text == "riley" }, "the example data should include an unpublished giver")
        // Every gift in US dollars: as it is, or at its month's rate (each gift rounded half to even on its own).
        var usd: [String: (cents: Int64, cost: Int64?)] = [:]
        for row in gifts.rows where ["ada", "sam"].contains(row[1].text) {
            let cents = row[2].text == "USD" ? row[3].integer ?? 0
                : try ExchangeRateFiguresTests.dollarCents(row[3].integer ?? 0, rate: try #require(row[5] == .null ? nil : row[5].text))
            usd[row[0].text, default: (0, row[4].integer)].cents += cents
        }
        for (slug, total) in usd {
            guard let cost = total.cost, cost > 0 else { continue }
            let html = try ExampleSiteTests.page("orgs/\(slug)/index.html")
            let units = total.cents / cost
            let funded = units == 0 ? "less than one" : Self.grouped(units)
            #expect(html.contains("their gifts, \(Self.dollars(total.cents)) in US dollars in all, paid for about <strong>\(funded)</strong>"),
                    "\(slug): \(total.cents) / \(cost)")
            #expect(html.contains("class=\"tally-chart tally-duo\""), "\(slug) has a giving chart, drawn at two widths")
        }
    }

    static let organizationsOnly = """
        INSERT INTO organizations (id, slug, name, mission, city, region, country, rating, verified, minimum_donation_cents,
          impact_unit, cost_per_unit_cents, created_at) VALUES
          (1, 'hostile', '<img src=x onerror=alert(1)>', '<script>alert(2)</script> & more', 'São Paulo', NULL, 'Brasil',
           3.5, 1, 100, '<b>net</b>', 250, '2024-01-01'),
          (2, 'bare', 'Bare Org', '', NULL, NULL, NULL, NULL, 0, 100, NULL, NULL, '2024-01-01'),
          (3, 'pricey', 'Pricey Org', 'Expensive outcomes.', NULL, NULL, 'Brasil', 2.0, 0, 5000, 'surgery', 60000, '2024-01-01');
        INSERT INTO organization_media (organization_id, kind, url, caption) VALUES
          (3, 'photo', '/images/logos/givewell.svg', 'A photo on this site'),
          (3, 'photo', 'https://www.example.org/photos/clinic.jpg', 'A photo elsewhere'),
          (3, 'video', '//cdn.example.net/tour.webm', 'A video elsewhere');
        """

    @Test func aDatabaseOfOnlyOrganizationsBuildsWithoutBrokenPages() throws {
        let root = TestFolder.make("tally-orgs-only")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        for item in ["tally.yaml", "content", "templates", "static", "views"] {
            try FileManager.default.copyItem(at: ExampleSite.repository.appendingPathComponent(item),
                                             to: root.appendingPathComponent(item))
        }
        try DatabaseMigrations.migrate(databaseAt: root.appendingPathComponent("data/example.sqlite").path, seedSQL: Self.organizationsOnly)
        let summary = try SiteBuilder.build(BuildOptions(root: root)).get()
        #expect(summary.warnings.isEmpty)
        let output = root.appendingPathComponent("public")
        var pages: [String: String] = [:]
        for path in FileManager.default.subpaths(atPath: output.path) ?? [] where path.hasSuffix(".html") || path.hasSuffix(".json") {
            pages[path] = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
        }
        for required in ["orgs/index.html", "orgs/by/cost/index.html", "orgs/hostile/index.html", "orgs/bare/index.html",
                         "locations/index.html", "locations/brasil/index.html", "locations/brasil/sao-paulo/index.html"] {
            #expect(pages[required] != nil, "missing \(required)")
        }
        var broken: Set<String> = []
        for (page, html) in pages where page.hasSuffix(".html") {
            // The directory's own links; the config's nav also links /users/ada/, which this database has no row for.
            for link in ExampleSiteTests.rootRelativeLinks(in: html) where ["/orgs/", "/tags/", "/locations/"].contains(where: link.hasPrefix) {
                let path = link.split(separator: "#").first.map(String.init) ?? link
                let file = path.hasSuffix("/") ? path.dropFirst() + "index.html" : path.dropFirst()
                if !FileManager.default.fileExists(atPath: output.appendingPathComponent(String(file)).path) { broken.insert("\(page) → \(link)") }
            }
        }
        #expect(broken.isEmpty, "broken links: \(broken.sorted().prefix(10))")
        for (page, html) in pages {
            #expect(!html.contains("<img src=x") && !html.contains("<script>alert") && !html.contains("<b>net"), "\(page) lets markup through")
        }
        let json = try #require(pages["orgs/search.json"])
        #expect(json.contains("\"name\":\"\\u003cimg src=x onerror=alert(1)\\u003e\""))
        #expect(try #require(pages["orgs/index.html"]).contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(try #require(pages["orgs/hostile/index.html"]).contains("$100 funds about 40"))
        #expect(try #require(pages["orgs/pricey/index.html"]).contains("<td>8% of one surgery</td>"))
        #expect(try #require(pages["orgs/bare/index.html"]).contains("No published user has given to Bare Org yet."))
        #expect(Self.cardSlugs(try #require(pages["orgs/by/cost/index.html"])) == ["hostile", "pricey", "bare"])
        // A photo with a site path is shown; media on other sites is linked, so no page requests another site.
        let pricey = try #require(pages["orgs/pricey/index.html"])
        #expect(pricey.contains("<img src=\"/images/logos/givewell.svg\" alt=\"A photo on this site\" />"))
        #expect(pricey.contains("<li>Photo: <a href=\"https://www.example.org/photos/clinic.jpg\">A photo elsewhere</a> (photo on example.org)</li>\n<li>Video: <a href=\"\">A video elsewhere</a> (WebM video)</li>"))
        for (page, html) in pages {
            #expect(!html.contains("src=\"http") && !html.contains("src=\"//"), "\(page) loads something from another site")
        }
    }
}
