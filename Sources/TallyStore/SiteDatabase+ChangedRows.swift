import Foundation
import GRDB
import GRDBSQLite
import TallyFormat

extension SiteDatabase {
    /// Keeps a copy of this build's snapshot at `kept.path` (through a temporary file and one rename), for the next
    /// build to find which rows changed (`changedKeys`) and, with what it was made from recorded beside it, to copy
    /// instead of making its own when nothing it was made from changed. A snapshot that is a copy of the kept one, or
    /// whose file the kept one was written from and which has not changed since (`SnapshotFile.keptAs`), is not
    /// copied again. False when it could not be written.
    public func keepSnapshot(as kept: KeptSnapshot) -> Bool {
        let stamp = KeptSnapshot.stamp(kept.path)
        let copied = reusedSnapshot == kept.path || (stamp != nil && file.keptAs.withLock { $0 } == stamp)
        if copied, let recorded = kept.recorded(), let madeFrom, recorded == madeFrom {
            file.keptAs.withLock { $0 = stamp }
            return true
        }
        let path = kept.path
        let temporary = path + ".new"
        try? FileManager.default.removeItem(atPath: temporary)
        kept.forget()
        do {
            let copy = try DatabaseQueue(path: temporary)
            try pool.backup(to: copy)
            try copy.close()
            guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            if let madeFrom { kept.record(madeFrom) }
            file.keptAs.withLock { $0 = KeptSnapshot.stamp(path) }
            return true
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return false
        }
    }

