import Foundation
import TallyTestFolder
import Testing
import TallyFormat
import TallyStore

/// The published snapshot's index of a person's gifts by date: pages that list a person's latest gifts read them
/// in index order, rather than sorting the person's whole history for each page, and sums still read the table
/// in rowid order through the index on `user_id` alone.
@Suite struct GiftsByDateIndexTests {
    static let latestGifts = """
        SELECT d.donated_at, d.amount_cents FROM donations d
        WHERE d.user_id = :user_id ORDER BY d.donated_at DESC, d.id DESC LIMIT 10
        """

    static func database(_ more: String = "") throws -> SiteDatabase {
        let folder = TestFolder.make("tally-gifts-index")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("site.sqlite").path
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: """
            INSERT INTO users (id, username, created_at) VALUES (1, 'ada', '2024-01-01'), (2, 'sam', '2024-01-01');
            INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'one', 'One', '2024-01-01');
            WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 500)
            INSERT INTO donations (user_id, organization_id, amount_cents, donated_at)
              SELECT 1 + value % 2, 1, value, printf('2025-%02d-%02d', 1 + value % 12, 1 + value % 28) FROM n;
            \(more)
            """)
        return try SiteDatabase(path: path, policy: PublicationPolicy(publishedUsers: ["ada", "sam"]))
    }

    static func indexes(_ database: SiteDatabase) throws -> [String] {
        try database.run("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'donations' ORDER BY name")
            .rows.map { $0[0].text ?? "" }
    }

    @Test func theSnapshotIndexesGiftsByPersonAndDate() throws {
        let database = try Self.database()
        #expect(try Self.indexes(database).contains("tally_donations_by_user_date"))
        #expect(try Self.indexes(database).contains("tally_fk_donations_user_id"))
        let plan = try database.run("EXPLAIN QUERY PLAN " + Self.latestGifts, parameters: ["user_id": .integer(1)])
            .rows.map { $0[3].text }
        #expect(plan == ["SEARCH d USING INDEX tally_donations_by_user_date (user_id=?)"])
        let latest = try database.run(Self.latestGifts, parameters: ["user_id": .integer(1)]).rows
        let newest = try database.run("SELECT max(donated_at) FROM donations WHERE user_id = 1").rows.first?[0].text
        #expect(latest.count == 10 && latest.first?[0].text == newest && newest != nil)
        // Adding them up reads the table in rowid order, through the index on user_id alone.
        let sum = try database.run("EXPLAIN QUERY PLAN SELECT sum(amount_cents) FROM donations WHERE user_id = :user_id",
                                   parameters: ["user_id": .integer(1)]).rows.map { $0[3].text }
        #expect(sum == ["SEARCH donations USING INDEX tally_fk_donations_user_id (user_id=?)"])
    }

    /// An index that SQLite cannot use for them, partial or in another collation, does not count.
    @Test(arguments: ["CREATE INDEX own_part ON donations (user_id, donated_at) WHERE amount_cents > 100;",
                      "CREATE INDEX own_nocase ON donations (user_id COLLATE NOCASE, donated_at);"])
    func anIndexSQLiteCannotUseForThemIsNotEnough(_ index: String) throws {
        #expect(try Self.indexes(try Self.database(index)).contains("tally_donations_by_user_date"))
    }

    /// The index only makes pages faster: a name already taken, or a virtual table, leaves the snapshot without it.
    @Test(arguments: ["CREATE TABLE tally_donations_by_user_date (x);",
                      "DROP TABLE donations; CREATE VIRTUAL TABLE donations USING fts5(user_id, donated_at);"])
    func aSnapshotThatCannotHaveTheIndexIsMadeWithoutIt(_ more: String) throws {
        let database = try Self.database(more)
        #expect(try database.run("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'tally_donations_by_user_date'").rows
                == [[.integer(0)]])
    }

    /// A database with such an index of its own keeps it, and gets no second one.
    @Test func anIndexOfTheDatabasesOwnIsUsedInstead() throws {
        let database = try Self.database("CREATE INDEX own_gifts_by_date ON donations (user_id, donated_at DESC, amount_cents);")
        let indexes = try Self.indexes(database)
        #expect(indexes.contains("own_gifts_by_date") && !indexes.contains("tally_donations_by_user_date"))
    }
}
