extension ChartSpec {
    /// Every key a chart block may hold. `data` names the page query; the site resolves it, and the spec
    /// accepts and ignores it so that a block can be passed on whole.
    public static let knownKeys = [
        "type", "title", "description", "x", "y", "series", "format", "currency", "currency_column",
        "bins", "target", "limit", "color", "year", "months", "width", "height", "labels", "headers", "data",
    ]

    /// Whether a chart of `kind` reads `key`.
    static func applies(_ key: String, to kind: ChartKind) -> Bool {
        switch key {
        case "x": kind != .progress
        case "y": kind != .histogram
        case "series": kind.allowsSeries
        case "bins": kind == .histogram
        case "target": kind == .progress
        case "limit": kind == .bar || kind == .horizontalBar
        case "color": kind == .pie || kind == .donut
        case "year", "months": kind == .calendar
        case "labels": [.bar, .horizontalBar, .groupedBar, .stackedBar, .percentBar].contains(kind)
        default: knownKeys.contains(key)
        }
    }

    /// Checks that the spec has what its kind needs: the columns, the target, sizes in range.
    /// `ChartRenderer` runs this too, so specs built in code get the same diagnostics as chart blocks.
    public func validate() throws(ChartSpecError) {
        if x == nil, kind != .sparkline, kind != .progress { throw .missingKey("x", kind: kind) }
        if x != nil, kind == .progress { throw .notApplicable("x", kind: kind) }
        try validateY()
        if series != nil, !kind.allowsSeries { throw .notApplicable("series", kind: kind) }
        if series != nil, y.count > 1 { throw .conflictingKeys("series", "a list of y columns") }
        if let bins {
            guard kind == .histogram else { throw .notApplicable("bins", kind: kind) }
            guard (1...200).contains(bins) else { throw .invalidValue(key: "bins", value: String(bins), expected: "a whole number from 1 to 200") }
        }
        if kind == .progress, target == nil { throw .missingKey("target", kind: kind) }
        if target != nil, kind != .progress { throw .notApplicable("target", kind: kind) }
        if limit != nil, !ChartSpec.applies("limit", to: kind) { throw .notApplicable("limit", kind: kind) }
        if color != nil, !ChartSpec.applies("color", to: kind) { throw .notApplicable("color", kind: kind) }
        if year != nil, kind != .calendar { throw .notApplicable("year", kind: kind) }
        if let months {
            guard kind == .calendar else { throw .notApplicable("months", kind: kind) }
            if year != nil { throw .conflictingKeys("year", "months") }
            guard (1...24).contains(months) else {
                throw .invalidValue(key: "months", value: String(months), expected: "a whole number from 1 to 24")
            }
        }
        if let wideWidth {
            let shown = "[" + SpecValue.number(width ?? 0).display + ", " + SpecValue.number(wideWidth).display + "]"
            guard kind != .sparkline else { throw .invalidValue(key: "width", value: shown, expected: "one number for a sparkline") }
            guard let width, wideWidth > width else {
                throw .invalidValue(key: "width", value: shown, expected: "a phone width then a wider one, such as [376, 760]")
            }
        }
        for (key, size) in [("width", width), ("width", wideWidth), ("height", height)] {
            if let size, !(size >= 40 && size <= 4000) {
                throw .invalidValue(key: key, value: SpecValue.number(size).display, expected: "a number from 40 to 4000")
            }
        }
    }

    private func validateY() throws(ChartSpecError) {
        switch kind {
        case .histogram:
            if !y.isEmpty { throw .notApplicable("y", kind: kind) }
        case .calendar:
            if y.count > 1 { throw .invalidValue(key: "y", value: y.joined(separator: ", "), expected: "one column (the count per day)") }
        default:
            if y.isEmpty { throw .missingKey("y", kind: kind) }
            if y.count > 1, !kind.allowsSeries {
                throw .invalidValue(key: "y", value: y.joined(separator: ", "), expected: "one column for a \(kind.displayName)")
            }
        }
    }
}
