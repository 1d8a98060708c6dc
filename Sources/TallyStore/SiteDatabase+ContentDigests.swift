import Dispatch
import GRDB
import GRDBSQLite
import Synchronization

extension SiteDatabase {
    /// Each view of the snapshot (lowercased name) → its `CREATE VIEW` statement.
    public func viewStatements() -> [String: String] {
        let rows = (try? pool.read { db in
            try Row.fetchAll(db, sql: "SELECT lower(name) AS name, sql FROM sqlite_master WHERE type = 'view'")
        }) ?? []
        return Dictionary(rows.map { ($0["name"] as String, ($0["sql"] as String?) ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// For each name of `names` (lowercased, as `tablesRead(by:)` gives them): a digest of the table's rows in
    /// rowid order, rowids included, or of the view's SQL, since a view's rows are its base tables', which are
    /// digested as tables. A materialized view is a table in the snapshot and is digested by its rows. A name
    /// the snapshot does not have is left out, so the caller cannot take it as unchanged.
    ///
    /// SQLite's `data_version` and change counters cannot say this: each build reads a new snapshot file, copied
    /// and scrubbed, whose counters count the copy's own writes, and they are kept per file, not per table.
    public func contentDigests(of names: Set<String>) -> [String: String] {
        let schema = (try? pool.read { db in
            try Row.fetchAll(db, sql: "SELECT lower(name) AS name, type, sql FROM sqlite_master WHERE type IN ('table', 'view')")
                .map { (name: $0["name"] as String, type: $0["type"] as String, sql: ($0["sql"] as String?) ?? "") }
        }) ?? []
        let wanted = schema.filter { names.contains($0.name) }
        let plans = (try? pool.read { db in try Self.planInputs(db, schema: "main") }) ?? [:]
        let found = Mutex<[String: String]>([:])
        DispatchQueue.concurrentPerform(iterations: wanted.count) { index in
            let entry = wanted[index]
            // A table's columns as its statement names them, beside its rows: a column renamed or added is a change
            // (a `SELECT *` shows the names, as JSON keys or a CSV header) though no value changed. So are its
            // indexes and statistics (`planInputs`, which hold the statement too).
            let digest = entry.type == "view"
                ? ContentDigest.of(entry.sql)
                : try? pool.read { db in
                    ContentDigest.of((plans[entry.name] ?? entry.sql) + "\n" + (try Self.rowsDigest(db, table: entry.name)))
                }
            if let digest { found.withLock { $0[entry.name] = digest } }
        }
        var digests = found.withLock { $0 }
        if names.contains("sqlite_master") || names.contains("sqlite_schema") {
            // Every entry, indexes and triggers too: a page may list them.
            let entries = (try? pool.read { db in
                try String.fetchAll(db, sql: "SELECT quote(type) || ' ' || quote(name) || ' ' || quote(tbl_name) || ' ' || quote(sql) FROM sqlite_master ORDER BY rowid")
            }) ?? []
            let listing = ContentDigest.of(entries.joined(separator: "\n"))
            digests["sqlite_master"] = listing
            digests["sqlite_schema"] = listing
        }
        return digests
    }

    /// What SQLite plans a query of a table from besides its rows, by table (lowercased name): its statement, indexes
    /// and triggers as `sqlite_master` has them, and its rows of `sqlite_stat1` and `sqlite_stat4` when `ANALYZE` made
    /// them. An index added or statistics made change the plan, and with it the order of rows that tie in an ORDER BY,
    /// so a page may show the same rows in another order (`contentDigests`, `RowChanges.samePlanInputs`).
    /// - Parameter schema: `main`, or an attached database's name.
    /// - Parameter table: only this table (lowercased); nil for every one.
    static func planInputs(_ db: Database, schema: String, table: String? = nil) throws -> [String: String] {
        let arguments: StatementArguments = table.map { [$0] } ?? []
        var inputs: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT lower(tbl_name) AS tableName, quote(type) || ' ' || quote(name) || ' ' || quote(sql) AS entry
            FROM \(schema).sqlite_master\(table == nil ? "" : " WHERE lower(tbl_name) = ?") ORDER BY 1, 2
            """, arguments: arguments) {
            inputs[row["tableName"], default: ""] += (row["entry"] as String) + "\n"
        }
        let statistics = ["sqlite_stat1": "quote(idx) || ' ' || quote(stat)",
                          "sqlite_stat4": "quote(idx) || ' ' || quote(neq) || ' ' || quote(nlt) || ' ' || quote(ndlt) || ' ' || quote(sample)"]
        for (name, entry) in statistics.sorted(by: { $0.key < $1.key })
        where try Int.fetchOne(db, sql: "SELECT count(*) FROM \(schema).sqlite_master WHERE name = ?", arguments: [name]) == 1 {
            for row in try Row.fetchAll(db, sql: """
                SELECT lower(tbl) AS tableName, '\(name) ' || \(entry) AS entry
                FROM \(schema).\(name)\(table == nil ? "" : " WHERE lower(tbl) = ?") ORDER BY 1, 2
                """, arguments: arguments) {
                inputs[row["tableName"], default: ""] += (row["entry"] as String) + "\n"
            }
        }
        return inputs
    }

    /// Every value of every row, with its type, straight from SQLite's C API: no `Row` or Swift string per value.
    /// - Parameter schema: the database `table` is in (`main`, or an attached one's name); nil finds it as SQL does.
    /// - Parameter chunks: when not nil, also a digest of each run of rowids (`SourceDigests.chunks`); left nil for a
    ///   table without rowid.
    static func rowsDigest(_ db: Database, table: String, schema: String? = nil) throws -> String {
        var chunks: [Int64: String]?
        return try rowsDigest(db, table: table, schema: schema, chunks: &chunks)
    }

    static func rowsDigest(_ db: Database, table: String, schema: String?, chunks: inout [Int64: String]?) throws -> String {
        let quoted = (schema.map { $0.quotedDatabaseIdentifier + "." } ?? "") + table.quotedDatabaseIdentifier
        let connection = db.sqliteConnection
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        // A WITHOUT ROWID table has no rowid; its primary key orders and identifies its rows instead.
        // In rowid order, said rather than left to the planner (a table scan gives it at no cost): each run of rowids
        // must come in one stretch, or its digest would be only the last stretch's.
        if sqlite3_prepare_v2(connection, "SELECT rowid, * FROM \(quoted) ORDER BY rowid", -1, &statement, nil) != SQLITE_OK {
            sqlite3_finalize(statement)
            statement = nil
            guard sqlite3_prepare_v2(connection, "SELECT * FROM \(quoted)", -1, &statement, nil) == SQLITE_OK else {
                throw DatabaseError(message: "cannot read table \(table)")
            }
            chunks = nil
        }
        var digest = ContentDigest()
        // Each run of rowids has a digest of its own rows beside the table's (the same bytes hashed twice).
        var run: (number: Int64, digest: ContentDigest)?
        let columns = sqlite3_column_count(statement)
        var step = sqlite3_step(statement)
        while step == SQLITE_ROW {
            if chunks != nil {
                let number = sqlite3_column_int64(statement, 0) >> SourceDigests.chunkShift
                if run?.number != number {
                    if let run { chunks?[run.number] = run.digest.hex }
                    run = (number, ContentDigest())
                }
            }
            addRow(statement, columns: columns, to: &digest)
            if run != nil { addRow(statement, columns: columns, to: &run!.digest) }
            step = sqlite3_step(statement)
        }
        guard step == SQLITE_DONE else { throw DatabaseError(message: "cannot read table \(table)") }
        if let run { chunks?[run.number] = run.digest.hex }
        return digest.hex
    }

    /// Every value of the statement's current row, with its type, then a row's end.
    private static func addRow(_ statement: OpaquePointer?, columns: Int32, to digest: inout ContentDigest) {
        for column in 0..<columns {
            let type = sqlite3_column_type(statement, column)
            digest.add(UInt8(truncatingIfNeeded: type))
            switch type {
            case SQLITE_INTEGER:
                digest.add(UInt64(bitPattern: sqlite3_column_int64(statement, column)))
            case SQLITE_FLOAT:
                digest.add(sqlite3_column_double(statement, column).bitPattern)
            case SQLITE_TEXT, SQLITE_BLOB:
                let bytes = type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_column_text(statement, column)) : sqlite3_column_blob(statement, column)
                let count = Int(sqlite3_column_bytes(statement, column))
                digest.add(UInt64(count))
                if let bytes { digest.add(UnsafeRawBufferPointer(start: bytes, count: count)) }
            default:
                break
            }
        }
        digest.add(UInt8(0xff))
    }
}
