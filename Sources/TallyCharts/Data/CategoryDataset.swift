import TallyFormat

/// Rows pivoted into categories (the x values) × series, the shape bar, line, area and pie charts draw.
/// Rows with the same category and series are added together.
struct CategoryDataset {
    /// What the x column holds, which decides the axis: bands of text, or a number or time scale.
    enum XKind { case text, number, date }

    struct Category {
        /// The text under the mark, kept short ("Mar 5", "Feb").
        var axisLabel: String
        /// The text in tooltips, the table and the description ("Mar 5, 2024").
        var label: String
        /// Where a number or date sits on a continuous axis (days since 1970 for dates).
        var position: Double
        var date: ISODate?
    }

    struct Series {
        var name: String
        /// One value per category, in display units; nil where the data has none.
        var values: [Double?]
        var style: NumberStyle
        /// `values` written out in full, computed once for tooltips, the table and the description.
        var labels: [String?]

        init(name: String, values: [Double?], style: NumberStyle) {
            self.name = name
            self.values = values
            self.style = style
            labels = values.map { $0.map(style.full) }
        }
    }

    var xColumn: String
    var xKind: XKind
    var categories: [Category]
    var series: [Series]
    /// The style of the shared value axis: the series' style when they all share one.
    var axisStyle: NumberStyle
    /// The value column names, for the default title ("total by year").
    var measureNames: [String]
    /// Each category's limit (`limit:`), in display units; empty when the chart has none.
    var limits: [Double?] = []
    /// Each category's own colour (`color:`) where it is usable in both themes; empty when the chart has none.
    var colors: [ChartColor?] = []

    var hasValues: Bool { series.contains { $0.values.contains { $0 != nil } } }

    /// 1 when every value is a whole number shown plainly, so that an axis of counts never gets 0.5 ticks.
    var wholeNumberStep: Double? {
        guard axisStyle.kind == .plain || axisStyle.kind == .compact else { return nil }
        for item in series {
            for case let value? in item.values where value != value.rounded() { return nil }
        }
        return 1
    }

    /// Category totals: positive and negative parts summed separately, as stacks draw them.
    func stackTotals() -> [(positive: Double, negative: Double)] {
        categories.indices.map { index in
            var totals = (positive: 0.0, negative: 0.0)
            for item in series {
                guard let value = item.values[index] else { continue }
                if value >= 0 { totals.positive += value } else { totals.negative += value }
            }
            return totals
        }
    }

    /// The sum over series per category, nil where no series has a value.
    func categoryTotals() -> [Double?] {
        categories.indices.map { index in
            let values = series.compactMap { $0.values[index] }
            return values.isEmpty ? nil : values.reduce(0, +)
        }
    }
}
