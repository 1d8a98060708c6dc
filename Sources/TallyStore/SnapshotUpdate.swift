import Foundation
import GRDB
import GRDBSQLite

/// What a snapshot updated from the kept one changed: the database's tables whose rows were copied again and the
/// materialized views computed again. Every other table and materialized view is the kept snapshot's.
public struct SnapshotUpdate: Sendable, Equatable {
    /// The tables whose rows changed in the database, and those their scrub decides (every personal table when
    /// `users` changed), by name as the schema spells it, sorted.
    public var tablesCopied: [String] = []
    /// The materialized views that read a copied table, directly, through views or through another such view.
    public var viewsComputed: [String] = []
    /// Those of `viewsComputed` whose changed groups alone were computed again (`GroupedView`).
    public var groupsComputed: [String] = []
    /// The copied tables (ASCII-lowercased) with a private column that could not be dropped, blanked again over every
    /// row: NULL or '' by what the rows' constraints allow, so a changed row can change every other's (`ChangedRuns`).
    public var tablesBlanked: Set<String> = []

    public init(tablesCopied: [String] = [], viewsComputed: [String] = [], groupsComputed: [String] = []) {
        self.tablesCopied = tablesCopied
        self.viewsComputed = viewsComputed
        self.groupsComputed = groupsComputed
    }
}

extension PublishedSnapshot {
    /// Copies the kept snapshot to `snapshotPath` and brings it up to the database at `sourcePath`, when only the
    /// database's rows changed: the tables whose digest differs from `recorded` (and those their scrub decides) get
    /// the rows that differ deleted and the database's inserted with their rowids, then scrubbed as `make` scrubs
    /// them, and the materialized views that read them are computed again in place. Nil when it cannot be done
    /// exactly so (the schema changed, triggers or virtual tables, a table without rowid or with generated columns, a
    /// private key column): the caller then makes the snapshot. All of it is one transaction on one connection, so the
    /// digests returned are of the very rows copied.
    /// - Parameter deferViews: leaves the materialized views to compute to the caller (`StaleViews`), which first
    ///   reads what does not depend on them: `tally serve`'s open pages.
    static func update(kept: String, recorded: SourceDigests, from sourcePath: String, policy: PublicationPolicy,
                       views: [SiteView], functions: @escaping @Sendable (Database) -> Void, deferViews: Bool = false,
                       at snapshotPath: String) -> (SnapshotUpdate, SourceDigests, StaleViews)? {
        guard canUpdate(policy: policy), (try? FileManager.default.copyItem(atPath: kept, toPath: snapshotPath)) != nil else { return nil }
        return update(inPlace: snapshotPath, recorded: recorded, from: sourcePath, policy: policy, views: views,
                      functions: functions, deferViews: deferViews)
    }

    /// Whether any snapshot under `policy` can be updated: a private key column changes what the scrub can find, and
    /// the database is attached read-only through a URI, which SQLite reads as a file name unless built to take it.
    private static func canUpdate(policy: PublicationPolicy) -> Bool {
        sqlite3_compileoption_used("USE_URI") == 1 && !policy.privateColumns.contains(where: { keyColumns.contains($0.column) })
    }

