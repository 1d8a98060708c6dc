import Foundation
import TallyTestFolder
import Testing
import TallyFormat
import TallyStore

/// The rows that changed between two snapshots (`SiteDatabase.rowChanges`), and whether one of their versions
/// passes a page's comparisons (`RowChanges.anyVersion`) as SQLite would compare them in the page's query: with the
/// column's affinity and collation, NULL passing none.
@Suite struct RowChangesTests {
    let policy = PublicationPolicy(publishedUsers: ["ada"])

    /// `measures` has a column of each affinity: `at` none (BLOB), `value` NUMERIC, `label` TEXT with NOCASE.
    private static let measures = """
        CREATE TABLE measures (id INTEGER PRIMARY KEY, kind TEXT, at, value NUMERIC, label TEXT COLLATE NOCASE);
        INSERT INTO measures (id, kind, at, value, label) VALUES (1, 'k', 5, 5, 'alpha'), (2, 'k', 'c', '15', 'Beta');
        """

    /// The rows of `table` that `change` changed, after a build kept its snapshot of a database made by `seed`.
    private func changed(by change: String, seed: String = measures, table: String = "measures") throws -> (RowChanges, SiteDatabase) {
        let folder = TestFolder.make("tally-row-changes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("site.sqlite").path
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: seed)
        let kept = KeptSnapshot(path: folder.appendingPathComponent("kept.sqlite").path, settings: "test")
        #expect(try SiteDatabase(path: path, policy: policy, siteContent: { ([], []) }, kept: kept).keepSnapshot(as: kept))
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: change)
        let database = try SiteDatabase(path: path, policy: policy, siteContent: { ([], []) }, kept: kept)
        return (database.rowChanges(since: kept.path, columns: [table: ["kind"]]), database)
    }

    /// Whether a changed row's version passes `condition` (`column op :p`) with `p` bound to `value`.
    private func passes(_ changes: RowChanges, _ column: String, _ comparison: String, _ value: DataValue?) -> Bool {
        let versions = changes.tables["measures"]?.allVersions ?? []
        return changes.anyVersion(versions, of: "measures", passes: [RowChanges.Comparison(column: column, comparison: comparison, parameter: "p")],
                                  parameters: value.map { ["p": $0] } ?? [:])
    }

    @Test func aTextRangeHoldsItsStartAndNotItsEnd() throws {
        let (changes, _) = try changed(by: "INSERT INTO measures (id, kind, at) VALUES (3, 'k', '2024-01-01')")
        #expect(changes.tables["measures"]?.forms["kind"] == ["'k"])
        #expect(passes(changes, "at", ">=", .text("2024-01-01")) && passes(changes, "at", "<=", .text("2024-01-01")))
        #expect(!passes(changes, "at", ">", .text("2024-01-01")) && !passes(changes, "at", "<", .text("2024-01-01")))
        #expect(!passes(changes, "at", ">=", .text("2025-01-01")) && passes(changes, "at", "<", .text("2025-01-01")))
    }

    @Test func nullPassesNoComparison() throws {
        let (changes, _) = try changed(by: "INSERT INTO measures (id, kind, at) VALUES (3, 'k', NULL)")
        for comparison in ["<", "<=", ">", ">="] {
            #expect(!passes(changes, "at", comparison, .integer(0)) && !passes(changes, "at", comparison, .text("")))
        }
        let (other, _) = try changed(by: "INSERT INTO measures (id, kind, at) VALUES (3, 'k', 7)")
        #expect(!passes(other, "at", ">=", .null) && !passes(other, "at", "<", nil), "a NULL or missing parameter passes no row either")
    }

    /// Numbers sort before text where nothing converts them (no affinity); a NUMERIC column makes a parameter that
    /// reads as a number one; a TEXT column makes a number text. A comparison of values alone would get each wrong.
    @Test func textAndNumbersCompareAsTheColumnsAffinitySays() throws {
        let (changes, _) = try changed(by: "INSERT INTO measures (id, kind, at, value, label) VALUES (3, 'k', 10, 10, '10')")
        #expect(!passes(changes, "at", ">=", .text("9")) && passes(changes, "at", "<", .text("9")), "10 < '9': an integer sorts before text")
        #expect(passes(changes, "at", ">=", .real(9.5)) && passes(changes, "at", "<=", .real(10.0)) && !passes(changes, "at", "<", .real(10.0)))
        #expect(passes(changes, "value", ">=", .text("9")) && !passes(changes, "value", "<", .text("9")), "NUMERIC: '9' is 9")
        #expect(!passes(changes, "label", ">=", .integer(9)) && passes(changes, "label", "<", .integer(9)), "TEXT: 9 is '9', and '10' < '9'")
    }

    @Test func textComparesWithTheColumnsCollation() throws {
        let (changes, _) = try changed(by: "INSERT INTO measures (id, kind, label) VALUES (3, 'k', 'apple')")
        #expect(!passes(changes, "label", ">=", .text("B")) && passes(changes, "label", "<", .text("B")), "NOCASE: 'apple' < 'B'")
    }

    /// An updated row passes when either of its versions does, a deleted row by the version it had.
    @Test func bothVersionsOfAnUpdatedRowAndADeletedOneCount() throws {
        let (updated, _) = try changed(by: "UPDATE measures SET at = 50 WHERE id = 1")
        #expect(passes(updated, "at", "<", .integer(10)) && passes(updated, "at", ">", .integer(40)) && !passes(updated, "at", ">", .integer(60)))
        let (deleted, _) = try changed(by: "DELETE FROM measures WHERE id = 2")
        #expect(passes(deleted, "at", ">=", .text("c")) && !passes(deleted, "at", "<", .text("c")))
        #expect(deleted.tables["measures"]?.versions(of: "kind", withAnyOf: ["'k"]) == [0])
        #expect(deleted.tables["measures"]?.versions(of: "kind", withAnyOf: ["'other"]) == [])
    }

    /// A table with a column named `rowid` cannot be walked in rowid order: it is not compared, so no page takes it
    /// as unchanged.
    @Test func aColumnNamedRowidLeavesTheTableUncompared() throws {
        let (changes, _) = try changed(by: "INSERT INTO odd VALUES ('b', 'k')",
                                       seed: "CREATE TABLE odd (rowid TEXT, kind TEXT); INSERT INTO odd VALUES ('a', 'k')", table: "odd")
        #expect(changes.tables["odd"] == nil)
    }
}
