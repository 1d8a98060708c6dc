import Foundation
import GRDB
import TallyTestFolder
import Testing
import TallyFormat
@testable import TallyStore

/// The record beside the kept snapshot (`KeptSnapshot.Record`) holds a digest of each run of 1,024 rowids of each of
/// the database's tables, so a build's update walks only the runs that changed (`SnapshotUpdate`).
@Suite struct KeptSnapshotRecordTests {
    private let policy = PublicationPolicy(publishedUsers: ["ada"])

    @Test func theRunsOfEachTableAreReadBackAsRecorded() throws {
        let folder = TestFolder.make("tally-kept-record")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kept = KeptSnapshot(path: folder.appendingPathComponent("kept.sqlite").path, settings: "test")
        try Data("kept".utf8).write(to: URL(fileURLWithPath: kept.path))
        let source = SourceDigests(schema: "s", tables: ["donations": "d", "odd\tname with spaces": "o", "users": "u"],
                                   chunks: ["donations": [0: "a0", 3: "a3"], "odd\tname with spaces": [-1: "b"]])
        kept.record(KeptSnapshot.Record(database: "db", content: "c", settings: "st", source: source))
        let read = try #require(kept.recorded())
        #expect(read.source.tables == source.tables)
        #expect(read.source.chunks == source.chunks)
    }

    /// A row of the kept snapshot changed in a run whose digest did not change is not walked, which shows that the
    /// update read the runs from the record: every other row is the database's.
    @Test func anUpdateWalksOnlyTheRunsTheRecordSaysChanged() throws {
        let folder = TestFolder.make("tally-kept-runs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("site.sqlite").path
        let gifts = (1...3_000).map { "(1, 1, \($0), 'USD', '2024-01-01')" }.joined(separator: ", ")
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: """
            INSERT INTO users (id, username, display_name, email, created_at) VALUES (1, 'ada', 'Ada', 'ada@example.com', '2023-01-01');
            INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'amf', 'Against Malaria', '2020-01-01');
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES \(gifts);
            """)
        let kept = KeptSnapshot(path: folder.appendingPathComponent("kept.sqlite").path, settings: "test")
        #expect(try SiteDatabase(path: path, policy: policy, siteContent: { ([], []) }, kept: kept).keepSnapshot(as: kept))
        let record = try #require(kept.recorded())
        #expect(record.source.chunks["donations"]?.keys.sorted() == [0, 1, 2])
        try DatabaseQueue(path: kept.path).write { try $0.execute(sql: "UPDATE donations SET amount_cents = -1 WHERE id = 10") }
        kept.record(record)
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: "UPDATE donations SET amount_cents = 7 WHERE id = 2500")
        let updated = try SiteDatabase(path: path, policy: policy, siteContent: { ([], []) }, kept: kept)
        #expect(updated.snapshotUpdate?.tablesCopied == ["donations"])
        let changed = "SELECT id, amount_cents FROM donations WHERE id IN (10, 2500) ORDER BY id"
        #expect(try updated.run(changed).rows == [[.integer(10), .integer(-1)], [.integer(2500), .integer(7)]])
    }
}
