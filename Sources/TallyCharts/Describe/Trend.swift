/// The overall direction of a sequence of values, from a least-squares line through them.
enum Trend: String {
    case rising, falling, flat
    /// Up and down with no direction, such as $150, $400, $75: calling it flat would contradict its own figures.
    case uneven = "no clear direction"

    /// The trend of `values` at `positions`, or nil for fewer than two values. A fitted change smaller than a fifth
    /// of the values' range, or than 5% of their largest magnitude, has no direction: flat when the whole
    /// range of the values is within 15% of their largest magnitude, else uneven.
    static func of(_ values: [Double], at positions: [Double]) -> Trend? {
        guard values.count >= 2, values.count == positions.count else { return nil }
        let n = Double(values.count)
        let meanX = positions.reduce(0, +) / n
        let meanY = values.reduce(0, +) / n
        var covariance = 0.0
        var variance = 0.0
        for (x, y) in zip(positions, values) {
            covariance += (x - meanX) * (y - meanY)
            variance += (x - meanX) * (x - meanX)
        }
        guard variance > 0, let first = positions.first, let last = positions.last,
              let low = values.min(), let high = values.max() else { return nil }
        let change = covariance / variance * (last - first)
        let magnitude = max(abs(low), abs(high))
        if high - low <= 0.15 * magnitude { return .flat }
        if abs(change) < 0.2 * (high - low) || abs(change) < 0.05 * magnitude { return .uneven }
        return change > 0 ? .rising : .falling
    }
}
