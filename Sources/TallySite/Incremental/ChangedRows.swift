import TallyFormat
import TallyStore

/// Which rows of the tables that changed since the last build a page's queries could see: when each query that
/// reads a changed table is keyed on a value of the pages row (`KeyedReads`: `WHERE d.organization_id =
/// :organization_id`), a page whose value matches none of the changed rows' keeps its files without running a
/// query. The changed rows come from comparing this build's snapshot with the one the last build kept beside its
/// manifest, row by row (`SiteDatabase.changedKeys`). Whatever is not proven this way is left to the rows check.
struct ChangedRows: Sendable {
    /// How one content file's queries read one changed table.
    enum Reads: Sendable {
        /// Every query that reads it is keyed: the keys, one per such query.
        case keyed([KeyedReads.Key])
        /// Why not: which query, and what keeps it from being proven.
        case unkeyed(String)
    }

    /// What a page's changed tables mean for it.
    enum Verdict: Equatable {
        case unaffected
        case affected(String)
        case unproven(String)
    }

    /// Source index → changed table → how its queries read it.
    private let reads: [Int: [String: Reads]]
    /// Table → key column → the forms of that column's values in the rows that changed (`KeyForms`).
    private let changed: [String: [String: Set<String>]]
    /// Runs the subqueries of keys `alias.c IN (SELECT …)` with a page's row.
    private let database: SiteDatabase?

    static let none = ChangedRows(reads: [:], changed: [:], database: nil)

    /// - Parameter snapshot: the last build's kept snapshot, when it is the one its manifest recorded; without it no
    ///   changed row is known, and every page that reads a changed table is left to the rows check.
    static func find(previous: PageManifest, inputs: PageInputs, sources: [PageSource], database: SiteDatabase,
                     snapshot: String?) -> ChangedRows {
        var reads: [Int: [String: Reads]] = [:]
        var wanted: [String: Set<String>] = [:]
        var prover: KeyedReads?
        for (index, source) in sources.enumerated() {
            let current = inputs.sources[index]
            guard current.alwaysRenders == nil, let before = previous.sources[source.file] else { continue }
            let tables = current.inputs.keys.filter { $0.hasPrefix("table ") && before[$0] != nil && before[$0] != current.inputs[$0] }
            for input in tables {
                let table = String(input.dropFirst("table ".count))
                let keyedReads = prover ?? KeyedReads(views: database.viewDefinitions().mapValues {
                    KeyedReads.View(statement: $0.sql, reads: $0.reads)
                })
                prover = keyedReads
                let found = Self.reads(of: table, by: source, tables: current.queryTables, prover: keyedReads)
                reads[index, default: [:]][table] = found
                if case .keyed(let keys) = found { wanted[table, default: []].formUnion(keys.map(\.column)) }
            }
        }
        guard let snapshot, !wanted.isEmpty else { return ChangedRows(reads: reads, changed: [:], database: database) }
        return ChangedRows(reads: reads, changed: database.changedKeys(since: snapshot, columns: wanted), database: database)
    }

    private static func reads(of table: String, by source: PageSource, tables: [Set<String>], prover: KeyedReads) -> Reads {
        var keys: [KeyedReads.Key] = []
        for (query, read) in zip(source.queries, tables) where read.contains(table) {
            switch prover.key(of: query.sql, table: table) {
            case .success(let key): keys.append(key)
            case .failure(let unproven): return .unkeyed("query `\(query.name)` \(unproven.words(table))")
            }
        }
        return .keyed(keys)
    }

    /// Whether the rows `page`'s queries see of `tables` (those changed since the last build) changed.
    func verdict(for page: PageInstance, tables: [String]) -> Verdict {
        var affected: String?
        for table in tables {
            switch reads[page.sourceIndex]?[table] {
            case .unkeyed(let why): return .unproven(why)
            case nil: return .unproven("")
            case .keyed(let keys):
                for key in keys {
                    guard let values = changed[table]?[key.column] else {
                        return .unproven("the rows of \(table) could not be compared with the last build's")
                    }
                    guard let read = keyValues(key, page) else {
                        return .unproven("the subquery its rows of \(table) are keyed on did not run")
                    }
                    if read.contains(where: { KeyForms.of($0).contains(where: values.contains) }) {
                        affected = "its rows of \(table) changed (\(key.column) " + (key.subquery == nil ? "= :\(key.parameter))" : "IN (SELECT …))")
                    }
                }
            }
        }
        return affected.map(Verdict.affected) ?? .unaffected
    }

    /// The values of `key.column` that `page`'s query reads: its parameter's, or its subquery's first column for
    /// the page's row; nil when the subquery fails.
    private func keyValues(_ key: KeyedReads.Key, _ page: PageInstance) -> [DataValue]? {
        guard let subquery = key.subquery else { return [page.params[key.parameter] ?? .null] }
        guard let table = try? database?.run(subquery, parameters: page.params), table.columns.count == 1 else { return nil }
        return table.rows.compactMap(\.first)
    }
}
