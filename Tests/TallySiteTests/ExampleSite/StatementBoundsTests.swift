import Foundation
import Testing
import TallySite
import TallyTestSupport

/// A year-end statement of more than 500 gifts lists the year's organizations on its first page only: repeated on
/// each page, at 20,000 organizations they were 16,000 rows under every page's 500 gifts.
@Suite struct StatementBoundsTests {
    /// The example data plus 600 gifts by Ada in 2019 to organization 1, so her 2019 statement has two pages.
    static let pages: Result<(first: String, second: String), any Error> = Result {
        let seed = try String(contentsOf: ExampleSite.repository.appendingPathComponent("data/example.sql"), encoding: .utf8) + """

            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at)
            SELECT (SELECT id FROM users WHERE username = 'ada'), (SELECT min(id) FROM organizations), 100, 'USD', '2019-06-01' FROM n;

            """
        let (root, _) = try ExampleSite.build(seedSQL: seed)
        func page(_ path: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent("public/users/ada/statements/2019/" + path), encoding: .utf8)
        }
        return (try page("index.html"), try page("page/2/index.html"))
    }

    @Test func theFirstPageListsTheOrganizations() throws {
        let first = try Self.pages.get().first
        #expect(first.contains(#"aria-label="Organizations""#))
        #expect(!first.contains("are listed on"))
    }

    @Test func laterPagesLinkToTheFirstInstead() throws {
        let second = try Self.pages.get().second
        #expect(!second.contains(#"aria-label="Organizations""#))
        #expect(second.contains(#"<p>The organizations given to in 2019 are listed on <a href="/users/ada/statements/2019/">the statement's first page</a>.</p>"#))
    }

    /// The example data plus 520 organizations, each given one gift by Ada in 2018: the statement's first page says
    /// how many and links to pages of their own, 500 a page, rather than hold a year's organizations in one table.
    static let manyOrganizations: Result<URL, any Error> = Result {
        let seed = try String(contentsOf: ExampleSite.repository.appendingPathComponent("data/example.sql"), encoding: .utf8) + """

            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 520)
            INSERT INTO organizations (slug, name, mission, city, country, created_at)
            SELECT printf('many-%03d', i), printf('Many %03d', i), 'A generated organization.', 'Lyon', 'France', '2018-01-01' FROM n;
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at)
            SELECT (SELECT id FROM users WHERE username = 'ada'), id, 1000, 'EUR', '2018-03-01' FROM organizations WHERE slug LIKE 'many-%';

            """
        return try ExampleSite.build(seedSQL: seed).0
    }

    @Test func pastFiveHundredTheOrganizationsHavePagesOfTheirOwn() throws {
        let root = try Self.manyOrganizations.get()
        func page(_ path: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent("public/users/ada/statements/" + path), encoding: .utf8)
        }
        let statement = try page("2018/index.html")
        #expect(!statement.contains(#"aria-label="Organizations""#))
        #expect(statement.contains("""
            <p>Ada Lindqvist gave to 520 organizations in 2018: they are listed,
            with their cities, regions and countries, on <a href="/users/ada/statements/2018/organizations/">pages of their own</a>.</p>
            """))
        let first = try page("2018/organizations/index.html")
        let second = try page("2018/organizations/page/2/index.html")
        #expect(first.contains("Organizations 1–500 of 520, by name."))
        #expect(second.contains("Organizations 501–520 of 520, by name."))
        #expect(first.components(separatedBy: "<td>Many ").count - 1 == 500)
        #expect(second.components(separatedBy: "<td>Many ").count - 1 == 20)
        #expect(first.contains("<td>Many 001</td>") && second.contains("<td>Many 520</td>"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("public/users/ada/statements/2018/organizations/page/3").path))
        // A year of fewer organizations keeps them on its statement and has no such page.
        #expect(try page("2025/index.html").contains(#"aria-label="Organizations""#))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("public/users/ada/statements/2025/organizations").path))
    }
}
