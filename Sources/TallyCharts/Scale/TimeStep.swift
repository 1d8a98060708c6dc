import TallyFormat

/// A calendar step for time axes, chosen as d3-time's tick table chooses: by the span divided by the tick count,
/// among 1 day, 2 days, 1 week (Mondays), 1 month, 3 months (Jan, Apr, Jul, Oct) and whole years.
struct TimeStep: Hashable {
    enum Unit: Hashable { case day, week, month, year }

    var unit: Unit
    var count: Int

    private var days: Double {
        switch unit {
        case .day: Double(count)
        case .week: 7 * Double(count)
        case .month: 30 * Double(count)
        case .year: 365 * Double(count)
        }
    }

    private static let table = [
        TimeStep(unit: .day, count: 1), TimeStep(unit: .day, count: 2), TimeStep(unit: .week, count: 1),
        TimeStep(unit: .month, count: 1), TimeStep(unit: .month, count: 3), TimeStep(unit: .year, count: 1),
    ]

    /// The step for `tickCount` ticks over a span of `spanDays`.
    static func choose(spanDays: Double, tickCount: Int) -> TimeStep {
        let target = spanDays / Double(max(1, tickCount))
        guard let index = table.firstIndex(where: { $0.days > target }) else {
            let years = NiceTicks.step(0, spanDays / 365, count: Double(max(1, tickCount)))
            return TimeStep(unit: .year, count: max(1, Int(years.rounded(.up))))
        }
        if index == 0 { return table[0] }
        return target / table[index - 1].days < table[index].days / target ? table[index - 1] : table[index]
    }

    /// The next coarser step, for when labels do not fit.
    var coarser: TimeStep {
        if let index = Self.table.firstIndex(of: self), index + 1 < Self.table.count { return Self.table[index + 1] }
        let years = NiceTicks.ticks(0, Double(count) * 10, count: 10).first { $0 > Double(count) } ?? Double(count * 2)
        return TimeStep(unit: .year, count: Int(years))
    }

    /// Tick dates from `startDay` to `endDay` inclusive (days since 1970), on the step's calendar boundaries.
    func ticks(fromDay startDay: Double, toDay endDay: Double) -> [ISODate] {
        let first = Int(startDay.rounded(.up))
        let last = Int(endDay.rounded(.down))
        guard first <= last else { return [] }
        var result: [ISODate] = []
        switch unit {
        case .day, .week:
            var day = first
            while day <= last {
                let date = ISODate(daysSinceEpoch: day)
                let onBoundary = unit == .week ? date.weekday == 0 : (date.day - 1) % count == 0
                if onBoundary { result.append(date) }
                day += 1
            }
        case .month, .year:
            let start = ISODate(daysSinceEpoch: first)
            var year = start.year
            var month = unit == .year ? 1 : start.month
            while true {
                let date = ISODate(year: year, month: month, day: 1)
                let day = date.daysSinceEpoch
                if day > last { break }
                let onBoundary = unit == .year ? year % count == 0 : (month - 1) % count == 0
                if day >= first, onBoundary { result.append(date) }
                if unit == .year { year += 1 } else if month == 12 { (year, month) = (year + 1, 1) } else { month += 1 }
            }
        }
        return result
    }
}
