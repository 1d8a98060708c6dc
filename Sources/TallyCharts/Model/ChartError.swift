/// A chart that cannot be drawn from its data. `message` says what is wrong and `hint` how to fix it.
/// Rows are counted from 1, as a person reading the query result would count them.
public enum ChartError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The spec itself is wrong (see `ChartSpecError`).
    case invalidSpec(ChartSpecError)
    /// A column named by `key` is not in the query result.
    case unknownColumn(String, key: String, available: [String])
    /// NaN or an infinity; `value` is how it printed ("NaN", "infinity", "−infinity").
    case nonFiniteValue(column: String, row: Int, value: String)
    /// A value of the wrong type, such as text in a value column; `found` describes it.
    case wrongValueType(column: String, row: Int, expected: String, found: String)
    /// A row whose currency column names another currency than the chart's `currency:`.
    case currencyMismatch(column: String, row: Int, found: String, declared: String)
    /// Amounts (`*_cents`) in several currencies, by their currency column, in a chart with no currency format,
    /// which would add them together on one axis; `key` is the chart key that names the amounts.
    case unformattedCurrencies(column: String, currencyColumn: String, currencies: [String], key: String)
    /// A currency column holds something that is not an ISO 4217 code.
    case unknownCurrency(String, column: String, row: Int)
    /// A negative value where the chart can only show parts of a whole.
    case negativeValue(column: String, row: Int, value: String, kind: ChartKind)
    /// A progress target that is not above zero.
    case invalidTarget(String)

    public var message: String {
        switch self {
        case .invalidSpec(let error):
            error.message
        case .unknownColumn(let name, let key, _):
            "\(key): column \"\(name)\" is not in the query result"
        case .nonFiniteValue(let column, let row, let value):
            "column \"\(column)\" has \(value) in row \(row); charts need finite numbers"
        case .wrongValueType(let column, let row, let expected, let found):
            "column \"\(column)\" must hold \(expected), but row \(row) has \(found)"
        case .currencyMismatch(let column, let row, let found, let declared):
            "column \"\(column)\" has \"\(found)\" in row \(row), but the chart says \"currency: \(declared)\"; "
                + "its amounts would be drawn as \(declared)"
        case .unformattedCurrencies(let column, let currencyColumn, let currencies, _):
            "column \"\(column)\" holds amounts in \(currencies.joined(separator: ", ")) (column \"\(currencyColumn)\"), "
                + "which this chart would add together on one axis"
        case .unknownCurrency(let code, let column, let row):
            "column \"\(column)\" has \"\(code)\" in row \(row), which is not an ISO 4217 currency code"
        case .negativeValue(let column, let row, let value, let kind):
            "a \(kind.displayName) shows parts of a whole, but column \"\(column)\" has \(value) in row \(row)"
        case .invalidTarget(let value):
            "the progress target must be greater than zero, not \(value)"
        }
    }

    public var hint: String {
        switch self {
        case .invalidSpec(let error):
            error.hint
        case .unknownColumn(_, _, let available):
            available.isEmpty ? "the query returned no columns" : "available columns: " + available.joined(separator: ", ")
        case .nonFiniteValue:
            "filter those rows out in the query, or turn them into NULL, which the chart leaves out"
        case .wrongValueType(let column, _, let expected, _):
            expected == "numbers"
                ? "convert them in the query, e.g. CAST(\(column) AS REAL), or choose another column"
                : "choose a column that holds \(expected)"
        case .currencyMismatch(let column, _, _, let declared):
            "write \"currency_column: \(column)\" instead to draw one chart per currency, "
                + "or keep one currency with WHERE \(column) = '\(declared)' in the query"
        case .unformattedCurrencies(_, let currencyColumn, let currencies, _):
            "add \"currency_column: \(currencyColumn)\" to draw one chart per currency, "
                + "or keep one currency with WHERE \(currencyColumn) = '\(currencies[0])' in the query"
        case .unknownCurrency:
            "use codes such as USD, EUR, JPY or CHF"
        case .negativeValue(let column, _, _, _):
            "leave them out with WHERE \(column) > 0, or use a bar chart, which draws negative values below zero"
        case .invalidTarget:
            "set \"target:\" to the goal, e.g. the pledge in minor units"
        }
    }

    /// "message (hint: …)", the form the site prints after the file and line.
    public var description: String { message + " (hint: " + hint + ")" }

    /// The chart block key the problem comes from, so the site can point at its line; nil when it is in the data.
    public var key: String? {
        switch self {
        case .invalidSpec(let error): error.key
        case .unknownColumn(_, let key, _): key
        case .invalidTarget: "target"
        case .currencyMismatch: "currency"
        case .unformattedCurrencies(_, _, _, let key): key
        default: nil
        }
    }
}
