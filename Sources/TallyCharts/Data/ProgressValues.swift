import TallyFormat

/// The total of a progress bar's value column and its target, both in display units.
struct ProgressValues {
    /// The sum of the value column; nil when it has no values.
    let value: Double?
    let target: Double?
    let style: NumberStyle

    init(spec: ChartSpec, data: ChartData) throws(ChartError) {
        let reader = try ColumnReader(spec: spec, data: data)
        let valueIndex = try reader.index(of: spec.y.first ?? "", key: "y")
        var targetIndex: Int?
        if case .column(let name)? = spec.target { targetIndex = try reader.index(of: name, key: "target") }
        var total: Double?
        var columnTarget: Double?
        var currency: Currency?
        for row in data.rows.indices {
            if let value = try reader.measure(row: row, column: valueIndex) {
                total = (total ?? 0) + value
                if let rowCurrency = try reader.currency(row: row) {
                    currency = rowCurrency
                }
            }
            if columnTarget == nil, let targetIndex { columnTarget = try reader.measure(row: row, column: targetIndex) }
        }
        if case .currency(.code(let fixed)) = spec.format { currency = fixed }
        style = reader.style(for: currency)
        value = total
        switch spec.target {
        case .value(let raw)?:
            target = raw / NumberStyle.powerOfTen(currency?.minorUnits ?? 0)
        case .column?:
            target = columnTarget
        case nil:
            target = nil
        }
        if let target, !(target > 0) { throw .invalidTarget(style.full(target)) }
    }
}
