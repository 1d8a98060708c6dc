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
