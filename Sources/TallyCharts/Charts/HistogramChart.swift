/// How often values fall in each range of one column, as touching bars over a number axis.
enum HistogramChart {
    static func render(spec: ChartSpec, data: ChartData, prefix: String) throws(ChartError) -> RenderedChart {
        let bins = try HistogramBins(spec: spec, data: data)
        let name = spec.x ?? "values"
        let title = (spec.title ?? "Distribution of " + name) + spec.titleSuffix
        let table = ChartTable(caption: title, header: [name, "Count"],
                               rows: bins.counts.indices.map { [bins.rangeLabel($0), String(bins.counts[$0])] })
        let width = spec.width ?? 600
        let height = spec.height ?? 300
        guard bins.valueCount > 0, let first = bins.edges.first, let last = bins.edges.last,
              let peak = bins.counts.indices.max(by: { bins.counts[$0] < bins.counts[$1] }) else {
            return EmptyChart.render(title: title, width: width, height: height, prefix: prefix, table: table.emptyHTML)
        }
        let description = spec.description ?? "Histogram of " + name + ": "
            + (bins.valueCount == 1 ? "1 value" : "\(bins.valueCount) values") + " in "
            + (bins.counts.count == 1 ? "1 bin" : "\(bins.counts.count) bins") + " from " + bins.style.full(first)
            + " to " + bins.style.full(last) + ". The most common range is " + bins.rangeLabel(peak) + " with "
            + String(bins.counts[peak]) + (bins.counts[peak] == 1 ? " value." : " values.")

        let top = 12.0
        let bottom = height - 28
        let axis = ValueAxis(lower: 0, upper: Double(bins.counts[peak]), style: NumberStyle(.plain, locale: spec.locale), range: (bottom, top),
                             spacing: 45, includeZero: true, minimumStep: 1)
        let left = max(axis.labelWidth + 14, 24)
        let right = width - 20
        let x = LinearScale(exact: first, last, range: (left, right))
        var canvas = ChartCanvas(prefix: prefix, width: width, height: height, title: title, description: description,
                                 capacity: 2048 + bins.counts.count * 150)
        axis.writeHorizontalGrid(left: left, right: right, into: &canvas.svg)
        canvas.svg.raw("<g class=\"mk s1\">" as StaticString)
        for (index, count) in bins.counts.enumerated() {
            let start = x(bins.edges[index]) + 1
            let end = x(bins.edges[index + 1]) - 1
            let top = axis.scale(Double(count))
            canvas.svg.rectStart(x: start, y: top, width: end - start, height: axis.scale(0) - top)
            canvas.svg.raw(">" as StaticString)
            canvas.svg.title(bins.rangeLabel(index) + ": " + String(count) + (count == 1 ? " value" : " values"))
            canvas.svg.raw("</rect>" as StaticString)
        }
        canvas.svg.raw("</g>" as StaticString)
        axis.writeHorizontalZeroLine(left: left, right: right, into: &canvas.svg)
        edgeTicks(bins, scale: x).write(y: bottom + 18, scale: x, bounds: (0, width), into: &canvas.svg)
        axis.writeLeftLabels(x: left - 8, into: &canvas.svg)
        return RenderedChart(svg: canvas.finish(), table: table.html, title: title)
    }

    /// Bin edges as ticks, every n-th one when their labels would touch.
    private static func edgeTicks(_ bins: HistogramBins, scale: LinearScale) -> XAxisTicks {
        let labels = bins.edges.map(bins.style.tick)
        var every = 1
        while true {
            let kept = bins.edges.indices.filter { $0 % every == 0 }
            let ticks = XAxisTicks(values: kept.map { bins.edges[$0] }, labels: kept.map { labels[$0] })
            if ticks.fits(scale) || kept.count <= 2 { return ticks }
            every += 1
        }
    }
}
