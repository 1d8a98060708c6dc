import GRDB
import GRDBSQLite

/// Runs a prepared statement with values bound straight through SQLite's C API: for the million-row path, GRDB's
/// `StatementArguments` (a generic array of existentials per row) cost more than SQLite's own insert.
enum StatementBinding {
    /// SQLite uses the text where it is, without a copy, until the statement is reset (SQLITE_STATIC): a copy
    /// (SQLITE_TRANSIENT) was a `malloc` and a `free` for each text value of each row.
    private static let inPlace = unsafeBitCast(0, to: sqlite3_destructor_type.self)
    /// A copy, for the empty text, whose bytes may have no address at all.
    private static let copied = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Binds `values` to the statement's parameters in order and steps it once; returns SQLite's result code.
    static func step(_ statement: Statement, _ values: [DatabaseValue]) -> Int32 {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        return bindAndRun(values, from: 0, to: handle) { sqlite3_step(handle) }
    }

    /// Binds a planned row's values (`RowPlan`) in place and steps the statement once; returns SQLite's result code.
    /// `row` and `fixed` hold the bytes the values point into.
    static func step(_ statement: Statement, _ values: [PlannedValue], row: UnsafeBufferPointer<UInt8>, fixed: UnsafeBufferPointer<UInt8>) -> Int32 {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        func bind(_ bytes: UnsafeBufferPointer<UInt8>, _ parameter: Int32) {
            if let start = bytes.baseAddress, !bytes.isEmpty {
                sqlite3_bind_text(handle, parameter, start, Int32(bytes.count), inPlace)
            } else {
                sqlite3_bind_text(handle, parameter, "", 0, copied)
            }
        }
        for (index, value) in values.enumerated() {
            let parameter = Int32(index + 1)
            switch value {
            case .integer(let number): sqlite3_bind_int64(handle, parameter, number)
            case .field(let range): bind(UnsafeBufferPointer(rebasing: row[range]), parameter)
            case .fixed(let range): bind(UnsafeBufferPointer(rebasing: fixed[range]), parameter)
            }
        }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        return code
    }

    /// The first row a query returns for `values`, as its columns' values; nil when it returns none.
    static func firstRow(_ statement: Statement, _ values: [DatabaseValue]) throws -> [DatabaseValue]? {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        var row: [DatabaseValue]?
        let code = bindAndRun(values, from: 0, to: handle) {
            let code = sqlite3_step(handle)
            if code == SQLITE_ROW { row = (0..<sqlite3_column_count(handle)).map { DatabaseValue(sqliteStatement: handle, index: $0) } }
            return code
        }
        switch code {
        case SQLITE_ROW: return row
        case SQLITE_DONE: return nil
        default:
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
        }
    }

    /// Binds `values[index...]` and runs `body` while every bound text and blob is still in memory: each is bound
    /// inside its own `withUTF8` (or `withUnsafeBytes`), so `body` runs innermost. The statement is reset and its
    /// bindings cleared before this returns, so no pointer outlives the values.
    private static func bindAndRun(_ values: [DatabaseValue], from index: Int, to handle: SQLiteStatement, _ body: () -> Int32) -> Int32 {
        guard index < values.count else {
            let code = body()
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            return code
        }
        let parameter = Int32(index + 1)
        switch values[index].storage {
        case .null: sqlite3_bind_null(handle, parameter)
        case .int64(let number): sqlite3_bind_int64(handle, parameter, number)
        case .double(let number): sqlite3_bind_double(handle, parameter, number)
        case .string(var text):
            return text.withUTF8 { bytes in
                if let start = bytes.baseAddress {
                    sqlite3_bind_text(handle, parameter, start, Int32(bytes.count), inPlace)
                } else {
                    sqlite3_bind_text(handle, parameter, "", 0, copied)
                }
                return bindAndRun(values, from: index + 1, to: handle, body)
            }
        case .blob(let data):
            return data.withUnsafeBytes { bytes in
                sqlite3_bind_blob(handle, parameter, bytes.baseAddress, Int32(bytes.count), inPlace)
                return bindAndRun(values, from: index + 1, to: handle, body)
            }
        }
        return bindAndRun(values, from: index + 1, to: handle, body)
    }
}

/// A value of a row `RowPlan` converted: a number, or text bound in place from the row's bytes or the plan's own.
enum PlannedValue {
    case integer(Int64)
    case field(Range<Int>)
    case fixed(Range<Int>)
}
