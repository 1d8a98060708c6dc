import GRDB
import GRDBSQLite
import TallyFormat

/// The rows that differ between this build's snapshot and the one the last build kept (`SiteDatabase.rowChanges`):
/// for each table compared, the forms of the values its changed rows hold in the columns pages are keyed on, and
/// each changed row's version (both versions of an updated row) by snapshot and rowid, so SQLite can tell which of
/// them a page's comparisons (`d.donated_at >= :starts`) would let through, comparing as the page's query would.
public final class RowChanges: Sendable {
    /// One table's changed rows.
    public struct Table: Sendable {
        /// Key column → the forms of its values in the changed rows' versions (`KeyForms`).
        public let forms: [String: Set<String>]
        /// Key column → form → the versions (indices into `versions`) whose value has it.
        let versionsByForm: [String: [String: [Int32]]]
        /// Each version, when there were at most `versionLimit`; empty, with `complete` false, past it.
        let versions: [Version]
        let complete: Bool

        /// The versions whose `column` has one of `forms`; nil when the versions were too many to keep.
        public func versions(of column: String, withAnyOf forms: some Sequence<String>) -> [Int]? {
            guard complete else { return nil }
            var found: Set<Int32> = []
            for form in forms { found.formUnion(versionsByForm[column]?[form] ?? []) }
            return found.sorted().map(Int.init)
        }

        /// Every version; nil when they were too many to keep.
        public var allVersions: [Int]? { complete ? Array(versions.indices) : nil }
    }

    /// A version of a changed row: in this build's snapshot (`main`) or the kept one (`before`).
    struct Version: Sendable {
        let before: Bool
        let rowid: Int64
    }

    /// Past this many versions of one table, only the forms are kept (a whole table imported again): a page keyed
    /// on a value they hold then renders whatever its comparisons say.
    static let versionLimit = 100_000

    /// Table (lowercased) → its changed rows; a table the two snapshots could not be compared on is missing.
    public let tables: [String: Table]
    /// This build's snapshot with the kept one attached as `before`, where the versions are.
    private let queue: DatabaseQueue?

    init(tables: [String: Table], queue: DatabaseQueue?) {
        self.tables = tables
        self.queue = queue
    }

    /// No table compared.
    public static let none = RowChanges(tables: [:], queue: nil)

    deinit { close() }

    /// Closes the connection: before the kept snapshot it attached is replaced. `anyVersion` then cannot tell.
    public func close() { try? queue?.close() }

    /// A comparison of a table's column with a parameter of the pages row, the column on the left:
    /// `donated_at >= :starts`.
    public struct Comparison: Sendable, Hashable {
        public let column: String
        /// `<`, `<=`, `>`, `>=` or `=`.
        public let comparison: String
        public let parameter: String

        public init(column: String, comparison: String, parameter: String) {
            self.column = column
            self.comparison = comparison
            self.parameter = parameter
        }
    }

    /// Whether one of `versions` of `table`'s changed rows passes every comparison with `parameters` bound as a
    /// page's query binds them. SQLite compares, on the row itself: with the column's affinity and collation, as
    /// the page's query compares it (a view that passes the column on passes both), so text, numbers, NULL and
    /// NOCASE compare exactly as there. True when it cannot tell (the comparison does not compile).
    public func anyVersion(_ versions: [Int], of table: String, passes comparisons: [Comparison],
                           parameters: [String: DataValue]) -> Bool {
        guard let queue, let rows = tables[table]?.versions, !versions.isEmpty else { return !versions.isEmpty }
        let conditions = comparisons.map { Self.quoted($0.column) + " " + $0.comparison + " :" + $0.parameter }.joined(separator: " AND ")
        let bySnapshot = Dictionary(grouping: versions.compactMap { rows.indices.contains($0) ? rows[$0] : nil }, by: \.before)
        do {
            return try queue.inDatabase { db in
                for (before, found) in bySnapshot {
                    let sql = "SELECT 1 FROM \(before ? "before" : "main").\(Self.quoted(table)) WHERE rowid IN ("
                        + found.map { String($0.rowid) }.joined(separator: ",") + ")"
                        + (conditions.isEmpty ? "" : " AND " + conditions) + " LIMIT 1"
                    var passed = false
                    _ = try SiteDatabase.step(db, statement: db.makeStatement(sql: sql), parameters: parameters) { _, _ in passed = true }
                    if passed { return true }
                }
                return false
            }
        } catch {
            return true
        }
    }

    /// A term of a query's `ORDER BY` that is a column of one table: `d.donated_at DESC`, `d.name COLLATE NOCASE`.
    public struct SortTerm: Sendable, Hashable {
        public let column: String
        public let descending: Bool
        /// The term's own `COLLATE`; nil when the column's collation orders it.
        public let collation: String?

