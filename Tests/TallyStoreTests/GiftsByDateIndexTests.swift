import Foundation
import TallyTestFolder
import Testing
import TallyFormat
import TallyStore

/// Version 6's index of a person's gifts by date: pages that list a person's latest gifts read them in index order
/// from the published snapshot, rather than sorting the person's whole history for each page.
@Suite struct GiftsByDateIndexTests {
    static let latestGifts = """
        SELECT d.donated_at, d.amount_cents FROM donations d
        WHERE d.user_id = :user_id ORDER BY d.donated_at DESC, d.id DESC LIMIT 10
        """

    static func database() throws -> String {
        let folder = TestFolder.make("tally-gifts-index")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("site.sqlite").path
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: """
            INSERT INTO users (id, username, created_at) VALUES (1, 'ada', '2024-01-01'), (2, 'sam', '2024-01-01');
            INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'one', 'One', '2024-01-01');
            WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 500)
            INSERT INTO donations (user_id, organization_id, amount_cents, donated_at)
              SELECT 1 + value % 2, 1, value, printf('2025-%02d-%02d', 1 + value % 12, 1 + value % 28) FROM n;
            """)
        return path
    }

    @Test func versionSixIndexesGiftsByPersonAndDate() throws {
        let path = try Self.database()
        let database = try SiteDatabase(path: path, policy: PublicationPolicy(publishedUsers: ["ada", "sam"]))
        let applied = try database.run("SELECT identifier FROM grdb_migrations ORDER BY rowid").rows.map { $0[0].text }
        #expect(applied.last == "v6: gifts by person and date")
        let indexes = try database.run("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'donations' ORDER BY name")
            .rows.map { $0[0].text }
        // The snapshot copies the index, and does not add its own on user_id, which the index already starts with.
        #expect(indexes.contains("donations_by_user_date") && indexes.contains("donations_by_user"))
        #expect(!indexes.contains("tally_fk_donations_user_id"))
        let plan = try database.run("EXPLAIN QUERY PLAN " + Self.latestGifts, parameters: ["user_id": .integer(1)])
            .rows.map { $0[3].text }
        #expect(plan == ["SEARCH d USING INDEX donations_by_user_date (user_id=?)"])
        // Adding them up reads the table in rowid order, through the index on user_id alone.
        let sum = try database.run("EXPLAIN QUERY PLAN SELECT sum(amount_cents) FROM donations WHERE user_id = :user_id",
                                   parameters: ["user_id": .integer(1)]).rows.map { $0[3].text }
        #expect(sum == ["SEARCH donations USING INDEX donations_by_user (user_id=?)"])
        let latest = try database.run(Self.latestGifts, parameters: ["user_id": .integer(1)]).rows
        #expect(latest.count == 10)
        let newest = try database.run("SELECT max(donated_at) FROM donations WHERE user_id = 1").rows.first?[0].text
        #expect(latest.first?[0].text == newest && newest != nil)
    }
}
