import GRDB

/// The database's rows as a snapshot copied them, before scrubbing: a digest of its schema and one of each table's
/// rows. Recorded beside the kept snapshot (`KeptSnapshot.Record`), they tell the next build which tables to copy
/// again into an updated copy of it (`SnapshotUpdate`).
struct SourceDigests: Equatable, Sendable {
    /// Every entry of `sqlite_master` (tables, indexes, views, triggers with their SQL, in file order) and the rows
    /// of SQLite's own tables (`sqlite_sequence`, `sqlite_stat1`): a change here makes the snapshot again.
    var schema: String
    /// Each table of the database's own (not `sqlite_`), by name as the schema spells it → its rows' digest.
    var tables: [String: String]
    /// Each such table → a digest of the rows of each run of `chunkRowids` rowids (`rowid >> chunkShift`), so an
    /// update walks only the runs that changed (`SnapshotUpdate`). Kept in memory by `tally serve` and in the kept
    /// snapshot's record (`KeptSnapshot`); two digests of the same rows are equal whether they have them or not.
    var chunks: [String: [Int64: String]] = [:]

    static let chunkShift: Int64 = 10

    static func == (a: SourceDigests, b: SourceDigests) -> Bool { a.schema == b.schema && a.tables == b.tables }

    /// The runs of rowids (`chunks`' keys) in which `table`'s rows differ from `earlier`'s; nil when either has no
    /// runs for it, or none differs though the table's digest does, so the whole table must be walked.
    func changedChunks(of table: String, since earlier: SourceDigests) -> [Int64]? {
        guard let now = chunks[table], let then = earlier.chunks[table] else { return nil }
        let changed = Set(now.keys).union(then.keys).filter { now[$0] != then[$0] }.sorted()
        return changed.isEmpty ? nil : changed
    }

    /// The digests of the database `schemaName` (`main`, or an attached database) on `db`; nil when a table cannot
    /// be read (a virtual table whose module is missing), so no record is kept.
    static func read(_ db: Database, schema schemaName: String) -> SourceDigests? {
        let master = schemaName.quotedDatabaseIdentifier + ".sqlite_master"
        guard let entries = try? Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM \(master) ORDER BY rowid") else { return nil }
        var schema = ContentDigest()
        var tables: [String: String] = [:]
        var chunks: [String: [Int64: String]] = [:]
        for entry in entries {
            let type: String = entry["type"], name: String = entry["name"]
            for field in [type, name, entry["tbl_name"] as String, (entry["sql"] as String?) ?? "\u{0}"] { schema.add(field) }
            guard type == "table" else { continue }
            let own = !name.lowercased().hasPrefix("sqlite_")
            var runs: [Int64: String]? = own ? [:] : nil
            guard let rows = try? SiteDatabase.rowsDigest(db, table: name, schema: schemaName, chunks: &runs) else { return nil }
            if own {
                tables[name] = rows
                chunks[name] = runs
            } else {
                schema.add(rows)
            }
        }
        return SourceDigests(schema: schema.hex, tables: tables, chunks: chunks)
    }

    /// The tables whose rows differ from `earlier`'s.
    func changedTables(since earlier: SourceDigests) -> Set<String> {
        Set(tables.keys.filter { earlier.tables[$0] != tables[$0] })
    }
}