        public init(column: String, descending: Bool, collation: String?) {
            self.column = column
            self.descending = descending
            self.collation = collation
        }
    }

    /// Whether each of `versions` of `table`'s changed rows sorts strictly before row `boundary` of this build's
    /// snapshot by `terms`, as an `ORDER BY` of them would sort the two. SQLite compares the two rows' columns, so
    /// the column's affinity and collation (or the term's) are the query's; a tie, a NULL on either side, a
    /// boundary row that is not there, or a statement that fails leaves it unproven (false).
    public func allVersions(_ versions: [Int], of table: String, sortBefore boundary: Int64, by terms: [SortTerm]) -> Bool {
        guard !versions.isEmpty else { return true }
        guard let queue, let rows = tables[table]?.versions, !terms.isEmpty else { return false }
        var condition = ""
        for term in terms.reversed() {
            let left = "v." + Self.quoted(term.column) + (term.collation.map { " COLLATE " + Self.quoted($0) } ?? "")
            let right = "b." + Self.quoted(term.column)
            let before = "\(left) \(term.descending ? ">" : "<") \(right)"
            condition = condition.isEmpty ? before : "\(before) OR (\(left) = \(right) AND (\(condition)))"
        }
        var bySnapshot: [Bool: Set<Int64>] = [:]
        for version in versions {
            guard rows.indices.contains(version) else { return false }
            bySnapshot[rows[version].before, default: []].insert(rows[version].rowid)
        }
        do {
            return try queue.inDatabase { db in
                guard try Self.samePlanInputs(db, table: SQLText.asciiLowercased(table)) else { return false }
                for (before, rowids) in bySnapshot {
                    let sql = "SELECT count(*) FROM \(before ? "before" : "main").\(Self.quoted(table)) AS v, main.\(Self.quoted(table)) AS b "
                        + "WHERE b.rowid = \(boundary) AND v.rowid IN (" + rowids.map(String.init).joined(separator: ",") + ") AND (\(condition))"
                    guard try Int.fetchOne(db, sql: sql) == rowids.count else { return false }
                }
                return true
            }
        } catch {
            return false
        }
    }

    /// Whether `table` (lowercased) has the same statement, indexes and triggers in this build's snapshot and the kept
    /// one, and the same statistics (`sqlite_stat1`, `sqlite_stat4`): then SQLite plans a query of it as it did, and
    /// rows whose keys tie come in the order they came in. An index added or `ANALYZE` run between two builds can put
    /// two tied rows the other way round. Per table: a view edited elsewhere in the site leaves this one's plans as
    /// they were (a view read by a query is compared by its own statement, as an input of the page).
    static func samePlanInputs(_ db: Database, table: String) throws -> Bool {
        try SiteDatabase.planInputs(db, schema: "main", table: table)[table] == SiteDatabase.planInputs(db, schema: "before", table: table)[table]
    }

    /// How many rows `sql` gives from `versions` of `table`'s changed rows alone, their new versions (`now`) and
    /// their old ones (`before`): the query runs with `table` shadowed by a common table expression of the same name
    /// that holds only those versions' rows, as they are in this build's snapshot and in the kept one. Only for a
    /// query that names the table once, unqualified, reads it nowhere else and makes each row from one of its rows,
    /// the other tables it reads being unchanged (`ListingSort`); nil when it does not run.
    public func rowsMade(by versions: [Int], of table: String, query sql: String,
                         parameters: [String: DataValue]) -> (now: Int, before: Int)? {
        guard let queue, let rows = tables[table]?.versions else { return nil }
        var rowids: [Bool: Set<Int64>] = [false: [], true: []]
        for version in versions {
            guard rows.indices.contains(version) else { return nil }
            rowids[rows[version].before]?.insert(rows[version].rowid)
        }
        do {
            return try queue.inDatabase { db in
                var counts: [Bool: Int] = [:]
                for (before, found) in rowids {
                    guard !found.isEmpty else { counts[before] = 0; continue }
                    let counting = "WITH \(Self.quoted(table)) AS (SELECT * FROM \(before ? "before" : "main").\(Self.quoted(table)) WHERE rowid IN ("
                        + found.map(String.init).joined(separator: ",") + ")) SELECT count(*) FROM (\n" + sql + "\n)"
                    var count: Int?
                    _ = try SiteDatabase.step(db, sql: counting, parameters: parameters) { _, row in
                        if case .integer(let value)? = row.first { count = Int(value) }
                    }
                    guard let count else { return nil }
                    counts[before] = count
                }
                return (counts[false] ?? 0, counts[true] ?? 0)
            }
        } catch {
            return nil
        }
    }

    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