    /// Brings the snapshot at `snapshotPath`, whose rows are the database's as `recorded`, up to the database at
    /// `sourcePath` in place, as `update(kept:…)` does its copy: `tally serve` updates the snapshot its last build
    /// read (`SiteDatabase.continuing`). Nil, with the file as it was (one transaction), when it cannot be done.
    static func update(inPlace snapshotPath: String, recorded: SourceDigests, from sourcePath: String, policy: PublicationPolicy,
                       views: [SiteView], functions: @escaping @Sendable (Database) -> Void,
                       deferViews: Bool) -> (SnapshotUpdate, SourceDigests, StaleViews)? {
        guard canUpdate(policy: policy), let materialized = materializedViews(views, in: snapshotPath) else { return nil }
        var writable = Configuration()
        writable.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = OFF")
            functions(db)
        }
        do {
            let snapshot = try DatabaseQueue(path: snapshotPath, configuration: writable)
            defer { try? snapshot.close() }
            let result = try snapshot.writeWithoutTransaction { db -> (SnapshotUpdate, SourceDigests, StaleViews)? in
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                try db.execute(sql: "ATTACH DATABASE ? AS tally_source", arguments: [readOnlyURI(sourcePath)])
                defer { try? db.execute(sql: "DETACH DATABASE tally_source") }
                var outcome: (SnapshotUpdate, SourceDigests, StaleViews)?
                try db.inTransaction {
                    guard let (update, digests, stale, changes) = try apply(db, recorded: recorded, policy: policy, materialized: materialized)
                    else { return .rollback }
                    var done = update
                    if !deferViews { done.groupsComputed = try stale.compute(in: db, changedRows: changes) }
                    for table in changes.values { try db.execute(sql: "DROP TABLE temp.\(table.quotedDatabaseIdentifier)") }
                    outcome = (done, digests, stale)
                    return .commit
                }
                return outcome.map { update, digests, stale in (update, digests, deferViews ? stale : StaleViews()) }
            }
            return result
        } catch {
            return nil
        }
    }

    /// - Returns: also, for each table (ASCII-lowercased) whose own rows changed and whose scrub no other table decides,
    ///   when few did, the temporary table that holds every version of them: the kept snapshot's before it was copied
    ///   over, the database's after the scrub (`StaleViews.compute`). The values are SQLite's own, copied in SQL: a
    ///   text with a NUL, invalid UTF-8, or the other normalization of the same letters stays what it is.
    private static func apply(_ db: Database, recorded: SourceDigests, policy: PublicationPolicy,
                              materialized: [MaterializedView]) throws -> (SnapshotUpdate, SourceDigests, StaleViews, [String: String])? {
        guard let now = SourceDigests.read(db, schema: "tally_source"), now.schema == recorded.schema,
              try Int.fetchOne(db, sql: """
                  SELECT count(*) FROM tally_source.sqlite_master WHERE type = 'trigger' OR sql LIKE 'CREATE VIRTUAL TABLE%'
                  """) == 0 else { return nil }
        let changed = now.changedTables(since: recorded)
        guard !changed.isEmpty else { return (SnapshotUpdate(), now, StaleViews(), [:]) }
        var personal: Set<String> = []
        for table in now.tables.keys
        where try db.columns(in: table, in: "tally_source").contains(where: { SQLText.asciiLowercased($0.name) == "user_id" }) {
            personal.insert(table)
        }
        personal.formUnion(now.tables.keys.filter { SQLText.asciiLowercased($0) == "post_deliveries" })
        let copied = scrubbedWith(changed, personalTables: personal).filter { now.tables[$0] != nil }
        var versions: [String: (table: String, kept: String, added: [Int64])] = [:]
        for table in copied.sorted() {
            // A table whose own rows changed, and whose scrub no other changed table decides, is walked over the runs of
            // rowids that changed alone, when the digests say which (`SourceDigests.chunks`, kept with the record).
            let rescrubbed = scrubbedWith(changed.subtracting([table]), personalTables: personal).contains(table)
            let runs = changed.contains(table) && !rescrubbed ? now.changedChunks(of: table, since: recorded) : nil
            let kept = changed.contains(table) && !rescrubbed ? "tally_changed_rows_\(versions.count)" : nil
            guard let added = try copyChangedRows(db, table: table, policy: policy, runs: runs, keepingRemovedIn: kept)
            else { return nil }
            if let kept, try db.tableExists(kept, in: "temp") { versions[SQLText.asciiLowercased(table)] = (table, kept, added) }
        }
        try removeUnpublishedUsers(db, published: policy.publishedUsers, only: copied)
        // Names as SQLite matches them, whatever their case (a `Users` table, an `Email` column).
        let copiedNames = Set(copied.map(SQLText.asciiLowercased))
        var blanked: Set<String> = []
        for column in policy.privateColumns where copiedNames.contains(SQLText.asciiLowercased(column.table)) {
            guard try db.columns(in: column.table, in: "main").contains(where: { SQLText.sameName($0.name, column.column) }) else { continue }
            try blank(column, in: db)
            blanked.insert(SQLText.asciiLowercased(column.table))
        }
        // The rows as scrubbed: a row the scrub removed is in no view.
        var changedRows: [String: String] = [:]
        for (name, (table, kept, added)) in versions {
            let keep = try db.makeStatement(sql: "INSERT INTO temp.\(kept.quotedDatabaseIdentifier) SELECT * FROM main."
                                                + "\(table.quotedDatabaseIdentifier) WHERE rowid = ?")
            for rowid in added { try keep.execute(arguments: [rowid]) }
            changedRows[name] = kept
        }
        let stale = StaleViews(reading: Set(copied.map { $0.lowercased() }), materialized)
        var update = SnapshotUpdate(tablesCopied: copied.sorted(), viewsComputed: stale.views.map(\.name))
        update.tablesBlanked = blanked
        return (update, now, stale, changedRows)
    }

    /// Rows changed in one table past which its views are computed again whole rather than group by group.
    private static let groupedRowsLimit = 1_000

    /// Makes `main.table`'s rows the database's: walks both in rowid order, then deletes the snapshot's rows that
    /// the database lacks or holds otherwise and inserts the database's rows the snapshot lacks or holds otherwise.
    /// Rows the scrub removed come back here and are removed again after. False when the table has no rowid or
    /// columns that cannot be written (generated ones).
    /// - Parameters:
    ///   - runs: the runs of rowids (`rowid >> SourceDigests.chunkShift`) outside which the database's rows are as
    ///     the snapshot's were copied; nil walks every row.
    ///   - keepingRemovedIn: a temporary table to make with the rows deleted, when there are at most
    ///     `groupedRowsLimit` rows deleted and inserted; not made otherwise.
    /// - Returns: nil when it cannot be done; else the rowids inserted.
    private static func copyChangedRows(_ db: Database, table: String, policy: PublicationPolicy, runs: [Int64]?,
                                        keepingRemovedIn kept: String?) throws -> [Int64]? {
        let source = try db.columns(in: table, in: "tally_source")
        let columns = try db.columns(in: table, in: "main").map(\.name)
        let sourceNames = Set(source.map(\.name))
        guard !columns.isEmpty, columns.allSatisfy(sourceNames.contains),
              try Int.fetchOne(db, sql: "SELECT count(*) FROM pragma_table_xinfo(?, 'tally_source') WHERE hidden != 0", arguments: [table]) == 0
        else { return nil }
        // A column blanked by the policy holds other values in the two; it is copied, then blanked again.
        let blanked = Set(policy.privateColumns.filter { $0.table == table }.map(\.column))
        let compared = columns.filter { !blanked.contains($0) }.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        let quoted = table.quotedDatabaseIdentifier
        var removed: [Int64] = []
        var added: [Int64] = []
        // A column named `rowid` stands for it in SQL: its values, not the rowids, would bound the runs.
        let ranges = runs.flatMap { runs in columns.contains { $0.lowercased() == "rowid" } ? nil : runs }.map { runs in
            runs.map(ChangedRuns.bound)
        } ?? [""]
        for range in ranges {
            guard SiteDatabase.walkInRowidOrder(db, "SELECT rowid, \(compared) FROM tally_source.\(quoted)\(range) ORDER BY rowid",
                                                "SELECT rowid, \(compared) FROM main.\(quoted)\(range) ORDER BY rowid", differing: { now, kept in
                if let kept { removed.append(sqlite3_column_int64(kept, 0)) }
                if let now { added.append(sqlite3_column_int64(now, 0)) }
            }) else { return nil }
        }
        if let kept, removed.count + added.count <= groupedRowsLimit {
            try db.execute(sql: "CREATE TEMP TABLE \(kept.quotedDatabaseIdentifier) AS SELECT * FROM main.\(quoted) WHERE 0")
            let keep = try db.makeStatement(sql: "INSERT INTO temp.\(kept.quotedDatabaseIdentifier) SELECT * FROM main.\(quoted) WHERE rowid = ?")
            for rowid in removed { try keep.execute(arguments: [rowid]) }
        }
        let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        let delete = try db.makeStatement(sql: "DELETE FROM main.\(quoted) WHERE rowid = ?")
        for rowid in removed { try delete.execute(arguments: [rowid]) }
        let insert = try db.makeStatement(sql: "INSERT INTO main.\(quoted) (rowid, \(list)) SELECT rowid, \(list) FROM tally_source.\(quoted) WHERE rowid = ?")
        for rowid in added { try insert.execute(arguments: [rowid]) }
        return added
    }

    /// A materialized view of the kept snapshot: its query as it was created, and what the query reads (tables and
    /// views, lowercased, the base tables below views included, as SQLite's authorizer reports them).
    struct MaterializedView: Sendable {
        let name: String
        let select: String
        let reads: Set<String>
    }

    /// The site's materialized views as the kept snapshot at `path` has them, in the order they were created (each
    /// after the views it reads); nil when one is missing there or its query does not compile.
    private static func materializedViews(_ views: [SiteView], in path: String) -> [MaterializedView]? {
        let wanted = Dictionary(views.filter(\.materialize).map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        guard !wanted.isEmpty else { return [] }
        return SiteDatabase.withStatementReads(at: path) { db, compile -> [MaterializedView]? in
            let order = try String.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master WHERE type = 'table' ORDER BY rowid")
            guard Set(order).isSuperset(of: wanted.keys) else { return nil }
            var found: [MaterializedView] = []
            for name in order {
                guard let view = wanted[name] else { continue }
                guard case .success(let select) = SiteViews.checkedStatement(view.sql, in: db), let reads = compile(select) else { return nil }
                found.append(MaterializedView(name: view.name, select: select, reads: reads.tables))
            }
            return found
        } ?? nil
    }

    /// `path` as a read-only URI for ATTACH: the database is never written.
    private static func readOnlyURI(_ path: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~")
        return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?mode=ro"
    }
}

