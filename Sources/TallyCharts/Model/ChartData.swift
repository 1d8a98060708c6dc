/// A query result as the chart module sees it: column names and rows of values in the same order.
public struct ChartData: Sendable, Hashable {
    public var columns: [String]
    public var rows: [[ChartValue]]

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
        let cells = rows[row]
        return column < cells.count ? cells[column] : .null
    }
}
