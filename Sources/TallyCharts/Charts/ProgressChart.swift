import TallyFormat

/// A value against a goal, such as giving against a pledge: a filled track, a mark at the target when the
/// value passes it, and the percentage written out.
enum ProgressChart {
    static func render(spec: ChartSpec, data: ChartData, prefix: String) throws(ChartError) -> RenderedChart {
        let progress = try ProgressValues(spec: spec, data: data)
        let name = spec.y.first ?? "value"
        let title = (spec.title ?? name + " against target") + spec.titleSuffix
        let width = spec.width ?? 600
        let height = spec.height ?? 76
        guard let value = progress.value, let target = progress.target else {
            let table = ChartTable(caption: title, header: ["Measure", name], rows: [])
            return EmptyChart.render(title: title, width: width, height: height, prefix: prefix, table: table.emptyHTML)
        }
        let style = progress.style
        let ratio = value / target
        let percent = percentText(ratio, locale: spec.locale)
        let table = ChartTable(caption: title, header: ["Measure", name], rows: [
            ["Total", style.full(value)], ["Target", style.full(target)], ["Progress", percent],
        ])
        let remaining = target - value
        let description = spec.description ?? "Progress bar: " + style.full(value) + " of the " + style.full(target)
            + " target (" + percent + "), " + (remaining > 0 ? style.full(remaining) + " to go." :
                remaining == 0 ? "target reached." : "target passed by " + style.full(-remaining) + ".")

        let track = (left: 8.0, right: width - 8, top: height - 38, height: 20.0)
        let trackWidth = track.right - track.left
        let full = max(value, target)
        var canvas = ChartCanvas(prefix: prefix, width: width, height: height, title: title, description: description,
                                 capacity: 1024)
        canvas.svg.label(style.full(value) + " of " + style.full(target), x: track.left, y: track.top - 12)
        canvas.svg.label(percent, x: track.right, y: track.top - 10, attributes: " class=\"e big\"")
        canvas.svg.rectStart(x: track.left, y: track.top, width: trackWidth, height: track.height)
        canvas.svg.raw(" class=\"track\" rx=\"4\"><title>Target: " as StaticString)
        canvas.svg.text(style.full(target))
        canvas.svg.raw("</title></rect>" as StaticString)
        let filled = max(0, value) / full * trackWidth
        canvas.svg.rectStart(x: track.left, y: track.top, width: filled, height: track.height)
        canvas.svg.raw(" class=\"mk s1\" rx=\"4\">" as StaticString)
        canvas.svg.title(name + ": " + style.full(value) + " (" + percent + " of " + style.full(target) + ")")
        canvas.svg.raw("</rect>" as StaticString)
        if value > target {
            let x = track.left + target / full * trackWidth
            canvas.svg.raw("<path class=\"cut\" d=\"M" as StaticString)
            canvas.svg.number(x)
            canvas.svg.raw(" " as StaticString)
            canvas.svg.number(track.top - 4)
            canvas.svg.raw("v" as StaticString)
            canvas.svg.number(track.height + 8)
            canvas.svg.raw("\"><title>Target: " as StaticString)
            canvas.svg.text(style.full(target))
            canvas.svg.raw("</title></path>" as StaticString)
        }
        return RenderedChart(svg: canvas.finish(), table: table.html, title: title)
    }

    /// Whole percent, rounded down below 100 so that "100%" is only shown once the target is reached.
    static func percentText(_ ratio: Double, locale: FormatLocale) -> String {
        let percent = ratio * 100
        let shown = percent < 100 && percent > 0 ? percent.rounded(.down) : percent.rounded()
        return locale.percentText(NumberText.decimal(shown, minus: Glyph.minus))
    }
}
