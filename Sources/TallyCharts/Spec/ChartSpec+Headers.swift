extension ChartSpec {
    /// The spec and the data with `headers` applied: each column named there takes its header as its name, so every
    /// place a chart shows a column's name (the data table, the description, axis titles, legends, tooltips, the
    /// default title) shows the header instead, and the spec's keys follow the new names.
    func applyingHeaders(to data: ChartData) throws(ChartError) -> (ChartSpec, ChartData) {
        guard !headers.isEmpty else { return (self, data) }
        var renamed = data
        for (column, header) in headers.sorted(by: { $0.key < $1.key }) {
            renamed.columns[try data.columnIndex(column, key: "headers")] = header
        }
        var seen: Set<String> = []
        for name in renamed.columns where !seen.insert(name).inserted {
            throw .invalidSpec(.invalidValue(key: "headers", value: name, expected: "a name that no other column has"))
        }
        func rename(_ name: String) -> String { headers[name] ?? name }
        var spec = self
        spec.x = x.map(rename)
        spec.y = y.map(rename)
        spec.series = series.map(rename)
        if case .column(let name)? = target { spec.target = .column(rename(name)) }
        if case .currency(.column(let name)) = format { spec.format = .currency(.column(rename(name))) }
        spec.headers = [:]
        return (spec, renamed)
    }
}
