import TallyFormat

/// A problem opening or preparing the site database.
public enum StoreError: Error, Equatable, Sendable {
    case missingDatabase(path: String)
    /// The file exists but holds no table at all.
    case emptyDatabase(path: String)
    case database(path: String, message: String)
    case seed(path: String, message: String)
    case reservedTable(path: String, name: String)
    /// The config's `sources:` could not be imported into the snapshot; each problem is located in its file.
    case sources([Diagnostic])

    public var message: String {
        switch self {
        case .missingDatabase(let path): return "database '\(path)' does not exist"
        case .emptyDatabase(let path): return "database '\(path)' has no tables"
        case .database(let path, let message): return "cannot read database '\(path)': \(message)"
        case .seed(let path, let message): return "seed SQL failed on '\(path)': \(message)"
        case .reservedTable(let path, let name):
            return "database '\(path)' already has a table or index named `\(name)`, a name Tally uses for the site's pages"
        case .sources(let problems): return problems.first?.message ?? "the sources could not be imported"
        }
    }

    public var hint: String {
        switch self {
        case .missingDatabase: return "create it with `tally migrate PATH`, or set `database:` in the site config"
        case .emptyDatabase(let path): return "create Tally's tables in it with `tally migrate \(path)`, then add data (`tally docs import`)"
        case .database: return "check that the file is a SQLite database made by Tally or following `tally docs database`"
        case .seed: return "fix the seed file's SQL; the tables and columns are in `tally docs database`"
        case .reservedTable: return "rename it: Tally adds site_pages and site_page_tags to the published snapshot (`tally docs database`)"
        case .sources(let problems): return problems.first?.hint ?? "see `tally docs import`"
        }
    }
}

/// A page query that SQLite refused or that failed while running.
public struct QueryError: Error, Equatable, Sendable {
    /// SQLite's message, e.g. "no such column: amount".
    public let message: String
    /// 0-based line inside the query text where SQLite located the error, when it could.
    public let lineInQuery: Int?

    public init(message: String, lineInQuery: Int?) {
        self.message = message
        self.lineInQuery = lineInQuery
    }

    /// A page query with a second statement after a `;`, which GRDB refuses in words of its own API.
    public static let notOneStatement = "a query is one SQL statement; a second statement starts here"
}
