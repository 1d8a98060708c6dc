import Foundation
import GRDB
import GRDBSQLite
import Synchronization
import TallyFormat

/// The read-only database a build queries: a published snapshot of the user's database.
///
/// Safe to share between rendering tasks; reads run concurrently on a pool of read-only connections.
public final class SiteDatabase: Sendable {
    let pool: DatabasePool
    let snapshotPath: String
    /// The snapshot file and its pool, which a later build's database may go on using (`continuing`): closed and
    /// removed when the last database that uses them goes.
    let file: SnapshotFile
    /// The site views that could not be created, by view name order; the others are in the snapshot.
    public let viewErrors: [ViewError]
    /// The kept snapshot this one is a copy of, when the build could reuse it (`KeptSnapshot`).
    public let reusedSnapshot: String?
    /// What updating a copy of the kept snapshot changed, when only the database's rows had changed (`SnapshotUpdate`).
    public let snapshotUpdate: SnapshotUpdate?
    /// True when this is the snapshot the last build read, kept open and updated in place if need be (`continuing`).
    public let continued: Bool
    /// What this snapshot was made from, for the record kept beside it; nil when it was not asked for, or it cannot
    /// be reused (`sources:`).
    let madeFrom: KeptSnapshot.Record?
    /// For a snapshot updated from the kept one (or from the last build's, kept as that file), the runs of rowids
    /// outside which its tables' rows are the kept snapshot's (`rowChanges`).
    package let changedRuns: ChangedRuns?
    /// The materialized views left to compute (`deferViews`); empty once computed.
    private let stale: Mutex<StaleViews>
    let functions: @Sendable (Database) -> Void

    /// Copies the database at `path` into a scrubbed snapshot (see `PublishedSnapshot`), adds the site's `pages`
    /// as tables and its `views` as views, and opens it read-only.
    /// - Parameter utcOffset: the site timezone's offset from UTC at a moment (seconds since 1970), for `local_datetime`.
    /// - Parameter importSources: imports the config's `sources:` into the snapshot before it is scrubbed.
    public convenience init(path: String, policy: PublicationPolicy, pages: [SitePage] = [], views: [SiteView] = [],
                            utcOffset: @escaping @Sendable (Int) -> Int = { _ in 0 },
                            importSources: ((Database) throws -> Void)? = nil) throws(StoreError) {
        try self.init(path: path, policy: policy, siteContent: { (pages, views) }, utcOffset: utcOffset, importSources: importSources)
    }

