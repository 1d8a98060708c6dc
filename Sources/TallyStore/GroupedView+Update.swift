import GRDB
import GRDBSQLite

extension GroupedView {
    /// The table whose changed rows decide which groups to compute again, and the columns `source` passes through from
    /// it unchanged (source column → the table's).
    struct Base {
        let table: String
        let columns: [String: String]
    }

    /// `source` when it is a table of `main`; when it is a view made row by row from one such table (each of its rows
    /// from one row of that table, first in FROM, and rows of other tables of `main`: no grouping, DISTINCT, LIMIT,
    /// window, subquery, RIGHT or FULL join), that table. Nil otherwise.
    func base(in db: Database) -> Base? {
        func kind(_ name: String) -> (type: String, sql: String)? {
            guard let row = try? Row.fetchOne(db, sql: "SELECT type, sql FROM main.sqlite_master WHERE name = ? COLLATE NOCASE AND type IN ('table', 'view')",
                                              arguments: [name]), let type: String = row["type"], let sql: String = row["sql"] else { return nil }
            return (type, sql)
        }
        guard let found = kind(source) else { return nil }
        if found.type == "table" { return Base(table: source, columns: Dictionary(uniqueKeysWithValues: comparedColumns.map { ($0, $0) })) }
        guard let tokens = SelectShape.viewSelect(found.sql), let select = SelectShape(tokens), select.isRowByRow, select.keepsFirstItem,
              let first = select.from.first,
              select.from.allSatisfy({ kind($0.name)?.type == "table" }),
              select.from.dropFirst().allSatisfy({ $0.name != first.name }) else { return nil }
        return Base(table: first.name, columns: select.columnsPassed(from: first.alias))
    }

    /// Whether every column whose equality decides what the view gives (`comparedColumns`) is one of `base.table`'s
    /// passed through, holding values that are equal only when they are the same value: compared with BINARY, and
    /// with an affinity that turns a number into one kind (a column without one keeps 1 and 1.0 apart while grouping
    /// them together).
    func readsExactColumns(of base: Base, in db: Database) -> Bool {
        // A column of the table's own: `rowid` (or `oid`, `_rowid_`) is not copied into the changed rows' table as
        // one, whose own rowids it would then read.
        let ownColumns = Set((try? String.fetchAll(db, sql: "SELECT lower(name) FROM pragma_table_xinfo(?)", arguments: [base.table])) ?? [])
        return comparedColumns.allSatisfy { name in
            guard let column = base.columns[name], ownColumns.contains(SQLText.asciiLowercased(column)) else { return false }
            var type: UnsafePointer<CChar>?
            var collation: UnsafePointer<CChar>?
            var notNull: Int32 = 0, primaryKey: Int32 = 0, autoIncrement: Int32 = 0
            guard sqlite3_table_column_metadata(db.sqliteConnection, "main", base.table, column, &type, &collation,
                                                &notNull, &primaryKey, &autoIncrement) == SQLITE_OK else { return false }
            let declared = type.map { String(cString: $0).uppercased() } ?? ""
            let binary = collation.map { String(cString: $0).uppercased() == "BINARY" } ?? true
            // `ANY` keeps 1 and 1.0 apart in a STRICT table, while grouping them together.
            return binary && !declared.isEmpty && declared != "ANY" && (declared.contains("INT") || !declared.contains("BLOB"))
        }
    }

