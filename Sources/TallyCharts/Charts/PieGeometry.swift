/// Draws pie or donut slices and the legend beside them, or below them in a narrow chart whose legend would
/// not fit beside.
struct PieGeometry {
    let height: Double
    let radius: Double
    let innerRadius: Double
    let center: (x: Double, y: Double)
    let legendX: Double
    let legendWidth: Double
    /// The top of the legend's first row.
    let legendY: Double

    static let rowHeight = 26.0
    /// From this width up the legend always stays beside the pie (the default chart is 600 wide), as it did
    /// before narrow charts existed; below it (a phone-sized chart is 376 wide) it moves under the pie when a
    /// row would otherwise be cut short.
    static let narrowWidth = 480.0

    /// - Parameters:
    ///   - height: the chart's height, or nil for the default: 300 beside, or room for a pie about 200 across and
    ///     the legend below it.
    ///   - slices: the legend's rows, to see whether their names fit beside the pie uncut.
    init(width: Double, height: Double?, donut: Bool, slices: [PieChart.Slice], style: NumberStyle) {
        let legendHeight = Double(slices.count) * PieGeometry.rowHeight
        let besideRadius = max(10, min((height ?? 300) / 2 - 14, width * 0.24))
        let besideWidth = width - (16 + 2 * besideRadius + 32) - 8
        let fits = slices.allSatisfy { slice in
            TextMetrics.width(slice.name, fontSize: 13) <= PieGeometry.nameRoom(besideWidth, slice, style: style)
        }
        if width < PieGeometry.narrowWidth && !fits {
            self.height = height ?? 2 * min(width / 2 - 16, 100) + legendHeight + 44
            radius = max(10, min(width / 2 - 16, (self.height - legendHeight - 44) / 2))
            center = (width / 2, 14 + radius)
            legendX = 16
            legendY = center.y + radius + 22
        } else {
            self.height = height ?? 300
            radius = besideRadius
            center = (16 + radius, self.height / 2)
            legendX = center.x + radius + 32
            legendY = center.y - legendHeight / 2
        }
        innerRadius = donut ? radius * 0.58 : 0
        legendWidth = width - legendX - 8
    }

    /// A legend row's share and value, after the slice's name.
    static func numbers(_ slice: PieChart.Slice, style: NumberStyle) -> String {
        style.percent.full(slice.share) + " · " + style.full(slice.value)
    }

    /// The width a slice's name may take in a legend `legendWidth` wide: what the swatch and numbers leave.
    static func nameRoom(_ legendWidth: Double, _ slice: PieChart.Slice, style: NumberStyle) -> Double {
        legendWidth - 24 - TextMetrics.width(numbers(slice, style: style), fontSize: 13) - 8
    }

    func write(_ slices: [PieChart.Slice], style: NumberStyle, total: Double, into canvas: inout ChartCanvas) {
        let prefix = canvas.prefix
        let colors = slices.map(\.color)
        SeriesPatterns.writeDefinitions(count: slices.count, prefix: prefix, colors: colors, into: &canvas.svg)
        var angle = 0.0
        for (index, slice) in slices.enumerated() {
            let sweep = slice.share * 2 * Trig.pi
            canvas.svg.raw("<path" as StaticString)
            SeriesPatterns.writeFill(series: index, prefix: prefix, extraClasses: " gap", colors: colors, into: &canvas.svg)
            canvas.svg.raw(" d=\"" as StaticString)
            writeSlice(from: angle, to: angle + sweep, into: &canvas.svg)
            canvas.svg.raw("\">" as StaticString)
            canvas.svg.title(slice.name + ": " + style.full(slice.value) + " (" + style.percent.full(slice.share) + ")")
            canvas.svg.raw("</path>" as StaticString)
            angle += sweep
        }
        if innerRadius > 0 {
            canvas.svg.label(style.short(total), x: center.x, y: center.y + 4, attributes: " class=\"m big\"")
            canvas.svg.label("total", x: center.x, y: center.y + 24, attributes: " class=\"m mu\"")
        }
        writeLegend(slices, style: style, prefix: prefix, into: &canvas.svg)
    }

