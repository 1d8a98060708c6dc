/// Each bar's limit (`limit:` on a bar or horizontal bar chart): a mark across the bar at the limit, drawn in the
/// text colour over a gap in the background colour so it shows on the bar and beside it in both themes, with the
/// same over-or-under statement in its tooltip, the data table and the description, so the chart says it in words
/// as well as in the picture.
struct LimitMarks {
    let dataset: CategoryDataset

    /// How far a mark reaches past its bar's band on each side.
    static let overhang = 4.0

    var isEmpty: Bool { dataset.limits.isEmpty }
    private var series: CategoryDataset.Series? { dataset.series.first }

    /// "Over by $129.19", "$231.50 left" or "At the limit" ("over by …", "at the limit" after a comma); empty where
    /// the category has no limit or no value.
    func status(_ index: Int, startsSentence: Bool = true) -> String {
        guard let series, let limit = dataset.limits[index], let value = series.values[index] else { return "" }
        if value > limit { return (startsSentence ? "Over by " : "over by ") + series.style.full(value - limit) }
        if value < limit { return series.style.full(limit - value) + " left" }
        return startsSentence ? "At the limit" : "at the limit"
    }

    /// The table's two extra headers and, per category, its cells.
    static let headers = ["Limit", "Against the limit"]
    func cells(_ index: Int) -> [String] {
        [dataset.limits[index].map { (series?.style ?? dataset.axisStyle).full($0) } ?? "", status(index)]
    }

    /// " 2 of 10 bars are over their limit: Food by $129.19, Travel by $12.00." or " No bar is over its limit."
    var sentence: String {
        guard let series else { return "" }
        let limited = dataset.limits.indices.filter { dataset.limits[$0] != nil && series.values[$0] != nil }
        let over = limited.filter { (series.values[$0] ?? 0) > (dataset.limits[$0] ?? 0) }
        guard !over.isEmpty else { return " No bar is over its limit." }
        let named = over.map { dataset.categories[$0].label + " by " + series.style.full((series.values[$0] ?? 0) - (dataset.limits[$0] ?? 0)) }
        return " " + String(over.count) + " of " + String(limited.count) + (over.count == 1 ? " bars is" : " bars are")
            + " over " + (over.count == 1 ? "its" : "their") + " limit: " + named.joined(separator: ", ") + "."
    }

    /// Where a bar's value label goes along the value axis, in chart units: `label` (measured from the bar's end)
    /// unless the limit mark, at `mark`, would cross it or its gap, in which case it moves just past the mark. Only a
    /// positive bar that ends short of its limit can have its mark ahead of its label.
    /// - Parameters:
    ///   - start, end: the label's extent along the value axis when put at `label`, in either direction.
    func labelPosition(_ index: Int, value: Double, label: Double, extent: (start: Double, end: Double),
                       scale: (Double) -> Double) -> Double {
        guard !isEmpty, value >= 0, let limit = dataset.limits[index], limit >= value else { return label }
        let mark = scale(limit)
        let (low, high) = (min(extent.start, extent.end) - 4, max(extent.start, extent.end) + 4)
        guard mark >= low, mark <= high else { return label }
        let direction = extent.end >= extent.start ? 1.0 : -1.0
        return mark + direction * 7 + (label - extent.start)
    }

    /// The largest limit, for the value axis to reach.
    var highest: Double { dataset.limits.compactMap { $0 }.max() ?? 0 }

    /// Writes the marks: `line(index, limit)` gives a mark's two ends.
    func write(into svg: inout SVGWriter, line: (Int, Double) -> (from: (Double, Double), to: (Double, Double))) {
        guard !isEmpty else { return }
        let marked = dataset.limits.indices.compactMap { index in dataset.limits[index].map { (index, $0) } }
        svg.raw("<path class=\"lgap\" d=\"" as StaticString)
        for (index, limit) in marked { writeSegment(line(index, limit), into: &svg) }
        svg.raw("\"/><g class=\"lim\">" as StaticString)
        for (index, limit) in marked {
            svg.raw("<path d=\"" as StaticString)
            writeSegment(line(index, limit), into: &svg)
            svg.raw("\">" as StaticString)
            let text = dataset.categories[index].label + ": limit " + (series?.style ?? dataset.axisStyle).full(limit)
            let status = status(index, startsSentence: false)
            svg.title(status.isEmpty ? text : text + ", " + status)
            svg.raw("</path>" as StaticString)
        }
        svg.raw("</g>" as StaticString)
    }

    private func writeSegment(_ segment: (from: (Double, Double), to: (Double, Double)), into svg: inout SVGWriter) {
        svg.raw("M" as StaticString)
        svg.number(segment.from.0)
        svg.raw(" " as StaticString)
        svg.number(segment.from.1)
        svg.raw("L" as StaticString)
        svg.number(segment.to.0)
        svg.raw(" " as StaticString)
        svg.number(segment.to.1)
    }
}