    /// Computes again, in the materialized table `view`, the groups whose keys are those of a row in the temporary
    /// table `changedRows` (every version of the changed rows of `base.table`) from `select`, and writes each over the
    /// one row that holds it. False, perhaps having written some of them, when the groups of some keys are not the
    /// ones the view holds for them (one appeared or went), a value is a real number, or an error stops it: the caller
    /// then computes the view again whole, which writes over every row.
    ///
    /// Each change's keys are bound from the temporary table's row and each value from the group's row computed again
    /// (`sqlite3_bind_value`, a copy of SQLite's own value), and the query runs with the keys as parameters, so that
    /// SQLite takes them into the query (and into the view it reads) and reads those rows alone, through the index
    /// that finds the fewest (`KeyIndexes`).
    func update(_ view: String, select: String, base: Base, changedRows: String, in db: Database) -> Bool {
        let baseKeys = keys.compactMap { base.columns[$0] }
        guard let columns = try? db.columns(in: view, in: "main").map({ $0.name.lowercased() }), !columns.isEmpty,
              baseKeys.count == keys.count else { return false }
        let positions = (keys + nullTests).compactMap { columns.firstIndex(of: $0) }
        guard positions.count == keys.count + nullTests.count else { return false }
        let target = "main." + view.quotedDatabaseIdentifier
        let tests = nullTests.enumerated().map { " AND \($1.quotedDatabaseIdentifier) IS ?\(keys.count + $0 + 1)" }.joined()
        let assignments = columns.enumerated().map { "\($1.quotedDatabaseIdentifier) = ?\($0 + 1)" }.joined(separator: ", ")
        let statements = RawStatements(db.sqliteConnection, [
            "SELECT DISTINCT \(baseKeys.map(\.quotedDatabaseIdentifier).joined(separator: ", ")) FROM temp.\(changedRows.quotedDatabaseIdentifier)",
            "UPDATE \(target) SET \(assignments) WHERE rowid = ?\(columns.count + 1)",
        ])
        // The groups computed again, and the view's rows of the same keys, each read through the index of the table it
        // reads that finds the fewest rows.
        guard let statements, let tableIndexes = KeyIndexes(table: base.table, columns: baseKeys, in: db),
              let viewIndexes = KeyIndexes(table: view, columns: keys, in: db) else { return false }
        var computing = KeyedStatements(keys: keys, indexes: tableIndexes, connection: db.sqliteConnection) { terms in
            // The query on lines of its own: it may end in a comment.
            ["SELECT * FROM (\n\(select)\n) WHERE \(terms)"]
        }
        var holding = KeyedStatements(keys: keys, indexes: viewIndexes, connection: db.sqliteConnection) { terms in
            ["SELECT count(*) FROM \(target) WHERE \(terms)", "SELECT rowid FROM \(target) WHERE \(terms)\(tests)"]
        }
        let (changes, write) = (statements[0], statements[1])
        // Reading a group's rows through an index costs a fraction of what the whole query spends on each row (reading
        // it, joining, sorting it into its group, writing the view): past four times the table's rows read, as when many
        // changes' keys find one person's 200,000 gifts through the view's only index, it is computed whole.
        // (A rowid may be as large as SQLite allows: no sum here may overflow.)
        var budget = 4 * min(tableIndexes.rows, Int64.max / 8)
        var step = sqlite3_step(changes)
        while step == SQLITE_ROW {
            guard let (computedGroups, computedRows) = computing.statements(keyedBy: changes),
                  let (viewRows, heldRows) = holding.statements(keyedBy: changes),
                  sqlite3_column_count(computedGroups[0]) == Int32(columns.count) else { return false }
            for rows in [computedRows, heldRows] { budget -= min(rows, budget + 1) }
            guard budget >= 0 else { return false }
            let (computed, held, kept) = (computedGroups[0], viewRows[0], viewRows[1])
            for statement in [held, computed] {
                sqlite3_reset(statement)
                for index in keys.indices { sqlite3_bind_value(statement, Int32(index + 1), sqlite3_column_value(changes, Int32(index))) }
            }
            guard sqlite3_step(held) == SQLITE_ROW else { return false }
            var unmatched = sqlite3_column_int64(held, 0)
            var row = sqlite3_step(computed)
            while row == SQLITE_ROW {
                // Each group computed again has one row in the view, and no real number.
                guard (0..<Int32(columns.count)).allSatisfy({ sqlite3_column_type(computed, $0) != SQLITE_FLOAT }) else { return false }
                sqlite3_reset(kept)
                for (index, position) in positions.enumerated() {
                    sqlite3_bind_value(kept, Int32(index + 1), sqlite3_column_value(computed, Int32(position)))
                }
                guard sqlite3_step(kept) == SQLITE_ROW else { return false }
                let rowid = sqlite3_column_int64(kept, 0)
                guard sqlite3_step(kept) == SQLITE_DONE else { return false }
                sqlite3_reset(write)
                for index in columns.indices { sqlite3_bind_value(write, Int32(index + 1), sqlite3_column_value(computed, Int32(index))) }
                sqlite3_bind_int64(write, Int32(columns.count + 1), rowid)
                guard sqlite3_step(write) == SQLITE_DONE else { return false }
                unmatched -= 1
                row = sqlite3_step(computed)
            }
            // and the view held no other group of these keys.
            guard row == SQLITE_DONE, unmatched == 0 else { return false }
            step = sqlite3_step(changes)
        }
        return step == SQLITE_DONE
    }
}

/// Statements that find rows by the keys bound as `?1`, `?2`, …, one set for each key an index may serve: every key
/// but the one whose index finds the fewest rows for a change's keys is written `+key`, which no index serves.
private struct KeyedStatements {
    let keys: [String]
    var indexes: KeyIndexes
    let connection: OpaquePointer?
    /// The statements' SQL, given the keys' terms (`user_id IS ?1 AND +currency IS ?2`).
    let sql: (String) -> [String]
    private var made: [Int?: RawStatements] = [:]

