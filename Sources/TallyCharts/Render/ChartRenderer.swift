/// Draws charts: the one entry point the site calls for every chart block.
public enum ChartRenderer {
    /// Renders `data` as the chart `spec` describes. Every element id starts with `idPrefix` (after any
    /// character other than a letter, digit, `-` or `_` is replaced with `-`), so charts on one page never clash.
    /// The same input always gives byte-identical output.
    public static func render(_ spec: ChartSpec, data: ChartData, idPrefix: String) throws(ChartError) -> RenderedChart {
        do {
            try spec.validate()
        } catch {
            throw .invalidSpec(error)
        }
        let (spec, data) = try spec.applyingHeaders(to: data)
        let prefix = ChartCanvas.sanitizedPrefix(idPrefix)
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
