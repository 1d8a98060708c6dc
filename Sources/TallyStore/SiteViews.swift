import GRDB
import GRDBSQLite

/// Creates a site's views in the published snapshot.
///
/// They are created after unpublished rows and private columns are gone, so a view reads exactly what a page
/// query could. Views may use one another: each is tried in name order, and those that name a view not created
/// yet are tried again until a pass creates nothing more. What is left then uses a broken view or forms a cycle.
///
/// A materialized view's query runs on a worker (`MaterializedViewWorkers`) while the passes go on; a pass that
/// starts nothing new waits for one to finish, copies it in, and the views waiting on it are tried again.
enum SiteViews {
    /// - Parameter workers: compute the materialized views beside the writing connection `db`.
    static func create(_ views: [SiteView], in db: Database, workers: MaterializedViewWorkers) throws -> [ViewError] {
        let taken = try takenNames(db)
        var errors: [ViewError] = []
        var pending: [SiteView] = []
        for view in views.sorted(by: { $0.name < $1.name }) {
            if taken.contains(view.name.lowercased()) {
                errors.append(ViewError(view: view.name, reason: .nameTaken))
            } else {
                pending.append(view)
            }
        }
        let names = Dictionary(pending.map { ($0.name.lowercased(), $0.name) }, uniquingKeysWith: { first, _ in first })
        var waiting: [String: (on: String, line: Int?)] = [:]
        // A view whose install throws fails the snapshot; the views still under way are then of no use.
        var finished = false
        defer { if !finished { workers.discardAll() } }
        var madeProgress = true
        while madeProgress && (!pending.isEmpty || workers.busy) {
            madeProgress = false
            var stillWaiting: [SiteView] = []
            for view in pending {
                switch try attempt(view, in: db, viewNames: names, workers: workers) {
                case .created, .computing:
                    madeProgress = true
                    waiting[view.name.lowercased()] = nil
                case .failed(let error):
                    madeProgress = true
                    errors.append(ViewError(view: view.name, reason: .query(error)))
                case .waiting(let other, let line):
                    waiting[view.name.lowercased()] = (other, line)
                    stillWaiting.append(view)
                }
            }
            pending = stillWaiting
            // Nothing new could start: what is still waiting needs a view under way.
            if !madeProgress, workers.busy {
                madeProgress = true
                if let error = try install(workers.next(), in: db) { errors.append(error) }
            }
        }
        for view in pending {
            let name = view.name.lowercased()
            if let first = waiting[name] {
                errors.append(ViewError(view: view.name, reason: blockedReason(name, first: first, waiting: waiting, names: names)))
            }
        }
        finished = true
        // Workers finish in any order; the errors' order does not depend on it.
        return errors.sorted { $0.view < $1.view }
    }

    /// A view that waits on a view that was never created: part of a cycle, or a user of a broken view.
    private static func blockedReason(_ name: String, first: (on: String, line: Int?), waiting: [String: (on: String, line: Int?)],
                                      names: [String: String]) -> ViewError.Reason {
        var path = [name]
        var next = first.on
        while let step = waiting[next], !path.contains(next) {
            path.append(next)
            next = step.on
        }
        if next == name {
            return .cycle((path + [name]).map { names[$0] ?? $0 }, lineInQuery: first.line)
        }
        return .usesBrokenView(names[first.on] ?? first.on, lineInQuery: first.line)
    }

    /// Every name the view cannot take: the contract's tables, Tally's own tables, and whatever the database
    /// already holds (tables, indexes, views, triggers), in lowercase since SQLite ignores case in names.
    private static func takenNames(_ db: Database) throws -> Set<String> {
        let existing = try String.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master")
        return Set(existing).union(Schema.tableNames).union(SitePagesTables.reservedNames)
    }

    private enum Attempt {
        case created
        /// A materialized view whose query a worker runs; `install` creates it.
        case computing
        case failed(QueryError)
        /// The SQL names another site view that does not exist yet.
        case waiting(on: String, line: Int?)
    }

