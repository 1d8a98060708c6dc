extension LinePlot {
    /// The most points that still get a hover dot each; denser lines keep only the line's own tooltip.
    static let maxDots = 60

    func write(into canvas: inout ChartCanvas) {
        let prefix = canvas.prefix
        if kind == .stackedArea { SeriesPatterns.writeDefinitions(count: dataset.series.count, prefix: prefix, into: &canvas.svg) }
        axis.writeHorizontalGrid(left: left, right: right, into: &canvas.svg)
        for (index, series) in dataset.series.enumerated() {
            if kind == .stackedArea {
                writeBand(index, series, prefix: prefix, into: &canvas.svg)
            } else {
                writeLine(index, series, into: &canvas.svg)
            }
        }
        axis.writeHorizontalZeroLine(left: left, right: right, into: &canvas.svg)
        writeEndLabels(into: &canvas.svg)
        xLabels.write(bottom: bottom, bounds: (0, canvas.width), into: &canvas.svg)
        axis.writeLeftLabels(x: left - 8, into: &canvas.svg)
    }

    private func writeLine(_ index: Int, _ series: CategoryDataset.Series, into svg: inout SVGWriter) {
        let layer = layers[index]
        let slot = SeriesPatterns.slot(index)
        svg.raw("<g class=\"s" as StaticString)
        svg.integer(slot)
        svg.raw("\">" as StaticString)
        if kind == .area {
            svg.raw("<path class=\"ar\" d=\"" as StaticString)
            writeArea(layer, into: &svg)
            svg.raw("\"/>" as StaticString)
        }
        svg.raw("<path class=\"ln" as StaticString)
        if index % 8 > 0 {
            svg.raw(" d" as StaticString)
            svg.integer(index % 8 + 1)
        }
        svg.raw("\" d=\"" as StaticString)
        var drawing = false
        for (category, span) in layer.enumerated() {
            guard let span else {
                drawing = false
                continue
            }
            svg.raw(drawing ? "L" as StaticString : "M" as StaticString)
            svg.number(x[category])
            svg.raw(" " as StaticString)
            svg.number(axis.scale(span.high))
            drawing = true
        }
        svg.raw("\">" as StaticString)
        svg.title(seriesSummary(series))
        svg.raw("</path>" as StaticString)
        if dataset.categories.count <= Self.maxDots {
            for (category, value) in series.values.enumerated() {
                guard let value else { continue }
                svg.raw("<circle class=\"dot\"" as StaticString)
                svg.attribute("cx", x[category])
                svg.attribute("cy", axis.scale(value))
                svg.raw(" r=\"3.5\">" as StaticString)
                svg.title(pointLabel(series, category: category))
                svg.raw("</circle>" as StaticString)
            }
        }
        svg.raw("</g>" as StaticString)
    }

    private func writeBand(_ index: Int, _ series: CategoryDataset.Series, prefix: String, into svg: inout SVGWriter) {
        svg.raw("<path" as StaticString)
        SeriesPatterns.writeFill(series: index, prefix: prefix, extraClasses: " gap", into: &svg)
        svg.raw(" d=\"" as StaticString)
        writeArea(layers[index], into: &svg)
        svg.raw("\">" as StaticString)
        svg.title(seriesSummary(series))
        svg.raw("</path>" as StaticString)
    }

    /// Closed shapes between each run of values and its baseline.
    private func writeArea(_ layer: [(low: Double, high: Double)?], into svg: inout SVGWriter) {
        var start = 0
        while start < layer.count {
            guard layer[start] != nil else {
                start += 1
                continue
            }
            var end = start
            while end + 1 < layer.count, layer[end + 1] != nil { end += 1 }
            for category in start...end {
                guard let span = layer[category] else { continue }
                svg.raw(category == start ? "M" as StaticString : "L" as StaticString)
                svg.number(x[category])
                svg.raw(" " as StaticString)
                svg.number(axis.scale(span.high))
            }
            for category in (start...end).reversed() {
                guard let span = layer[category] else { continue }
                svg.raw("L" as StaticString)
                svg.number(x[category])
                svg.raw(" " as StaticString)
                svg.number(axis.scale(span.low))
            }
            svg.raw("Z" as StaticString)
            start = end + 1
        }
    }

    /// Series names beside their last values, moved apart where they would overlap.
    private func writeEndLabels(into svg: inout SVGWriter) {
        guard !endLabels.isEmpty else { return }
        var anchors: [(series: Int, y: Double)] = []
        for (index, layer) in layers.enumerated() {
            guard let last = layer.lastIndex(where: { $0 != nil }), let span = layer[last] else { continue }
            let value = kind == .stackedArea ? (span.low + span.high) / 2 : span.high
            anchors.append((index, axis.scale(value) + 4.5))
        }
        let placed = LabelPlacement.spread(anchors.map(\.y), gap: 16, lower: top + 4, upper: bottom + 4)
        for (anchor, y) in zip(anchors, placed) {
            svg.raw("<text class=\"mk s" as StaticString)
            svg.integer(SeriesPatterns.slot(anchor.series))
            svg.raw("\"" as StaticString)
            svg.attribute("x", right + 8)
            svg.attribute("y", y)
            svg.raw(">" as StaticString)
            svg.text(endLabels[anchor.series])
            svg.raw("</text>" as StaticString)
        }
    }

    private func pointLabel(_ series: CategoryDataset.Series, category: Int) -> String {
        (dataset.series.count > 1 ? series.name + ", " : "") + dataset.categories[category].label + ": "
            + (series.labels[category] ?? "")
    }

    /// "income: 12 values, from $1,200.00 (Jan 2024) to $1,500.00 (Dec 2024)".
    private func seriesSummary(_ series: CategoryDataset.Series) -> String {
        let present = series.values.indices.filter { series.values[$0] != nil }
        guard let first = present.first, let last = present.last,
              let firstValue = series.labels[first], let lastValue = series.labels[last] else { return series.name }
        let count = present.count == 1 ? "1 value" : "\(present.count) values"
        return series.name + ": " + count + ", from " + firstValue + " ("
            + dataset.categories[first].label + ") to " + lastValue + " ("
            + dataset.categories[last].label + ")"
    }
}
