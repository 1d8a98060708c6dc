import TallyFormat

/// Values of one column counted into bins with nice edges, as d3's `bin` makes them: the extent is widened to
/// nice numbers and cut at ticks, and every bin holds [start, end). When the largest value falls on the last
/// tick, one more bin is added for it, so whole numbers such as ratings each get a bin of their own.
struct HistogramBins {
    let edges: [Double]
    let counts: [Int]
    let valueCount: Int
    let style: NumberStyle

    init(spec: ChartSpec, data: ChartData) throws(ChartError) {
        let reader = try ColumnReader(spec: spec, data: data)
        let column = try reader.index(of: spec.x ?? "", key: "x")
        var values: [Double] = []
        values.reserveCapacity(data.rows.count)
        var currency: Currency?
        for row in data.rows.indices {
            guard let value = try reader.measure(row: row, column: column) else { continue }
            values.append(value)
            if let rowCurrency = try reader.currency(row: row) {
                currency = rowCurrency
            }
        }
        style = reader.style(for: currency)
        valueCount = values.count
        edges = Self.edges(values, wanted: spec.bins ?? Self.sturges(values.count), minimumStep: style.minimumStep)
        var counts = [Int](repeating: 0, count: max(0, edges.count - 1))
        for value in values {
            if let bin = Self.bin(of: value, edges: edges) { counts[bin] += 1 }
        }
        self.counts = counts
    }

    /// Sturges' rule, d3's default: ⌈log₂ n⌉ + 1 bins.
    static func sturges(_ count: Int) -> Int {
        var bins = 1
        var capacity = 1
        while capacity < count {
            capacity *= 2
            bins += 1
        }
        return max(1, bins)
    }

    static func edges(_ values: [Double], wanted: Int, minimumStep: Double?) -> [Double] {
        guard let low = values.min(), let high = values.max() else { return [] }
        if low == high { return [low, low + (minimumStep ?? 1)] }
        var count = Double(max(1, wanted))
        var nice = NiceTicks.nice(low, high, count: count)
        if let minimumStep, NiceTicks.step(nice.0, nice.1, count: count) < minimumStep {
            count = max(1, ((nice.1 - nice.0) / minimumStep).rounded(.down))
            nice = NiceTicks.nice(low, high, count: count)
        }
        var edges = NiceTicks.ticks(nice.0, nice.1, count: count)
        if let first = edges.first, first > low { edges.insert(nice.0, at: 0) }
        guard let last = edges.last else { return [low, high] }
        if last < high { edges.append(nice.1) }
        if let end = edges.last, end <= high {
            let step = NiceTicks.increment(nice.0, nice.1, count: count)
            edges.append(step > 0 ? ((end / step).rounded(.down) + 1) * step : ((end * -step).rounded(.up) + 1) / -step)
        }
        return edges
    }

    /// The bin holding `value` (the last bin also takes its end, as a safeguard), by binary search over the edges.
    static func bin(of value: Double, edges: [Double]) -> Int? {
        guard edges.count >= 2, let first = edges.first, let last = edges.last, value >= first, value <= last else { return nil }
        var low = 0
        var high = edges.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if edges[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// "$100–$150": the range of bin `index`.
    func rangeLabel(_ index: Int) -> String {
        style.full(edges[index]) + Glyph.enDash + style.full(edges[index + 1])
    }
}