    init(keys: [String], indexes: KeyIndexes, connection: OpaquePointer?, sql: @escaping (String) -> [String]) {
        self.keys = keys
        self.indexes = indexes
        self.connection = connection
        self.sql = sql
    }

    /// The statements for the keys of `changes`' current row, and about how many rows they read; nil when they do not
    /// compile.
    mutating func statements(keyedBy changes: OpaquePointer) -> (statements: RawStatements, rows: Int64)? {
        let (selective, rows) = indexes.fewestRows(keyedBy: changes)
        if let ready = made[selective] { return (ready, rows) }
        let terms = keys.enumerated().map { index, key in
            (selective == nil || index == selective ? "" : "+") + "\(key.quotedDatabaseIdentifier) IS ?\(index + 1)"
        }
        made[selective] = RawStatements(connection, sql(terms.joined(separator: " AND ")))
        return made[selective].map { ($0, rows) }
    }
}

/// The key columns of a table that an index of it begins with, to tell, for one change's keys, which index finds the
/// fewest rows: SQLite, without statistics, takes any of them, and one person's 200,000 gifts found through `user_id`
/// cost as much as computing the view whole.
private struct KeyIndexes {
    /// For each key, by position, a statement counting the table's rows with its value, up to a limit; nil for a key
    /// no index begins with.
    private let counts: [RawStatements?]
    /// The key chosen last, counted first: the changes of one import share their selective key, and each other key's
    /// count then stops at its rows (one person's 200,000 gifts are counted once, not once a change).
    private var last = 0
    /// The table's rows, as its largest rowid tells without reading them: what a key no index serves reads.
    let rows: Int64

    init?(table: String, columns: [String], in db: Database) {
        guard let indexed = try? Set(String.fetchAll(db, sql: """
            SELECT lower(x.name) FROM pragma_index_list(?1, 'main') l, pragma_index_xinfo(l.name, 'main') x
            WHERE l.partial = 0 AND x.seqno = 0 AND x.coll = 'BINARY' AND x.name IS NOT NULL
            """, arguments: [table])) else { return nil }
        let quoted = "main." + table.quotedDatabaseIdentifier
        rows = max(0, (try? Int64.fetchOne(db, sql: "SELECT max(rowid) FROM \(quoted)")) ?? 0)
        counts = columns.map { column in
            guard indexed.contains(column.lowercased()) else { return nil }
            return RawStatements(db.sqliteConnection, [
                "SELECT count(*) FROM (SELECT 1 FROM \(quoted) WHERE \(column.quotedDatabaseIdentifier) IS ?1 LIMIT ?2)",
            ])
        }
    }

    /// The position of the key whose index finds the fewest rows with the values of `keys`' current row (nil when
    /// fewer than two keys have an index, so there is nothing to choose), and how many rows that is (all of them when
    /// none has).
    mutating func fewestRows(keyedBy keys: OpaquePointer) -> (position: Int?, rows: Int64) {
        var best: (position: Int, rows: Int64)?
        for position in [last] + counts.indices.filter({ $0 != last }) {
            guard let count = counts[position]?[0] else { continue }
            sqlite3_reset(count)
            sqlite3_bind_value(count, 1, sqlite3_column_value(keys, Int32(position)))
            // No need to count past the fewest found so far.
            sqlite3_bind_int64(count, 2, best.map { $0.rows } ?? min(rows, Int64.max - 1) + 1)
            guard sqlite3_step(count) == SQLITE_ROW else { return (nil, rows) }
            let rows = sqlite3_column_int64(count, 0)
            if best.map({ rows < $0.rows }) ?? true { best = (position, rows) }
        }
        guard let best else { return (nil, rows) }
        last = best.position
        return (counts.compactMap { $0 }.count > 1 ? best.position : nil, best.rows)
    }
}

/// Statements prepared on a connection with SQLite's C API, finalized together when released.
final class RawStatements {
    private let statements: [OpaquePointer]

    /// Nil when one of `sql` does not compile.
    init?(_ connection: OpaquePointer?, _ sql: [String]) {
        var prepared: [OpaquePointer] = []
        for text in sql {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(connection, text, -1, &statement, nil) == SQLITE_OK, let statement else {
                sqlite3_finalize(statement)
                prepared.forEach { sqlite3_finalize($0) }
                return nil
            }
            prepared.append(statement)
        }
        statements = prepared
    }

    subscript(index: Int) -> OpaquePointer { statements[index] }

    deinit { statements.forEach { sqlite3_finalize($0) } }
}
