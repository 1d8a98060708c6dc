/// The overall direction of a sequence of values, from a least-squares line through them.
enum Trend: String {
    case rising, falling, flat

    /// The trend of `values` at `positions`, or nil for fewer than two values. A fitted change smaller than a fifth
    /// of the values' range, or than 5% of their largest magnitude, counts as flat.
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
        if high == low || abs(change) < 0.2 * (high - low) || abs(change) < 0.05 * magnitude { return .flat }
        return change > 0 ? .rising : .falling
    }
}
