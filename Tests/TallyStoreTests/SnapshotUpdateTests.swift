import Foundation
import TallyTestFolder
import Testing
import TallyFormat
import TallyStore

/// A snapshot updated from the kept one (`SnapshotUpdate`) must hold what a snapshot made from the database holds:
/// the tables whose rows changed copied again, the others kept, and the materialized views that read a copied table
/// computed again, the others kept.
@Suite struct SnapshotUpdateTests {
    let policy = PublicationPolicy(publishedUsers: ["ada", "sam"])
    let views = [
        SiteView(name: "gift_totals", sql: "SELECT organization_id, count(*) AS gifts, sum(amount_cents) AS cents FROM donations GROUP BY organization_id",
                 materialize: true, indexes: [.init(columns: ["organization_id"], lineInFile: 2)]),
        SiteView(name: "loud_orgs", sql: "SELECT id, upper(name) AS loud FROM organizations", materialize: true),
        // A materialized view over another, through a plain view.
        SiteView(name: "org_gifts", sql: "SELECT o.loud, t.gifts, t.cents FROM loud_orgs o LEFT JOIN totals t ON t.organization_id = o.id",
                 materialize: true),
        SiteView(name: "totals", sql: "SELECT * FROM gift_totals"),
    ]

    /// A database where user 3, `pending`, is not published until renamed `sam`, with a donation that waits for it.
    private func makeDatabase() throws -> (path: String, kept: KeptSnapshot) {
        let folder = TestFolder.make("tally-snapshot-update")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("site.sqlite").path
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: """
            INSERT INTO users (id, username, display_name, email, created_at) VALUES
              (1, 'ada', 'Ada', 'ada@example.com', '2023-01-01'), (2, 'riley', 'Riley', 'riley@example.com', '2023-01-01'),
              (3, 'pending', 'Sam', 'sam@example.com', '2023-01-01');
            INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'amf', 'Against Malaria', '2020-01-01'),
              (2, 'gd', 'GiveDirectly', '2020-01-01');
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES
              (1, 1, 5000, 'USD', '2024-01-05'), (2, 1, 7000, 'USD', '2024-01-06'), (3, 2, 900, 'USD', '2024-01-07'),
              (1, 2, 100, 'EUR', '2024-01-08');
            """)
        return (path, KeptSnapshot(path: folder.appendingPathComponent("kept.sqlite").path, settings: "test"))
    }

    /// Opens the snapshot an incremental build would, with the kept one beside it.
    private func open(_ path: String, _ kept: KeptSnapshot) throws -> SiteDatabase {
        try SiteDatabase(path: path, policy: policy, siteContent: { ([], views) }, kept: kept)
    }

    /// Builds once, keeps its snapshot, runs `change` on the database and opens the snapshot of the next build.
    private func updated(by change: String) throws -> (database: SiteDatabase, path: String) {
        let (path, kept) = try makeDatabase()
        #expect(try open(path, kept).keepSnapshot(as: kept))
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: change)
        return (try open(path, kept), path)
    }

    /// Every table's and view's rows in `database` against a snapshot made from the database at `path`.
    private func differences(_ database: SiteDatabase, madeFrom path: String) throws -> [String] {
        let made = try SiteDatabase(path: path, policy: policy, views: views)
        let names = made.tableNames().union(database.tableNames())
        let (ours, theirs) = (database.contentDigests(of: names), made.contentDigests(of: names))
        return names.filter { ours[$0] == nil || ours[$0] != theirs[$0] }.sorted()
    }

    @Test func aChangedTableIsCopiedAndTheViewsReadingItComputedAgain() throws {
        let (database, path) = try updated(by: "INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES (1, 2, 4200, 'USD', '2024-02-01')")
        // gift_totals only adds up donations by a column, and GiveDirectly's group was there: it alone is computed again.
        #expect(database.snapshotUpdate == SnapshotUpdate(tablesCopied: ["donations"], viewsComputed: ["gift_totals", "org_gifts"],
                                                          groupsComputed: ["gift_totals"]))
        #expect(try differences(database, madeFrom: path) == [])
        #expect(try database.run("SELECT gifts, cents FROM org_gifts WHERE loud = 'GIVEDIRECTLY'").rows == [[.integer(2), .integer(4300)]])
    }

    /// `tally serve` reads its open pages before the views are computed (`deferViews`): until then the views reading
    /// a copied table are stale and named so; after, the snapshot is the one made from the database.
    @Test func viewsLeftToComputeAreStaleUntilComputed() throws {
        let (path, kept) = try makeDatabase()
        #expect(try open(path, kept).keepSnapshot(as: kept))
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: "INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES (1, 2, 4200, 'USD', '2024-02-01')")
        let database = try SiteDatabase(path: path, policy: policy, siteContent: { ([], views) }, kept: kept, deferViews: true)
        #expect(database.snapshotUpdate == SnapshotUpdate(tablesCopied: ["donations"], viewsComputed: ["gift_totals", "org_gifts"]))
        #expect(database.staleViews == ["gift_totals", "org_gifts"])
        let givedirectly = "SELECT gifts, cents FROM org_gifts WHERE loud = 'GIVEDIRECTLY'"
        #expect(try database.run(givedirectly).rows == [[.integer(1), .integer(100)]], "as the kept snapshot had it")
        #expect(try database.run("SELECT count(*) FROM donations").rows == [[.integer(3)]], "the rows are copied at once: ada's three")
        try database.computeStaleViews()
        #expect(database.staleViews.isEmpty)
        #expect(try database.run(givedirectly).rows == [[.integer(2), .integer(4300)]])
        #expect(try differences(database, madeFrom: path) == [])
    }

    @Test func aViewNotReadingAChangedTableIsKept() throws {
        let (database, path) = try updated(by: "UPDATE organizations SET name = 'Malaria' WHERE id = 1")
        #expect(database.snapshotUpdate == SnapshotUpdate(tablesCopied: ["organizations"], viewsComputed: ["loud_orgs", "org_gifts"]))
        #expect(try differences(database, madeFrom: path) == [])
    }

    @Test func rowsUpdatedAndDeletedAreCopied() throws {
        let (database, path) = try updated(by: "UPDATE donations SET amount_cents = 1 WHERE id = 1; DELETE FROM donations WHERE id = 4")
        #expect(database.snapshotUpdate?.tablesCopied == ["donations"])
        #expect(try database.run("SELECT amount_cents FROM donations ORDER BY id").rows == [[.integer(1)]])
        #expect(try differences(database, madeFrom: path) == [])
    }

    /// A new published user makes rows of other tables published that did not change themselves.
    @Test func aChangedUsersTableCopiesThePersonalTablesItScrubs() throws {
        let (database, path) = try updated(by: "UPDATE users SET username = 'sam' WHERE id = 3")
        let copied = database.snapshotUpdate?.tablesCopied ?? []
        #expect(copied.contains("users") && copied.contains("donations") && copied.contains("post_deliveries"))
        #expect(!copied.contains("organizations"))
        #expect(try database.run("SELECT amount_cents FROM donations WHERE user_id = 3").rows == [[.integer(900)]])
        #expect(throws: QueryError.self, "a private column stays dropped") { try database.run("SELECT email FROM users") }
        #expect(try differences(database, madeFrom: path) == [])
    }

    @Test func anUnpublishedRowChangesNoRowOfTheSnapshot() throws {
        let (database, path) = try updated(by: "UPDATE donations SET amount_cents = 8 WHERE user_id = 2")
        #expect(database.snapshotUpdate == SnapshotUpdate(tablesCopied: ["donations"], viewsComputed: ["gift_totals", "org_gifts"],
                                                          groupsComputed: ["gift_totals"]))
        #expect(try differences(database, madeFrom: path) == [])
    }

    /// A group that appears or goes would move the rows after it, and a real number's sum depends on the order of
    /// the rows: the view is computed again whole, as a snapshot made from the database computes it.
    @Test(arguments: [
        "INSERT INTO organizations (id, slug, name, created_at) VALUES (3, 'new', 'New', '2020-01-01'); INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES (1, 3, 10, 'USD', '2024-03-01')",
        "DELETE FROM donations WHERE id = 4",
        "UPDATE donations SET amount_cents = 1.5 WHERE id = 1",
    ])
    func aGroupThatAppearsOrGoesOrARealSumComputesTheViewWhole(change: String) throws {
        let (database, path) = try updated(by: change)
        #expect(database.snapshotUpdate?.viewsComputed.contains("gift_totals") == true)
        #expect(database.snapshotUpdate?.groupsComputed == [])
        #expect(try differences(database, madeFrom: path) == [])
    }

    /// Groups whose keys or values a Swift `String` would change (a NUL, invalid UTF-8, the two normalizations of
    /// `Café`) are found, compared and written as SQLite holds them: computed by group, the view is the one a
    /// snapshot made from the database computes.
    @Test(arguments: [["'USD' || char(0) || 'X'"], ["'Caf' || char(233)", "'Cafe' || char(769)"], ["CAST(X'55534480' AS TEXT)"]])
    func groupsAreComputedAsSQLiteHoldsTheirValues(currencies: [String]) throws {
        let byCurrency = SiteView(name: "by_currency", sql: """
            SELECT currency, count(*) AS gifts, sum(amount_cents) AS cents, max(note) AS last_note
            FROM donations GROUP BY currency
            """, materialize: true)
        let (path, kept) = try makeDatabase()
        let gift = "INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at, note) VALUES"
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: currencies.enumerated().map { index, currency in
            "\(gift) (1, 1, \(index + 1), \(currency), '2024-03-01', 'a' || char(0) || 'z');"
        }.joined(separator: "\n"))
        func open() throws -> SiteDatabase {
            try SiteDatabase(path: path, policy: policy, siteContent: { ([], [byCurrency]) }, kept: kept)
        }
        #expect(try open().keepSnapshot(as: kept))
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: currencies.map { currency in
            "\(gift) (1, 2, 1000, \(currency), '2024-04-01', 'b' || char(0) || 'a');"
        }.joined(separator: "\n"))
        let database = try open()
        #expect(database.snapshotUpdate?.groupsComputed == ["by_currency"])
        let made = try SiteDatabase(path: path, policy: policy, views: [byCurrency])
        #expect(database.contentDigests(of: ["by_currency"]) == made.contentDigests(of: ["by_currency"]))
        #expect(try database.run("SELECT sum(gifts) FROM by_currency WHERE cents BETWEEN 1001 AND 1004").rows
                 == [[.integer(Int64(2 * currencies.count))]])
    }

    @Test func aChangedSchemaMakesTheSnapshotAgain() throws {
        let (database, path) = try updated(by: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('n')")
        #expect(database.snapshotUpdate == nil && database.reusedSnapshot == nil)
        #expect(try database.run("SELECT body FROM notes").rows == [[.text("n")]])
        #expect(try differences(database, madeFrom: path) == [])
    }

    @Test func aTriggerMakesTheSnapshotAgain() throws {
        let (database, _) = try updated(by: "CREATE TRIGGER t AFTER INSERT ON organizations BEGIN SELECT 1; END;")
        #expect(database.snapshotUpdate == nil)
    }

    /// A database emptied, removed or given a table of Tally's name after the snapshot was kept still gets its own
    /// error, not an update.
    @Test func aBadDatabaseStillGetsItsDiagnostic() throws {
        let (path, kept) = try makeDatabase()
        #expect(try open(path, kept).keepSnapshot(as: kept))
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: "CREATE TABLE site_pages (url TEXT)")
        #expect(throws: StoreError.reservedTable(path: path, name: "site_pages")) { try open(path, kept) }
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: StoreError.missingDatabase(path: path)) { try open(path, kept) }
        FileManager.default.createFile(atPath: path, contents: Data())
        #expect(throws: StoreError.emptyDatabase(path: path)) { try open(path, kept) }
    }
}
