/// A plot over a `CategoryDataset` that draws itself onto a canvas: bars, lines and areas.
protocol CategoryPlot {
    func write(into canvas: inout ChartCanvas)
}

/// What every category chart does around its plot: the title, the data table, "No data" when there is nothing
/// to draw, the generated description, and the canvas sized for the number of marks.
enum CategoryChartFrame {
    /// - Parameters:
    ///   - totals: whether the table gets a total per category (for charts that stack series).
    ///   - bytesPerMark: a guess at the SVG bytes per category and series, so the canvas rarely grows.
    static func render(spec: ChartSpec, dataset: CategoryDataset, totals: Bool, size: (width: Double, height: Double),
                       prefix: String, baseBytes: Int, bytesPerMark: Int,
                       plot: (_ width: Double, _ height: Double) -> some CategoryPlot) -> RenderedChart {
        let title = (spec.title ?? CategorySummary.title(dataset)) + spec.titleSuffix
        let table = CategoryTable(dataset, caption: title, totals: totals)
        let width = spec.width ?? size.width
        let height = spec.height ?? size.height
        guard dataset.hasValues else {
            return EmptyChart.render(title: title, width: width, height: height, prefix: prefix, table: table.emptyHTML)
        }
        let description = spec.description ?? CategorySummary.description(kind: spec.kind, dataset: dataset)
        var canvas = ChartCanvas(prefix: prefix, width: width, height: height, title: title, description: description,
                                 capacity: baseBytes + dataset.categories.count * dataset.series.count * bytesPerMark)
        plot(width, height).write(into: &canvas)
        return RenderedChart(svg: canvas.finish(), table: table.html, title: title)
    }
}
