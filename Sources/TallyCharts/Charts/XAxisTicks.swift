import TallyFormat

/// Ticks for a continuous horizontal axis (numbers or dates), as many as fit without their labels touching.
struct XAxisTicks {
    static let fontSize = 13.0

    var values: [Double]
    var labels: [String]

    /// Number ticks between `lower` and `upper`. Numbers below 10,000 are not grouped, so years read "2024".
    static func numbers(_ lower: Double, _ upper: Double, scale: LinearScale, width: Double, locale: FormatLocale) -> XAxisTicks {
        var count = max(2, Int(width / 70))
        while true {
            let values = lower == upper ? [lower] : NiceTicks.ticks(lower, upper, count: Double(count))
            let labels = values.map { locale.shortest($0, grouping: abs($0) >= 10_000, minus: Glyph.minus) }
            let ticks = XAxisTicks(values: values, labels: labels)
            if count <= 2 || ticks.fits(scale) { return ticks }
            count -= 1
        }
    }

    /// Date ticks on calendar boundaries from `lowerDay` to `upperDay` (days since 1970), never finer than
    /// the dates' own precision: monthly data gets no weekly ticks.
    static func dates(_ lowerDay: Double, _ upperDay: Double, precision: ISODate.Precision, scale: LinearScale,
                      width: Double, locale: FormatLocale) -> XAxisTicks {
        var step = TimeStep.choose(spanDays: upperDay - lowerDay, tickCount: max(2, Int(width / 80)))
        let finest = precision == .year ? TimeStep(unit: .year, count: 1) : precision == .month ? TimeStep(unit: .month, count: 1) : nil
        if let finest, step.isFiner(than: finest) { step = finest }
        for _ in 0..<12 {
            let dates = step.ticks(fromDay: lowerDay, toDay: upperDay)
            let ticks = XAxisTicks(values: dates.map { Double($0.daysSinceEpoch) },
                                   labels: DateLabels.labels(dates, unit: step.unit, locale: locale))
            if ticks.fits(scale) { return ticks }
            step = step.coarser
        }
        return XAxisTicks(values: [], labels: [])
    }

    /// Whether neighbouring labels keep 10 units apart.
    func fits(_ scale: LinearScale) -> Bool {
        let widths = labels.map { TextMetrics.width($0, fontSize: Self.fontSize) }
        for index in values.indices.dropFirst() {
            let gap = scale(values[index]) - scale(values[index - 1])
            if gap < (widths[index] + widths[index - 1]) / 2 + 10 { return false }
        }
        return true
    }

    /// Labels centred under their positions (but kept inside `bounds`), baseline at `y`.
    func write(y: Double, scale: LinearScale, bounds: (Double, Double), into svg: inout SVGWriter) {
        svg.raw("<g class=\"tk m\">" as StaticString)
        for (value, label) in zip(values, labels) {
            let width = TextMetrics.width(label, fontSize: Self.fontSize)
            svg.label(label, x: CategoryLabels.clamp(scale(value), width: width, bounds), y: y)
        }
        svg.raw("</g>" as StaticString)
    }
}

extension TimeStep {
    /// Whether this step is shorter than `other`.
    func isFiner(than other: TimeStep) -> Bool {
        let rank: [Unit: Int] = [.day: 0, .week: 1, .month: 2, .year: 3]
        let mine = rank[unit] ?? 0
        let theirs = rank[other.unit] ?? 0
        return mine < theirs || (mine == theirs && count < other.count)
    }
}
