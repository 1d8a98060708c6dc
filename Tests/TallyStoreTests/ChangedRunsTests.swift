import Foundation
import GRDB
import TallyTestFolder
import Testing
import TallyFormat
import TallyStore

/// The rows that changed since the kept snapshot, found by walking only the runs of rowids the database changed in
/// (`ChangedRuns`), and walked whole whenever rows outside those runs may differ too.
@Suite struct ChangedRunsTests {
    let policy = PublicationPolicy(publishedUsers: ["ada", "sam"])

    /// 3,000 gifts of ada's, ids 1 to 3,000: three runs of 1,024 rowids.
    private func keptAndChanged(by change: String) throws -> (database: SiteDatabase, kept: KeptSnapshot) {
        let folder = TestFolder.make("tally-changed-runs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("site.sqlite").path
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: """
            INSERT INTO users (id, username, display_name, email, created_at) VALUES (1, 'ada', 'Ada', 'ada@example.com', '2023-01-01');
            INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'amf', 'Against Malaria', '2020-01-01');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
            INSERT INTO donations (id, user_id, organization_id, amount_cents, currency, donated_at)
            SELECT i, 1, 1, i, 'USD', '2024-01-05' FROM n;
            """)
        let kept = KeptSnapshot(path: folder.appendingPathComponent("kept.sqlite").path, settings: "test")
        #expect(try SiteDatabase(path: path, policy: policy, siteContent: { ([], []) }, kept: kept).keepSnapshot(as: kept))
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: change)
        return (try SiteDatabase(path: path, policy: policy, siteContent: { ([], []) }, kept: kept), kept)
    }

    private func changedVersions(_ database: SiteDatabase, since kept: KeptSnapshot) -> Int? {
        database.rowChanges(since: kept.path, columns: ["donations": ["organization_id"]]).tables["donations"]?.allVersions?.count
    }

    /// A private column that cannot be dropped is blanked with NULL, or with '' when a constraint refuses NULL for
    /// some row: one changed row can flip every other row's blank, so such a table is walked whole.
    @Test func aTableWithAPrivateColumnIsWalkedWhole() throws {
        let folder = TestFolder.make("tally-changed-runs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("site.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE items (id INTEGER PRIMARY KEY, n INTEGER, secret TEXT, CHECK (secret IS NOT NULL OR n > 0));
                WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 3000)
                INSERT INTO items SELECT i, iif(i = 1, 0, 1), 's' || i FROM k;
                """)
        }
        let strict = PublicationPolicy(publishedUsers: [], extraPrivateColumns: [.init(table: "items", column: "secret")])
        let kept = KeptSnapshot(path: folder.appendingPathComponent("kept.sqlite").path, settings: "test")
        #expect(try SiteDatabase(path: path, policy: strict, siteContent: { ([], []) }, kept: kept).keepSnapshot(as: kept))
        // Row 1 now lets NULL pass the CHECK: every row's blank goes from '' to NULL, though only run 0 changed.
        try queue.write { db in try db.execute(sql: "UPDATE items SET n = 1 WHERE id = 1") }
        try queue.close()
        let database = try SiteDatabase(path: path, policy: strict, siteContent: { ([], []) }, kept: kept)
        #expect(database.snapshotUpdate?.tablesCopied == ["items"])
        #expect(database.changedRuns?.runs["items"] == nil)
        #expect(database.rowChanges(since: kept.path, columns: ["items": ["n"]]).tables["items"]?.allVersions?.count == 6000)
        #expect(try database.run("SELECT count(*) FROM items WHERE secret IS NULL").rows == [[.integer(3000)]])
    }

    @Test func aChangedGiftIsFoundInItsRunAlone() throws {
        let (database, kept) = try keptAndChanged(by: "UPDATE donations SET amount_cents = 1 WHERE id = 2500")
        #expect(database.snapshotUpdate?.tablesCopied == ["donations"])
        #expect(database.changedRuns?.runs == ["donations": [2500 >> 10]])
        #expect(changedVersions(database, since: kept) == 2, "both versions of the gift")
    }

    /// The runs say how the copy differs from the kept file as it was copied: once that file changed, every row is
    /// walked, and a row it lost outside the runs is found.
    @Test func aKeptSnapshotChangedSinceItWasCopiedIsWalkedWhole() throws {
        let (database, kept) = try keptAndChanged(by: "UPDATE donations SET amount_cents = 1 WHERE id = 2500")
        try DatabaseQueue(path: kept.path).write { db in try db.execute(sql: "DELETE FROM donations WHERE id = 5") }
        #expect(changedVersions(database, since: kept) == 3)
    }

    /// Renamed, ada is no longer published: the scrub removes every gift of hers, though no run of `donations` but
    /// the one with the new gift changed in the database.
    @Test func aTableWhoseScrubAnotherChangedTableDecidesIsWalkedWhole() throws {
        let (database, kept) = try keptAndChanged(by: """
            UPDATE users SET username = 'ada2' WHERE id = 1;
            INSERT INTO donations (id, user_id, organization_id, amount_cents, currency, donated_at) VALUES (3001, 1, 1, 5, 'USD', '2024-02-01');
            """)
        #expect(database.changedRuns?.runs["donations"] == nil)
        #expect(changedVersions(database, since: kept) == 3000, "every gift the kept snapshot had")
    }
}
