import GRDB

extension SiteDatabase {
    /// The tables (materialized views among them) that `sql` reads from their first row to their last, whatever its
    /// parameters, as the snapshot's schema names them.
    ///
    /// Found in the statement's bytecode rather than in `EXPLAIN QUERY PLAN`'s text, which names a table by its
    /// alias (`SCAN d`) and changes wording between SQLite versions: a cursor opened on a table or one of its
    /// indexes (`OpenRead`, whose P2 is the b-tree's root page) and walked from an end (`Rewind` or `Last`) rather
    /// than sought to a key reads every entry. That includes the scan SQLite makes to build an automatic index,
    /// which a page pays for again on every run. A view is already expanded into the tables it reads.
    /// Unbound parameters are NULL, which does not change the plan.
    public func fullScans(in sql: String) -> Set<String> {
        let scans = try? pool.unsafeRead { db -> Set<String> in
            guard SQLText.firstKeyword(of: sql) != "EXPLAIN" else { return [] }
            var rootOfCursor: [Int64: Int64] = [:]
            var walkedCursors: Set<Int64> = []
            let program = try Row.fetchCursor(SiteDatabase.prepare(db, sql: "EXPLAIN " + sql, parameters: [:]))
            while let instruction = try program.next() {
                let opcode: String = instruction["opcode"]
                let cursor: Int64 = instruction["p1"]
                switch opcode {
                case "OpenRead": rootOfCursor[cursor] = instruction["p2"]
                case "Rewind", "Last": walkedCursors.insert(cursor)
                default: continue
                }
            }
            let rootPages = Set(walkedCursors.compactMap { rootOfCursor[$0] })
            guard !rootPages.isEmpty else { return [] }
            // An index's root page names its table; the schema table itself (root page 1) is not a page's data.
            var tables: Set<String> = []
            for row in try Row.fetchAll(db, sql: "SELECT rootpage, tbl_name FROM sqlite_schema WHERE rootpage > 1") {
                if rootPages.contains(row["rootpage"]) { tables.insert(row["tbl_name"]) }
            }
            return tables
        }
        return scans ?? []
    }

    /// The rows of a table in the snapshot; 0 when there is no such table.
    public func rowCount(of table: String) -> Int {
        (try? pool.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM " + table.quotedDatabaseIdentifier) }) ?? 0
    }
}
