import TallyFormat
import TallyStore

/// Warns about a templated file's query that reads a whole big table on every page the file makes.
///
/// Such a query costs pages × rows, so the build grows with the square of the data: fine on a small database,
/// minutes on a real one. SQLite already knows, before anything runs, whether a query seeks by key or walks a
/// table, so the check explains each query once (`SiteDatabase.fullScans`) rather than timing pages.
/// A file that makes one page, or a table that fits a handful of pages, is never worth a warning.
enum FullScanCheck {
    /// A scan of fewer rows than this costs less than rendering the page around it.
    static let minimumRows = 1_000
    /// Fewer pages than this, and the scan is paid a few times, not once per row of the data.
    static let minimumPages = 10

    static func warnings(_ plan: PagePlan, _ sources: [PageSource], database: SiteDatabase) -> [Diagnostic] {
        var pagesOfSource: [Int32: Int] = [:]
        for owner in plan.owners.values { pagesOfSource[owner.sourceIndex, default: 0] += 1 }
        var rowsOfTable: [String: Int] = [:]
        var warnings: [Diagnostic] = []
        for index in plan.templatedSources {
            let pages = pagesOfSource[Int32(index)] ?? 0
            guard pages >= minimumPages else { continue }
            let source = sources[index]
            for query in source.queries {
                let scanned = database.fullScans(in: query.sql).sorted().compactMap { table -> (String, Int)? in
                    let rows = rowsOfTable[table] ?? database.rowCount(of: table)
                    rowsOfTable[table] = rows
                    return rows >= minimumRows ? (table, rows) : nil
                }
                if !scanned.isEmpty { warnings.append(warning(source.file, query, scanned: scanned, pages: pages)) }
            }
        }
        return warnings
    }

    static func warning(_ file: String, _ query: PageQuery, scanned: [(table: String, rows: Int)], pages: Int) -> Diagnostic {
        let tables = scanned.map { "all \(NumberText.grouped(UInt64($0.rows))) rows of `\($0.table)`" }
        return Diagnostic(file: file, line: query.line, severity: .warning,
                          message: "query `\(query.name)` reads \(tables.joined(separator: " and ")) on each of this file's \(NumberText.grouped(UInt64(pages))) pages",
                          hint: "filter on a column with an index (a key, or `-- tally: index (column)` in a materialized view), "
                              + "or compute what every page reads once in a view marked `-- tally: materialize`; `tally docs content#queries-that-scale`")
    }
}