    /// As above, with the site's pages and views given by `siteContent`, which is called once the copy is scrubbed:
    /// a build copies the database while its content files are still loading.
    /// - Parameter kept: the snapshot the last build kept beside its output; copied instead of made again when the
    ///   database, the policy, the settings and the site's pages and views are as it was made from, and copied and
    ///   updated table by table when only the database's rows changed (`openSnapshot`).
    /// - Parameter temporaryFolder: where the snapshot is made; it is removed when the database closes or is refused.
    /// - Parameter deferViews: an updated snapshot's materialized views that read its changed tables are left stale
    ///   until `computeStaleViews()`, so that queries that read none of them (`staleViews`) can run first.
    public convenience init(path: String, policy: PublicationPolicy, siteContent: () -> (pages: [SitePage], views: [SiteView]),
                            utcOffset: @escaping @Sendable (Int) -> Int = { _ in 0 },
                            importSources: ((Database) throws -> Void)? = nil, kept: KeptSnapshot? = nil,
                            temporaryFolder: URL = FileManager.default.temporaryDirectory, deferViews: Bool = false) throws(StoreError) {
        AbandonedFiles.remove(in: temporaryFolder, prefix: Self.snapshotPrefix)
        let snapshotPath = temporaryFolder
            .appendingPathComponent("\(Self.snapshotPrefix)\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).sqlite").path
        let functions: @Sendable (Database) -> Void = { db in SiteDatabase.addFunctions(to: db, utcOffset: utcOffset) }
        let opened: OpenedSnapshot
        do throws(StoreError) {
            opened = try Self.openSnapshot(at: snapshotPath, from: path, policy: policy, siteContent: siteContent, functions: functions,
                                           importSources: importSources, kept: kept, deferViews: deferViews)
        } catch {
            // A database refused half way (no tables, a table of Tally's name, a failed scrub) leaves no copy behind.
            SiteDatabase.removeFiles(at: snapshotPath)
            throw error
        }
        let file: SnapshotFile
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.maximumReaderCount = 4
            configuration.prepareDatabase { db in functions(db) }
            file = SnapshotFile(path: snapshotPath, pool: try DatabasePool(path: snapshotPath, configuration: configuration))
        } catch {
            SiteDatabase.removeFiles(at: snapshotPath)
            throw .database(path: path, message: "\(error)")
        }
        self.init(file: file, opened: opened, functions: functions)
    }

    init(file: SnapshotFile, opened: OpenedSnapshot, functions: @escaping @Sendable (Database) -> Void) {
        self.file = file
        pool = file.pool
        snapshotPath = file.path
        reusedSnapshot = opened.reused
        snapshotUpdate = opened.update
        continued = opened.continued
        viewErrors = opened.viewErrors
        madeFrom = opened.madeFrom
        changedRuns = opened.changedRuns
        stale = Mutex(opened.staleViews)
        self.functions = functions
    }

    /// The materialized views whose rows are not yet computed again (lowercased names): until `computeStaleViews()`,
    /// only a query that reads none of them gives the rows it will give.
    package var staleViews: Set<String> { stale.withLock { $0.names } }

    /// Computes the materialized views left stale (`deferViews`), on a connection of its own, in one transaction;
    /// the pool's readers see them from their next statement.
    package func computeStaleViews() throws(StoreError) {
        do {
            try stale.withLock { stale in
                guard !stale.views.isEmpty else { return }
                var writable = Configuration()
                writable.prepareDatabase { [functions] db in
                    try db.execute(sql: "PRAGMA synchronous = OFF")
                    functions(db)
                }
                let queue = try DatabaseQueue(path: snapshotPath, configuration: writable)
                try queue.write { db in try stale.compute(in: db) }
                try queue.close()
                stale = StaleViews()
            }
        } catch {
            throw .database(path: snapshotPath, message: "\(error)")
        }
    }

    /// The SQLite library's source id (its version and check-in), as `sqlite3_sourceid()` gives it.
    public static var sqliteLibrary: String { String(cString: sqlite3_sourceid()) }

    /// Runs one page query. Named parameters (`:slug`) are bound from `parameters`; a missing one binds NULL.
    public func run(_ sql: String, parameters: [String: DataValue] = [:]) throws(QueryError) -> DataTable {
        do {
            // Nothing writes the snapshot while it is open, so a read needs no transaction for isolation.
            return try pool.unsafeRead { db in try SiteDatabase.fetch(db, sql: sql, parameters: parameters) }
        } catch {
            throw SiteDatabase.queryError(error)
        }
    }

    /// Wraps what a read threw as the `QueryError` pages report.
    static func queryError(_ error: any Error) -> QueryError {
        switch error {
        case let error as QueryError: return error
        case let error as DatabaseError: return QueryError(message: error.message ?? "\(error)", lineInQuery: nil)
        default: return QueryError(message: "\(error)", lineInQuery: nil)
        }
    }

    /// Names of the tables in the published snapshot.
    public func tableNames() -> Set<String> {
        let names = try? pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
        }
        return Set(names ?? [])
    }

    /// A cached, read-only statement with its `:name` parameters bound from `parameters`.
    static func prepare(_ db: Database, sql: String, parameters: [String: DataValue]) throws -> Statement {
        let statement = try compile(db, sql: sql)
        var arguments: [String: (any DatabaseValueConvertible)?] = [:]
        for index in 1...max(1, Int(sqlite3_bind_parameter_count(statement.sqliteStatement))) {
            guard let cName = sqlite3_bind_parameter_name(statement.sqliteStatement, Int32(index)) else { continue }
            let name = String(String(cString: cName).dropFirst())
            // updateValue, not subscript assignment: a nil value must stay in the dictionary and bind NULL.
            arguments.updateValue(parameters[name].flatMap(databaseValue), forKey: name)
        }
        try statement.setArguments(StatementArguments(arguments))
        return statement
    }

    /// A cached statement for `sql`, which must be one read-only query, with no arguments bound yet.
    static func compile(_ db: Database, sql: String) throws -> Statement {
        let statement: Statement
        do {
            // Cached per connection: templated pages run the same queries once per row.
            statement = try db.cachedStatement(sql: sql)
        } catch let error as DatabaseError {
            if error.message?.hasPrefix("Multiple statements found") == true {
                throw QueryError(message: QueryError.notOneStatement, lineInQuery: secondStatementLine(db, sql: sql))
            }
            throw QueryError(message: error.message ?? "\(error)", lineInQuery: errorLine(db, sql: sql))
        }
        // A read-only PRAGMA would run too; a query is a SELECT (WITH, VALUES, or EXPLAIN of one), nothing else.
        guard sqlite3_stmt_readonly(statement.sqliteStatement) != 0, ["SELECT", "WITH", "VALUES", "EXPLAIN"].contains(SQLText.firstKeyword(of: sql)) else {
            throw QueryError(message: "only SELECT queries may run; the database is read-only", lineInQuery: 0)
        }
        return statement
    }

    /// The 0-based line where the statement after the first starts: SQLite's prepare stops at the first one's end.
    static func secondStatementLine(_ db: Database, sql: String) -> Int? {
        sql.withCString { start -> Int? in
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            guard sqlite3_prepare_v2(db.sqliteConnection, start, -1, &statement, &tail) == SQLITE_OK else { return nil }
            sqlite3_finalize(statement)
            return tail.map { SQLText.line(atOrAfter: $0 - start, in: sql) }
        }
    }

    /// The 0-based line in `sql` of the last error: at the byte offset SQLite reports, or, for a missing table,
    /// which SQLite does not locate, where the table is first named.
    /// - Parameter prefixLength: bytes that came before `sql` in the statement SQLite compiled.
    static func errorLine(_ db: Database, sql: String, after prefixLength: Int = 0) -> Int? {
        let offset = Int(sqlite3_error_offset(db.sqliteConnection)) - prefixLength
        if offset >= 0 { return SQLText.line(ofOffset: offset, in: sql) }
        let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
        guard let table = missingTable(in: message) else { return nil }
        return SQLText.line(ofName: table, in: sql) ?? SQLText.line(ofName: "main." + table, in: sql)
    }

    /// `x` from SQLite's "no such table: x" (or "main.x"), in lowercase.
    static func missingTable(in message: String) -> String? {
        let prefix = "no such table: "
        guard message.hasPrefix(prefix) else { return nil }
        let name = message.dropFirst(prefix.count).lowercased()
        return name.hasPrefix("main.") ? String(name.dropFirst(5)) : name
    }

    static func databaseValue(_ value: DataValue) -> (any DatabaseValueConvertible)? {
        switch value {
        case .null: return nil
        case .integer(let integer): return integer
        case .real(let real): return real
        case .text(let text): return text
        }
    }

    /// A snapshot's name up to its process number: `tally-snapshot-<pid>-<uuid>.sqlite`.
    static let snapshotPrefix = "tally-snapshot-"

    static func removeFiles(at path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
