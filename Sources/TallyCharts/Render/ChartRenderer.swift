/// Draws charts: the one entry point the site calls for every chart block.
public enum ChartRenderer {
    /// Renders `data` as the chart `spec` describes. Every element id starts with `idPrefix` (after any
    /// character other than a letter, digit, `-` or `_` is replaced with `-`), so charts on one page never clash.
    /// The same input always gives byte-identical output. Rows in more than one currency (`currency_column`) are
    /// drawn as one chart per currency, in one figure.
    /// A spec with two widths (`width: [376, 760]`) is drawn twice, the wider drawing's ids ending in "-wide".
    public static func render(_ spec: ChartSpec, data: ChartData, idPrefix: String) throws(ChartError) -> RenderedChart {
        do {
            try spec.validate()
        } catch {
            throw .invalidSpec(error)
        }
        if let wideWidth = spec.wideWidth {
            var narrow = spec
            narrow.wideWidth = nil
            var wide = narrow
            wide.width = wideWidth
            return RenderedChart(narrow: try render(narrow, data: data, idPrefix: idPrefix),
                                 wide: try render(wide, data: data, idPrefix: idPrefix + "-wide"))
        }
        // Before headers rename the columns, so that `currency` and `*_cents` are found by the names the query gave.
        try spec.checkDeclaredCurrency(in: data)
        try spec.checkUnformattedCurrencies(in: data)
        let (labelled, labelledData) = try spec.applyingHeaders(to: data)
        let prefix = ChartCanvas.sanitizedPrefix(idPrefix)
        do throws(ChartError) {
            if let panels = CurrencyPanels(spec: labelled, data: labelledData) {
                return try panels.render(prefix: prefix, draw: draw(_:_:prefix:))
            }
            return try draw(labelled, labelledData, prefix: prefix)
        } catch {
            var original: [String: String] = [:]
            for (name, label) in zip(data.columns, labelledData.columns) where name != label { original[label] = name }
            throw error.naming(columns: original)
        }
    }

    private static func draw(_ spec: ChartSpec, _ data: ChartData, prefix: String) throws(ChartError) -> RenderedChart {
        switch spec.kind {
        case .bar, .groupedBar, .stackedBar, .percentBar:
            return try ColumnChart.render(spec: spec, data: data, prefix: prefix)
        case .horizontalBar:
            return try HorizontalBarChart.render(spec: spec, data: data, prefix: prefix)
        case .line, .area, .stackedArea:
            return try LineChart.render(spec: spec, data: data, prefix: prefix)
        case .pie, .donut:
            return try PieChart.render(spec: spec, data: data, prefix: prefix)
        case .calendar:
            return try CalendarChart.render(spec: spec, data: data, prefix: prefix)
        case .histogram:
            return try HistogramChart.render(spec: spec, data: data, prefix: prefix)
        case .sparkline:
            return try Sparkline.render(spec: spec, data: data, prefix: prefix)
        case .progress:
            return try ProgressChart.render(spec: spec, data: data, prefix: prefix)
        }
    }
}
