/// A query result as the chart module sees it: column names and rows of values in the same order.
public struct ChartData: Sendable, Hashable {
    /// Column names, as the query named them.
    public var columns: [String]
    /// Rows of cells in column order; a row shorter than `columns` reads as NULL past its end.
    public var rows: [[ChartValue]]

    /// A query result from column names and rows.
    public init(columns: [String], rows: [[ChartValue]]) {
        self.columns = columns
        self.rows = rows
    }

    /// The position of `name` in `columns`; `key` is the spec key that named it, for the error.
    func columnIndex(_ name: String, key: String) throws(ChartError) -> Int {
        guard let index = columns.firstIndex(of: name) else {
            throw .unknownColumn(name, key: key, available: columns)
        }
        return index
    }

    /// The cell at `row`, `column`; a short row reads as NULL past its end.
    func value(row: Int, column: Int) -> ChartValue {
        column < rows[row].count ? rows[row][column] : .null
    }
}
