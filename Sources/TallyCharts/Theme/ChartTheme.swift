/// The one stylesheet a page with charts needs. Charts carry class names only, so they stay small and follow
/// the page's colour scheme: light by default, dark under `prefers-color-scheme: dark`, light again in print.
/// Override any `--tally-*` custom property on `:root` to restyle every chart. Charts scale with their
/// container down to a minimum width at which text is still 12px; below it (on phones) the figure scrolls
/// sideways, which WCAG's reflow criterion allows for charts. A box that scrolls clips what overflows it, focus
/// rings included, so the figure keeps 0.375rem of padding for the ring of its "Data" toggle, and as much negative
/// margin to stay in line with the text around it. A chart drawn at two widths (`width: [376, 760]`) shows its
/// wider drawing in a figure at least 44rem wide, up to 60rem: a 760-wide drawing's 13-unit text is then 12 to 16px.
/// A calendar's figure is laid out right to left (its contents left to right), so a calendar wider than the screen
/// opens scrolled to its latest weeks, as a contributions graph does, rather than to months long past.
public enum ChartTheme {
    /// CSS for charts, their data tables and figure captions.
    public static let stylesheet: String = {
        var css = ":root{" + ChartPalette.light.declarations + "}\n"
        css += "@media screen and (prefers-color-scheme:dark){:root{" + ChartPalette.dark.declarations + "}}\n"
        css += rules
        for index in 1...8 { css += ".tally-svg .s\(index){color:var(--tally-series-\(index))}" }
        css += "\n"
        for (index, dashes) in dashArrays.enumerated() { css += ".tally-svg .d\(index + 2){stroke-dasharray:\(dashes)}" }
        css += "\n.tally-svg .h0{fill:var(--tally-grid)}"
        for index in 1...4 { css += ".tally-svg .h\(index){fill:var(--tally-heat-\(index))}" }
        css += "\n" + printRules
        return css
    }()

    /// Dash patterns for line series 2–8 (series 1 is solid), so lines differ by more than colour.
    static let dashArrays = ["8 4", "2 3", "10 3 2 3", "4 4", "14 4", "2 6", "8 3 2 3 2 3"]

    private static let rules = """
        .tally-chart{margin:1.5rem -.375rem;padding:.375rem;overflow-x:auto}
        .tally-chart figcaption{font-weight:600;margin:0 0 .5rem}
        .tally-svg{display:block;width:100%;height:auto;fill:var(--tally-text);\
        font:13px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
        .tally-svg .tk,.tally-svg .mu{fill:var(--tally-muted)}
        .tally-svg .e{text-anchor:end}.tally-svg .m{text-anchor:middle}.tally-svg .b{font-weight:600}
        .tally-svg .big{font-size:22px;font-weight:600}
        .tally-svg .grid{fill:none;stroke:var(--tally-grid)}
        .tally-svg .axis{fill:none;stroke:var(--tally-axis);stroke-width:1.5}
        .tally-svg .mk{fill:currentColor}
        .tally-svg .gap{stroke:var(--tally-bg);stroke-width:2;stroke-linejoin:round}
        .tally-svg .ln{fill:none;stroke:currentColor;stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round}
        .tally-svg .thin{stroke-width:2}
        .tally-svg .cut{stroke:var(--tally-bg);stroke-width:3}
        .tally-svg .lgap{fill:none;stroke:var(--tally-bg);stroke-width:6}.tally-svg .lim{fill:none;stroke:var(--tally-text);stroke-width:2.5}
        .tally-svg .ar{fill:currentColor;fill-opacity:.25}
        .tally-svg .dot{fill:var(--tally-bg);stroke:currentColor;stroke-width:2}
        .tally-svg .hatch{fill:none;stroke:var(--tally-bg);stroke-width:1.75;stroke-linecap:round}
        .tally-svg .track{fill:var(--tally-track)}
        .tally-chart>.tally-svg{min-width:35rem}.tally-chart>.tally-cal{min-width:49rem}
        .tally-chart:has(>.tally-cal){direction:rtl}.tally-chart:has(>.tally-cal)>*{direction:ltr}
        .tally-duo{container-type:inline-size}.tally-duo>.tally-wide{display:none}
        @container (min-width:44rem){.tally-duo>.tally-narrow{display:none}\
        .tally-duo>.tally-wide{display:block;min-width:0;max-width:60rem}}
        .tally-spark{display:inline-block;margin:0;padding:0;vertical-align:middle;overflow:visible}
        .tally-spark>.tally-svg{width:8em;min-width:0}
        .tally-data{font-size:.875rem;margin:.5rem 0 0}
        .tally-data summary{cursor:pointer;color:var(--tally-muted);width:fit-content}
        .tally-data table{border-collapse:collapse;margin:.5rem 0;font-variant-numeric:tabular-nums}
        .tally-data caption{text-align:left;font-weight:600;padding:.25rem 0}
        .tally-data th,.tally-data td{padding:.25rem .75rem;border-bottom:1px solid var(--tally-grid);text-align:right}
        .tally-data th[scope=row],.tally-data thead th:first-child{text-align:left}

        """

    private static let printRules = """
        @media print{.tally-chart{break-inside:avoid}.tally-svg{max-width:17cm}.tally-data{display:none}}

        """
}
