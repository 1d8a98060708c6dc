import GRDB
import GRDBSQLite
import TallyFormat

extension SiteDatabase {
    /// Runs a page's queries, all with the same parameters, on one connection of the pool: each query's rows, or
    /// its error, in the order of `sqls`.
    ///
    /// One read for the page, not one a query: taking a connection from the pool and giving it back costs about
    /// 40,000 instructions, as much as a small query, and an organization page runs twelve.
    ///
    /// Nothing writes the snapshot while it is open, so the queries need no transaction for isolation; they share one
    /// all the same, because outside a transaction each query starts its own read of the WAL: two `fcntl` locks and a
    /// `fstat` or two, about 30 system calls an organization page (`strace -c`), and SQLite's checks of the WAL index.
    public func run(_ sqls: [String], parameters: [String: DataValue] = [:]) -> [Result<DataTable, QueryError>] {
        guard !sqls.isEmpty else { return [] }
        do {
            return try pool.read { db in
                sqls.map { sql in
                    do { return .success(try SiteDatabase.fetch(db, sql: sql, parameters: parameters)) }
                    catch { return .failure(SiteDatabase.queryError(error)) }
                }
            }
        } catch {
            let failure = SiteDatabase.queryError(error)
            return sqls.map { _ in .failure(failure) }
        }
    }

    /// All the rows of `sql`, its `:name` parameters bound from `parameters` (a missing one binds NULL).
    static func fetch(_ db: Database, sql: String, parameters: [String: DataValue]) throws -> DataTable {
        var rows: [[DataValue]] = []
        let columns = try step(db, sql: sql, parameters: parameters) { _, row in rows.append(row) }
        return DataTable(columns: columns, rows: rows)
    }

    /// Steps `sql`, its `:name` parameters bound from `parameters` (a missing one binds NULL), handing each row to
    /// `body` with the column names, which it also returns (when there is no row too). Page queries and long
    /// listings (`forEachChunk`) both read rows this way.
    ///
    /// Binds and steps the cached statement with SQLite's own calls and reads each column as GRDB's `DatabaseValue`
    /// would (text up to its first NUL, a blob decoded as UTF-8): GRDB's argument dictionary, row cursor and
    /// per-value decoding cost more than most of a page's small queries themselves.
    static func step(_ db: Database, sql: String, parameters: [String: DataValue],
                     _ body: (_ columns: [String], _ row: [DataValue]) throws -> Void) throws -> [String] {
        try step(db, statement: compile(db, sql: sql), parameters: parameters, body)
    }

    /// As above, for a statement already compiled.
    static func step(_ db: Database, statement: Statement, parameters: [String: DataValue],
                     _ body: (_ columns: [String], _ row: [DataValue]) throws -> Void) throws -> [String] {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        // Reset and unbound after, as GRDB expects a cached statement it binds again (`prepare`).
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        let parameterCount = sqlite3_bind_parameter_count(handle)
        if parameterCount > 0 {
            for index in 1...parameterCount {
                guard let cName = sqlite3_bind_parameter_name(handle, index) else {
                    // A bare `?` has no name to bind from: GRDB's own message for it, as before.
                    throw QueryError(message: "wrong number of statement arguments: 0", lineInQuery: nil)
                }
                // The name after its `:`, `@` or `$`.
                let value = parameters[String(cString: cName + 1)].flatMap(databaseValue)?.databaseValue ?? .null
                // SQLite refuses a value over its length limit (SQLITE_TOOBIG): say so rather than run with NULL.
                guard value.bind(to: handle, at: index) == SQLITE_OK else {
                    throw QueryError(message: String(cString: sqlite3_errmsg(db.sqliteConnection)), lineInQuery: nil)
                }
            }
        }
        let columns = statement.columnNames
        let columnCount = sqlite3_column_count(handle)
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW:
                try body(columns, row(of: handle, columnCount: columnCount))
            case SQLITE_DONE:
                return columns
            default:
                throw QueryError(message: String(cString: sqlite3_errmsg(db.sqliteConnection)), lineInQuery: nil)
            }
        }
    }

    private static func row(of handle: OpaquePointer, columnCount: Int32) -> [DataValue] {
        var values: [DataValue] = []
        values.reserveCapacity(Int(columnCount))
        for index in 0..<columnCount {
            switch sqlite3_column_type(handle, index) {
            case SQLITE_INTEGER:
                values.append(.integer(sqlite3_column_int64(handle, index)))
            case SQLITE_FLOAT:
                values.append(.real(sqlite3_column_double(handle, index)))
            case SQLITE_TEXT:
                values.append(.text(sqlite3_column_text(handle, index).map { String(cString: $0) } ?? ""))
            case SQLITE_BLOB:
                let bytes = UnsafeRawBufferPointer(start: sqlite3_column_blob(handle, index),
                                                   count: Int(sqlite3_column_bytes(handle, index)))
                values.append(.text(String(decoding: bytes, as: UTF8.self)))
            default:
                values.append(.null)
            }
        }
        return values
    }
}
