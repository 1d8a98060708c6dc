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

    init(dataset: CategoryDataset, left: Double, right: Double) {
        let positions = dataset.categories.map(\.position)
        let lower = positions.min() ?? 0
        let upper = positions.max() ?? 0
        scale = LinearScale(exact: lower, upper, range: (left, right))
        switch dataset.xKind {
        case .text:
            let points = BandScale(count: positions.count, range: (left, right), paddingInner: 1, paddingOuter: 0.3)
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
