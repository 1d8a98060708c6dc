import TallyFormat

/// Daily totals over the days a calendar shows, read from a date column and an optional count column: one
/// calendar year, or with `months` the months up to the latest date.
struct CalendarDays {
    /// The first and last day shown (days since 1970).
    let first: Int
    let last: Int
    /// How titles and descriptions name the range: "in 2024", or "in the 12 months to Dec 31, 2025".
    let rangeName: String
    /// Days (since 1970) with a row, ascending, and their totals.
    let counts: [(day: Int, value: Double)]
    let style: NumberStyle

    init(spec: ChartSpec, data: ChartData) throws(ChartError) {
        let reader = try ColumnReader(spec: spec, data: data)
        let xName = spec.x ?? ""
        let dateIndex = try reader.index(of: xName, key: "x")
        let countIndex: Int?
        if let name = spec.y.first { countIndex = try reader.index(of: name, key: "y") } else { countIndex = nil }
        var entries: [(day: Int, value: Double)] = []
        var currency: Currency?
        for row in data.rows.indices {
            let cell = data.value(row: row, column: dateIndex)
            let date: ISODate
            switch cell {
            case .null: continue
            case .date(let value): date = value
            case .text(let text) where ISODate(text) != nil:
                date = ISODate(text) ?? ISODate(year: 1970)
            default:
                throw .wrongValueType(column: xName, row: row + 1, expected: "dates", found: cell.kindDescription)
            }
            let value: Double
            if let countIndex {
                guard let measured = try reader.measure(row: row, column: countIndex) else { continue }
                value = measured
                if let rowCurrency = try reader.currency(row: row) {
                    currency = rowCurrency
                }
            } else {
                value = 1
            }
            entries.append((date.daysSinceEpoch, value))
        }
        let latest = entries.map(\.day).max()
        if let months = spec.months {
            let end = latest.map { ISODate(daysSinceEpoch: $0) }
            last = latest ?? 0
            first = end.map { Self.day(after: $0, minusMonths: months) } ?? 0
            rangeName = "in the " + (months == 1 ? "month" : String(months) + " months") + " to "
                + (end.map(spec.locale.date) ?? "the latest date")
        } else {
            let year = spec.year ?? latest.map { ISODate(daysSinceEpoch: $0).year } ?? 1970
            first = ISODate(year: year, month: 1, day: 1).daysSinceEpoch
            last = ISODate(year: year, month: 12, day: 31).daysSinceEpoch
            rangeName = "in " + String(year)
        }
        var totals: [Int: Double] = [:]
        for entry in entries where entry.day >= first && entry.day <= last { totals[entry.day, default: 0] += entry.value }
        counts = totals.keys.sorted().map { ($0, totals[$0] ?? 0) }
        style = reader.style(for: currency)
    }

    /// The day after the same date `months` months before `end` (clamped to the month's length): with `end` on
    /// Dec 31, 2025 and 12 months, Jan 1, 2025.
    static func day(after end: ISODate, minusMonths months: Int) -> Int {
        let index = end.year * 12 + end.month - 1 - months
        let year = index / 12
        let month = index % 12 + 1
        return ISODate(year: year, month: month, day: min(end.day, ISODate.daysIn(month: month, year: year))).daysSinceEpoch + 1
    }

    /// The Monday on or before `first`, where the first week column starts.
    var firstMonday: Int { first - ISODate(daysSinceEpoch: first).weekday }

    /// Number of week columns the days take.
    var weeks: Int { (last - firstMonday) / 7 + 1 }

    /// "Calendar heatmap of posts per day in 2024: 120 of 366 days have some, 150 in all. The busiest day is …"
    func describe(name: String, busiest: (day: Int, value: Double)) -> String {
        let active = counts.filter { $0.value > 0 }.count
        let total = counts.reduce(0) { $0 + $1.value }
        var text = "Calendar heatmap of " + name + " per day " + rangeName + ": " + String(active) + " of "
            + String(last - first + 1) + " days have some, " + style.full(total) + " in all. The busiest day is "
            + style.locale.date(ISODate(daysSinceEpoch: busiest.day)) + " with " + style.full(busiest.value) + "."
        let start = ISODate(daysSinceEpoch: first)
        let startIndex = start.year * 12 + start.month - 1
        let end = ISODate(daysSinceEpoch: last)
        var months = [Double](repeating: 0, count: end.year * 12 + end.month - startIndex)
        for entry in counts {
            let date = ISODate(daysSinceEpoch: entry.day)
            months[date.year * 12 + date.month - 1 - startIndex] += entry.value
        }
        let activeMonths = months.indices.filter { months[$0] > 0 }
        if let firstMonth = activeMonths.first, let lastMonth = activeMonths.last, lastMonth > firstMonth,
           let trend = Trend.of(Array(months[firstMonth...lastMonth]), at: (firstMonth...lastMonth).map(Double.init)) {
            text += " By month the trend is " + trend.rawValue + "."
        }
        return text
    }
}
