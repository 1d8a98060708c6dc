import TallyFormat

/// Daily totals for one calendar year, read from a date column and an optional count column.
struct CalendarDays {
    let year: Int
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
        var codes = Set<String>()
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
                    codes.insert(rowCurrency.code)
                    currency = rowCurrency
                }
            } else {
                value = 1
            }
            entries.append((date.daysSinceEpoch, value))
        }
        try reader.checkCurrencies(codes, perSeries: false)
        let latest = entries.map(\.day).max().map { ISODate(daysSinceEpoch: $0).year }
        year = spec.year ?? latest ?? 1970
        let first = ISODate(year: year, month: 1, day: 1).daysSinceEpoch
        let last = ISODate(year: year, month: 12, day: 31).daysSinceEpoch
        var totals: [Int: Double] = [:]
        for entry in entries where entry.day >= first && entry.day <= last { totals[entry.day, default: 0] += entry.value }
        counts = totals.keys.sorted().map { ($0, totals[$0] ?? 0) }
        style = reader.style(for: currency)
    }

    /// The Monday on or before January 1 of `year`, where the first week column starts.
    static func firstMonday(of year: Int) -> Int {
        let january = ISODate(year: year, month: 1, day: 1)
        return january.daysSinceEpoch - january.weekday
    }

    /// "Calendar heatmap of posts per day in 2024: 120 of 366 days have some, 150 in all. The busiest day is …"
    func describe(name: String, busiest: (day: Int, value: Double)) -> String {
        let daysInYear = ISODate.daysIn(month: 2, year: year) == 29 ? 366 : 365
        let active = counts.filter { $0.value > 0 }.count
        let total = counts.reduce(0) { $0 + $1.value }
        var text = "Calendar heatmap of " + name + " per day in " + String(year) + ": " + String(active) + " of "
            + String(daysInYear) + " days have some, " + style.full(total) + " in all. The busiest day is "
            + ISODate(daysSinceEpoch: busiest.day).humanReadable + " with " + style.full(busiest.value) + "."
        var months = [Double](repeating: 0, count: 12)
        for entry in counts { months[ISODate(daysSinceEpoch: entry.day).month - 1] += entry.value }
        let activeMonths = months.indices.filter { months[$0] > 0 }
        if let firstMonth = activeMonths.first, let lastMonth = activeMonths.last, lastMonth > firstMonth,
           let trend = Trend.of(Array(months[firstMonth...lastMonth]), at: (firstMonth...lastMonth).map(Double.init)) {
            text += " By month the trend is " + trend.rawValue + "."
        }
        return text
    }
}
