import TallyFormat

/// Reads measure cells of a query result, with the checks every chart shares: finite numbers, known currencies,
/// and money turned from integer minor units into major units for plotting.
struct ColumnReader {
    let data: ChartData
    let kind: ChartKind
    private let format: ValueFormat
    private let locale: FormatLocale
    private let currencyColumn: (name: String, index: Int)?

    init(spec: ChartSpec, data: ChartData) throws(ChartError) {
        self.data = data
        kind = spec.kind
        format = spec.format
        locale = spec.locale
        if case .currency(.column(let name)) = spec.format {
            currencyColumn = (name, try data.columnIndex(name, key: "currency_column"))
        } else {
            currencyColumn = nil
        }
    }

    func index(of name: String, key: String) throws(ChartError) -> Int {
        try data.columnIndex(name, key: key)
    }

    /// The number in a cell as stored (minor units for money); nil for NULL. Text that reads as a number counts,
    /// because SQLite hands back numbers stored as TEXT as text.
    func raw(row: Int, column: Int) throws(ChartError) -> Double? {
        let cell = data.value(row: row, column: column)
        let number: Double
        switch cell {
        case .null: return nil
        case .integer(let value): return Double(value)
        case .number(let value): number = value
        case .text(let text):
            guard let parsed = Double(text) else { throw wrongType(cell, row: row, column: column) }
            number = parsed
        case .date: throw wrongType(cell, row: row, column: column)
        }
        guard number.isFinite else {
            let printed = number.isNaN ? "NaN" : number < 0 ? Glyph.minus + "infinity" : "infinity"
            throw .nonFiniteValue(column: data.columns[column], row: row + 1, value: printed)
        }
        return number
    }

    /// The currency of a row: the fixed one, the row's code from the currency column, or nil when not money.
    func currency(row: Int) throws(ChartError) -> Currency? {
        switch format {
        case .currency(.code(let currency)): return currency
        case .currency(.column): break
        default: return nil
        }
        guard let currencyColumn else { return nil }
        let cell = data.value(row: row, column: currencyColumn.index)
        guard case .text(let code) = cell else {
            throw .wrongValueType(column: currencyColumn.name, row: row + 1, expected: "ISO 4217 currency codes",
                                  found: cell.kindDescription)
        }
        guard let currency = Currency.lookup(code) else {
            throw .unknownCurrency(code, column: currencyColumn.name, row: row + 1)
        }
        return currency
    }

    /// A cell in display units: major units for money.
    func measure(row: Int, column: Int) throws(ChartError) -> Double? {
        try measure(row: row, column: column, currency: try currency(row: row))
    }

    /// A cell in display units, for a row whose currency is already known.
    func measure(row: Int, column: Int, currency: Currency?) throws(ChartError) -> Double? {
        guard let value = try raw(row: row, column: column) else { return nil }
        guard let currency else { return value }
        return value / NumberStyle.powerOfTen(currency.minorUnits)
    }

    /// The style for values in `currency`, or the spec's own style when there is none.
    func style(for currency: Currency?) -> NumberStyle {
        NumberStyle(kind(for: currency), locale: locale)
    }

    private func kind(for currency: Currency?) -> NumberStyle.Kind {
        if let currency { return .money(currency) }
        switch format {
        case .plain: return .plain
        case .compact, .currency: return .compact
        case .percent: return .percent
        }
    }

    /// The one currency of a `currency: XXX` format.
    var fixedCurrency: Currency? {
        if case .currency(.code(let currency)) = format { currency } else { nil }
    }

    /// The name of the currency column, if the format reads one.
    var currencyColumnName: String? { currencyColumn?.name }

    private func wrongType(_ cell: ChartValue, row: Int, column: Int) -> ChartError {
        .wrongValueType(column: data.columns[column], row: row + 1, expected: "numbers", found: cell.kindDescription)
    }
}
