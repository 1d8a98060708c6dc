import TallyFormat
import TallyStore

/// A page query that reads amounts from a table that records their currency, but never reads the currency:
/// `SELECT SUM(amount_cents) FROM donations` adds dollars to euros, and `money()` then shows the sum in the site's
/// currency. A warning at the query's first line, once per query (not once per templated page).
enum CurrencyReadWarnings {
    static func check(_ pages: [PageSource], database: SiteDatabase) -> [Diagnostic] {
        let queries = pages.flatMap { page in page.queries.map { (file: page.file, query: $0) } }
        let found = database.amountsWithoutCurrency(in: queries.map(\.query.sql))
        return zip(queries, found).flatMap { entry, amounts in
            amounts.map { amount in
                Diagnostic(file: entry.file, line: entry.query.line, severity: .warning,
                           message: "query `\(entry.query.name)` reads \(amount.table).\(amount.amount) but not \(amount.table).\(amount.currency), "
                               + "so amounts in different currencies are added together or shown in the site's currency",
                           hint: "select \(amount.currency) (and GROUP BY it) so that money() and tables use each row's currency, "
                               + "or keep one currency with WHERE \(amount.currency) = 'USD'")
            }
        }
    }
}
