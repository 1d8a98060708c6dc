import TallyFormat

/// A chart whose `currency_column` holds more than one currency, drawn as one chart per currency in one figure.
/// Amounts in different currencies are never added, stacked or put on one axis: each currency gets its own
/// chart with its own axis, in the order the currencies first appear in the rows.
struct CurrencyPanels {
    let spec: ChartSpec
    /// Each currency with the rows in it, in order of first appearance.
    let groups: [(currency: Currency, rows: [[ChartValue]])]
    let columns: [String]

    /// The panels of `data`, or nil when it holds one currency at most or a cell that is no currency code
    /// (the ordinary drawing then reports that cell, with its row).
    init?(spec: ChartSpec, data: ChartData) {
        guard case .currency(.column(let name)) = spec.format, let column = data.columns.firstIndex(of: name) else { return nil }
        var position: [String: Int] = [:]
        var groups: [(currency: Currency, rows: [[ChartValue]])] = []
        for row in data.rows.indices {
            guard case .text(let code) = data.value(row: row, column: column), let currency = Currency.lookup(code) else {
                return nil
            }
            if let known = position[currency.code] {
                groups[known].rows.append(data.rows[row])
            } else {
                position[currency.code] = groups.count
                groups.append((currency, [data.rows[row]]))
            }
        }
        guard groups.count > 1 else { return nil }
        self.spec = spec
        self.groups = groups
        columns = data.columns
    }

    /// One figure: the caption is the chart's title, and each currency's chart is titled with its code after it.
    func render(prefix: String, draw: (ChartSpec, ChartData, String) throws(ChartError) -> RenderedChart)
        throws(ChartError) -> RenderedChart
    {
        var panels: [RenderedChart] = []
        for group in groups {
            var panelSpec = spec
            panelSpec.format = .currency(.code(group.currency))
            panelSpec.titleSuffix = " (" + group.currency.code + ")"
            panels.append(try draw(panelSpec, ChartData(columns: columns, rows: group.rows),
                                   prefix + "-" + group.currency.code.lowercased()))
        }
        let first = panels[0].title
        let caption = spec.title ?? String(first.dropLast(groups[0].currency.code.count + 3))
        return RenderedChart(title: caption, panels: panels)
    }
}
