import TallyStore

/// Proves, for one query and one table it reads, that the query sees only the table's rows whose column `c`
/// equals a parameter `:p`: then a page whose `:p` matches no changed row's `c` gets the same rows as last time,
/// without running its query (`IncrementalBuild`).
///
/// What it proves is one shape, the one a templated page keyed on its row has: a single SELECT (no subquery,
/// common table expression or compound) whose FROM names the table once, directly or through a row-by-row view
/// that passes `c` through, and whose WHERE clause has `alias.c = :p` among its top-level conjuncts, or a chain of
/// such equalities (`d.organization_id = o.id`, `o.id = :organization_id`; ON clauses count when every join is
/// inner). Such a conjunct removes every joined row made from another row of the table before grouping,
/// ordering or limits, so no other row of it can change the result. A top-level conjunct `alias.c IN (SELECT …)`
/// whose subquery names neither the table nor a view that reads it keys the query too, on the subquery's values
/// (the tag pages' `d.organization_id IN (SELECT organization_id FROM tagged WHERE tag_slug = :tag)`); a subquery
/// anywhere else proves nothing. Top-level conjuncts comparing a column with a parameter (`d.donated_at >=
/// :starts`, `:ends > d.donated_at`) bound the rows read the same way, with or without an equality: a changed row
/// that fails one of them is not read either (`ChangedRows` has SQLite compare, as the query would). So do the
/// equalities besides the key's (`d.user_id = :user_id` beside `month = :month`), when the column and the parameter
/// are the conjunct's two sides. Anything else proves nothing and says why.
struct KeyedReads {
    /// What a query is keyed on: the table's column and the parameter it equals, and the comparisons that bound it.
    struct Key: Hashable {
        /// The column an equality matches; nil when the comparisons alone bound the rows read.
        var column: String? = nil
        var parameter: String = ""
        /// For a key `alias.column IN (SELECT …)`: the subquery, whose values for a page's row are the ones its
        /// query reads (it reads none of the table's rows, so a changed row cannot change them); `parameter` is
        /// then empty.
        var subquery: String? = nil
        /// Each top-level conjunct comparing a column of the table with a parameter, the column on the left.
        var bounds: [RowChanges.Comparison] = []

        /// The key as `--explain` says it: `user_id = :user_id, donated_at >= :starts`.
        var words: String {
            let equality = column.map { $0 + (subquery == nil ? " = :\(parameter)" : " IN (SELECT …)") }
            return ([equality].compactMap { $0 } + bounds.map { "\($0.column) \($0.comparison) :\($0.parameter)" }).joined(separator: ", ")
        }
    }

    /// A view, as the snapshot has it: its SELECT's tokens and the tables and views it reads.
    struct View {
        /// Nil when the statement names its columns (`CREATE VIEW v (a, b) AS …`), which is not followed here.
        let select: [SQLTokens.Token]?
        let reads: Set<String>

        /// - Parameter statement: `CREATE VIEW name AS SELECT …`, as `sqlite_master` keeps it.
        init(statement: String, reads: Set<String>) {
            select = SelectShape.viewSelect(statement)
            self.reads = reads
        }
    }

    /// Why a query's reads of a table are not keyed, as `--explain` says it.
    enum Unproven: Error, Equatable {
        case shape, noKey, twice, notInFrom, inSubquery
        case throughView(String)

        /// What a query does with `table` that keeps it from being proven: `reads donations twice`.
        func words(_ table: String) -> String {
            switch self {
            case .shape: "is not one SELECT without subqueries"
            case .noKey: "reads \(table) with no top-level WHERE equality to a value of the pages row"
            case .twice: "reads \(table) twice"
            case .notInFrom: "reads \(table) other than through its FROM clause"
            case .throughView(let view): "reads \(table) through `\(view)`, which is not row by row"
            case .inSubquery: "reads \(table) in a subquery"
            }
        }
    }

    /// View name (lowercased) → view.
    let views: [String: View]

    /// The key `sql` reads `table` (lowercased) by, or why there is none.
    func key(of sql: String, table: String) -> Result<Key, Unproven> {
        guard let select = SelectShape(SQLTokens(sql).tokens, keyedSubqueries: true) else { return .failure(.shape) }
        let readers = Set(views.filter { $0.value.reads.contains(table) }.keys).union([table])
        guard select.inSubqueries.allSatisfy({ $0.names.isDisjoint(with: readers) }) else { return .failure(.inSubquery) }
        // The one FROM item that reads the table, and its columns → the table's (nil: it is the table itself).
        var found: (item: SelectShape.Item, columns: [String: String]?)?
        for item in select.from {
            let columns: [String: String]?
            if item.name == table {
                columns = nil
            } else if let view = views[item.name], view.reads.contains(table) {
                guard let passed = rowByRowColumns(of: view, table: table) else { return .failure(.throughView(item.name)) }
                columns = passed
            } else {
                continue
            }
            guard found == nil else { return .failure(.twice) }
            found = (item, columns)
        }
        guard let found else { return .failure(.notInFrom) }
        func base(_ column: String) -> String? { found.columns.map { $0[column] } ?? column }
        let bounds = select.parametersCompared(to: found.item.alias).compactMap { column, comparison, parameter in
            base(column).map { RowChanges.Comparison(column: $0, comparison: comparison, parameter: parameter) }
        }
        let keys = select.parametersEqual(to: found.item.alias).compactMap { column, parameter -> Key? in
            base(column).map { column in
                // The key's own equality is matched by its values; any other bounds the rows read as a comparison does.
                Key(column: column, parameter: parameter, bounds: bounds.filter { $0 != RowChanges.Comparison(column: column, comparison: "=", parameter: parameter) })
            }
        }
        if let key = keys.min(by: { ($0.column ?? "", $0.parameter) < ($1.column ?? "", $1.parameter) }) { return .success(key) }
        // `alias.column IN (SELECT …)`: the rows read are those whose column is among the subquery's values.
        let prefix = found.item.alias + "."
        for subquery in select.inSubqueries where subquery.reference.hasPrefix(prefix) {
            guard let sql = subquery.sql, let column = base(String(subquery.reference.dropFirst(prefix.count))) else { continue }
            return .success(Key(column: column, subquery: sql, bounds: bounds))
        }
        return bounds.isEmpty ? .failure(.noKey) : .success(Key(bounds: bounds))
    }

    /// A view's output column → the table's column it passes through unchanged, when the view makes each of its
    /// rows from one row of `table` (`SelectShape.isRowByRow`) and names the table once; nil otherwise.
    private func rowByRowColumns(of view: View, table: String) -> [String: String]? {
        guard let select = view.select.flatMap({ SelectShape($0) }), select.isRowByRow else { return nil }
        var inner: SelectShape.Item?
        for item in select.from {
            if item.name == table {
                guard inner == nil else { return nil }
                inner = item
            } else if views[item.name]?.reads.contains(table) == true {
                return nil
            }
        }
        guard let inner else { return nil }
        return select.columnsPassed(from: inner.alias)
    }
}
