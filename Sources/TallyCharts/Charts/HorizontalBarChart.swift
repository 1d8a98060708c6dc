/// Bars that grow to the right (left for negative values), one row per category: the chart for long names
/// and ranked lists. The height follows the number of rows unless the spec sets one. A name that does not fit in
/// 35% of the width wraps onto a second line (`WrappedLabel`), and the rows are then spaced for two lines.
enum HorizontalBarChart {
    private static let rowStep = 30.0
    private static let twoLineRowStep = 40.0
    private static let fontSize = 13.0
    private static let lineHeight = 15.0

    static func render(spec: ChartSpec, data: ChartData, prefix: String) throws(ChartError) -> RenderedChart {
        let dataset = try CategoryDataset(spec: spec, data: data)
        let title = (spec.title ?? CategorySummary.title(dataset)) + spec.titleSuffix
        let table = CategoryTable(dataset, caption: title, totals: false)
        let width = spec.width ?? 600
        let count = dataset.categories.count
        let top = 8.0
        let names = dataset.categories.map { WrappedLabel.lines($0.axisLabel, fontSize: fontSize, maxWidth: width * 0.35) }
        let step = names.contains { $0.count > 1 } ? twoLineRowStep : rowStep
        let height = spec.height ?? max(120, Double(count) * step + top + 30)
        guard dataset.hasValues, let series = dataset.series.first else {
            return EmptyChart.render(title: title, width: width, height: height, prefix: prefix, table: table.emptyHTML)
        }
        let description = spec.description ?? CategorySummary.description(kind: spec.kind, dataset: dataset)
        let values = series.values
        let valueTexts = values.map { $0.map(series.style.short) ?? "" }
        let left = (names.joined().map { TextMetrics.width($0, fontSize: fontSize) }.max() ?? 0) + 16
        let labelRoom = spec.valueLabels ? (valueTexts.map { TextMetrics.width($0, fontSize: fontSize) }.max() ?? 0) + 10 : 0
        let present = values.compactMap { $0 }
        let lower = present.min() ?? 0
        let limits = LimitMarks(dataset: dataset)
        let upper = max(present.max() ?? 0, limits.highest)
        let right = width - 12 - (upper > 0 ? labelRoom : 0)
        let start = left + (lower < 0 ? labelRoom : 0)
        let bottom = height - 30
        let axis = ValueAxis(lower: lower, upper: upper, style: dataset.axisStyle, range: (start, right), spacing: 55,
                             includeZero: true, minimumStep: dataset.wholeNumberStep)
        let bands = BandScale(count: count, range: (top, bottom), paddingInner: 0.25, paddingOuter: 0.1)

        var canvas = ChartCanvas(prefix: prefix, width: width, height: height, title: title, description: description,
                                 capacity: 1024 + count * 200)
        axis.writeVerticalGrid(top: top, bottom: bottom, into: &canvas.svg)
        canvas.svg.raw("<g class=\"mk s1\">" as StaticString)
        for (index, value) in values.enumerated() {
            guard let value else { continue }
            let from = axis.scale(min(0, value))
            canvas.svg.rectStart(x: from, y: bands(index), width: axis.scale(max(0, value)) - from, height: bands.bandwidth)
            canvas.svg.raw(">" as StaticString)
            canvas.svg.title(dataset.categories[index].label, value: series.labels[index] ?? "")
            canvas.svg.raw("</rect>" as StaticString)
        }
        canvas.svg.raw("</g>" as StaticString)
        axis.writeVerticalZeroLine(top: top, bottom: bottom, into: &canvas.svg)
        limits.write(into: &canvas.svg) { index, limit in
            let x = axis.scale(limit)
            return ((x, bands(index) - LimitMarks.overhang), (x, bands(index) + bands.bandwidth + LimitMarks.overhang))
        }
        canvas.svg.raw("<g class=\"tk e\">" as StaticString)
        for (index, lines) in names.enumerated() {
            let firstBaseline = bands.center(index) + 4.5 - Double(lines.count - 1) * lineHeight / 2
            for (number, line) in lines.enumerated() {
                canvas.svg.label(line, x: left - 8, y: firstBaseline + Double(number) * lineHeight)
            }
        }
        canvas.svg.raw("</g>" as StaticString)
        if spec.valueLabels {
            canvas.svg.raw("<g>" as StaticString)
            for (index, value) in values.enumerated() {
                guard let value else { continue }
                let start = axis.scale(value) + (value >= 0 ? 6 : -6)
                let width = TextMetrics.width(valueTexts[index], fontSize: fontSize)
                let x = limits.labelPosition(index, value: value, label: start, extent: (start, start + width),
                                             scale: { axis.scale($0) })
                canvas.svg.label(valueTexts[index], x: x, y: bands.center(index) + 4.5,
                                 attributes: value >= 0 ? "" : " class=\"e\"")
            }
            canvas.svg.raw("</g>" as StaticString)
        }
        axis.writeBottomLabels(y: bottom + 20, into: &canvas.svg)
        return RenderedChart(svg: canvas.finish(), table: table.html, title: title)
    }
}
