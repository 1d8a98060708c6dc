import TallyFormat

/// A year of days (a calendar year, or with `months` the months up to the latest date) in week columns
/// (Monday at the top), shaded by the day's count in five levels, like a
/// contributions graph. Rows are dated entries; without a `y` column each row counts once.
enum CalendarChart {
    // 13-unit days 2 apart: at the 49rem the stylesheet keeps a calendar to, a day is 12px across, as big as a
    // label's text, where 10-unit days on a 12-unit pitch came out at 9px.
    static let pitch = 15.0
    static let cell = 13.0
    static let left = 34.0
    static let top = 24.0

    static func render(spec: ChartSpec, data: ChartData, prefix: String) throws(ChartError) -> RenderedChart {
        let days = try CalendarDays(spec: spec, data: data)
        let name = spec.y.first ?? "entries"
        let title = (spec.title ?? name + " per day " + days.rangeName) + spec.titleSuffix
        let table = ChartTable(caption: title, header: [spec.x ?? "date", spec.y.first ?? "count"],
                               rows: days.counts.map { [days.style.locale.date(ISODate(daysSinceEpoch: $0.day)), days.style.full($0.value)] })
        let width = spec.width ?? left + Double(spec.months == nil ? 54 : max(days.weeks, 20)) * pitch + 8
        let height = spec.height ?? top + 7 * pitch + 34
        guard let busiest = days.counts.max(by: { $0.value < $1.value }), busiest.value > 0 else {
            return EmptyChart.render(title: title, width: width, height: height, prefix: prefix, table: table.emptyHTML)
        }
        let description = spec.description ?? days.describe(name: name, busiest: busiest)
        var canvas = ChartCanvas(prefix: prefix, width: width, height: height, title: title, description: description,
                                 capacity: 30_000, extraClass: " tally-cal")
        writeLabels(days, width: width, into: &canvas.svg)
        writeCells(days, maximum: busiest.value, into: &canvas.svg)
        writeLegend(maximum: busiest.value, style: days.style, width: width, y: top + 7 * pitch + 12, into: &canvas.svg)
        return RenderedChart(svg: canvas.finish(), table: table.html, title: title)
    }

    /// The level (0–4) of a day's value against the busiest day's.
    static func level(_ value: Double, maximum: Double) -> Int {
        guard value > 0, maximum > 0 else { return 0 }
        return min(4, max(1, Int((value / maximum * 4).rounded(.up))))
    }

    private static func position(day: Int, firstMonday: Int) -> (x: Double, y: Double) {
        let offset = day - firstMonday
        return (left + Double(offset / 7) * pitch, top + Double(offset % 7) * pitch)
    }

    /// Each month whose first day is shown is named above the column of its first Monday, when that is shown and
    /// the name fits before the right edge: a window ending on Aug 3 leaves its last column unnamed rather than cut.
    private static func writeLabels(_ days: CalendarDays, width: Double, into svg: inout SVGWriter) {
        let start = ISODate(daysSinceEpoch: days.first)
        var month = ISODate(year: start.year, month: start.month, day: 1)
        svg.raw("<g class=\"tk\">" as StaticString)
        while month.daysSinceEpoch <= days.last {
            let monday = month.daysSinceEpoch + (7 - month.weekday) % 7
            let name = days.style.locale.shortMonthName(month)
            let x = position(day: monday, firstMonday: days.firstMonday).x
            if month.daysSinceEpoch >= days.first, monday <= days.last, x + TextMetrics.width(name, fontSize: 13) <= width {
                svg.label(name, x: x, y: top - 8)
            }
            month = month.month == 12 ? ISODate(year: month.year + 1, month: 1, day: 1) : ISODate(year: month.year, month: month.month + 1, day: 1)
        }
        for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri")] {
            svg.label(name, x: 0, y: top + Double(row) * pitch + cell - 2)
        }
        svg.raw("</g>" as StaticString)
    }

    /// One square per day shown, grouped by level so each group sets its fill once.
    private static func writeCells(_ days: CalendarDays, maximum: Double, into svg: inout SVGWriter) {
        let firstMonday = days.firstMonday
        let first = days.first
        let last = days.last
        var values = [Double](repeating: 0, count: last - first + 1)
        for entry in days.counts { values[entry.day - first] = entry.value }
        for level in 0...4 {
            svg.raw("<g class=\"h" as StaticString)
            svg.integer(level)
            svg.raw("\">" as StaticString)
            for (offset, value) in values.enumerated() where Self.level(value, maximum: maximum) == level {
                let day = first + offset
                let spot = position(day: day, firstMonday: firstMonday)
                svg.raw("<path d=\"M" as StaticString)
                svg.number(spot.x)
                svg.raw(" " as StaticString)
                svg.number(spot.y)
                svg.raw("h13v13h-13z\">" as StaticString)
                svg.title(days.style.locale.date(ISODate(daysSinceEpoch: day)) + ": " + days.style.full(value))
                svg.raw("</path>" as StaticString)
            }
            svg.raw("</g>" as StaticString)
        }
    }

    /// "0 ▢▢▢▢▢ 12": the five levels between zero and the busiest day's value, right-aligned.
    private static func writeLegend(maximum: Double, style: NumberStyle, width: Double, y: Double, into svg: inout SVGWriter) {
        let high = style.full(maximum)
        let end = width - 8 - TextMetrics.width(high, fontSize: 13) - 6
        let start = end - 5 * pitch
        svg.label("0", x: start - 6, y: y + 11, attributes: " class=\"tk e\"")
        for level in 0...4 {
            svg.raw("<path class=\"h" as StaticString)
            svg.integer(level)
            svg.raw("\" d=\"M" as StaticString)
            svg.number(start + Double(level) * pitch)
            svg.raw(" " as StaticString)
            svg.number(y)
            svg.raw("h13v13h-13z\">" as StaticString)
            let low = level == 0 ? "0" : style.full(maximum * Double(level - 1) / 4)
            svg.title(level == 0 ? "none" : "more than " + low + " up to " + style.full(maximum * Double(level) / 4))
            svg.raw("</path>" as StaticString)
        }
        svg.label(high, x: end + 6, y: y + 11, attributes: " class=\"tk\"")
    }
}
