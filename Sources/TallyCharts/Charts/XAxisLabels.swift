import TallyFormat

/// The horizontal axis of a line or area chart: evenly spaced points for text categories, a number scale,
/// or a time scale, with the labels that fit.
struct XAxisLabels {
    let scale: LinearScale
    private let points: BandScale?
    private let categoryLabels: CategoryLabels?
    private let ticks: XAxisTicks?

    /// Room the labels need below the plot.
    var height: Double { categoryLabels?.height ?? 26 }

    /// The plot's left edge for labels that start at `left`: moved right when the first turned text label
    /// would otherwise be cut (`CategoryLabels.left(from:width:firstCenter:)`).
    static func left(from left: Double, right: Double, width: Double, dataset: CategoryDataset) -> Double {
        guard dataset.xKind == .text, let labels = XAxisLabels(dataset: dataset, left: left, right: right).categoryLabels else { return left }
        let count = dataset.categories.count
        return labels.left(from: left, width: width) { left in Self.points(count: count, left: left, right: right).center(0) }
    }

    private static func points(count: Int, left: Double, right: Double) -> BandScale {
        BandScale(count: count, range: (left, right), paddingInner: 1, paddingOuter: 0.3)
    }

    init(dataset: CategoryDataset, left: Double, right: Double) {
        let positions = dataset.categories.map(\.position)
        let lower = positions.min() ?? 0
        let upper = positions.max() ?? 0
        scale = LinearScale(exact: lower, upper, range: (left, right))
        switch dataset.xKind {
        case .text:
            let points = Self.points(count: positions.count, left: left, right: right)
            self.points = points
            categoryLabels = CategoryLabels(dataset.categories.map(\.axisLabel), step: points.step, ordered: false)
            ticks = nil
        case .number:
            points = nil
            categoryLabels = nil
            ticks = XAxisTicks.numbers(lower, upper, scale: scale, width: right - left, locale: dataset.axisStyle.locale)
        case .date:
            points = nil
            categoryLabels = nil
            let precision = dataset.categories.compactMap(\.date?.precision).min() ?? .day
            ticks = XAxisTicks.dates(lower, upper, precision: precision, scale: scale, width: right - left,
                                     locale: dataset.axisStyle.locale)
        }
    }

    /// The x of text category `index`.
    func center(_ index: Int) -> Double { points?.center(index) ?? scale(Double(index)) }

    func write(bottom: Double, bounds: (Double, Double), into svg: inout SVGWriter) {
        if let categoryLabels, let points {
            categoryLabels.write(y: bottom, center: { points.center($0) }, bounds: bounds, into: &svg)
        } else if let ticks {
            ticks.write(y: bottom + 18, scale: scale, bounds: bounds, into: &svg)
        }
    }
}