    private static func attempt(_ view: SiteView, in db: Database, viewNames: [String: String],
                                workers: MaterializedViewWorkers) throws -> Attempt {
        let select: String
        switch checkedStatement(view.sql, in: db) {
        case .success(let text): select = text
        case .failure(let error):
            if let missing = SiteDatabase.missingTable(in: error.message), viewNames[missing] != nil {
                return .waiting(on: missing, line: error.lineInQuery)
            }
            return .failed(error)
        }
        // Only the statement that was checked is executed, never text after it. A materialized view runs its
        // query once, on a worker, into a table that pages then read with the indexes it declares.
        if view.materialize {
            workers.compute(view, select: select)
            return .computing
        }
        let prefix = "CREATE VIEW " + view.name.quotedDatabaseIdentifier + " AS\n"
        do {
            try db.execute(sql: prefix + select)
        } catch let error as DatabaseError {
            let line = SiteDatabase.errorLine(db, sql: select, after: prefix.utf8.count)
            return .failed(QueryError(message: error.message ?? "\(error)", lineInQuery: line))
        }
        return .created
    }

    /// A view a worker finished: copied in with its indexes, or the error that stopped it.
    private static func install(_ outcome: MaterializedViewWorkers.Outcome, in db: Database) throws -> ViewError? {
        let attempt: Attempt
        let view: SiteView
        switch outcome {
        case .failed(let failed, let error):
            view = failed
            attempt = .failed(error)
        case .computed(let computed, let file):
            view = computed
            try MaterializedViewWorkers.install(computed, from: file, in: db)
            attempt = try createIndexes(of: computed, in: db)
        }
        guard case .failed(let error) = attempt else { return nil }
        return ViewError(view: view.name, reason: .query(error))
    }

    private static func createIndexes(of view: SiteView, in db: Database) throws -> Attempt {
        for (number, index) in view.indexes.enumerated() {
            let columns = index.columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
            do {
                try db.execute(sql: "CREATE INDEX \((view.name + "__index_" + String(number + 1)).quotedDatabaseIdentifier) ON \(view.name.quotedDatabaseIdentifier) (\(columns))")
            } catch let error as DatabaseError {
                return .failed(QueryError(message: error.message ?? "\(error)", lineInQuery: index.lineInFile))
            }
        }
        return .created
    }

    /// The text of the one read-only statement in `sql`, without parameters, or why it is not one.
    /// The statement is prepared, never run.
    static func checkedStatement(_ sql: String, in db: Database) -> Result<String, QueryError> {
        let connection = db.sqliteConnection
        let bytes = Array(sql.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Result<String, QueryError> in
            buffer.withMemoryRebound(to: CChar.self) { text -> Result<String, QueryError> in
                guard let start = text.baseAddress else { return .failure(QueryError(message: ViewError.empty, lineInQuery: nil)) }
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(connection, start, Int32(text.count), &statement, &tail)
                defer { sqlite3_finalize(statement) }
                guard code == SQLITE_OK else {
                    return .failure(QueryError(message: String(cString: sqlite3_errmsg(connection)),
                                               lineInQuery: SiteDatabase.errorLine(db, sql: sql)))
                }
                guard let statement else { return .failure(QueryError(message: ViewError.empty, lineInQuery: nil)) }
                guard sqlite3_stmt_readonly(statement) != 0 else {
                    return .failure(QueryError(message: "only SELECT queries may run; the database is read-only", lineInQuery: 0))
                }
                if sqlite3_bind_parameter_count(statement) > 0 {
                    let name = sqlite3_bind_parameter_name(statement, 1).map { String(cString: $0) } ?? "?"
                    return .failure(QueryError(message: "\(ViewError.parameters) such as \(name)", lineInQuery: SQLText.line(ofName: name, in: sql)))
                }
                let used = tail.map { $0 - start } ?? text.count
                if used < text.count, let rest = tail {
                    var next: OpaquePointer?
                    let restCode = sqlite3_prepare_v2(connection, rest, Int32(text.count - used), &next, nil)
                    sqlite3_finalize(next)
                    if restCode != SQLITE_OK || next != nil {
                        return .failure(QueryError(message: ViewError.notOneStatement, lineInQuery: SQLText.line(atOrAfter: used, in: sql)))
                    }
                }
                return .success(String(decoding: bytes[..<used], as: UTF8.self))
            }
        }
    }
}
