/// The colours of one colour scheme. Series and heat colours are marks (at least 3:1 against the background);
/// text colours are at least 4.5:1. The tests check every pair with the WCAG relative-luminance formula.
public struct ChartPalette: Sendable, Hashable {
    /// The page background the scheme is made for.
    public let background: String
    /// Labels, values and the data table.
    public let text: String
    /// Tick labels, legends' secondary text and the "No data" message.
    public let mutedText: String
    /// Zero lines, target marks and other lines that carry meaning.
    public let axis: String
    /// Gridlines and empty calendar days: decoration, deliberately faint.
    public let grid: String
    /// The unfilled part of a progress bar.
    public let track: String
    /// Eight series colours, in the order series use them.
    public let series: [String]
    /// Calendar levels 1–4, from few to many (level 0, no entries, uses `grid`).
    public let heat: [String]

    /// White background; Okabe–Ito hues darkened until each clears 4.5:1 on white.
    public static let light = ChartPalette(
        background: "#ffffff", text: "#1f2328", mutedText: "#59636e", axis: "#6e7781", grid: "#d8dee4",
        track: "#e6eaef",
        series: ["#0072b2", "#c44e00", "#00795c", "#a8508a", "#7a6a00", "#5b5fc7", "#b0413e", "#5c6670"],
        heat: ["#5f9e6e", "#3f8550", "#276b39", "#154d24"])

    /// Near-black background; the same hues lightened until each clears 7:1 on it.
    public static let dark = ChartPalette(
        background: "#111418", text: "#e6edf3", mutedText: "#9ba4ad", axis: "#8b949e", grid: "#2d333b",
        track: "#262c34",
        series: ["#56b4e9", "#f0a030", "#2bb88f", "#e08bc2", "#e6d85a", "#a3a8f5", "#f47c78", "#a0aab4"],
        heat: ["#2f6f44", "#3f9a5a", "#62c27c", "#a4e5b3"])

    /// The custom property declarations for this scheme.
    var declarations: String {
        var css = "--tally-bg:\(background);--tally-text:\(text);--tally-muted:\(mutedText);--tally-axis:\(axis);"
        css += "--tally-grid:\(grid);--tally-track:\(track);"
        for (index, colour) in series.enumerated() { css += "--tally-series-\(index + 1):\(colour);" }
        for (index, colour) in heat.enumerated() { css += "--tally-heat-\(index + 1):\(colour);" }
        return css
    }
}
