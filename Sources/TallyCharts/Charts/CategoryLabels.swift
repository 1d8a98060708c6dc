/// Labels under upright bars: level when they fit, every n-th when the categories are ordered (numbers, dates),
/// turned 45° when they are names that would collide, and cut with an ellipsis past 120 units.
struct CategoryLabels {
    static let fontSize = 13.0
    private static let maxRotatedWidth = 120.0

    let texts: [String]
    /// Estimated widths of `texts`.
    let widths: [Double]
    let rotated: Bool
    /// Draw every `every`-th label, so that neighbours do not overlap.
    let every: Int
    /// Room the labels need below the plot.
    let height: Double

    init(_ labels: [String], step: Double, ordered: Bool) {
        let widths = labels.map { TextMetrics.width($0, fontSize: Self.fontSize) }
        let widest = widths.max() ?? 0
        if widest + 6 <= step || ordered || labels.count <= 1 {
            texts = labels
            self.widths = widths
            rotated = false
            every = widest + 6 <= step ? 1 : Int(((widest + 12) / max(step, 1)).rounded(.up))
            height = 26
        } else {
            texts = labels.map { TextMetrics.truncated($0, fontSize: Self.fontSize, maxWidth: Self.maxRotatedWidth) }
            self.widths = texts.map { TextMetrics.width($0, fontSize: Self.fontSize) }
            rotated = true
            every = step >= 16 ? 1 : Int((16 / max(step, 1)).rounded(.up))
            height = (self.widths.max() ?? 0) * 0.71 + 24
        }
    }

    /// The plot's left edge moved right, when needed, so that the first turned label is whole rather than cut
    /// ("2026 w09", not "202…"): a turned label reaches left by 0.71 of its width from 4 units right of its
    /// centre and keeps 12 from the chart's edge. `firstCenter(left)` is that label's centre for a plot starting at
    /// `left`. The edge moves by at most a fifth of the chart's width; a longer label is still shortened.
    func left(from left: Double, width: Double, firstCenter: (Double) -> Double) -> Double {
        guard rotated, let first = widths.first else { return left }
        // A unit to spare, so that rounding never leaves the label a hair too long for its room.
        let needed = first * 0.71 + 9
        var moved = left
        // Moving the edge narrows every band, and with them the first one's centre: more passes settle it.
        for _ in 0..<3 { moved += max(0, needed - firstCenter(moved)) }
        return min(moved, max(left, width * 0.2))
    }

    /// Writes the labels under the plot whose bottom edge is `y`, centred on `center(index)` but kept
    /// inside `bounds`.
    func write(y: Double, center: (Int) -> Double, bounds: (Double, Double), into svg: inout SVGWriter) {
        svg.raw(rotated ? "<g class=\"tk e\">" as StaticString : "<g class=\"tk m\">" as StaticString)
        for (index, text) in texts.enumerated() where index % every == 0 {
            let x = center(index)
            if rotated {
                let baseline = y + 14
                // A turned label reaches left by 0.71 of its width; shorten the first ones so none leaves the chart.
                let room = (x + 4 - bounds.0 - 12) / 0.71
                let text = widths[index] > room ? TextMetrics.truncated(text, fontSize: Self.fontSize, maxWidth: room) : text
                svg.raw("<text transform=\"rotate(-45 " as StaticString)
                svg.number(x + 4)
                svg.raw(" " as StaticString)
                svg.number(baseline)
                svg.raw(")\"" as StaticString)
                svg.attribute("x", x + 4)
                svg.attribute("y", baseline)
                svg.raw(">" as StaticString)
                svg.text(text)
                svg.raw("</text>" as StaticString)
            } else {
                svg.label(text, x: Self.clamp(x, width: widths[index], bounds), y: y + 18)
            }
        }
        svg.raw("</g>" as StaticString)
    }

    /// The centre `x` moved just enough for the label to stay inside `bounds`.
    static func clamp(_ x: Double, width: Double, _ bounds: (Double, Double)) -> Double {
        min(max(x, bounds.0 + width / 2), bounds.1 - width / 2)
    }
}
