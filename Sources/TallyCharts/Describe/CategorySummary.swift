/// Default titles and descriptions for charts of categories × series: what is plotted against what,
/// the range with where its ends fall, and the trend over ordered categories. The description is built by
/// appending to one string with room reserved up front, since it is written for every chart.
enum CategorySummary {
    /// "total by year", "income and spending by month".
    static func title(_ dataset: CategoryDataset) -> String {
        joined(dataset.measureNames) + " by " + dataset.xColumn
    }

    static func description(kind: ChartKind, dataset: CategoryDataset) -> String {
        var text = ""
        text.reserveCapacity(320)
        text += kind.capitalizedName
        text += " of "
        text += joined(dataset.measureNames)
        text += " by "
        text += dataset.xColumn
        let count = dataset.series.count
        if count > 1 {
            text += ", " + String(count) + " series (" + dataset.series.prefix(6).map(\.name).joined(separator: ", ")
            text += count > 6 ? " and " + String(count - 6) + " more)" : ")"
        }
        let categories = dataset.categories
        if dataset.xKind != .text, let first = categories.first, let last = categories.last, categories.count > 1 {
            text += ", from "
            text += first.label
            text += " to "
            text += last.label
            text += "."
        } else {
            text += ", " + String(categories.count) + (categories.count == 1 ? " category." : " categories.")
        }
        let stacked = kind == .stackedBar || kind == .percentBar || kind == .stackedArea
        if stacked { appendTotals(dataset, to: &text) } else { appendRange(dataset, to: &text) }
        if kind == .percentBar { text += " Each bar shows how its total divides, as percentages." }
        if dataset.xKind != .text { appendTrend(dataset, ofTotals: stacked, to: &text) }
        if !dataset.limits.isEmpty { text += LimitMarks(dataset: dataset).sentence }
        return text
    }

    private static func appendRange(_ dataset: CategoryDataset, to text: inout String) {
        var low: (value: Double, series: Int, category: Int)?
        var high: (value: Double, series: Int, category: Int)?
        for (seriesIndex, series) in dataset.series.enumerated() {
            for (category, value) in series.values.enumerated() {
                guard let value else { continue }
                if value < (low?.value ?? .infinity) { low = (value, seriesIndex, category) }
                if value > (high?.value ?? -.infinity) { high = (value, seriesIndex, category) }
            }
        }
        guard let low, let high else { return }
        let multiple = dataset.series.count > 1
        func place(_ point: (value: Double, series: Int, category: Int)) {
            let series = dataset.series[point.series]
            text += series.labels[point.category] ?? ""
            text += " ("
            if multiple {
                text += series.name
                text += ", "
            }
            text += dataset.categories[point.category].label
            text += ")"
        }
        if low.series == high.series, low.category == high.category {
            text += " The only value is "
            place(high)
        } else {
            text += " The lowest value is "
            place(low)
            text += " and the highest is "
            place(high)
        }
        text += "."
    }

    private static func appendTotals(_ dataset: CategoryDataset, to text: inout String) {
        let totals = dataset.categoryTotals()
        let present = totals.enumerated().compactMap { index, total in total.map { (index, $0) } }
        guard let low = present.min(by: { $0.1 < $1.1 }), let high = present.max(by: { $0.1 < $1.1 }) else { return }
        let style = dataset.axisStyle
        let categories = dataset.categories
        text += " The lowest total is " + style.full(low.1) + " (" + categories[low.0].label + ") and the highest is "
        text += style.full(high.1) + " (" + categories[high.0].label + ")."
    }

    private static func appendTrend(_ dataset: CategoryDataset, ofTotals: Bool, to text: inout String) {
        if ofTotals || dataset.series.count == 1 {
            let values = ofTotals ? dataset.categoryTotals() : dataset.series[0].values
            let labels = ofTotals ? values.map { $0.map(dataset.axisStyle.full) } : dataset.series[0].labels
            guard let first = values.firstIndex(where: { $0 != nil }), let last = values.lastIndex(where: { $0 != nil }),
                  let trend = trend(values, dataset: dataset) else { return }
            text += ofTotals ? " Trend of the totals: " : " Trend: "
            text += trend.rawValue
            text += ", from "
            text += labels[first] ?? ""
            text += " in "
            text += dataset.categories[first].label
            text += " to "
            text += labels[last] ?? ""
            text += " in "
            text += dataset.categories[last].label
            text += "."
            return
        }
        var wrote = false
        for series in dataset.series {
            guard let trend = trend(series.values, dataset: dataset) else { continue }
            text += wrote ? ", " : " Trends: "
            text += series.name + " " + trend.rawValue
            wrote = true
        }
        if wrote { text += "." }
    }

    private static func trend(_ values: [Double?], dataset: CategoryDataset) -> Trend? {
        var present: [Double] = []
        var positions: [Double] = []
        present.reserveCapacity(values.count)
        positions.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard let value else { continue }
            present.append(value)
            positions.append(dataset.categories[index].position)
        }
        return Trend.of(present, at: positions)
    }

    /// "total", "income and spending", "a, b and c".
    static func joined(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
