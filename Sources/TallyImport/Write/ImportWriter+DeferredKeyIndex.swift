import GRDB
import TallyStore

/// A large first import of rows keyed by fingerprints writes them with the key's unique index set aside, and builds
/// the index again after the file.
///
/// Fingerprints are random, so each row's key lands on another leaf of `(import_source, external_id)`: once the
/// index outgrows SQLite's page cache, nearly every insert reads and writes a page (a million gifts: 7 s of a
/// 14 s import). Built at the end, from sorted keys, the same index takes about a second. Rows go in as
/// `row-<fingerprint>`; before the index is built, the rows whose fingerprint the file repeats are numbered in file
/// order (`row-…-2`, `-3`), as a row-by-row insert numbers them.
///
/// Only a file of 4 MiB or more that may hold about as many rows as the table already has sets its index aside
/// (rebuilding it costs the whole table), and only while no row of another kind needs the index: such a row, or the
/// end of the file, builds it again first. The import's one transaction covers all of it, so a failed import leaves
/// the index as it was.
struct DeferredKeyIndex {
    let table: String
    /// The index's own `CREATE UNIQUE INDEX` statement, from `sqlite_master`, to build it again exactly.
    let sql: String
    let source: String
    /// The lowest rowid written while the index was set aside: the first row's, unless a file gives rows their `id`.
    var lowestRowID: Int64?

    /// A file at least this large may set the index aside (when the table has at most a row per 256 of its bytes).
    /// Below it (some 60,000 rows of gifts) the index of the file's keys fits SQLite's 2 MiB page cache, and sorting
    /// costs more than it saves: 20,000 rows took 1.28 G instructions with the index set aside, 1.18 G without.
    static let minimumFileBytes: Int64 = 4 << 20
}

extension ImportWriter {
    /// Sets `table`'s key index aside for this file's fingerprinted rows, when the file is large enough; returns
    /// whether the index is set aside now.
    func deferKeyIndex(of table: String) throws -> Bool {
        if let deferred = deferredIndex { return deferred.table == table }
        guard !keyIndexDeferralTried.contains(table) else { return false }
        keyIndexDeferralTried.insert(table)
        let rows = try Int64.fetchOne(db, sql: "SELECT max(rowid) FROM \(table.quotedDatabaseIdentifier)") ?? 0
        guard fileBytes >= options.keyIndexDeferralBytes, rows <= fileBytes / 256,
              let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?",
                                            arguments: [Self.keyIndexName(of: table)]) else { return false }
        try db.execute(sql: "DROP INDEX \(Self.keyIndexName(of: table).quotedDatabaseIdentifier)")
        deferredIndex = DeferredKeyIndex(table: table, sql: sql, source: source)
        return true
    }

    /// Notes the rowid of a row written while the index is set aside.
    func wroteDeferred(_ rowID: Int64) {
        if let lowest = deferredIndex?.lowestRowID, lowest <= rowID { return }
        deferredIndex?.lowestRowID = rowID
    }

    /// Builds the set-aside index again, after numbering the rows whose fingerprint the file repeats; does nothing
    /// when no index is set aside, or another table's (`table` given).
    func restoreKeyIndex(on table: String? = nil) throws {
        guard let deferred = deferredIndex, table == nil || table == deferred.table else { return }
        deferredIndex = nil
        if let lowest = deferred.lowestRowID {
            let quoted = deferred.table.quotedDatabaseIdentifier
            // The repeated keys first (one pass over the file's rows), then only their rows numbered in file order.
            try db.execute(sql: """
                UPDATE \(quoted) SET external_id = external_id || '-' || numbered.occurrence
                FROM (SELECT rowid AS id, row_number() OVER (PARTITION BY external_id ORDER BY rowid) AS occurrence
                      FROM \(quoted) WHERE rowid >= ?1 AND import_source = ?2 AND external_id IN (
                        SELECT external_id FROM \(quoted) WHERE rowid >= ?1 AND import_source = ?2
                        GROUP BY external_id HAVING count(*) > 1)) AS numbered
                WHERE \(quoted).rowid = numbered.id AND numbered.occurrence > 1
                """, arguments: [lowest, deferred.source])
        }
        try db.execute(sql: deferred.sql)
    }

    /// The unique index on `(import_source, external_id)` that the contract gives an import-keyed table.
    static func keyIndexName(of table: String) -> String {
        table + "_import_key"
    }
}
