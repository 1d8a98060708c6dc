/// Lines (`line`), filled areas (`area`) and stacked areas (`stacked-area`) over a category, number or time axis.
/// Several series get different dashes and a name label at their right end, so colour is never the only key.
enum LineChart {
    static func render(spec: ChartSpec, data: ChartData, prefix: String) throws(ChartError) -> RenderedChart {
        let dataset = try CategoryDataset(spec: spec, data: data)
        return CategoryChartFrame.render(spec: spec, dataset: dataset, totals: spec.kind == .stackedArea, size: (600, 320),
                                         prefix: prefix, baseBytes: 2048, bytesPerMark: 120) { width, height in
            LinePlot(kind: spec.kind, dataset: dataset, width: width, height: height)
        }
    }
}

/// The geometry of a line or area chart: each series as (low, high) per category, the scales and the labels.
struct LinePlot: CategoryPlot {
    let kind: ChartKind
    let dataset: CategoryDataset
    /// Per series and category: the baseline and the value's height; nil where the series has no value.
    let layers: [[(low: Double, high: Double)?]]
    let axis: ValueAxis
    let x: [Double]
    let xLabels: XAxisLabels
    let top: Double
    let bottom: Double
    let left: Double
    let right: Double
    let endLabels: [String]

    init(kind: ChartKind, dataset: CategoryDataset, width: Double, height: Double) {
        self.kind = kind
        self.dataset = dataset
        layers = Self.layers(kind: kind, dataset: dataset)
        let multiple = dataset.series.count > 1
        endLabels = multiple ? dataset.series.map { TextMetrics.truncated($0.name, fontSize: 13, maxWidth: width * 0.2) } : []
        let endWidth = endLabels.map { TextMetrics.width($0, fontSize: 13) }.max() ?? 0
        right = width - (multiple ? endWidth + 14 : 20)
        top = 14
        var lower = Double.infinity
        var upper = -Double.infinity
        for layer in layers {
            for case let span? in layer {
                // A line's baseline is not drawn, so only its values set the domain.
                lower = min(lower, span.high, kind == .line ? span.high : span.low)
                upper = max(upper, span.high, kind == .line ? span.high : span.low)
            }
        }
        let includeZero = kind != .line || (lower >= 0 && lower <= upper / 2) || (upper <= 0 && upper >= lower / 2)
        let trial = ValueAxis(lower: lower, upper: upper, style: dataset.axisStyle, range: (height - 30, top), spacing: 45,
                              includeZero: includeZero, minimumStep: dataset.wholeNumberStep)
        left = XAxisLabels.left(from: max(trial.labelWidth + 14, 24), right: right, width: width, dataset: dataset)
        let positions = dataset.categories.map(\.position)
        let xLabels = XAxisLabels(dataset: dataset, left: left, right: right)
        self.xLabels = xLabels
        bottom = height - xLabels.height
        axis = ValueAxis(lower: lower, upper: upper, style: dataset.axisStyle, range: (bottom, top), spacing: 45,
                         includeZero: includeZero, minimumStep: dataset.wholeNumberStep, trial: trial)
        x = dataset.xKind == .text ? positions.indices.map(xLabels.center) : positions.map { xLabels.scale($0) }
    }

    /// Lines and unstacked areas rise from zero; stacked areas pile positive values upward and negative values
    /// downward from zero, with a missing value counting as zero so the layers stay closed.
    private static func layers(kind: ChartKind, dataset: CategoryDataset) -> [[(low: Double, high: Double)?]] {
        guard kind == .stackedArea else {
            return dataset.series.map { series in series.values.map { $0.map { (0, $0) } } }
        }
        var positive = [Double](repeating: 0, count: dataset.categories.count)
        var negative = positive
        return dataset.series.map { series in
            series.values.enumerated().map { index, value in
                let value = value ?? 0
                if value >= 0 {
                    defer { positive[index] += value }
                    return (positive[index], positive[index] + value)
                }
                defer { negative[index] += value }
                return (negative[index] + value, negative[index])
            }
        }
    }
}