/// The materialized views of an updated snapshot that read a copied table, or a view among them, in the order they
/// were created: their rows are computed again, deleted and inserted again from their query, so each keeps its place
/// in the schema and its indexes, and numbers its rows from 1 as `make` did.
struct StaleViews: Sendable {
    var views: [PublishedSnapshot.MaterializedView] = []
    /// The copied tables and these views, lowercased: what a view reads that is not as the kept snapshot had it.
    private var changed: Set<String> = []

    init() {}

    init(reading changed: Set<String>, _ materialized: [PublishedSnapshot.MaterializedView]) {
        self.changed = changed
        for view in materialized where !view.reads.isDisjoint(with: self.changed) {
            self.changed.insert(view.name.lowercased())
            views.append(view)
        }
    }

    /// Their names, lowercased: a query that reads none of them (`SiteDatabase.tablesRead`) gives the same rows
    /// before they are computed as after.
    var names: Set<String> { Set(views.map { $0.name.lowercased() }) }

    /// - Parameter changedRows: for a table (ASCII-lowercased) whose own rows alone changed, the temporary table of
    ///   every version of those rows (`apply`): a view that only adds up that table's rows, or a row-by-row view's over
    ///   it, by columns passed through from it has those rows' groups computed again alone when it can (`GroupedView`),
    ///   if nothing else it reads changed.
    /// - Returns: the views whose groups alone were computed again.
    @discardableResult
    func compute(in db: Database, changedRows: [String: String] = [:]) throws -> [String] {
        var grouped: [String] = []
        for view in views {
            let quoted = "main." + view.name.quotedDatabaseIdentifier
            if let shape = GroupedView(select: view.select), let base = shape.base(in: db),
               let rows = changedRows[SQLText.asciiLowercased(base.table)], view.reads.intersection(changed) == [base.table.lowercased()],
               shape.readsExactColumns(of: base, in: db), shape.update(view.name, select: view.select, base: base, changedRows: rows, in: db) {
                grouped.append(view.name)
                continue
            }
            try db.execute(sql: "DELETE FROM \(quoted)")
            try db.execute(sql: "INSERT INTO \(quoted)\n" + view.select)
        }
        return grouped
    }
}
