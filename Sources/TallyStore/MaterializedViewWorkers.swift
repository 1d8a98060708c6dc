import Foundation
import GRDB
import Synchronization

/// Computes materialized views at the same time, each on a connection of its own into a file of its own, which the
/// snapshot's writing connection then copies in (`install`).
///
/// SQLite has one writer a file, and a materialized view's query is most of its cost: at 20,000 organizations the
/// views took 1.5 to 2 s one after the other on the writing connection while the other core waited. A worker reads
/// the snapshot (in WAL mode, so the writer can go on creating views) and writes only its own file, attached as
/// `tally_materialized`; as many run at once as there are cores.
final class MaterializedViewWorkers: Sendable {
    /// A materialized view computed into its own file, or why its query failed.
    enum Outcome: Sendable {
        case computed(SiteView, file: String)
        case failed(SiteView, QueryError)
    }

    private struct State {
        var waiting: [(view: SiteView, select: String)] = []
        var running = 0
        var finished: [Outcome] = []
    }

    static let schema = "tally_materialized"
    private let snapshotPath: String
    private let functions: @Sendable (Database) -> Void
    private let limit = max(1, ProcessInfo.processInfo.activeProcessorCount)
    private let state = Mutex(State())
    private let oneFinished = DispatchSemaphore(value: 0)
    /// Views handed over whose outcome `next()` has not returned yet.
    private let outstanding = Atomic<Int>(0)
    private let filesMade = Atomic<Int>(0)

    init(snapshotPath: String, functions: @escaping @Sendable (Database) -> Void) {
        self.snapshotPath = snapshotPath
        self.functions = functions
    }

    /// Whether a view handed over has an outcome still to collect.
    var busy: Bool { outstanding.load(ordering: .relaxed) > 0 }

    /// Starts computing `view` from its checked `select`, now or when a worker is free.
    func compute(_ view: SiteView, select: String) {
        outstanding.add(1, ordering: .relaxed)
        let startNow = state.withLock { state -> Bool in
            guard state.running < limit else {
                state.waiting.append((view, select))
                return false
            }
            state.running += 1
            return true
        }
        if startNow { run(view, select: select) }
    }

    /// Waits for the next view to finish, in whatever order they do.
    func next() -> Outcome {
        oneFinished.wait()
        outstanding.subtract(1, ordering: .relaxed)
        return state.withLock { $0.finished.removeFirst() }
    }

    /// Waits for every view still under way and deletes what they made: the snapshot failed before they were needed.
    func discardAll() {
        while busy {
            if case .computed(_, let file) = next() { try? FileManager.default.removeItem(atPath: file) }
        }
    }

    private func run(_ view: SiteView, select: String) {
        DispatchQueue.global().async { [self] in
            var current: (view: SiteView, select: String)? = (view, select)
            while let (view, select) = current {
                let outcome = materialize(view, select)
                current = state.withLock { state in
                    state.finished.append(outcome)
                    guard !state.waiting.isEmpty else {
                        state.running -= 1
                        return nil
                    }
                    return state.waiting.removeFirst()
                }
                oneFinished.signal()
            }
        }
    }

    private func materialize(_ view: SiteView, _ select: String) -> Outcome {
        let file = snapshotPath + "-materialized-" + String(filesMade.add(1, ordering: .relaxed).newValue)
        let prefix = "CREATE TABLE \(Self.schema).\(view.name.quotedDatabaseIdentifier) AS\n"
        do {
            var configuration = Configuration()
            // A WAL reader waits for no writer; this covers the moments SQLite still answers busy (a checkpoint
            // resetting the log as the read starts), which would otherwise fail the view.
            configuration.busyMode = .timeout(10)
            configuration.prepareDatabase { [functions] db in functions(db) }
            let queue = try DatabaseQueue(path: snapshotPath, configuration: configuration)
            defer { try? queue.close() }
            return try queue.writeWithoutTransaction { db -> Outcome in
                try db.execute(sql: "ATTACH DATABASE ? AS \(Self.schema)", arguments: [file])
                // A file of this build alone, deleted once copied: nothing to journal or sync.
                try db.execute(sql: "PRAGMA \(Self.schema).journal_mode = OFF")
                try db.execute(sql: "PRAGMA \(Self.schema).synchronous = OFF")
                do {
                    try db.execute(sql: prefix + select)
                } catch let error as DatabaseError {
                    let line = SiteDatabase.errorLine(db, sql: select, after: prefix.utf8.count)
                    try? db.execute(sql: "DETACH DATABASE \(Self.schema)")
                    try? FileManager.default.removeItem(atPath: file)
                    return .failed(view, QueryError(message: error.message ?? "\(error)", lineInQuery: line))
                }
                try db.execute(sql: "DETACH DATABASE \(Self.schema)")
                return .computed(view, file: file)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: file)
            return .failed(view, SiteDatabase.queryError(error))
        }
    }

    /// Copies a computed view from its file into the snapshot as table `view.name`, rows in the order its query
    /// gave them, and deletes the file.
    ///
    /// The table is made with the statement SQLite wrote for the computed one, so the two are alike and
    /// `INSERT … SELECT *` copies the rows' records as they are (SQLite's transfer optimization) instead of
    /// decoding and encoding every value as `CREATE TABLE … AS SELECT` does (40,000 rows: 27 ms against 35).
    static func install(_ view: SiteView, from file: String, in db: Database) throws {
        defer { try? FileManager.default.removeItem(atPath: file) }
        try db.execute(sql: "ATTACH DATABASE ? AS \(schema)", arguments: [file])
        defer { try? db.execute(sql: "DETACH DATABASE \(schema)") }
        let made = try String.fetchOne(db, sql: "SELECT sql FROM \(schema).sqlite_master WHERE type = 'table' AND name = ?",
                                       arguments: [view.name])
        guard let made else { throw DatabaseError(message: "materialized view \(view.name) was not computed") }
        let name = view.name.quotedDatabaseIdentifier
        // An unqualified CREATE TABLE makes a table of `main`.
        try db.execute(sql: made)
        try db.execute(sql: "INSERT INTO main.\(name) SELECT * FROM \(schema).\(name)")
    }
}
