import GRDB
import TallyFormat

/// Amounts a query reads from a table that records their currency, without reading that currency.
public struct AmountWithoutCurrency: Hashable, Sendable {
    /// The table, such as `donations`.
    public let table: String
    /// The amount column, such as `amount_cents`.
    public let amount: String
    /// The column that holds its currency, such as `currency`.
    public let currency: String
}

extension SiteDatabase {
    /// For each query of `sqls`, the `*_cents` columns it reads from tables that have their currency beside them
    /// (`<base>_currency`, else `currency`) when it never reads that currency: not in its result, not in a
    /// `WHERE`, not in a `GROUP BY`. `SUM(amount_cents)` over such a table adds currencies together, and money()
    /// then shows the sum in the site's currency.
    ///
    /// SQLite's authorizer reports every column a statement reads when it is compiled, inside aggregates,
    /// subqueries and views too, where `sqlite3_column_origin_name` only knows plain result columns (nil for
    /// `SUM(amount_cents)`). GRDB keeps the authorizer of its own connections, so this compiles the queries on a
    /// connection of its own, which it closes after. A query that does not compile gives nothing here: the build
    /// reports it where it runs.
    public func amountsWithoutCurrency(in sqls: [String]) -> [[AmountWithoutCurrency]] {
        let found = withStatementReads { db, compile in
            let pairs = try Self.moneyColumns(db)
            guard !pairs.isEmpty else { return sqls.map { _ in [AmountWithoutCurrency]() } }
            return sqls.map { sql in
                guard let reads = compile(sql)?.columns else { return [] }
                return pairs.filter { pair in
                    reads.contains(StatementReads.Column(table: pair.table.lowercased(), column: pair.amount.lowercased()))
                        && !reads.contains(StatementReads.Column(table: pair.table.lowercased(), column: pair.currency.lowercased()))
                }
            }
        }
        return found ?? sqls.map { _ in [] }
    }

    /// Every `*_cents` column of a table with its currency column, by the naming rule of the money helper.
    private static func moneyColumns(_ db: Database) throws -> [AmountWithoutCurrency] {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        var pairs: [AmountWithoutCurrency] = []
        for table in tables {
            let columns = try db.columns(in: table).map(\.name)
            for amount in columns where amount.hasSuffix("_cents") {
                if let currency = ColumnNaming.currencyColumn(for: amount, position: { columns.firstIndex(of: $0) }) {
                    pairs.append(AmountWithoutCurrency(table: table, amount: amount, currency: columns[currency]))
                }
            }
        }
        return pairs
    }
}
