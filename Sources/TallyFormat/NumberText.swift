/// Deterministic number formatting with no locale and no `String(format:)`, so output is byte-identical everywhere.
public enum NumberText {
    /// 1234567 → "1,234,567".
    public static func grouped(_ value: UInt64) -> String {
        guard value >= 1000 else { return String(value) }
        return fixed(magnitude: value, scale: 0, grouping: true)
    }

    /// An integer magnitude read as fixed-point with `scale` decimals: (123456, 2) → "1,234.56".
    public static func fixed(magnitude: UInt64, scale: Int, grouping: Bool = true) -> String {
        guard scale > 0 || grouping else { return String(magnitude) }
        // Written backwards into one stack buffer (fraction, point, then the whole part with its commas), so
        // that formatting an amount makes a single string instead of joining four, and no Characters are iterated.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 28 + scale) { buffer in
            var remaining = magnitude
            var index = buffer.count
            if scale > 0 {
                for _ in 0..<scale {
                    index -= 1
                    buffer[index] = UInt8(48 + remaining % 10)
                    remaining /= 10
                }
                index -= 1
                buffer[index] = UInt8(ascii: ".")
            }
            var digits = 0
            repeat {
                if grouping, digits > 0, digits % 3 == 0 {
                    index -= 1
                    buffer[index] = UInt8(ascii: ",")
                }
                index -= 1
                buffer[index] = UInt8(48 + remaining % 10)
                remaining /= 10
                digits += 1
            } while remaining > 0
            return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[index...]), as: UTF8.self)
        }
    }

    /// A number with `decimals` digits after the point, rounded half away from zero: (1234.5, 0) → "1,235".
    public static func decimal(_ value: Double, decimals: Int = 0, grouping: Bool = true, minus: String = "-") -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? minus + "∞" : "∞") }
        let scaled = (abs(value) * powerOfTen(decimals)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.2e18 else { return (value < 0 ? minus : "") + compact(abs(value)) }
        let magnitude = UInt64(scaled)
        let sign = value < 0 && magnitude != 0 ? minus : ""
        return sign + fixed(magnitude: magnitude, scale: decimals, grouping: grouping)
    }

    /// The shortest exact decimal for a tick value: 0.30000000000000004 → "0.3", 1500 → "1,500".
    public static func shortest(_ value: Double, maxDecimals: Int = 6, grouping: Bool = true, minus: String = "-") -> String {
        var decimals = 0
        while decimals < maxDecimals {
            let scaled = value * powerOfTen(decimals)
            if abs(scaled - scaled.rounded()) < 1e-9 * max(1, abs(scaled)) { break }
            decimals += 1
        }
        return decimal(value, decimals: decimals, grouping: grouping, minus: minus)
    }

    /// 1234 → "1.2k", 3_400_000 → "3.4M", 6_500_000_000 → "6.5B"; values under 1,000 keep `decimalsBelowThousand` digits.
    public static func compact(_ value: Double, decimalsBelowThousand: Int = 0, minus: String = "-") -> String {
        let magnitude = abs(value)
        // Values that round to zero get no sign: -0.4 is "0", not "-0".
        let sign = value < 0 && magnitude >= 0.5 / powerOfTen(decimalsBelowThousand) ? minus : ""
        for (threshold, suffix) in compactUnits where magnitude >= threshold * 0.9995 {
            let scaled = magnitude / threshold
            // One decimal below ten, unless it would be ".0": "1.2k", "2k" (not "2.0k"), "12k".
            let tenths = (scaled * 10).rounded(.toNearestOrAwayFromZero)
            let decimals = scaled < 9.995 && tenths.truncatingRemainder(dividingBy: 10) != 0 ? 1 : 0
            return sign + decimal(scaled, decimals: decimals, grouping: true) + suffix
        }
        return sign + decimal(magnitude, decimals: decimalsBelowThousand, grouping: false)
    }

    /// A ratio as a percentage: 0.123 → "12.3%" with one decimal, "12%" with none.
    public static func percent(_ ratio: Double, decimals: Int = 0, minus: String = "-") -> String {
        decimal(ratio * 100, decimals: decimals, grouping: true, minus: minus) + "%"
    }

    static func powerOfTen(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, exponent) { result *= 10 }
        return result
    }
}
