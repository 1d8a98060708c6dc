extension ChartError {
    /// The error with each column named as the query named it: charts draw from data whose columns carry their
    /// labels ("Total" for `total_cents`), but a hint such as `WHERE total_cents > 0` must name the query's column.
    func naming(columns original: [String: String]) -> ChartError {
        func name(_ label: String) -> String { original[label] ?? label }
        switch self {
        case .unknownColumn(let column, let key, let available):
            return .unknownColumn(column, key: key, available: available.map(name))
        case .nonFiniteValue(let column, let row, let value):
            return .nonFiniteValue(column: name(column), row: row, value: value)
        case .wrongValueType(let column, let row, let expected, let found):
            return .wrongValueType(column: name(column), row: row, expected: expected, found: found)
        case .unknownCurrency(let code, let column, let row):
            return .unknownCurrency(code, column: name(column), row: row)
        case .negativeValue(let column, let row, let value, let kind):
            return .negativeValue(column: name(column), row: row, value: value, kind: kind)
        case .invalidSpec, .currencyMismatch, .unformattedCurrencies, .invalidTarget:
            return self
        }
    }
}
