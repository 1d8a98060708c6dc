import GRDB
import GRDBSQLite

/// Runs a prepared statement with values bound straight through SQLite's C API: for the million-row path, GRDB's
/// `StatementArguments` (a generic array of existentials per row) cost more than SQLite's own insert.
enum StatementBinding {
    /// SQLite copies the text before the call returns (SQLITE_TRANSIENT), so Swift strings may go right after.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Binds `values` to the statement's parameters in order and steps it once; returns SQLite's result code.
    static func step(_ statement: Statement, _ values: [DatabaseValue]) -> Int32 {
        let handle = statement.sqliteStatement
        bind(values, to: handle)
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        return code
    }

    /// The first row a query returns for `values`, as its columns' values; nil when it returns none.
    static func firstRow(_ statement: Statement, _ values: [DatabaseValue]) throws -> [DatabaseValue]? {
        let handle = statement.sqliteStatement
        bind(values, to: handle)
        defer { sqlite3_reset(handle) }
        switch sqlite3_step(handle) {
        case SQLITE_ROW:
            return (0..<sqlite3_column_count(handle)).map { DatabaseValue(sqliteStatement: handle, index: $0) }
        case SQLITE_DONE:
            return nil
        case let code:
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
        }
    }

    private static func bind(_ values: [DatabaseValue], to handle: SQLiteStatement) {
        sqlite3_reset(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value.storage {
            case .null: sqlite3_bind_null(handle, index)
            case .int64(let number): sqlite3_bind_int64(handle, index, number)
            case .double(let number): sqlite3_bind_double(handle, index, number)
            case .string(var text): text.withUTF8 { bytes in _ = sqlite3_bind_text(handle, index, bytes.baseAddress, Int32(bytes.count), transient) }
            case .blob(let data): data.withUnsafeBytes { bytes in _ = sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), transient) }
            }
        }
    }
}