    /// A slice from `start` to `end` radians, clockwise from twelve o'clock; a whole circle is two half arcs.
    private func writeSlice(from start: Double, to end: Double, into svg: inout SVGWriter) {
        if end - start >= 2 * Trig.pi - 1e-9 {
            writeRing(radius, clockwise: true, into: &svg)
            // The inner ring runs the other way, so the non-zero fill rule leaves the hole empty.
            if innerRadius > 0 { writeRing(innerRadius, clockwise: false, into: &svg) }
            return
        }
        let large = end - start > Trig.pi
        let outerStart = point(start, radius)
        let outerEnd = point(end, radius)
        svg.raw("M" as StaticString)
        writePoint(outerStart, into: &svg)
        writeArc(radius, large: large, clockwise: true, to: outerEnd, into: &svg)
        if innerRadius > 0 {
            svg.raw("L" as StaticString)
            writePoint(point(end, innerRadius), into: &svg)
            writeArc(innerRadius, large: large, clockwise: false, to: point(start, innerRadius), into: &svg)
        } else {
            svg.raw("L" as StaticString)
            writePoint(center, into: &svg)
        }
        svg.raw("Z" as StaticString)
    }

    private func writeRing(_ r: Double, clockwise: Bool, into svg: inout SVGWriter) {
        svg.raw("M" as StaticString)
        writePoint((center.x, center.y - r), into: &svg)
        writeArc(r, large: true, clockwise: clockwise, to: (center.x, center.y + r), into: &svg)
        writeArc(r, large: true, clockwise: clockwise, to: (center.x, center.y - r), into: &svg)
        svg.raw("Z" as StaticString)
    }

    private func writeArc(_ r: Double, large: Bool, clockwise: Bool, to end: (x: Double, y: Double), into svg: inout SVGWriter) {
        svg.raw("A" as StaticString)
        svg.number(r)
        svg.raw(" " as StaticString)
        svg.number(r)
        svg.raw(large ? " 0 1 " as StaticString : " 0 0 " as StaticString)
        svg.raw(clockwise ? "1 " as StaticString : "0 " as StaticString)
        writePoint(end, into: &svg)
    }

    private func writePoint(_ point: (x: Double, y: Double), into svg: inout SVGWriter) {
        svg.number(point.x)
        svg.raw(" " as StaticString)
        svg.number(point.y)
    }

    private func point(_ angle: Double, _ r: Double) -> (x: Double, y: Double) {
        let (sine, cosine) = Trig.sinCos(angle)
        return (center.x + r * sine, center.y - r * cosine)
    }

    /// One row per slice: swatch, name, then share and value in the muted colour.
    private func writeLegend(_ slices: [PieChart.Slice], style: NumberStyle, prefix: String, into svg: inout SVGWriter) {
        var y = legendY
        svg.raw("<g class=\"lg\">" as StaticString)
        for (index, slice) in slices.enumerated() {
            svg.rectStart(x: legendX, y: y + 5, width: 16, height: 16)
            SeriesPatterns.writeFill(series: index, prefix: prefix, colors: slices.map(\.color), into: &svg)
            svg.raw("/>" as StaticString)
            let numbers = PieGeometry.numbers(slice, style: style)
            let room = PieGeometry.nameRoom(legendWidth, slice, style: style)
            let name = TextMetrics.truncated(slice.name, fontSize: 13, maxWidth: max(room, 40))
            svg.raw("<text" as StaticString)
            svg.attribute("x", legendX + 24)
            svg.attribute("y", y + 18)
            svg.raw(">" as StaticString)
            svg.text(name)
            svg.raw(" <tspan class=\"mu\">" as StaticString)
            svg.text(numbers)
            svg.raw("</tspan></text>" as StaticString)
            y += PieGeometry.rowHeight
        }
        svg.raw("</g>" as StaticString)
    }
}
