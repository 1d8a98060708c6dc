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

    /// The digests of the database `schemaName` (`main`, or an attached database) on `db`; nil when a table cannot
    /// be read (a virtual table whose module is missing), so no record is kept.
    static func read(_ db: Database, schema schemaName: String) -> SourceDigests? {
        let master = schemaName.quotedDatabaseIdentifier + ".sqlite_master"
        guard let entries = try? Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM \(master) ORDER BY rowid") else { return nil }
        var schema = ContentDigest()
        var tables: [String: String] = [:]
        for entry in entries {
            let type: String = entry["type"], name: String = entry["name"]
            for field in [type, name, entry["tbl_name"] as String, (entry["sql"] as String?) ?? "\u{0}"] { schema.add(field) }
            guard type == "table" else { continue }
            guard let rows = try? SiteDatabase.rowsDigest(db, table: name, schema: schemaName) else { return nil }
            if name.lowercased().hasPrefix("sqlite_") {
                schema.add(rows)
            } else {
                tables[name] = rows
            }
        }
        return SourceDigests(schema: schema.hex, tables: tables)
    }

    /// The tables whose rows differ from `earlier`'s.
    func changedTables(since earlier: SourceDigests) -> Set<String> {
        Set(tables.keys.filter { earlier.tables[$0] != tables[$0] })
    }
}
