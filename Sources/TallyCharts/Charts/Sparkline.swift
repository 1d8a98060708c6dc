/// A word-sized line for dashboard cards: no axes or text, just the shape and a dot on the latest value.
/// It is still an accessible image with a title and a description, and it still has its data table.
enum Sparkline {
    static let defaultSize = (width: 120.0, height: 32.0)

    static func render(spec: ChartSpec, data: ChartData, prefix: String) throws(ChartError) -> RenderedChart {
        let (numberedSpec, numberedData) = Self.withRowNumbers(spec: spec, data: data)
        let dataset = try CategoryDataset(spec: numberedSpec, data: numberedData)
        let name = spec.y.first ?? "value"
        let title = (spec.title ?? name) + spec.titleSuffix
        let table = CategoryTable(dataset, caption: title, totals: false)
        let width = spec.width ?? defaultSize.width
        let height = spec.height ?? defaultSize.height
        let figure = "tally-spark"
        guard dataset.hasValues, let series = dataset.series.first else {
            return EmptyChart.render(title: title, width: width, height: height, prefix: prefix, table: table.emptyHTML, figureClass: figure)
        }
        let present = series.values.indices.compactMap { index in series.values[index].map { (index, $0) } }
        let values = present.map(\.1)
        let low = values.min() ?? 0
        let high = values.max() ?? 0
        let description = spec.description ?? describe(name: name, dataset: dataset, present: present, low: low, high: high)
        let padding = 4.0
        let positions = dataset.categories.map(\.position)
        let x = LinearScale(exact: positions.first ?? 0, positions.last ?? 0, range: (padding, width - padding))
        let y = LinearScale(exact: low, high, range: (height - padding, padding))
        var canvas = ChartCanvas(prefix: prefix, width: width, height: height, title: title, description: description,
                                 capacity: 512 + present.count * 16)
        canvas.svg.raw("<g class=\"s1\"><path class=\"ln thin\" d=\"" as StaticString)
        var drawing = false
        for (index, value) in series.values.enumerated() {
            guard let value else {
                drawing = false
                continue
            }
            canvas.svg.raw(drawing ? "L" as StaticString : "M" as StaticString)
            canvas.svg.number(x(positions[index]))
            canvas.svg.raw(" " as StaticString)
            canvas.svg.number(y(value))
            drawing = true
        }
        canvas.svg.raw("\">" as StaticString)
        canvas.svg.title(description)
        canvas.svg.raw("</path>" as StaticString)
        if let latest = present.last {
            canvas.svg.raw("<circle class=\"mk\"" as StaticString)
            canvas.svg.attribute("cx", x(positions[latest.0]))
            canvas.svg.attribute("cy", y(latest.1))
            canvas.svg.raw(" r=\"3\">" as StaticString)
            canvas.svg.title("Latest, " + dataset.categories[latest.0].label + ": " + series.style.full(latest.1))
            canvas.svg.raw("</circle>" as StaticString)
        }
        canvas.svg.raw("</g>" as StaticString)
        return RenderedChart(svg: canvas.finish(), table: table.html, title: title, figureClass: figure)
    }

    /// Without an x column, rows are numbered from 1 in query order.
    /// Without `x`, rows are taken in query order: they are numbered in an added "#" column that becomes x.
    private static func withRowNumbers(spec: ChartSpec, data: ChartData) -> (ChartSpec, ChartData) {
        guard spec.x == nil else { return (spec, data) }
        var numbered = data
        numbered.columns.append("#")
        for index in numbered.rows.indices { numbered.rows[index].append(.integer(Int64(index + 1))) }
        var numberedSpec = spec
        numberedSpec.x = "#"
        return (numberedSpec, numbered)
    }

    private static func describe(name: String, dataset: CategoryDataset, present: [(Int, Double)], low: Double,
                                 high: Double) -> String {
        guard let first = present.first, let last = present.last, let style = dataset.series.first?.style else { return "" }
        var text = "Sparkline of " + name + ": " + (present.count == 1 ? "1 value" : "\(present.count) values")
        text += ", from " + style.full(first.1) + " (" + dataset.categories[first.0].label + ") to "
            + style.full(last.1) + " (" + dataset.categories[last.0].label + "); lowest " + style.full(low)
            + ", highest " + style.full(high) + "."
        let positions = present.map { dataset.categories[$0.0].position }
        if let trend = Trend.of(present.map(\.1), at: positions) { text += " Trend: " + trend.rawValue + "." }
        return text
    }
}
