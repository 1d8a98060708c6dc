/// The chart types, named as they are written after `type:` in a chart block.
public enum ChartKind: String, CaseIterable, Sendable, Hashable {
    case bar
    case horizontalBar = "hbar"
    case groupedBar = "grouped-bar"
    case stackedBar = "stacked-bar"
    case percentBar = "percent-bar"
    case line
    case area
    case stackedArea = "stacked-area"
    case pie
    case donut
    case calendar
    case histogram
    case sparkline
    case progress

    /// "bar chart", "100% stacked bar chart": how the description and error messages name the type.
    public var displayName: String {
        switch self {
        case .bar: "bar chart"
        case .horizontalBar: "horizontal bar chart"
        case .groupedBar: "grouped bar chart"
        case .stackedBar: "stacked bar chart"
        case .percentBar: "100% stacked bar chart"
        case .line: "line chart"
        case .area: "area chart"
        case .stackedArea: "stacked area chart"
        case .pie: "pie chart"
        case .donut: "donut chart"
        case .calendar: "calendar heatmap"
        case .histogram: "histogram"
        case .sparkline: "sparkline"
        case .progress: "progress bar"
        }
    }

    /// "Bar chart", "Horizontal bar chart": the display name at the start of a sentence.
    var capitalizedName: String {
        let name = displayName
        guard let first = name.utf8.first, first >= 97, first <= 122 else { return name }
        return String(decoding: [first - 32] + name.utf8.dropFirst(), as: UTF8.self)
    }

    /// Kinds that add values of different rows together, and so can never mix currencies.
    var sumsAcrossSeries: Bool {
        switch self {
        case .stackedBar, .percentBar, .stackedArea, .pie, .donut, .histogram, .calendar, .progress: true
        default: false
        }
    }

    /// Kinds that take a `series` column or several `y` columns.
    var allowsSeries: Bool {
        switch self {
        case .groupedBar, .stackedBar, .percentBar, .line, .area, .stackedArea: true
        default: false
        }
    }
}
