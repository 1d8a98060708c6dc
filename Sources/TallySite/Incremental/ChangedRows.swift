import TallyFormat
import TallyStore

/// Which rows of the tables that changed since the last build a page's queries could see: when each query that
/// reads a changed table is keyed on a value of the pages row (`KeyedReads`: `WHERE d.organization_id =
/// :organization_id`), a page whose value matches none of the changed rows' keeps its files without running a
/// query; when the query also compares columns with the pages row (`d.donated_at >= :starts`), a page whose
/// matching rows all fail a comparison is kept too (SQLite compares each changed row's versions, as the page's
/// query would). The changed rows come from comparing this build's snapshot with the one the last build kept beside
/// its manifest, row by row (`SiteDatabase.rowChanges`). Whatever is not proven this way is left to the rows check.
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
    /// The rows that changed in each table a page is keyed on, with the forms of their key columns' values.
    private var changed: RowChanges
    /// Runs the subqueries of keys `alias.c IN (SELECT …)` with a page's row.
    private let database: SiteDatabase?
    /// Source index → the order of its listing's split query, numbered from its end, on the one changed table that
    /// query reads (`ListingSort`), with the key the query reads that table by, when it has one.
    private var sorts: [Int: (sort: ListingSort, key: KeyedReads.Key?)] = [:]

    static let none = ChangedRows(reads: [:], changed: .none, database: nil)

    /// - Parameter snapshot: the last build's kept snapshot, when it is the one its manifest recorded; without it no
    ///   changed row is known, and every page that reads a changed table is left to the rows check.
    static func find(previous: PageManifest, inputs: PageInputs, sources: [PageSource], database: SiteDatabase,
                     snapshot: String?) -> ChangedRows {
        var reads: [Int: [String: Reads]] = [:]
        var wanted: [String: Set<String>] = [:]
        var prover: KeyedReads?
        var sorts: [Int: (sort: ListingSort, key: KeyedReads.Key?)] = [:]
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
                if case .keyed(let keys) = found { wanted[table, default: []].formUnion(keys.compactMap(\.column)) }
            }
            if let prover, let sorted = Self.listingSort(of: source, tables: current.queryTables, changed: tables, prover: prover) {
                sorts[index] = sorted
                wanted[sorted.sort.table, default: []].formUnion([sorted.key?.column].compactMap { $0 })
            }
        }
        var found = ChangedRows(reads: reads, changed: .none, database: database)
        found.sorts = sorts
        guard let snapshot, !wanted.isEmpty else { return found }
        found.changed = database.rowChanges(since: snapshot, columns: wanted)
        return found
    }

    /// The order of `source`'s listing numbered from its end, when its split query reads one of the `changed`
    /// inputs (`table x`) and no other, in the shape `ListingSort` proves.
    private static func listingSort(of source: PageSource, tables: [Set<String>], changed: [String],
                                    prover: KeyedReads) -> (sort: ListingSort, key: KeyedReads.Key?)? {
        guard let pagination = source.pagination, pagination.fromEnd,
              let index = source.queries.firstIndex(where: { $0.name == pagination.query }), tables.indices.contains(index) else { return nil }
        let read = tables[index].intersection(changed.map { String($0.dropFirst("table ".count)) })
        guard read.count == 1, let table = read.first else { return nil }
        let sql = source.queries[index].sql
        let readers = Set(prover.views.filter { $0.value.reads.contains(table) }.keys)
        guard let sort = ListingSort(sql: sql, table: table, readers: readers) else { return nil }
        return (sort, try? prover.key(of: sql, table: table).get())
    }

    /// The order of `page`'s listing (`ListingSort`) and the versions of its table's changed rows its split query
    /// could read (those whose key matches the page's, or all of them); nil when there is none, or its table's
    /// rows could not be compared or were too many to keep.
    func listingSort(for page: PageInstance) -> (sort: ListingSort, versions: [Int])? {
        guard let entry = sorts[page.sourceIndex], let rows = changed.tables[entry.sort.table] else { return nil }
        let sort = entry.sort
        guard let key = entry.key, let column = key.column else { return rows.allVersions.map { (sort, $0) } }
        guard let values = keyValues(key, page) else { return nil }
        let forms = Set(values.flatMap(KeyForms.of)).intersection(rows.forms[column] ?? [])
        return rows.versions(of: column, withAnyOf: forms).map { (sort, $0) }
    }

    /// How many rows `query` makes from `versions` of `sort`'s table, new and old (`RowChanges.rowsMade`).
    func rowsMade(by versions: [Int], of sort: ListingSort, query: String, parameters: [String: DataValue]) -> (now: Int, before: Int)? {
        changed.rowsMade(by: versions, of: sort.table, query: query, parameters: parameters)
    }

    /// Whether every one of `versions` of `sort`'s table sorts strictly before row `boundary` (`RowChanges.allVersions`).
    func sortBefore(_ versions: [Int], of sort: ListingSort, boundary: Int64) -> Bool {
        changed.allVersions(versions, of: sort.table, sortBefore: boundary, by: sort.terms)
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
                guard let rows = changed.tables[table] else {
                    return .unproven("the rows of \(table) could not be compared with the last build's")
                }
                for key in keys where affected == nil {
                    guard let reads = reads(key, of: rows, in: table, page) else {
                        return .unproven("the subquery its rows of \(table) are keyed on did not run")
                    }
                    if reads { affected = "its rows of \(table) changed (\(key.words))" }
                }
            }
        }
        return affected.map(Verdict.affected) ?? .unaffected
    }

    /// Whether `page`'s query keyed on `key` could read one of `rows`: one whose key column may equal the page's
    /// value (loosely, `KeyForms`) and, when the key has comparisons, whose version passes them all as SQLite
    /// compares it. Nil when the key's subquery fails.
    private func reads(_ key: KeyedReads.Key, of rows: RowChanges.Table, in table: String, _ page: PageInstance) -> Bool? {
        var forms: Set<String>?
        if let column = key.column {
            guard let values = keyValues(key, page) else { return nil }
            let found = Set(values.flatMap(KeyForms.of)).intersection(rows.forms[column] ?? [])
            guard !found.isEmpty else { return false }
            forms = found
        }
        guard !key.bounds.isEmpty else { return true }
        let candidates = if let column = key.column, let forms { rows.versions(of: column, withAnyOf: forms) } else { rows.allVersions }
        // Past the versions kept, a page whose value a changed row holds renders whatever its comparisons say.
        guard let candidates else { return true }
        return changed.anyVersion(candidates, of: table, passes: key.bounds, parameters: page.params)
    }

    /// Lets go of the snapshots the changed rows were found in, once every page is decided.
    func close() { changed.close() }

    /// The values of `key.column` that `page`'s query reads: its parameter's, or its subquery's first column for
    /// the page's row; nil when the subquery fails.
    private func keyValues(_ key: KeyedReads.Key, _ page: PageInstance) -> [DataValue]? {
        guard let subquery = key.subquery else { return [page.params[key.parameter] ?? .null] }
        guard let table = try? database?.run(subquery, parameters: page.params), table.columns.count == 1 else { return nil }
        return table.rows.compactMap(\.first)
    }
}
