/// A linear value axis with its tick labels and gridlines: on the left for upright charts, along the bottom
/// for horizontal bars. The zero line, where the domain has one, is drawn darker than the grid and over the marks.
struct ValueAxis {
    static let fontSize = 13.0

    let scale: LinearScale
    let labels: [String]
    /// The widest tick label, which sets the left margin of upright charts.
    let labelWidth: Double

    /// An axis for values from `lower` to `upper` over `length` units, with about one tick per `spacing` units.
    /// `minimumStep` overrides the style's own (one minor unit for money), e.g. 1 for counts. When `trial`
    /// (an axis laid out for a guessed size) has the same ticks, its labels are reused rather than formatted again.
    init(lower: Double, upper: Double, style: NumberStyle, range: (start: Double, end: Double), spacing: Double,
         includeZero: Bool, minimumStep: Double? = nil, trial: ValueAxis? = nil) {
        let length = abs(range.end - range.start)
        let count = max(2, Int(length / spacing))
        scale = LinearScale(lower: lower, upper: upper, range: range, tickCount: count, includeZero: includeZero,
                            minimumStep: minimumStep ?? style.minimumStep)
        if let trial, trial.scale.ticks == scale.ticks {
            labels = trial.labels
            labelWidth = trial.labelWidth
        } else {
            labels = scale.ticks.map(style.tick)
            labelWidth = labels.map { TextMetrics.width($0, fontSize: Self.fontSize) }.max() ?? 0
        }
    }

    /// Horizontal gridlines from `left` to `right`; the zero line is drawn separately, over the marks.
    func writeHorizontalGrid(left: Double, right: Double, into svg: inout SVGWriter) {
        writeLines(ticks: scale.ticks.filter { $0 != 0 }, className: "grid", into: &svg) { svg, position in
            Self.horizontal(position, left, right, &svg)
        }
    }

    /// The zero line across the plot, when zero is inside the domain.
    func writeHorizontalZeroLine(left: Double, right: Double, into svg: inout SVGWriter) {
        guard hasZero else { return }
        writeLines(ticks: [0], className: "axis", into: &svg) { svg, position in Self.horizontal(position, left, right, &svg) }
    }

    /// Vertical gridlines from `top` to `bottom`.
    func writeVerticalGrid(top: Double, bottom: Double, into svg: inout SVGWriter) {
        writeLines(ticks: scale.ticks.filter { $0 != 0 }, className: "grid", into: &svg) { svg, position in
            Self.vertical(position, top, bottom, &svg)
        }
    }

    /// The zero line down the plot, when zero is inside the domain.
    func writeVerticalZeroLine(top: Double, bottom: Double, into svg: inout SVGWriter) {
        guard hasZero else { return }
        writeLines(ticks: [0], className: "axis", into: &svg) { svg, position in Self.vertical(position, top, bottom, &svg) }
    }

    /// Tick labels right-aligned at `x`, each centred on its gridline.
    func writeLeftLabels(x: Double, into svg: inout SVGWriter) {
        svg.raw("<g class=\"tk e\">" as StaticString)
        for (tick, label) in zip(scale.ticks, labels) { svg.label(label, x: x, y: scale(tick) + 4.5) }
        svg.raw("</g>" as StaticString)
    }

    /// Tick labels centred under their gridlines, with the baseline at `y`.
    func writeBottomLabels(y: Double, into svg: inout SVGWriter) {
        svg.raw("<g class=\"tk m\">" as StaticString)
        for (tick, label) in zip(scale.ticks, labels) { svg.label(label, x: scale(tick), y: y) }
        svg.raw("</g>" as StaticString)
    }

    private var hasZero: Bool { scale.domain.lower <= 0 && scale.domain.upper >= 0 }

    private func writeLines(ticks: [Double], className: StaticString, into svg: inout SVGWriter,
                            segment: (inout SVGWriter, Double) -> Void) {
        guard !ticks.isEmpty else { return }
        svg.raw("<path class=\"" as StaticString)
        svg.raw(className)
        svg.raw("\" d=\"" as StaticString)
        for tick in ticks { segment(&svg, scale(tick)) }
        svg.raw("\"/>" as StaticString)
    }

    private static func horizontal(_ y: Double, _ left: Double, _ right: Double, _ svg: inout SVGWriter) {
        svg.raw("M" as StaticString)
        svg.number(left)
        svg.raw(" " as StaticString)
        svg.number(y)
        svg.raw("H" as StaticString)
        svg.number(right)
    }

    private static func vertical(_ x: Double, _ top: Double, _ bottom: Double, _ svg: inout SVGWriter) {
        svg.raw("M" as StaticString)
        svg.number(x)
        svg.raw(" " as StaticString)
        svg.number(top)
        svg.raw("V" as StaticString)
        svg.number(bottom)
    }
}
