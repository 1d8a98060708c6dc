/// A query a site defines once (`views/org_cards.sql`) and its pages reuse: the build creates it as an SQL view
/// in the published snapshot, so pages can write `SELECT * FROM org_cards WHERE …`.
public struct SiteView: Sendable, Equatable {
    /// The view's name, e.g. `org_cards`.
    public let name: String
    /// One SELECT statement (a `WITH … SELECT` or `VALUES` too).
    public let sql: String
    /// Computed once per build into a table of the snapshot (`-- tally: materialize`), instead of on every read.
    public let materialize: Bool
    /// The materialized table's indexes (`-- tally: index (a, b)`): their columns, and the line of the file that
    /// declares each, counted from 0 like a query's lines.
    public let indexes: [Index]

    public struct Index: Sendable, Equatable {
        public let columns: [String]
        public let lineInFile: Int

        public init(columns: [String], lineInFile: Int) {
            self.columns = columns
            self.lineInFile = lineInFile
        }
    }

    public init(name: String, sql: String, materialize: Bool = false, indexes: [Index] = []) {
        self.name = name
        self.sql = sql
        self.materialize = materialize
        self.indexes = indexes
    }
}

/// Why a site view could not be created.
public struct ViewError: Error, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// SQLite refused the view's SQL; the error carries the line inside it.
        case query(QueryError)
        /// The name is already taken by a table of the database contract, a table Tally adds, or another
        /// table, index or view of the database.
        case nameTaken
        /// The view uses itself, directly or through other views; `cycle` starts and ends with this view.
        case cycle([String], lineInQuery: Int?)
        /// The view uses another site view that could not be created.
        case usesBrokenView(String, lineInQuery: Int?)
    }

    public let view: String
    public let reason: Reason

    /// The messages of `.query` errors that SQLite does not give, so callers can hint at the fix.
    public static let notOneStatement = "a view is one SELECT statement; a second statement starts here"
    public static let empty = "the file holds no SQL statement"
    public static let parameters = "a view cannot take parameters"

    public init(view: String, reason: Reason) {
        self.view = view
        self.reason = reason
    }
}
