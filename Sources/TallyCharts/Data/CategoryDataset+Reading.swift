import TallyFormat

extension CategoryDataset {
    /// Pivots `data` by the spec's x, y and series columns. Text categories keep the query's order;
    /// numbers and dates are sorted ascending. Rows whose number or date x is NULL are left out.
    /// `partsOfWhole` rejects negative values, for charts that show shares of a total.
    init(spec: ChartSpec, data: ChartData, partsOfWhole: Bool = false) throws(ChartError) {
        let reader = try ColumnReader(spec: spec, data: data)
        let xName = spec.x ?? ""
        let xIndex = try reader.index(of: xName, key: "x")
        var yIndexes: [Int] = []
        for name in spec.y { yIndexes.append(try reader.index(of: name, key: "y")) }
        let seriesIndex: Int?
        if let name = spec.series { seriesIndex = try reader.index(of: name, key: "series") } else { seriesIndex = nil }

        let xKind = Self.xKind(of: data, column: xIndex)
        var categoryKeys: [ChartValue: Int] = [:]
        var categoryValues: [ChartValue] = []
        var seriesKeys: [String: Int] = [:]
        var seriesNames: [String] = seriesIndex == nil ? spec.y : []
        var sums: [[Double?]] = Array(repeating: [], count: seriesNames.count)
        var seriesCurrencies: [Int: Currency] = [:]
        var codes = Set<String>()

        for row in data.rows.indices {
            let xValue = data.value(row: row, column: xIndex)
            if xValue.isNull, xKind != .text { continue }
            let currency = try reader.currency(row: row)
            for (position, yIndex) in yIndexes.enumerated() {
                guard let value = try reader.measure(row: row, column: yIndex) else { continue }
                if partsOfWhole, value < 0 {
                    throw .negativeValue(column: data.columns[yIndex], row: row + 1,
                                         value: reader.style(for: currency).full(value), kind: spec.kind)
                }
                let category: Int
                if let known = categoryKeys[xValue] { category = known } else {
                    category = categoryValues.count
                    categoryKeys[xValue] = category
                    categoryValues.append(xValue)
                }
                var series = position
                if let seriesIndex {
                    let name = Self.label(data.value(row: row, column: seriesIndex))
                    if let known = seriesKeys[name] { series = known } else {
                        series = seriesNames.count
                        seriesKeys[name] = series
                        seriesNames.append(name)
                    }
                }
                if sums.count <= series { sums.append([]) }
                if sums[series].count <= category {
                    sums[series].append(contentsOf: repeatElement(nil, count: category + 1 - sums[series].count))
                }
                sums[series][category] = (sums[series][category] ?? 0) + value
                if let currency {
                    codes.insert(currency.code)
                    seriesCurrencies[series] = currency
                }
            }
        }
        try reader.checkCurrencies(codes, perSeries: spec.series != nil && spec.series == reader.currencyColumnName)

        let order = Self.order(categoryValues, kind: xKind)
        let axisLabels = Self.axisLabels(order.map { categoryValues[$0] }, kind: xKind)
        categories = order.enumerated().map { offset, index in
            let value = categoryValues[index]
            return Category(axisLabel: axisLabels[offset], label: Self.label(value), position: Self.position(value),
                            date: { if case .date(let date) = value { date } else { nil } }())
        }
        series = seriesNames.indices.map { index in
            let values = order.map { index < sums.count && $0 < sums[index].count ? sums[index][$0] : nil }
            return Series(name: seriesNames[index], values: values, style: reader.style(for: seriesCurrencies[index]))
        }
        let styles = Set(series.map(\.style))
        axisStyle = styles.count == 1 ? styles.first ?? .plain : reader.style(for: nil)
        xColumn = xName
        self.xKind = xKind
        measureNames = spec.y
    }

    private static func xKind(of data: ChartData, column: Int) -> XKind {
        var sawDate = false
        var sawNumber = false
        for row in data.rows.indices {
            switch data.value(row: row, column: column) {
            case .date: sawDate = true
            case .number, .integer: sawNumber = true
            case .null: continue
            case .text: return .text
            }
        }
        return sawDate && !sawNumber ? .date : sawNumber && !sawDate ? .number : .text
    }

    private static func order(_ values: [ChartValue], kind: XKind) -> [Int] {
        guard kind != .text else { return Array(values.indices) }
        return values.indices.sorted { position(values[$0]) < position(values[$1]) }
    }

    /// Text for a category or series value; NULL reads "(none)".
    static func label(_ value: ChartValue) -> String {
        value.isNull ? "(none)" : value.plainText
    }

    static func position(_ value: ChartValue) -> Double {
        switch value {
        case .date(let date): Double(date.localSeconds) / 86_400
        default: value.numeric ?? 0
        }
    }

    private static func axisLabels(_ values: [ChartValue], kind: XKind) -> [String] {
        guard kind == .date else { return values.map(label) }
        let dates = values.compactMap { if case .date(let date) = $0 { date } else { nil } }
        return DateLabels.categoryLabels(dates)
    }
}
