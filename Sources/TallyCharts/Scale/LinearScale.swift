/// Maps values in a domain to positions in a range, with the domain widened to nice ticks.
struct LinearScale {
    var domain: (lower: Double, upper: Double)
    var range: (start: Double, end: Double)
    /// Tick values inside the domain.
    var ticks: [Double]

    /// A scale whose domain covers `lower`…`upper` (and zero when `includeZero`), rounded out to nice ticks.
    /// `minimumStep` keeps counts from getting 0.5 ticks and money from getting steps below one minor unit.
    init(lower: Double, upper: Double, range: (start: Double, end: Double), tickCount: Int,
         includeZero: Bool, minimumStep: Double? = nil) {
        var low = includeZero ? min(lower, 0) : lower
        var high = includeZero ? max(upper, 0) : upper
        // A span lost in rounding noise (or subnormal) is treated as a single value.
        if high - low < 1e-12 * max(abs(low), abs(high)) || high - low < 1e-200 {
            low = abs(low) < 1e-200 && abs(high) < 1e-200 ? 0 : high
            high = low
        }
        if low == high {
            if low == 0 { high = 1 } else if low > 0 { low = 0 } else { high = 0 }
        }
        var count = Double(max(2, tickCount))
        var nice = NiceTicks.nice(low, high, count: count)
        if let minimumStep, NiceTicks.step(nice.0, nice.1, count: count) < minimumStep {
            count = max(1, ((nice.1 - nice.0) / minimumStep).rounded(.down))
            nice = NiceTicks.nice(low, high, count: count)
        }
        domain = (nice.0, nice.1)
        self.range = range
        let ticks = NiceTicks.ticks(nice.0, nice.1, count: count)
        self.ticks = ticks.isEmpty ? [nice.0, nice.1] : ticks
    }

    /// A scale over exactly `lower`…`upper`, for number and time axes that should not gain empty margins.
    init(exact lower: Double, _ upper: Double, range: (start: Double, end: Double)) {
        domain = lower == upper ? (lower - 1, upper + 1) : (lower, upper)
        self.range = range
        ticks = []
    }

    func callAsFunction(_ value: Double) -> Double {
        let span = domain.upper - domain.lower
        guard span != 0 else { return (range.start + range.end) / 2 }
        return range.start + (value - domain.lower) / span * (range.end - range.start)
    }
}

/// Evenly spaced bands for categories, as d3's band scale lays them out (centred, with inner and outer padding).
struct BandScale {
    let start: Double
    let step: Double
    let bandwidth: Double

    init(count: Int, range: (start: Double, end: Double), paddingInner: Double = 0.2, paddingOuter: Double = 0.1) {
        let n = Double(max(count, 1))
        let length = range.end - range.start
        step = length / max(1, n - paddingInner + paddingOuter * 2)
        start = range.start + (length - step * (n - paddingInner)) / 2
        bandwidth = step * (1 - paddingInner)
    }

    /// The leading edge of band `index`.
    func callAsFunction(_ index: Int) -> Double { start + step * Double(index) }

    /// The centre of band `index`.
    func center(_ index: Int) -> Double { start + step * Double(index) + bandwidth / 2 }
}
