/// A chart ready for a page: the SVG, the data table that goes with it, and both wrapped in a figure.
public struct RenderedChart: Sendable, Hashable {
    /// The `<svg role="img">` element; for a chart drawn once per currency, each currency's SVG in turn.
    public let svg: String
    /// `<details class="tally-data"><summary>Data</summary><table>…</table></details>`; one per currency when the
    /// chart is drawn once per currency.
    public let table: String
    /// The chart's title, shown as the figure caption.
    public let title: String
    /// Extra class on the figure, such as "tally-spark" for sparklines.
    let figureClass: String?
    /// Whether the figure shows the title as its caption; sparklines sit inside a card that names them.
    let captioned: Bool
    /// The charts of a figure drawn once per currency, each with its own axis; empty for a single chart.
    let panels: [RenderedChart]

    init(svg: String, table: String, title: String, figureClass: String? = nil) {
        self.svg = svg
        self.table = table
        self.title = title
        self.figureClass = figureClass
        captioned = figureClass == nil
        panels = []
    }

    /// One figure captioned `title` holding `panels`, each followed by its own data table.
    init(title: String, panels: [RenderedChart]) {
        svg = panels.map(\.svg).joined()
        table = panels.map(\.table).joined()
        self.title = title
        figureClass = panels.first?.figureClass
        captioned = panels.first?.captioned ?? true
        self.panels = panels
    }

    /// A figure holding a chart drawn at two widths, each SVG marked for the stylesheet (`tally-narrow`,
    /// `tally-wide`), with the narrow drawing's table: the values are the same.
    init(narrow: RenderedChart, wide: RenderedChart) {
        let pairs = narrow.panels.isEmpty ? [(narrow, wide)] : Array(zip(narrow.panels, wide.panels))
        let joined = pairs.map { narrowPanel, widePanel in
            RenderedChart(svg: Self.marking(narrowPanel.svg, as: "tally-narrow") + Self.marking(widePanel.svg, as: "tally-wide"),
                          table: narrowPanel.table, title: narrowPanel.title, figureClass: nil)
        }
        svg = joined.map(\.svg).joined()
        table = narrow.table
        title = narrow.title
        figureClass = "tally-duo"
        captioned = true
        panels = narrow.panels.isEmpty ? [] : joined
    }

    /// `svg` with `name` added to the root's class list, which every chart's SVG starts with.
    /// Byte by byte: `firstRange(of:)` compared Characters, about 44,000 instructions a chart, drawn twice on each
    /// of 20,000 organization pages.
    private static func marking(_ svg: String, as name: String) -> String {
        let root = Array("class=\"tally-svg".utf8)
        let bytes = svg.utf8
        guard bytes.count >= root.count else { return svg }
        var start = bytes.startIndex
        let last = bytes.index(bytes.endIndex, offsetBy: -root.count)
        while start <= last {
            if bytes[start] == root[0], bytes[start...].starts(with: root) {
                let end = bytes.index(start, offsetBy: root.count)
                return String(svg[..<end]) + " " + name + String(svg[end...])
            }
            start = bytes.index(after: start)
        }
        return svg
    }

    /// `<figure class="tally-chart"><figcaption>title</figcaption>svg table</figure>`; sparklines have no caption,
    /// because they sit inside a card that names them. A chart drawn once per currency writes each SVG with its table.
    public var html: String {
        var out = SVGWriter(capacity: svg.utf8.count + table.utf8.count + title.utf8.count + 96)
        out.raw("<figure class=\"tally-chart" as StaticString)
        if let figureClass {
            out.raw(" " as StaticString)
            out.raw(figureClass)
        }
        out.raw("\">" as StaticString)
        if captioned {
            out.raw("<figcaption>" as StaticString)
            out.text(title)
            out.raw("</figcaption>" as StaticString)
        }
        for panel in panels.isEmpty ? [self] : panels {
            out.raw(panel.svg)
            out.raw(panel.table)
        }
        out.raw("</figure>" as StaticString)
        return out.string
    }
}
