/// Pies and donuts: at most seven slices (the smallest categories beyond six are grouped as "Other"),
/// largest first, clockwise from twelve o'clock. A legend beside the pie (below it in a chart narrower than
/// 480 whose rows would not fit beside) gives each slice's name, share and value next to a swatch with the
/// slice's colour and pattern, so no label can overlap another.
enum PieChart {
    static let maxSlices = 7

    struct Slice {
        var name: String
        var value: Double
        var share: Double
        /// The category's own colour (`color:`), when it has a usable one.
        var color: ChartColor? = nil
    }

    static func render(spec: ChartSpec, data: ChartData, prefix: String) throws(ChartError) -> RenderedChart {
        let dataset = try CategoryDataset(spec: spec, data: data, partsOfWhole: true)
        let title = (spec.title ?? CategorySummary.title(dataset)) + spec.titleSuffix
        let width = spec.width ?? 600
        let values = dataset.series.first?.values ?? []
        let ranked = values.indices.filter { (values[$0] ?? 0) > 0 }
            .sorted { (values[$0] ?? 0) > (values[$1] ?? 0) || ((values[$0] ?? 0) == (values[$1] ?? 0) && $0 < $1) }
        let total = ranked.reduce(0) { $0 + (values[$1] ?? 0) }
        // The shares in the legend, the table and the description share one precision: "10.0%" beside "10.3%".
        let shares = ranked.map { (values[$0] ?? 0) / total }
        let otherShare = ranked.count > maxSlices ? [shares.dropFirst(maxSlices - 1).reduce(0, +)] : []
        let style = dataset.axisStyle.sharingOnePrecision(shares + otherShare)
        let table = ChartTable(
            caption: title, header: [dataset.xColumn, dataset.measureNames.first ?? "value", "Share"],
            rows: ranked.map { index in
                let value = values[index] ?? 0
                return [dataset.categories[index].label, style.full(value), style.percent.full(value / total)]
            })
        guard total > 0 else {
            return EmptyChart.render(title: title, width: width, height: spec.height ?? 300, prefix: prefix, table: table.emptyHTML)
        }

        var slices = ranked.prefix(ranked.count > maxSlices ? maxSlices - 1 : maxSlices).map { index in
            Slice(name: dataset.categories[index].label, value: values[index] ?? 0, share: (values[index] ?? 0) / total,
                  color: index < dataset.colors.count ? dataset.colors[index] : nil)
        }
        let grouped = ranked.count > maxSlices ? ranked.count - (maxSlices - 1) : 0
        if grouped > 0 {
            let rest = ranked.dropFirst(maxSlices - 1).reduce(0) { $0 + (values[$1] ?? 0) }
            slices.append(Slice(name: "Other", value: rest, share: rest / total))
        }
        let geometry = PieGeometry(width: width, height: spec.height, donut: spec.kind == .donut, slices: slices, style: style)
        let description = spec.description
            ?? describe(kind: spec.kind, dataset: dataset, style: style, slices: slices, total: total, grouped: grouped)
        var canvas = ChartCanvas(prefix: prefix, width: width, height: geometry.height, title: title, description: description,
                                 capacity: 2048 + slices.count * 300)
        geometry.write(slices, style: style, total: total, into: &canvas)
        return RenderedChart(svg: canvas.finish(), table: table.html, title: title)
    }

    private static func describe(kind: ChartKind, dataset: CategoryDataset, style: NumberStyle, slices: [Slice],
                                 total: Double, grouped: Int) -> String {
        var text = kind.capitalizedName + " of " + CategorySummary.joined(dataset.measureNames)
            + " by " + dataset.xColumn + ", " + (slices.count == 1 ? "1 slice" : "\(slices.count) slices")
            + " totalling " + style.full(total) + "."
        let named = slices.filter { $0.name != "Other" || grouped == 0 }
        if let largest = named.first {
            text += " The largest is " + largest.name + " with " + style.full(largest.value)
                + " (" + style.percent.full(largest.share) + ")"
            if let smallest = named.last, named.count > 1 {
                text += "; the smallest is " + smallest.name + " with " + style.full(smallest.value)
                    + " (" + style.percent.full(smallest.share) + ")"
            }
            text += "."
        }
        if grouped > 0, let other = slices.last {
            text += " The \(grouped) smallest categories are grouped as Other: " + style.full(other.value)
                + " (" + style.percent.full(other.share) + ")."
        }
        return text
    }
}
