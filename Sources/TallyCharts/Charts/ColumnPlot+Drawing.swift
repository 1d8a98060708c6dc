extension ColumnPlot {
    /// Writes patterns, legend, grid, bars, value labels and both axes' labels.
    func write(into canvas: inout ChartCanvas) {
        let prefix = canvas.prefix
        SeriesPatterns.writeDefinitions(count: dataset.series.count, prefix: prefix, into: &canvas.svg)
        legend.write(top: 8, prefix: prefix, into: &canvas.svg)
        axis.writeHorizontalGrid(left: left, right: right, into: &canvas.svg)
        writeBars(prefix: prefix, into: &canvas.svg)
        axis.writeHorizontalZeroLine(left: left, right: right, into: &canvas.svg)
        let (axis, bands) = (self.axis, self.bands)
        LimitMarks(dataset: dataset).write(into: &canvas.svg) { index, limit in
            let y = axis.scale(limit)
            return ((bands(index) - LimitMarks.overhang, y), (bands(index) + bands.bandwidth + LimitMarks.overhang, y))
        }
        if valueLabels { writeValueLabels(into: &canvas.svg) }
        categoryLabels.write(y: bottom, center: { bands.center($0) }, bounds: (0, canvas.width), into: &canvas.svg)
        axis.writeLeftLabels(x: left - 8, into: &canvas.svg)
    }

    private var isStacked: Bool { kind == .stackedBar || kind == .percentBar }

    /// The horizontal extent of series `series`' bar in category `category`.
    private func barX(category: Int, series: Int) -> (x: Double, width: Double) {
        let count = dataset.series.count
        guard kind == .groupedBar, count > 1 else { return (bands(category), bands.bandwidth) }
        let inner = BandScale(count: count, range: (bands(category), bands(category) + bands.bandwidth),
                              paddingInner: 0.08, paddingOuter: 0)
        return (inner(series), inner.bandwidth)
    }

    private func writeBars(prefix: String, into svg: inout SVGWriter) {
        let multiple = dataset.series.count > 1
        let totals = kind == .percentBar ? dataset.stackTotals() : []
        for (seriesIndex, series) in dataset.series.enumerated() {
            svg.raw("<g" as StaticString)
            SeriesPatterns.writeFill(series: seriesIndex, prefix: prefix, extraClasses: isStacked ? " gap" : "", into: &svg)
            svg.raw(">" as StaticString)
            for (category, value) in series.values.enumerated() {
                guard let value, let span = spans[category][seriesIndex] else { continue }
                let (x, width) = barX(category: category, series: seriesIndex)
                let top = axis.scale(span.high)
                svg.rectStart(x: x, y: top, width: width, height: axis.scale(span.low) - top)
                svg.raw(">" as StaticString)
                let label = dataset.categories[category].label
                var shown = series.labels[category] ?? ""
                if kind == .percentBar, totals[category].positive > 0 {
                    shown += " (" + series.style.percent.full(value / totals[category].positive) + ")"
                }
                svg.title(multiple ? series.name + ", " + label : label, value: shown)
                svg.raw("</rect>" as StaticString)
            }
            svg.raw("</g>" as StaticString)
        }
    }

    /// Values above positive bars and below negative ones; for stacks, the total of each stack.
    /// Labels are all or nothing: when one is wider than its bar's slot, none is drawn, so that the chart
    /// never looks as if some bars had no value.
    private func writeValueLabels(into svg: inout SVGWriter) {
        var labels: [(text: String, value: Double, x: Double, index: Int)] = []
        labels.reserveCapacity(dataset.categories.count * (isStacked ? 1 : dataset.series.count))
        var fits = true
        func add(_ text: String, value: Double, x: Double, room: Double, index: Int = 0) {
            if TextMetrics.width(text, fontSize: 13) > room { fits = false }
            labels.append((text, value, x, index))
        }
        let limits = LimitMarks(dataset: dataset)
        if isStacked {
            for (category, totals) in dataset.stackTotals().enumerated() {
                let value = totals.positive > 0 || totals.negative == 0 ? totals.positive : totals.negative
                add(dataset.axisStyle.short(value), value: value, x: bands.center(category), room: bands.step - 4)
            }
        } else {
            for (seriesIndex, series) in dataset.series.enumerated() {
                for (category, value) in series.values.enumerated() {
                    guard let value else { continue }
                    let (x, width) = barX(category: category, series: seriesIndex)
                    let room = dataset.series.count > 1 ? width + 2 : bands.step - 4
                    add(series.style.short(value), value: value, x: x + width / 2, room: room, index: category)
                }
            }
        }
        guard fits, !labels.isEmpty else { return }
        svg.raw("<g class=\"m\">" as StaticString)
        for label in labels {
            let baseline = label.value >= 0 ? axis.scale(label.value) - 5 : axis.scale(label.value) + 15
            // The text reaches about 10 units above its baseline and 3 below.
            let y = limits.labelPosition(label.index, value: label.value, label: baseline, extent: (baseline + 3, baseline - 10),
                                         scale: { axis.scale($0) })
            svg.label(label.text, x: label.x, y: y)
        }
        svg.raw("</g>" as StaticString)
    }
}
