extension NumberText {
    /// Compact form that keeps every significant digit, for axis ticks: 1_250_000 → "1.25M", 250_000 → "250k",
    /// 0.5 → "0.5". `compact` would print 1,250,000 as "1.3M", which misleads beside a "1.5M" tick.
    public static func compactExact(_ value: Double, maxDecimals: Int = 3, minus: String = "-") -> String {
        let magnitude = abs(value)
        var scaled = magnitude
        var suffix = ""
        for (threshold, unit) in compactUnits where magnitude >= threshold {
            scaled = magnitude / threshold
            suffix = unit
            break
        }
        let digits = shortest(scaled, maxDecimals: maxDecimals, grouping: true)
        let sign = value < 0 && digits.utf8.contains(where: { $0 >= 49 && $0 <= 57 }) ? minus : ""
        return sign + digits + suffix
    }

    /// Thresholds and suffixes for compact forms, largest first; a constant so formatting allocates no table.
    static let compactUnits: [(Double, String)] = [(1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k")]
}
