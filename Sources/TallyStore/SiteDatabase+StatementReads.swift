import GRDB
import GRDBSQLite

/// What SQLite's authorizer saw a statement read when it was compiled: every (table, column) pair, inside
/// aggregates, subqueries and views too. A view is reported as itself and as the base tables it reads; a table
/// read for no column (`SELECT count(*) FROM t`) is reported with the empty column name.
struct StatementReads {
    struct Column: Hashable {
        let table: String
        let column: String
    }

    var columns: Set<Column> = []
    /// The views and common table expressions the reads were made inside (the authorizer's innermost view or
    /// trigger): how a common table expression's name, which `count(*)` reports as a table, is told from one.
    var contexts: Set<String> = []

    var tables: Set<String> { Set(columns.map(\.table)) }

    /// The tables and views read, without the common table expressions: a name the schema lacks that a read was
    /// made inside is one the statement defined itself (`WITH gaps AS (…) SELECT count(*) FROM gaps`).
    func tables(schema: Set<String>) -> Set<String> {
        tables.subtracting(contexts.subtracting(schema))
    }
}

extension SiteDatabase {
    /// Runs `body` on a read-only connection of the snapshot's own, with a function that compiles one statement
    /// under the authorizer and returns what it read (nil when the statement does not compile: the build reports
    /// it where it runs). GRDB keeps the authorizer of its pool's connections, hence a connection of its own,
    /// closed after.
    func withStatementReads<T>(_ body: (Database, (String) -> StatementReads?) throws -> T) -> T? {
        Self.withStatementReads(at: snapshotPath, body)
    }

    /// As above, on the snapshot file at `path`.
    static func withStatementReads<T>(at path: String, _ body: (Database, (String) -> StatementReads?) throws -> T) -> T? {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.prepareDatabase { db in SiteDatabase.addFunctions(to: db, utcOffset: { _ in 0 }) }
        return try? DatabaseQueue(path: path, configuration: configuration).inDatabase { db in
            // The first statement compiled reads the schema, which the authorizer would report as the statement's.
            try db.execute(sql: "SELECT count(*) FROM sqlite_master")
            let log = ReadLog()
            let context = Unmanaged.passUnretained(log).toOpaque()
            sqlite3_set_authorizer(db.sqliteConnection, { context, action, table, column, _, inside in
                if action == SQLITE_READ, let context, let table {
                    let log = Unmanaged<ReadLog>.fromOpaque(context).takeUnretainedValue()
                    log.reads.columns.insert(StatementReads.Column(table: String(cString: table).lowercased(),
                                                                   column: column.map { String(cString: $0).lowercased() } ?? ""))
                    if let inside { log.reads.contexts.insert(String(cString: inside).lowercased()) }
                }
                return SQLITE_OK
            }, context)
            defer { sqlite3_set_authorizer(db.sqliteConnection, nil, nil) }
            return try body(db) { sql in
                log.reads = StatementReads()
                var statement: OpaquePointer?
                defer { sqlite3_finalize(statement) }
                guard sqlite3_prepare_v2(db.sqliteConnection, sql, -1, &statement, nil) == SQLITE_OK else { return nil }
                return log.reads
            }
        }
    }

    /// The tables and views each of `sqls` reads, lowercased, views and the base tables below them alike (not its
    /// common table expressions); nil for a query that does not compile.
    public func tablesRead(by sqls: [String]) -> [Set<String>?] {
        withStatementReads { db, compile in
            let schema = Set(try String.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master UNION SELECT lower(name) FROM sqlite_temp_master"))
            return sqls.map { compile($0)?.tables(schema: schema) }
        } ?? sqls.map { _ in nil }
    }
}

/// The reads the authorizer reported for the statement being compiled.
private final class ReadLog {
    var reads = StatementReads()
}