    /// Each view of the snapshot (lowercased name) → its `CREATE VIEW` statement and the tables and views it reads.
    public func viewDefinitions() -> [String: (sql: String, reads: Set<String>)] {
        let views = viewStatements().map { (name: $0.key, sql: $0.value) }
        let reads = tablesRead(by: views.map { "SELECT * FROM \"" + $0.name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" })
        var definitions: [String: (sql: String, reads: Set<String>)] = [:]
        for (view, read) in zip(views, reads) { definitions[view.name] = (view.sql, read ?? []) }
        return definitions
    }

    /// The rows that differ between the snapshot kept at `previous` and this one, for each table of `columns`:
    /// rows added, rows removed and both versions of a row changed, compared value by value with its type and bytes,
    /// in rowid order, with the forms (`KeyForms`) their `columns` hold and where each version is. A table is left
    /// out when the two cannot be compared row by row (it is missing from either, its definition, indexes or
    /// statistics changed, it has no rowid or a column that hides it), so the caller cannot take it as unchanged. The
    /// connection that compared them stays open, for `RowChanges.anyVersion` to read the versions again. When this snapshot was updated from
    /// the very file at `previous`, a table whose own rows changed is walked over the runs of rowids that changed alone
    /// (`ChangedRuns`): one donation reads a thousand rows of each snapshot rather than every gift twice.
    public func rowChanges(since previous: String, columns: [String: Set<String>]) -> RowChanges {
        var configuration = Configuration()
        configuration.readonly = true
        // A listing's query runs here too, on the changed rows alone (`RowChanges.rowsMade`), with the site's functions.
        configuration.prepareDatabase { [functions] db in functions(db) }
        guard FileManager.default.fileExists(atPath: previous),
              let queue = try? DatabaseQueue(path: snapshotPath, configuration: configuration) else { return .none }
        let runs = changedRuns.flatMap { KeptSnapshot.stamp(previous) == $0.keptStamp ? $0 : nil }
        let tables = (try? queue.inDatabase { db -> [String: RowChanges.Table] in
            try db.execute(sql: "ATTACH DATABASE ? AS before", arguments: [previous])
            var found: [String: RowChanges.Table] = [:]
            for (table, wanted) in columns {
                // The same statement, and the same indexes and statistics: an index added or statistics made since
                // change SQLite's plans, and with them the order of rows that tie in an ORDER BY, so a page whose
                // keyed rows did not change may still show them in another order.
                guard try RowChanges.samePlanInputs(db, table: table),
                      let statement = try String.fetchOne(db, sql: "SELECT sql FROM main.sqlite_master WHERE type = 'table' AND lower(name) = ?",
                                                          arguments: [table]),
                      !statement.uppercased().contains("WITHOUT ROWID") else { continue }
                if let changes = Self.changedRows(db, table: table, columns: wanted, bounds: runs?.bounds(of: table) ?? [""]) {
                    found[table] = changes
                }
            }
            return found
        }) ?? [:]
        return RowChanges(tables: tables, queue: tables.isEmpty ? nil : queue)
    }

    /// Walks both versions of `table` in rowid order side by side: a rowid in one only, or a row whose values differ,
    /// adds each version present, with the forms of its `columns` values.
    /// - Parameter bounds: the WHERE clauses of the stretches of rowids to walk, one after the other, in rowid order;
    ///   `[""]` walks every row.
    private static func changedRows(_ db: Database, table: String, columns: Set<String>, bounds: [String]) -> RowChanges.Table? {
        let quoted = RowChanges.quoted(table)
        var keyColumns: [(name: String, index: Int32)] = []
        var forms: [String: Set<String>] = [:]
        var versionsByForm: [String: [String: [Int32]]] = [:]
        var versions: [RowChanges.Version] = []
        var complete = true
        func prepared(_ now: OpaquePointer?, _ then: OpaquePointer?) -> Bool {
            let count = sqlite3_column_count(now)
            guard count == sqlite3_column_count(then) else { return false }
            let names = (1..<count).map { String(cString: sqlite3_column_name(now, $0)).lowercased() }
            // A column named `rowid` stands for it in `SELECT rowid`: the rows would be walked in that column's order.
            guard !names.contains("rowid") else { return false }
            keyColumns = names.indices.filter { columns.contains(names[$0]) }.map { (name: names[$0], index: Int32($0 + 1)) }
            for column in keyColumns where forms[column.name] == nil { forms[column.name] = [] }
            return keyColumns.count == columns.count
        }
        func differing(_ now: OpaquePointer?, _ then: OpaquePointer?) {
            for (statement, before) in [(now, false), (then, true)] where statement != nil {
                complete = complete && versions.count < RowChanges.versionLimit
                if complete { versions.append(RowChanges.Version(before: before, rowid: sqlite3_column_int64(statement, 0))) }
                for column in keyColumns {
                    let found = KeyForms.of(statement, column.index)
                    forms[column.name, default: []].formUnion(found)
                    guard complete else { continue }
                    for form in found { versionsByForm[column.name, default: [:]][form, default: []].append(Int32(versions.count - 1)) }
                }
            }
        }
        let walked = bounds.allSatisfy { bound in
            walkInRowidOrder(db, "SELECT rowid, * FROM main.\(quoted)\(bound) ORDER BY rowid",
                             "SELECT rowid, * FROM before.\(quoted)\(bound) ORDER BY rowid", prepared: prepared, differing: differing)
        }
        guard walked else { return nil }
        return RowChanges.Table(forms: forms, versionsByForm: complete ? versionsByForm : [:], versions: complete ? versions : [],
                                complete: complete)
    }

    /// Prepares `firstSQL` and `secondSQL`, two queries that give `rowid` and then the same columns, in rowid order,
    /// hands them to `prepared` (which may refuse them), then steps them side by side and calls `differing` for each
    /// rowid found in one only or in both with a value that differs, with the statements that stand on it (nil for a
    /// side without it). False when either does not compile, `prepared` refused, or a step failed.
    static func walkInRowidOrder(_ db: Database, _ firstSQL: String, _ secondSQL: String,
                                 prepared: (OpaquePointer?, OpaquePointer?) -> Bool = { _, _ in true },
                                 differing: (_ first: OpaquePointer?, _ second: OpaquePointer?) -> Void) -> Bool {
        let connection = db.sqliteConnection
        var first: OpaquePointer?
        var second: OpaquePointer?
        defer {
            sqlite3_finalize(first)
            sqlite3_finalize(second)
        }
        guard sqlite3_prepare_v2(connection, firstSQL, -1, &first, nil) == SQLITE_OK,
              sqlite3_prepare_v2(connection, secondSQL, -1, &second, nil) == SQLITE_OK, prepared(first, second) else { return false }
        let count = sqlite3_column_count(first)
        var hasFirst = sqlite3_step(first) == SQLITE_ROW
        var hasSecond = sqlite3_step(second) == SQLITE_ROW
        while hasFirst || hasSecond {
            let rowFirst = hasFirst ? sqlite3_column_int64(first, 0) : Int64.max
            let rowSecond = hasSecond ? sqlite3_column_int64(second, 0) : Int64.max
            if hasFirst && (!hasSecond || rowFirst < rowSecond) {
                differing(first, nil)
                hasFirst = sqlite3_step(first) == SQLITE_ROW
            } else if hasSecond && (!hasFirst || rowSecond < rowFirst) {
                differing(nil, second)
                hasSecond = sqlite3_step(second) == SQLITE_ROW
            } else {
                if !(1..<count).allSatisfy({ sameValue(first, second, $0) }) { differing(first, second) }
                hasFirst = sqlite3_step(first) == SQLITE_ROW
                hasSecond = sqlite3_step(second) == SQLITE_ROW
            }
        }
        let code = sqlite3_errcode(connection)
        return code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW
    }

    /// Whether column `column` holds the same value, type and bytes, in the current rows of `a` and `b`.
    static func sameValue(_ a: OpaquePointer?, _ b: OpaquePointer?, _ column: Int32) -> Bool {
        let type = sqlite3_column_type(a, column)
        guard type == sqlite3_column_type(b, column) else { return false }
        switch type {
        case SQLITE_INTEGER: return sqlite3_column_int64(a, column) == sqlite3_column_int64(b, column)
        case SQLITE_FLOAT: return sqlite3_column_double(a, column).bitPattern == sqlite3_column_double(b, column).bitPattern
        case SQLITE_TEXT, SQLITE_BLOB:
            let pointerA = type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_column_text(a, column)) : sqlite3_column_blob(a, column)
            let pointerB = type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_column_text(b, column)) : sqlite3_column_blob(b, column)
            let count = Int(sqlite3_column_bytes(a, column))
            guard count == Int(sqlite3_column_bytes(b, column)) else { return false }
            guard count > 0, let pointerA, let pointerB else { return true }
            return memcmp(pointerA, pointerB, count) == 0
        default: return true
        }
    }
}

