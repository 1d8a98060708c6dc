import TallyStore

/// The order of a listing's split query, when it is one table's columns and each row of the query is made from one
/// row of that table: then a changed row of the table that sorts, in both its versions, strictly before a row of
/// the listing cannot change the rows after that one (`IncrementalBuild.keepsRestOfListing`). Rows whose keys tie
/// with that row are all unchanged, and keep their order: the plan is the last build's (the same schema), and
/// SQLite's sorter keeps tied rows in the order it reads them (its merges take the earlier run first), whatever
/// other rows it reads.
///
/// The shape proven: one SELECT (`SelectShape`, no subquery, compound or common table expression), row by row (no
/// grouping, aggregate, DISTINCT, window or LIMIT), only inner joins, the table named once in FROM, directly, and no
/// other FROM item that reads it (a view over it); its final ORDER BY of terms `alias.column [COLLATE name] [ASC |
/// DESC]` on that table. A NULLS FIRST or LAST, an expression, a position or a bare name (which could be a result
/// column's name) proves nothing. Nothing after the ORDER BY, not even a `;`, and no name qualified by `main.`.
struct ListingSort {
    /// The table (lowercased) the order is on.
    let table: String
    let terms: [RowChanges.SortTerm]
    /// The query with the table's rowid added as its last result column, which names the boundary row. The rowid
    /// is in every index, so SQLite reads and sorts the rows as it does for the query itself.
    let sql: String

    /// - Parameter readers: the views that read `table`, lowercased: none of them may be joined beside it.
    init?(sql: String, table: String, readers: Set<String>) {
        let query = SQLTokens(sql)
        let tokens = query.tokens
        let outer: Set<String> = ["left", "right", "full", "outer", "natural"]
        // `main.t` would escape the common table expression that counts the changed rows' part (`RowChanges.rowsMade`).
        // Quoted too (`"main".t`, `[main].t`), and the other schemas a build's connections have.
        let schemas: Set<String> = ["main", "temp", "before", "tally_source"]
        let qualified = tokens.indices.contains { index in
            tokens[index].name.map(schemas.contains) == true && index + 1 < tokens.count && tokens[index + 1] == .symbol(".")
        }
        guard let select = SelectShape(tokens), select.isRowByRow, !qualified,
              !tokens.contains(where: { $0.keyword.map(outer.contains) == true }) else { return nil }
        let items = select.from.filter { $0.name == table || readers.contains($0.name) }
        // Names are lowercased as Swift does, SQLite only ASCII's: a name with other letters could name no column.
        guard items.count == 1, let item = items.first, item.name == table, item.alias.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let depths = SelectShape.depths(tokens)
        let topLevel = tokens.indices.filter { depths[$0] == 0 }
        guard let from = topLevel.first(where: { tokens[$0].isKeyword("from") }),
              let order = topLevel.last(where: { tokens[$0].isKeyword("order") }), order + 1 < tokens.count,
              tokens[order + 1].isKeyword("by"),
              let terms = Self.terms(Array(tokens[(order + 2)...]), alias: item.alias) else { return nil }
        self.table = table
        self.terms = terms
        let bytes = Array(sql.utf8)
        let head = String(decoding: bytes[..<query.starts[from]], as: UTF8.self)
        let rest = String(decoding: bytes[query.starts[from]...], as: UTF8.self)
        // A line break first: a `-- comment` before FROM would swallow the column.
        self.sql = head + "\n, " + Self.quoted(item.alias) + ".rowid\n" + rest
    }

    /// Each `alias.column [COLLATE name] [ASC | DESC]` between top-level commas; nil for any other term.
    private static func terms(_ tokens: [SQLTokens.Token], alias: String) -> [RowChanges.SortTerm]? {
        var terms: [RowChanges.SortTerm] = []
        var rest = tokens[...]
        while true {
            guard rest.count >= 3, rest[rest.startIndex].name == alias, rest[rest.startIndex + 1] == .symbol("."),
                  let column = rest[rest.startIndex + 2].name else { return nil }
            rest = rest.dropFirst(3)
            var collation: String?
            if rest.first?.isKeyword("collate") == true {
                guard let name = rest.dropFirst().first?.name else { return nil }
                collation = name
                rest = rest.dropFirst(2)
            }
            var descending = false
            if let word = rest.first?.keyword, word == "asc" || word == "desc" {
                descending = word == "desc"
                rest = rest.dropFirst()
            }
            terms.append(RowChanges.SortTerm(column: column, descending: descending, collation: collation))
            guard let next = rest.first else { return terms }
            guard next == .symbol(","), rest.count > 1 else { return nil }
            rest = rest.dropFirst()
        }
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
