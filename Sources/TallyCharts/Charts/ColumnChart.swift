/// Upright bars: one series (`bar`), series side by side (`grouped-bar`), stacked (`stacked-bar`) or stacked
/// to 100% (`percent-bar`). Bars grow from zero, so negative values hang below the zero line.
enum ColumnChart {
    static let defaultSize = (width: 600.0, height: 320.0)

    static func render(spec: ChartSpec, data: ChartData, prefix: String) throws(ChartError) -> RenderedChart {
        let dataset = try CategoryDataset(spec: spec, data: data, partsOfWhole: spec.kind == .percentBar)
        return CategoryChartFrame.render(spec: spec, dataset: dataset, totals: spec.kind == .stackedBar || spec.kind == .percentBar,
                                         size: defaultSize, prefix: prefix, baseBytes: 1024, bytesPerMark: 160) { width, height in
            ColumnPlot(kind: spec.kind, dataset: dataset, width: width, height: height, labels: spec.valueLabels)
        }
    }
}

/// The geometry of an upright bar chart: legend, value axis, category bands and the marks in them.
struct ColumnPlot: CategoryPlot {
    let kind: ChartKind
    let dataset: CategoryDataset
    let legend: Legend
    let axis: ValueAxis
    let bands: BandScale
    let categoryLabels: CategoryLabels
    let top: Double
    let bottom: Double
    let left: Double
    let right: Double
    let valueLabels: Bool
    /// Per category and series, the stretch of value axis a bar covers.
    let spans: [[(low: Double, high: Double)?]]

    init(kind: ChartKind, dataset: CategoryDataset, width: Double, height: Double, labels: Bool) {
        self.kind = kind
        self.dataset = dataset
        spans = Self.spans(kind: kind, dataset: dataset)
        legend = Legend(names: dataset.series.map(\.name), left: 8, right: width - 8)
        valueLabels = labels && kind != .percentBar
        top = 12 + legend.height + (legend.height > 0 ? 12 : 0) + (valueLabels ? 14 : 0)
        var lower = 0.0
        var upper = 0.0
        for category in spans {
            for span in category {
                guard let span else { continue }
                lower = min(lower, span.low)
                upper = max(upper, span.high)
            }
        }
        upper = max(upper, LimitMarks(dataset: dataset).highest)
        let style = kind == .percentBar ? dataset.axisStyle.percent : dataset.axisStyle
        let step = kind == .percentBar ? nil : dataset.wholeNumberStep
        let trial = ValueAxis(lower: lower, upper: upper, style: style, range: (height - 30, top), spacing: 45,
                              includeZero: true, minimumStep: step)
        let trialLeft = max(trial.labelWidth + 14, 24)
        let count = dataset.categories.count
        let trialBands = BandScale(count: count, range: (trialLeft, width - 16))
        let labels = dataset.categories.map(\.axisLabel)
        let trialLabels = CategoryLabels(labels, step: trialBands.step, ordered: dataset.xKind != .text)
        bottom = height - trialLabels.height
        axis = ValueAxis(lower: lower, upper: upper, style: style, range: (bottom, top), spacing: 45, includeZero: true,
                         minimumStep: step, trial: trial)
        right = width - 16
        left = trialLabels.left(from: max(trialLeft, axis.labelWidth + 14), width: width) { left in
            BandScale(count: count, range: (left, width - 16)).center(0)
        }
        bands = BandScale(count: count, range: (left, right))
        // The bands narrowed when the plot moved right for its first label: which labels are drawn is decided on
        // the step they have now, so that turned ones are still far enough apart.
        categoryLabels = bands.step == trialBands.step ? trialLabels
            : CategoryLabels(labels, step: bands.step, ordered: dataset.xKind != .text)
    }

    /// Where each bar sits on the value axis: from zero for single and grouped bars, on top of the previous
    /// segment for stacks (positive and negative values stack away from zero separately), as shares for 100%.
    private static func spans(kind: ChartKind, dataset: CategoryDataset) -> [[(low: Double, high: Double)?]] {
        let stacked = kind == .stackedBar || kind == .percentBar
        let totals = kind == .percentBar ? dataset.stackTotals() : []
        return dataset.categories.indices.map { category in
            var positive = 0.0
            var negative = 0.0
            return dataset.series.map { series -> (low: Double, high: Double)? in
                guard var value = series.values[category] else { return nil }
                if kind == .percentBar {
                    let total = totals[category].positive
                    value = total > 0 ? value / total : 0
                }
                guard stacked else { return value >= 0 ? (0, value) : (value, 0) }
                if value >= 0 {
                    defer { positive += value }
                    return (positive, positive + value)
                }
                defer { negative += value }
                return (negative + value, negative)
            }
        }
    }
}