/// A value as SQL's `=` could match it, loosely: numbers by their value whatever their type, text without case or
/// trailing spaces (as `NOCASE` and `RTRIM` compare it) and also as a number when it reads as one (as a numeric
/// column's affinity would take it). Two values SQL could find equal always share a form; a few it would not
/// also do, which only renders a page more. NULL has no form: `=` never matches it.
public enum KeyForms {
    public static func of(_ value: DataValue) -> [String] {
        switch value {
        case .null: return []
        case .integer(let number): return [String(number)]
        case .real(let number): return [Self.number(number)]
        case .text(let text): return forms(of: text)
        }
    }

    static func of(_ statement: OpaquePointer?, _ column: Int32) -> [String] {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return [String(sqlite3_column_int64(statement, column))]
        case SQLITE_FLOAT: return [number(sqlite3_column_double(statement, column))]
        case SQLITE_TEXT, SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            let bytes = sqlite3_column_blob(statement, column).map { UnsafeRawBufferPointer(start: $0, count: count) }
            return forms(of: String(decoding: bytes ?? UnsafeRawBufferPointer(start: nil, count: 0), as: UTF8.self))
        default: return []
        }
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 9.2e18 ? String(Int64(value)) : String(value)
    }

    private static func forms(of text: String) -> [String] {
        var trimmed = Substring(text.lowercased())
        while trimmed.last == " " { trimmed.removeLast() }
        let plain = trimmed.trimmingCharacters(in: .whitespaces)
        if let value = Double(plain), value.isFinite { return ["'" + trimmed, number(value)] }
        return ["'" + trimmed]
    }
}
