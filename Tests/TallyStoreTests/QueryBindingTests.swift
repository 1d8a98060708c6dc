import GRDB
import GRDBSQLite
import Testing
import TallyFormat
@testable import TallyStore

/// Binding a page's parameters into a query: a value SQLite refuses is the query's error, never a silent NULL.
@Suite struct QueryBindingTests {
    @Test func aParameterOverSQLitesLengthLimitFailsTheQuery() throws {
        let queue = try DatabaseQueue()
        try queue.inDatabase { db in
            // The default limit is a billion bytes; lowered here so a short value is over it.
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, 8)
            #expect(throws: QueryError(message: "string or blob too big", lineInQuery: nil)) {
                _ = try SiteDatabase.step(db, sql: "SELECT :name AS n", parameters: ["name": .text("longer than eight")]) { _, _ in }
            }
            var rows: [[DataValue]] = []
            _ = try SiteDatabase.step(db, sql: "SELECT :name AS n", parameters: ["name": .text("short")]) { _, row in rows.append(row) }
            #expect(rows == [[.text("short")]])
        }
    }
}
