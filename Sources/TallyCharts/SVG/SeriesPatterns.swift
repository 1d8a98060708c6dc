/// Fill patterns that tell series apart without colour: series 1 is solid, the others add hatching, dots or
/// grids drawn in the background colour over the series colour. Pattern ids start with the chart's prefix.
enum SeriesPatterns {
    /// The palette slot (1–8) of series `index` (0-based); past eight, colours repeat with other patterns.
    static func slot(_ index: Int) -> Int { index % 8 + 1 }

    /// Writes `<defs>` with the patterns for the first `count` series (none are needed for one series). A series
    /// with a colour of its own in `colors` (a pie slice's, from the data) is drawn in it instead of its slot's.
    static func writeDefinitions(count: Int, prefix: String, colors: [ChartColor?] = [], into svg: inout SVGWriter) {
        guard count > 1 else { return }
        svg.raw("<defs>" as StaticString)
        for index in 1..<min(count, 16) {
            svg.raw("<pattern id=\"")
            svg.text(prefix)
            svg.raw("-p")
            svg.integer(index)
            if index < colors.count, let colour = colors[index] {
                svg.raw("\" color=\"")
                svg.raw(colour.hex)
            } else {
                svg.raw("\" class=\"s")
                svg.integer(slot(index))
            }
            svg.raw("\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\"")
            let shape = shapes[(index - 1) % shapes.count]
            if shape.rotated { svg.raw(" patternTransform=\"rotate(45)\"" as StaticString) }
            svg.raw("><rect width=\"8\" height=\"8\" fill=\"currentColor\"/><path class=\"hatch\" d=\"")
            svg.raw(shape.path)
            svg.raw("\"/></pattern>" as StaticString)
        }
        svg.raw("</defs>" as StaticString)
    }

    /// The fill for series `index` as attributes: a class for series 1, the pattern for the others.
    /// `extraClasses` (such as "gap") are added to the class attribute.
    static func writeFill(series index: Int, prefix: String, extraClasses: StaticString = "", colors: [ChartColor?] = [],
                          into svg: inout SVGWriter) {
        if index == 0 || index >= 16 {
            let colour = index < colors.count ? colors[index] : nil
            svg.raw(" class=\"mk" as StaticString)
            if colour == nil {
                svg.raw(" s" as StaticString)
                svg.integer(slot(index))
            }
            svg.raw(extraClasses)
            svg.raw("\"" as StaticString)
            if let colour {
                svg.raw(" color=\"" as StaticString)
                svg.raw(colour.hex)
                svg.raw("\"" as StaticString)
            }
        } else {
            svg.raw(" fill=\"url(#" as StaticString)
            svg.text(prefix)
            svg.raw("-p" as StaticString)
            svg.integer(index)
            svg.raw(")\"" as StaticString)
            if extraClasses.utf8CodeUnitCount > 0 {
                svg.raw(" class=\"" as StaticString)
                extraClasses.withUTF8Buffer { buffer in
                    svg.raw(String(decoding: buffer.dropFirst(), as: UTF8.self))
                }
                svg.raw("\"" as StaticString)
            }
        }
    }

    // Each shape is drawn on an 8×8 tile; rotated ones turn stripes into diagonals.
    private static let shapes: [(path: StaticString, rotated: Bool)] = [
        ("M4 0v8", true),
        ("M3 4h2", false),
        ("M0 4h8", false),
        ("M4 0v8M0 4h8", true),
        ("M4 0v8", false),
        ("M0 4h8", true),
        ("M1.5 2h1M5.5 6h1", false),
    ]
}
