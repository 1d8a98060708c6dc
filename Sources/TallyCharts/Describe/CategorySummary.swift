/// Default titles and descriptions for charts of categories × series: what is plotted against what,
/// the range with where its ends fall, and the trend over ordered categories.
enum CategorySummary {
    /// "total by year", "income and spending by month".
    static func title(_ dataset: CategoryDataset) -> String {
        joined(dataset.measureNames) + " by " + dataset.xColumn
    }

    static func description(kind: ChartKind, dataset: CategoryDataset) -> String {
        var text = capitalized(kind.displayName) + " of " + joined(dataset.measureNames) + " by " + dataset.xColumn
        let multiple = dataset.series.count > 1
        if multiple {
            let names = dataset.series.prefix(6).map(\.name)
            let more = dataset.series.count > 6 ? " and \(dataset.series.count - 6) more" : ""
            text += ", \(dataset.series.count) series (" + names.joined(separator: ", ") + more + ")"
        }
        let categories = dataset.categories
        if dataset.xKind != .text, let first = categories.first, let last = categories.last, categories.count > 1 {
            text += ", from " + first.label + " to " + last.label + "."
        } else {
            text += ", \(categories.count) " + (categories.count == 1 ? "category." : "categories.")
        }
        let stacked = kind == .stackedBar || kind == .percentBar || kind == .stackedArea
        text += stacked ? totalsSentence(dataset) : rangeSentence(dataset)
        if kind == .percentBar { text += " Each bar shows how its total divides, as percentages." }
        if dataset.xKind != .text { text += trendSentence(dataset, ofTotals: stacked) }
        return text
    }

    private static func rangeSentence(_ dataset: CategoryDataset) -> String {
        var low: (value: Double, series: Int, category: Int)?
        var high: (value: Double, series: Int, category: Int)?
        for (seriesIndex, series) in dataset.series.enumerated() {
            for (category, value) in series.values.enumerated() {
                guard let value else { continue }
                if value < (low?.value ?? .infinity) { low = (value, seriesIndex, category) }
                if value > (high?.value ?? -.infinity) { high = (value, seriesIndex, category) }
            }
        }
        guard let low, let high else { return "" }
        let multiple = dataset.series.count > 1
        func place(_ point: (value: Double, series: Int, category: Int)) -> String {
            let series = dataset.series[point.series]
            let category = dataset.categories[point.category].label
            return (series.labels[point.category] ?? "") + " (" + (multiple ? series.name + ", " : "") + category + ")"
        }
        if low.series == high.series, low.category == high.category { return " The only value is " + place(high) + "." }
        return " The lowest value is " + place(low) + " and the highest is " + place(high) + "."
    }

    private static func totalsSentence(_ dataset: CategoryDataset) -> String {
        let totals = dataset.categoryTotals()
        let present = totals.enumerated().compactMap { index, total in total.map { (index, $0) } }
        guard let low = present.min(by: { $0.1 < $1.1 }), let high = present.max(by: { $0.1 < $1.1 }) else { return "" }
        let style = dataset.axisStyle
        let categories = dataset.categories
        return " The lowest total is " + style.full(low.1) + " (" + categories[low.0].label + ") and the highest is "
            + style.full(high.1) + " (" + categories[high.0].label + ")."
    }

    private static func trendSentence(_ dataset: CategoryDataset, ofTotals: Bool) -> String {
        let positions = dataset.categories.map(\.position)
        if ofTotals || dataset.series.count == 1 {
            let values = ofTotals ? dataset.categoryTotals() : dataset.series[0].values
            guard let phrase = trendPhrase(values, positions: positions, dataset: dataset, style: dataset.axisStyle) else { return "" }
            return (ofTotals ? " Trend of the totals: " : " Trend: ") + phrase + "."
        }
        let phrases = dataset.series.compactMap { series -> String? in
            let present = zip(series.values, positions).compactMap { value, position in value.map { ($0, position) } }
            guard let trend = Trend.of(present.map(\.0), at: present.map(\.1)) else { return nil }
            return series.name + " " + trend.rawValue
        }
        return phrases.isEmpty ? "" : " Trends: " + phrases.joined(separator: ", ") + "."
    }

    private static func trendPhrase(_ values: [Double?], positions: [Double], dataset: CategoryDataset,
                                    style: NumberStyle) -> String? {
        let present = values.indices.compactMap { index in values[index].map { (index, $0) } }
        guard let first = present.first, let last = present.last,
              let trend = Trend.of(present.map(\.1), at: present.map { positions[$0.0] }) else { return nil }
        let categories = dataset.categories
        return trend.rawValue + ", from " + style.full(first.1) + " in " + categories[first.0].label
            + " to " + style.full(last.1) + " in " + categories[last.0].label
    }

    /// "total", "income and spending", "a, b and c".
    static func joined(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
