/// A row (or rows) of series keys above the plot: a swatch in the series' colour and pattern, then the
/// series name. (Line charts name their series at the ends of the lines instead.)
struct Legend {
    struct Entry {
        var name: String
        var x: Double
        var row: Int
    }

    static let fontSize = 13.0
    static let rowHeight = 22.0
    private static let swatchWidth = 14.0

    let entries: [Entry]
    var height: Double { entries.isEmpty ? 0 : Double((entries.last?.row ?? 0) + 1) * Self.rowHeight }

    /// Lays `names` out from `left`, wrapping before `right`. One series needs no legend, so it gets none.
    init(names: [String], left: Double, right: Double) {
        guard names.count > 1 else {
            entries = []
            return
        }
        var placed: [Entry] = []
        var x = left
        var row = 0
        for name in names {
            let shown = TextMetrics.truncated(name, fontSize: Self.fontSize, maxWidth: 180)
            let width = Self.swatchWidth + 6 + TextMetrics.width(shown, fontSize: Self.fontSize)
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
            svg.rectStart(x: entry.x, y: middle - 7, width: Self.swatchWidth, height: Self.swatchWidth)
            SeriesPatterns.writeFill(series: index, prefix: prefix, into: &svg)
            svg.raw("/>" as StaticString)
            svg.label(entry.name, x: entry.x + Self.swatchWidth + 6, y: middle + 4.5)
        }
        svg.raw("</g>" as StaticString)
    }
}
