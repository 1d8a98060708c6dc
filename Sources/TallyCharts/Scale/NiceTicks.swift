/// Nice tick values for linear axes, as d3-array's `ticks`, `tickIncrement` and `nice` compute them:
/// steps of 1, 2 or 5 × 10^k, and for fractional steps each tick is an integer divided by an integer,
/// so labels come out exact (0.3, not 0.30000000000000004).
enum NiceTicks {
    private static let e10 = 50.0.squareRoot()
    private static let e5 = 10.0.squareRoot()
    private static let e2 = 2.0.squareRoot()

    /// Up to about `count` ticks covering [start, stop], all inside it.
    static func ticks(_ start: Double, _ stop: Double, count: Double) -> [Double] {
        guard count > 0, start.isFinite, stop.isFinite else { return [] }
        if start == stop { return [start] }
        let reverse = stop < start
        let (i1, i2, increment) = reverse ? spec(stop, start, count) : spec(start, stop, count)
        guard i2 >= i1 else { return [] }
        let n = Int(i2 - i1) + 1
        var result: [Double] = []
        result.reserveCapacity(n)
        for offset in 0..<n {
            let index = reverse ? i2 - Double(offset) : i1 + Double(offset)
            result.append(increment < 0 ? index / -increment : index * increment)
        }
        return result
    }

    /// The step between ticks, negative when it is the inverse of a power of ten (−10 means 0.1).
    static func increment(_ start: Double, _ stop: Double, count: Double) -> Double {
        spec(start, stop, count).increment
    }

    /// The step between ticks as a plain number.
    static func step(_ start: Double, _ stop: Double, count: Double) -> Double {
        let reverse = stop < start
        let increment = reverse ? spec(stop, start, count).increment : spec(start, stop, count).increment
        return (reverse ? -1 : 1) * (increment < 0 ? 1 / -increment : increment)
    }

    /// The domain widened to whole steps, repeated until the step settles (at most 10 rounds).
    static func nice(_ start: Double, _ stop: Double, count: Double) -> (Double, Double) {
        var (start, stop) = (start, stop)
        var previous: Double?
        for _ in 0..<10 {
            let step = increment(start, stop, count: count)
            if step == previous || step == 0 || !step.isFinite { break }
            if step > 0 {
                start = (start / step).rounded(.down) * step
                stop = (stop / step).rounded(.up) * step
            } else {
                start = (start * step).rounded(.up) / step
                stop = (stop * step).rounded(.down) / step
            }
            previous = step
        }
        return (start, stop)
    }

    private static func spec(_ start: Double, _ stop: Double, _ count: Double) -> (i1: Double, i2: Double, increment: Double) {
        let step = (stop - start) / max(0, count)
        let power = floorLog10(step)
        let error = step / pow10(power)
        let factor: Double = error >= e10 ? 10 : error >= e5 ? 5 : error >= e2 ? 2 : 1
        var i1: Double, i2: Double, increment: Double
        if power < 0 {
            increment = pow10(-power) / factor
            i1 = jsRound(start * increment)
            i2 = jsRound(stop * increment)
            if i1 / increment < start { i1 += 1 }
            if i2 / increment > stop { i2 -= 1 }
            increment = -increment
        } else {
            increment = pow10(power) * factor
            i1 = jsRound(start / increment)
            i2 = jsRound(stop / increment)
            if i1 * increment < start { i1 += 1 }
            if i2 * increment > stop { i2 -= 1 }
        }
        if i2 < i1, count >= 0.5, count < 2 { return spec(start, stop, count * 2) }
        return (i1, i2, increment)
    }

    /// JavaScript's Math.round: halves go up, so −0.5 becomes 0, as d3 expects.
    private static func jsRound(_ value: Double) -> Double { (value + 0.5).rounded(.down) }

    /// 10^exponent for whole exponents, by repeated multiplication so results are exact where they can be.
    private static func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        let steps = Int(abs(exponent))
        for _ in 0..<steps { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }

    /// ⌊log10(value)⌋, found by counting digits: exact at powers of ten, with no libm call.
    private static func floorLog10(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 0 }
        var exponent = 0.0
        var scaled = value
        while scaled >= 10 { scaled /= 10; exponent += 1 }
        while scaled < 1 { scaled *= 10; exponent -= 1 }
        return exponent
    }
}
