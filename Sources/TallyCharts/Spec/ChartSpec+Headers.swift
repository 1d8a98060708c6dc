import TallyFormat

extension ChartSpec {
    /// The spec and the data with `headers` applied: each column named there takes its header as its name, so every
    /// place a chart shows a column's name (the data table, the description, axis titles, legends, tooltips, the
    /// default title) shows the header instead, and the spec's keys follow the new names. Columns without a header
    /// take the label a table block gives them (`ColumnNaming.label`).
    func applyingHeaders(to data: ChartData) throws(ChartError) -> (ChartSpec, ChartData) {
        var renamed = data
        for (column, header) in headers.sorted(by: { $0.key < $1.key }) {
            renamed.columns[try data.columnIndex(column, key: "headers")] = header
        }
        var seen: Set<String> = []
        for name in renamed.columns where !headers.isEmpty && !seen.insert(name).inserted {
            throw .invalidSpec(.invalidValue(key: "headers", value: name, expected: "a name that no other column has"))
        }
        // The other columns read as table blocks write them ("total_cents" is "Total"), unless two would then share
        // a name: such a column keeps the name the query gave it.
        // A `*_cents` column keeps its name when the chart does not format money: its values are then shown as
        // they are, in cents, and "Amount" would hide that 18,000 means $180.
        var formatsMoney = false
        if case .currency = format { formatsMoney = true }
        var labels: [String: String] = headers
        let defaults = data.columns.map { headers[$0] == nil && (formatsMoney || !$0.hasSuffix("_cents")) ? ColumnNaming.label($0) : $0 }
        for (index, label) in defaults.enumerated() where headers[data.columns[index]] == nil && label != data.columns[index] {
            let clashes = renamed.columns.enumerated().contains { $0.offset != index && $0.element == label }
                || defaults.enumerated().contains { $0.offset != index && $0.element == label }
            guard !clashes else { continue }
            renamed.columns[index] = label
            labels[data.columns[index]] = label
        }
        func rename(_ name: String) -> String { labels[name] ?? name }
        var spec = self
        spec.x = x.map(rename)
        spec.y = y.map(rename)
        spec.series = series.map(rename)
        spec.limit = limit.map(rename)
        spec.color = color.map(rename)
        if case .column(let name)? = target { spec.target = .column(rename(name)) }
        if case .currency(.column(let name)) = format { spec.format = .currency(.column(rename(name))) }
        spec.headers = [:]
        return (spec, renamed)
    }
}
