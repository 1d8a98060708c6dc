/// The chart drawn when there is nothing to plot: the same size and accessible names as the real chart,
/// a centred "No data", and the table (with its "No data" row) that the caller passes.
enum EmptyChart {
    static func render(title: String, width: Double, height: Double, prefix: String, table: String,
                       figureClass: String? = nil) -> RenderedChart {
        var canvas = ChartCanvas(prefix: prefix, width: width, height: height, title: title,
                                 description: "No data: the query returned no values to chart.", capacity: 512)
        if height >= 24 {
            canvas.writeNoData()
        } else {
            canvas.svg.raw("<path class=\"grid\" d=\"M2 " as StaticString)
            canvas.svg.number(height / 2)
            canvas.svg.raw("H" as StaticString)
            canvas.svg.number(width - 2)
            canvas.svg.raw("\"/>" as StaticString)
        }
        return RenderedChart(svg: canvas.finish(), table: table, title: title, figureClass: figureClass)
    }
}
