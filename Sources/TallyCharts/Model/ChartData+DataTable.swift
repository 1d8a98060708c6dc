import TallyFormat

extension ChartData {
    /// Converts a query result. SQLite has no date type, so a text column is read as dates when every value in it
    /// is ISO 8601 text ("2024-03", "2024-03-05", "2024-03-05 14:30:00") and at least one has a month or finer;
    /// a column of bare years ("2024") stays text.
    public init(_ table: DataTable) {
        let dateColumns = Set(table.columns.indices.filter { Self.holdsDates(table, column: $0) })
        let rows = table.rows.map { row in
            row.enumerated().map { column, value -> ChartValue in
                switch value {
                case .null: return .null
                case .integer(let number): return .integer(number)
                case .real(let number): return .number(number)
                case .text(let text):
                    if dateColumns.contains(column), let date = ISODate(text) { return .date(date) }
                    return .text(text)
                }
            }
        }
        self.init(columns: table.columns, rows: rows)
    }

    private static func holdsDates(_ table: DataTable, column: Int) -> Bool {
        var finerThanYear = false
        for row in table.rows where column < row.count {
            switch row[column] {
            case .null: continue
            case .text(let text):
                guard let date = ISODate(text) else { return false }
                if date.precision > .year { finerThanYear = true }
            default: return false
            }
        }
        return finerThanYear
    }
}
