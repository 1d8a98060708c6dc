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
        let limitIndex: Int?
        if let name = spec.limit { limitIndex = try reader.index(of: name, key: "limit") } else { limitIndex = nil }
        var limitsFound: [Int: Double] = [:]
        let colorIndex: Int?
        if let name = spec.color { colorIndex = try reader.index(of: name, key: "color") } else { colorIndex = nil }
        var colorsFound: [Int: ChartColor] = [:]
        let seriesIndex: Int?
        if let name = spec.series { seriesIndex = try reader.index(of: name, key: "series") } else { seriesIndex = nil }

        let xKind = Self.xKind(of: data, column: xIndex)
        var categoryKeys: [ChartValue: Int] = [:]
        let tracksCurrencies = reader.currencyColumnName != nil
        var categoryValues: [ChartValue] = []
        var seriesKeys: [String: Int] = [:]
        var seriesNames: [String] = seriesIndex == nil ? spec.y : []
        var sums: [[Double?]] = Array(repeating: [], count: seriesNames.count)
        var seriesCurrencies: [Int: Currency] = [:]

        for row in data.rows.indices {
            let xValue = data.value(row: row, column: xIndex)
            if xValue.isNull, xKind != .text { continue }
            let currency = try reader.currency(row: row)
            for (position, yIndex) in yIndexes.enumerated() {
                guard let value = try reader.measure(row: row, column: yIndex, currency: currency) else { continue }
                if partsOfWhole, value < 0 {
                    throw .negativeValue(column: data.columns[yIndex], row: row + 1,
                                         value: reader.style(for: currency).full(value), kind: spec.kind)
                }
                let category: Int
                // Scanning beats hashing for the dozen or so categories most charts have.
                if categoryValues.count <= 32 {
                    if let known = categoryValues.firstIndex(of: xValue) { category = known } else {
                        category = categoryValues.count
                        categoryValues.append(xValue)
                        if categoryValues.count > 32 {
                            for (index, value) in categoryValues.enumerated() { categoryKeys[value] = index }
                        }
                    }
                } else if let known = categoryKeys[xValue] { category = known } else {
                    category = categoryValues.count
                    categoryKeys[xValue] = category
                    categoryValues.append(xValue)
                }
                if position == 0, let limitIndex, limitsFound[category] == nil,
                   let limit = try reader.measure(row: row, column: limitIndex, currency: currency) {
                    limitsFound[category] = limit
                }
                if position == 0, let colorIndex, colorsFound[category] == nil,
                   case .text(let text) = data.value(row: row, column: colorIndex), let colour = ChartColor.usable(text) {
                    colorsFound[category] = colour
                }
                var series = position
                if let seriesIndex {
                    let name = Self.label(data.value(row: row, column: seriesIndex), locale: spec.locale)
                    if let known = seriesKeys[name] { series = known } else {
                        series = seriesNames.count
                        seriesKeys[name] = series
                        seriesNames.append(name)
                    }
                }
                if sums.count <= series { sums.append([]) }
                while sums[series].count <= category { sums[series].append(nil) }
                sums[series][category] = (sums[series][category] ?? 0) + value
                if tracksCurrencies, let currency {
                    seriesCurrencies[series] = currency
                }
            }
        }

        let order = Self.order(categoryValues, kind: xKind)
        let sorted = order.map { categoryValues[$0] }
        let labels = sorted.map { Self.label($0, locale: spec.locale) }
        let axisLabels = xKind == .date ? DateLabels.categoryLabels(sorted.compactMap(\.date), locale: spec.locale) : labels
        categories = sorted.indices.map { index in
            Category(axisLabel: axisLabels[index], label: labels[index], position: Self.position(sorted[index]),
                     date: sorted[index].date)
        }
        series = seriesNames.indices.map { index in
            let values = order.map { index < sums.count && $0 < sums[index].count ? sums[index][$0] : nil }
            let style = reader.style(for: seriesCurrencies[index] ?? reader.fixedCurrency)
            // A series of percents is written with one precision throughout: "86.0%" beside "51.3%" in its table.
            return Series(name: seriesNames[index], values: values,
                          style: style.kind == .percent ? style.sharingOnePrecision(values.compactMap { $0 }) : style)
        }
        let firstStyle = series.first?.style ?? reader.style(for: nil)
        axisStyle = series.allSatisfy { $0.style == firstStyle } ? firstStyle : reader.style(for: nil)
        xColumn = xName
        self.xKind = xKind
        measureNames = spec.y
        if limitIndex != nil { limits = order.map { limitsFound[$0] } }
        if colorIndex != nil { colors = order.map { colorsFound[$0] } }
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
        let positions = values.map(position)
        return values.indices.sorted { positions[$0] < positions[$1] || (positions[$0] == positions[$1] && $0 < $1) }
    }

    /// Text for a category or series value; NULL reads "(none)".
    static func label(_ value: ChartValue, locale: FormatLocale) -> String {
        value.isNull ? "(none)" : value.plainText(locale)
    }

    static func position(_ value: ChartValue) -> Double {
        switch value {
        case .date(let date): Double(date.localSeconds) / 86_400
        default: value.numeric ?? 0
        }
    }
}
