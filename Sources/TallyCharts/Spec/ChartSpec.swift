import TallyFormat

/// Everything a chart block says about one chart, apart from where its data comes from.
public struct ChartSpec: Sendable, Hashable {
    /// The chart type (`type:` in a chart block).
    public var kind: ChartKind
    /// Short title, shown as the figure caption and the SVG `<title>`; generated from the columns when nil.
    public var title: String?
    /// Longer text for the SVG `<desc>`; generated from the data (range, maximum, trend) when nil.
    public var description: String?
    /// The category, time or value column (the date column of a calendar, the binned column of a histogram).
    public var x: String?
    /// The value columns; several columns draw one series each.
    public var y: [String]
    /// A column whose distinct values split the rows into series.
    public var series: String?
    /// How values are written: plain, compact, currency or percent.
    public var format: ValueFormat
    /// Number of histogram bins wanted; the edges are rounded to nice numbers, so the count can differ slightly.
    public var bins: Int?
    /// The goal of a progress bar.
    public var target: ProgressTarget?
    /// A column holding each bar's limit (`limit: limit_cents`), in the units of `y`: a bar or horizontal bar chart
    /// marks it across each bar, and the table and description say which bars are over it.
    public var limit: String?
    /// A column holding each category's own colour (`color: color`) for a pie or donut: used where it is exactly
    /// `#rgb` or `#rrggbb` and clears 3:1 against both themes' backgrounds (`ChartColor`), else the palette's.
    public var color: String?
    /// The year a calendar shows; the year of the latest date when nil.
    public var year: Int?
    /// For a calendar: show this many months up to the latest date (a rolling window) instead of a calendar year.
    public var months: Int?
    /// Width of the SVG viewBox in user units (600 for most types); the chart then scales to its container.
    public var width: Double?
    /// A second, wider drawing (`width: [376, 760]`): the figure holds both, and the stylesheet shows this one
    /// where the figure has room for it (44rem) and the `width` one elsewhere, so text keeps its size on phones and
    /// desktops alike.
    public var wideWidth: Double?
    /// Height of the viewBox; most types default to 300–320, horizontal bars grow with their rows.
    public var height: Double?
    /// Whether bars carry their value as a direct label (when it fits).
    public var valueLabels: Bool
    /// What readers see instead of a column's name, in the data table, the description, axis titles, legends and
    /// tooltips: `["given_cents": "Given"]`. Columns not named here show their names as the query wrote them.
    public var headers: [String: String]
    /// How numbers, money, percents and dates are written in ticks, labels, the table and the description: the
    /// page's locale. The description's sentences stay English; only the values in them follow it.
    public var locale: FormatLocale = .enUS
    /// Added to the title, given or generated: " (EUR)" on each chart of a figure drawn one chart per currency.
    var titleSuffix = ""

    /// A spec built in code; `ChartRenderer.render` validates it as `init(fields:)` would.
    public init(kind: ChartKind, title: String? = nil, description: String? = nil, x: String? = nil, y: [String] = [],
                series: String? = nil, format: ValueFormat = .plain, bins: Int? = nil, target: ProgressTarget? = nil,
                year: Int? = nil, months: Int? = nil, width: Double? = nil, wideWidth: Double? = nil, height: Double? = nil,
                valueLabels: Bool = true, headers: [String: String] = [:]) {
        self.kind = kind
        self.title = title
        self.description = description
        self.x = x
        self.y = y
        self.series = series
        self.format = format
        self.bins = bins
        self.target = target
        self.year = year
        self.months = months
        self.width = width
        self.wideWidth = wideWidth
        self.height = height
        self.valueLabels = valueLabels
        self.headers = headers
    }
}

/// The goal a progress bar measures against.
public enum ProgressTarget: Sendable, Hashable {
    /// A fixed goal in the same units as the data (minor units for money).
    case value(Double)
    /// A column holding the goal; its first non-null value is used.
    case column(String)
}
