import TallyFormat

extension ChartSpec {
    /// A `currency: USD` chart over rows whose own currency column says EUR would draw euros as dollars: refused,
    /// naming the first such row. The column is found by the naming rule of tables and the money helper:
    /// `<base>_currency` for `<base>_cents`, else `currency`.
    func checkDeclaredCurrency(in data: ChartData) throws(ChartError) {
        guard case .currency(.code(let declared)) = format else { return }
        let measures = kind == .histogram ? [x].compactMap { $0 } : y
        var checked: Set<Int> = []
        for measure in measures {
            guard let column = ColumnNaming.currencyColumn(for: measure, position: { data.columns.firstIndex(of: $0) }),
                  checked.insert(column).inserted else { continue }
            for row in data.rows.indices {
                guard case .text(let code) = data.value(row: row, column: column),
                      Currency.lookup(code)?.code != declared.code else { continue }
                throw .currencyMismatch(column: data.columns[column], row: row + 1, found: code, declared: declared.code)
            }
        }
    }

    /// A chart with no currency format over `*_cents` amounts whose currency column (the same naming rule) holds
    /// several currencies would add dollars to euros and draw them on one plain axis: refused, naming the
    /// currencies, since `currency_column` draws one chart per currency instead.
    func checkUnformattedCurrencies(in data: ChartData) throws(ChartError) {
        if case .currency = format { return }
        let key = kind == .histogram ? "x" : "y"
        let measures = kind == .histogram ? [x].compactMap { $0 } : y
        for measure in measures where measure.hasSuffix("_cents") {
            guard let column = ColumnNaming.currencyColumn(for: measure, position: { data.columns.firstIndex(of: $0) })
            else { continue }
            var codes: [String] = []
            for row in data.rows.indices {
                guard case .text(let text) = data.value(row: row, column: column) else { continue }
                let code = Currency.lookup(text)?.code ?? text
                if !codes.contains(code) { codes.append(code) }
            }
            guard codes.count > 1 else { continue }
            throw .unformattedCurrencies(column: measure, currencyColumn: data.columns[column], currencies: codes.sorted(), key: key)
        }
    }
}
