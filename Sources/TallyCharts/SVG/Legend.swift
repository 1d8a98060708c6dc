/// A row (or rows) of series keys above the plot: a swatch in the series' colour and pattern, or a short line
/// in its colour and dash, followed by the series name.
struct Legend {
    enum Swatch { case fill, line }

    struct Entry {
        var name: String
        var x: Double
        var row: Int
    }

    static let fontSize = 13.0
    static let rowHeight = 22.0
    private static let swatchWidth = 14.0

    let entries: [Entry]
    let swatch: Swatch
    var height: Double { entries.isEmpty ? 0 : Double((entries.last?.row ?? 0) + 1) * Self.rowHeight }

    /// Lays `names` out from `left`, wrapping before `right`. One series needs no legend, so it gets none.
    init(names: [String], swatch: Swatch, left: Double, right: Double) {
        self.swatch = swatch
        guard names.count > 1 else {
            entries = []
            return
        }
        var placed: [Entry] = []
        var x = left
        var row = 0
        let markWidth = swatch == .line ? 24.0 : Self.swatchWidth
        for name in names {
            let shown = TextMetrics.truncated(name, fontSize: Self.fontSize, maxWidth: 180)
            let width = markWidth + 6 + TextMetrics.width(shown, fontSize: Self.fontSize)
            if x > left, x + width > right {
                row += 1
                x = left
            }
            placed.append(Entry(name: shown, x: x, row: row))
            x += width + 18
        }
        entries = placed
    }

    /// Draws the legend with its first row's top at `top`.
    func write(top: Double, prefix: String, into svg: inout SVGWriter) {
        guard !entries.isEmpty else { return }
        svg.raw("<g class=\"lg\">" as StaticString)
        for (index, entry) in entries.enumerated() {
            let middle = top + Double(entry.row) * Self.rowHeight + Self.rowHeight / 2
            switch swatch {
            case .fill:
                svg.rectStart(x: entry.x, y: middle - 7, width: Self.swatchWidth, height: Self.swatchWidth)
                SeriesPatterns.writeFill(series: index, prefix: prefix, into: &svg)
                svg.raw("/>" as StaticString)
            case .line:
                svg.raw("<path class=\"ln s" as StaticString)
                svg.integer(SeriesPatterns.slot(index))
                if index % 8 > 0 {
                    svg.raw(" d" as StaticString)
                    svg.integer(index % 8 + 1)
                }
                svg.raw("\" d=\"M" as StaticString)
                svg.number(entry.x)
                svg.raw(" " as StaticString)
                svg.number(middle)
                svg.raw("h24\"/>" as StaticString)
            }
            let textX = entry.x + (swatch == .line ? 30 : Self.swatchWidth + 6)
            svg.label(entry.name, x: textX, y: middle + 4.5)
        }
        svg.raw("</g>" as StaticString)
    }
}
