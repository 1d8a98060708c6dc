import Foundation
@testable import TallySite
import TallyTestSupport
import Testing

/// The cases an independent review of the listing shortcut found (`IncrementalBuild+ListingShortcut`): each
/// incremental build must equal a full one, byte for byte.
@Suite struct ListingShortcutEdgeTests {
    static func fixture(query: String) throws -> IncrementalFixture {
        let fixture = try IncrementalFixture(extra: [
            "content/people/[username]/gifts.md": """
                ---
                pages: SELECT username, id AS user_id FROM users ORDER BY username
                title: "Gifts of {{params.username}}"
                paginate: history
                per_page: 2
                paginate_from: end
                ---
                ```sql history
                \(query)
                ```
                {{paginator.number}} of {{paginator.pages}}: {{#history}}{{donated_at}} {{amount_cents}}; {{/history}}
                """,
        ])
        try fixture.sql("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 56)
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at)
            SELECT 1, 1 + i % 3, i, 'USD', date('2023-01-01', '+' || i || ' days') FROM n
            """)
        return fixture
    }

    static func insertGift(_ fixture: IncrementalFixture, on date: String, amount: Int) throws {
        try fixture.sql("INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES (1, 2, \(amount), 'USD', '\(date)')")
    }

    static let byDate = "SELECT d.donated_at, d.amount_cents FROM donations d WHERE d.user_id = :user_id ORDER BY d.donated_at DESC"

    /// A quoted `main.` escaped the common table expression that counts the changed rows' part: the whole table was
    /// added to the last build's count.
    @Test(arguments: ["\"main\".donations", "[main].donations", "`main`.donations"])
    func aQuotedSchemaNameIsNoShortcut(from: String) throws {
        let fixture = try Self.fixture(query: "SELECT d.donated_at, d.amount_cents FROM \(from) d WHERE d.user_id = :user_id ORDER BY d.donated_at DESC")
        _ = try fixture.build()
        try Self.insertGift(fixture, on: "2030-01-01", amount: 7)
        #expect(try fixture.build().listingPagesUnread["/people/ada/gifts/"] == nil)
        #expect(try fixture.mismatches() == [])
    }

    /// Rows tied on the date: an index added between two builds has SQLite read them the other way round, so pages
    /// kept unread would show some rows twice and others not at all.
    @Test func anIndexAddedBetweenBuildsReadsTheListing() throws {
        let fixture = try Self.fixture(query: Self.byDate)
        try fixture.sql("UPDATE donations SET donated_at = '2020-01-01' WHERE user_id = 1 AND amount_cents <= 30")
        _ = try fixture.build()
        try fixture.sql("CREATE INDEX by_user_and_day ON donations (user_id, donated_at)")
        try Self.insertGift(fixture, on: "2030-01-01", amount: 7)
        #expect(try fixture.build().listingPagesUnread["/people/ada/gifts/"] == nil)
        #expect(try fixture.mismatches() == [])
    }

    /// The same through statistics alone: `ANALYZE` between two builds.
    @Test func analyzeBetweenBuildsReadsTheListing() throws {
        let fixture = try Self.fixture(query: Self.byDate)
        try fixture.sql("""
            UPDATE donations SET donated_at = '2020-01-01' WHERE user_id = 1 AND amount_cents <= 30;
            CREATE INDEX by_day ON donations (donated_at); CREATE INDEX IF NOT EXISTS by_user ON donations (user_id)
            """)
        _ = try fixture.build()
        try fixture.sql("ANALYZE")
        try Self.insertGift(fixture, on: "2030-01-01", amount: 7)
        _ = try fixture.build()
        #expect(try fixture.mismatches() == [])
    }

    /// An alias with a letter SQLite does not fold (`Ä`): the query with the rowid added named `ä`, failed, and the
    /// listing was written as one page of every row.
    @Test func anAliasOutsideASCIIKeepsTheListingPaginated() throws {
        let fixture = try Self.fixture(query: "SELECT Ä.donated_at, Ä.amount_cents FROM donations Ä WHERE Ä.user_id = :user_id ORDER BY Ä.donated_at DESC")
        _ = try fixture.build()
        try Self.insertGift(fixture, on: "2030-01-01", amount: 7)
        _ = try fixture.build()
        #expect(try fixture.mismatches() == [])
        #expect(FileManager.default.fileExists(atPath: fixture.site.root.appendingPathComponent("public/people/ada/gifts/page/2/index.html").path))
    }
}
