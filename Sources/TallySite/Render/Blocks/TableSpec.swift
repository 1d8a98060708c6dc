/// What a ```` ```table ```` block asks for: which columns, headed how, formatted how.
struct TableSpec: Sendable, Equatable {
    /// How one column's values are written; `automatic` picks money for `*_cents`, dates for ISO dates, numbers for numbers.
    enum ColumnFormat: String, Sendable, CaseIterable {
        case automatic = "auto", text, number, money, percent, date, month, stars
    }

    var title: String?
    /// Columns to show, in order; every column of the query when nil.
    var columns: [String]?
    /// Header text per column; the default is the column name with `_cents` dropped and `_` read as a space.
    var headers: [String: String] = [:]
    var formats: [String: ColumnFormat] = [:]
    /// `csv: true`: the block's query is also written beside the page as `<query>.csv`, linked under the table.
    var csv = false

    static let keys = ["data", "id", "title", "columns", "headers", "formats", "csv"]
}
