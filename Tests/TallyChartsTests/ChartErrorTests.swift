import TallyCharts
import TallyFormat
import Testing

/// Data the charts cannot draw, and the exact messages that say so.
struct ChartErrorTests {
    static func error(_ spec: ChartSpec, _ data: ChartData) -> ChartError? {
        do {
            _ = try ChartRenderer.render(spec, data: data, idPrefix: "e")
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownColumnListsTheAvailableOnes() throws {
        let error = try #require(Self.error(ChartSpec(kind: .bar, x: "year", y: ["totl"]), ChartFixture.givingByYear))
        #expect(error == .unknownColumn("totl", key: "y", available: ["year", "total_cents"]))
        #expect(error.message == "y: column \"totl\" is not in the query result")
        #expect(error.hint == "available columns: year, total_cents")
    }

    @Test func unknownColumnsForEveryKey() {
        let data = ChartData(columns: ["a", "b"], rows: [])
        #expect(Self.error(ChartSpec(kind: .line, x: "a", y: ["b"], series: "s"), data)
            == .unknownColumn("s", key: "series", available: ["a", "b"]))
        #expect(Self.error(ChartSpec(kind: .histogram, x: "z"), data) == .unknownColumn("z", key: "x", available: ["a", "b"]))
        #expect(Self.error(ChartSpec(kind: .bar, x: "a", y: ["b"], format: .currency(.column("cur"))), data)
            == .unknownColumn("cur", key: "currency_column", available: ["a", "b"]))
        #expect(Self.error(ChartSpec(kind: .progress, y: ["b"], target: .column("goal")), data)
            == .unknownColumn("goal", key: "target", available: ["a", "b"]))
    }

    @Test func missingYFromASpecBuiltInCode() throws {
        let error = try #require(Self.error(ChartSpec(kind: .line, x: "year"), ChartFixture.givingByYear))
        #expect(error == .invalidSpec(.missingKey("y", kind: .line)))
        #expect(error.message == "a line chart needs \"y\"")
    }

    @Test(arguments: [(Double.nan, "NaN"), (.infinity, "infinity"), (-.infinity, "\u{2212}infinity")])
    func nonFiniteValuesNameTheColumnAndRow(_ value: Double, _ printed: String) throws {
        let data = ChartData(columns: ["k", "v"], rows: [[.text("a"), .number(1)], [.text("b"), .number(value)]])
        let error = try #require(Self.error(ChartSpec(kind: .bar, x: "k", y: ["v"]), data))
        #expect(error == .nonFiniteValue(column: "v", row: 2, value: printed))
        #expect(error.message == "column \"v\" has \(printed) in row 2; charts need finite numbers")
        #expect(error.hint == "filter those rows out in the query, or turn them into NULL, which the chart leaves out")
    }

    @Test func nonFiniteValuesAreCaughtByEveryKind() {
        let data = ChartData(columns: ["k", "v"], rows: [[.date(ISODate(year: 2024, month: 1, day: 2)), .number(.nan)]])
        for kind in ChartKind.allCases {
            var spec = ChartSpec(kind: kind, x: "k", y: ["v"])
            if kind == .histogram { (spec.x, spec.y) = ("v", []) }
            if kind == .progress { (spec.x, spec.target) = (nil, .value(10)) }
            #expect(Self.error(spec, data) == .nonFiniteValue(column: "v", row: 1, value: "NaN"), "\(kind)")
        }
    }

    @Test func aDeclaredCurrencyThatTheRowsContradict() throws {
        let data = ChartData(columns: ["month", "currency", "total_cents"], rows: [
            [.text("Jan"), .text("USD"), .integer(15_000)], [.text("Jan"), .text("EUR"), .integer(3_000)],
        ])
        let spec = ChartSpec(kind: .bar, x: "month", y: ["total_cents"], format: .currency(.code(try #require(Currency.lookup("USD")))))
        let error = try #require(Self.error(spec, data))
        #expect(error == .currencyMismatch(column: "currency", row: 2, found: "EUR", declared: "USD"))
        #expect(error.message == "column \"currency\" has \"EUR\" in row 2, but the chart says \"currency: USD\"; "
            + "its amounts would be drawn as USD")
        #expect(error.hint == "write \"currency_column: currency\" instead to draw one chart per currency, "
            + "or keep one currency with WHERE currency = 'USD' in the query")
        #expect(error.key == "currency")
        // The pair rule of tables: `<base>_currency` holds the currency of `<base>_cents`.
        let paired = ChartData(columns: ["month", "currency", "given_currency", "given_cents"], rows: [
            [.text("Jan"), .text("EUR"), .text("USD"), .integer(100)], [.text("Feb"), .text("EUR"), .text("GBP"), .integer(100)],
        ])
        var given = spec
        given.y = ["given_cents"]
        #expect(Self.error(given, paired) == .currencyMismatch(column: "given_currency", row: 2, found: "GBP", declared: "USD"))
        for kind in ChartKind.allCases {
            var any = spec
            any.kind = kind
            if kind == .histogram { (any.x, any.y) = ("total_cents", []) }
            if kind == .progress { (any.x, any.target) = (nil, .value(10)) }
            #expect(Self.error(any, data)?.key == "currency", "\(kind)")
        }
    }

    /// Without a currency format, `*_cents` amounts whose currency column holds several currencies would be added
    /// together as plain numbers ($150 + €30 drawn as 18,000): refused at the key naming them.
    @Test func amountsInSeveralCurrenciesNeedACurrencyFormat() throws {
        let data = ChartData(columns: ["year", "currency", "amount_cents"], rows: [
            [.text("2024"), .text("USD"), .integer(15_000)], [.text("2024"), .text("eur"), .integer(3_000)],
            [.text("2025"), .text("USD"), .integer(2_500)],
        ])
        let error = try #require(Self.error(ChartSpec(kind: .bar, x: "year", y: ["amount_cents"]), data))
        #expect(error == .unformattedCurrencies(column: "amount_cents", currencyColumn: "currency", currencies: ["EUR", "USD"], key: "y"))
        #expect(error.message == "column \"amount_cents\" holds amounts in EUR, USD (column \"currency\"), "
            + "which this chart would add together on one axis")
        #expect(error.hint == "add \"currency_column: currency\" to draw one chart per currency, "
            + "or keep one currency with WHERE currency = 'EUR' in the query")
        #expect(error.key == "y")
        var histogram = ChartSpec(kind: .histogram, x: "amount_cents")
        #expect(Self.error(histogram, data)?.key == "x")
        for kind in ChartKind.allCases where kind != .histogram {
            var any = ChartSpec(kind: kind, x: "year", y: ["amount_cents"], format: .compact)
            if kind == .progress { (any.x, any.target) = (nil, .value(10)) }
            if kind == .calendar { any.x = "year" }
            #expect(Self.error(any, data)?.key == "y", "\(kind)")
        }
        // One currency, a currency format, or a column that is not an amount: drawn as before.
        let dollars = ChartData(columns: data.columns, rows: data.rows.filter { $0[1] == .text("USD") })
        #expect(Self.error(ChartSpec(kind: .bar, x: "year", y: ["amount_cents"]), dollars) == nil)
        #expect(Self.error(ChartSpec(kind: .bar, x: "year", y: ["amount_cents"], format: .currency(.column("currency"))), data) == nil)
        let counts = ChartData(columns: ["year", "currency", "gifts"], rows: [[.text("2024"), .text("USD"), .integer(2)], [.text("2024"), .text("EUR"), .integer(1)]])
        #expect(Self.error(ChartSpec(kind: .bar, x: "year", y: ["gifts"]), counts) == nil)
        histogram.format = .currency(.column("currency"))
        #expect(Self.error(histogram, data) == nil)
    }

    @Test func negativePieValues() throws {
        let data = ChartData(columns: ["category", "amount"], rows: [[.text("Food"), .integer(40)], [.text("Refund"), .integer(-5)]])
        let error = try #require(Self.error(ChartSpec(kind: .pie, x: "category", y: ["amount"]), data))
        #expect(error == .negativeValue(column: "amount", row: 2, value: "\u{2212}5", kind: .pie))
        #expect(error.message == "a pie chart shows parts of a whole, but column \"amount\" has \u{2212}5 in row 2")
        #expect(error.hint == "leave them out with WHERE amount > 0, or use a bar chart, which draws negative values below zero")
        #expect(Self.error(ChartSpec(kind: .donut, x: "category", y: ["amount"]), data)
            == .negativeValue(column: "amount", row: 2, value: "\u{2212}5", kind: .donut))
        #expect(Self.error(ChartSpec(kind: .percentBar, x: "category", y: ["amount"]), data)
            == .negativeValue(column: "amount", row: 2, value: "\u{2212}5", kind: .percentBar))
    }

    @Test func wrongValueTypes() throws {
        let data = ChartData(columns: ["k", "v"], rows: [[.text("a"), .text("n/a")]])
        let error = try #require(Self.error(ChartSpec(kind: .bar, x: "k", y: ["v"]), data))
        #expect(error.message == "column \"v\" must hold numbers, but row 1 has text \"n/a\"")
        #expect(error.hint == "convert them in the query, e.g. CAST(v AS REAL), or choose another column")
        let numericText = ChartData(columns: ["k", "v"], rows: [[.text("a"), .text("12.5")]])
        #expect(Self.error(ChartSpec(kind: .bar, x: "k", y: ["v"]), numericText) == nil)
        let calendar = ChartData(columns: ["d"], rows: [[.text("yesterday")]])
        #expect(Self.error(ChartSpec(kind: .calendar, x: "d"), calendar)
            == .wrongValueType(column: "d", row: 1, expected: "dates", found: "text \"yesterday\""))
    }

    @Test func unknownCurrencyCode() throws {
        let data = ChartData(columns: ["k", "c", "v"], rows: [[.text("a"), .text("USX"), .integer(1)]])
        let error = try #require(Self.error(ChartSpec(kind: .bar, x: "k", y: ["v"], format: .currency(.column("c"))), data))
        #expect(error.message == "column \"c\" has \"USX\" in row 1, which is not an ISO 4217 currency code")
    }

    @Test func progressTargetMustBePositive() throws {
        let data = ChartData(columns: ["v"], rows: [[.integer(5)]])
        let error = try #require(Self.error(ChartSpec(kind: .progress, y: ["v"], target: .value(-3)), data))
        #expect(error.message == "the progress target must be greater than zero, not \u{2212}3")
    }
}

@Test func headersNameColumnsInTheTableDescriptionAndTitle() throws {
    let data = ChartData(columns: ["month", "given_cents"], rows: [[.text("Jan"), .integer(300)], [.text("Feb"), .integer(500)]])
    let spec = ChartSpec(kind: .sparkline, x: "month", y: ["given_cents"], format: .currency(.code(try #require(Currency.lookup("USD")))),
                         headers: ["month": "Month", "given_cents": "Given"])
    let chart = try ChartRenderer.render(spec, data: data, idPrefix: "s")
    #expect(chart.svg.contains("<title id=\"s-title\">Given</title><desc id=\"s-desc\">Sparkline of Given: 2 values"))
    #expect(chart.table.contains("<thead><tr><th scope=\"col\">Month</th><th scope=\"col\">Given</th></tr></thead>"))
    #expect(!chart.svg.contains("given_cents") && !chart.table.contains("given_cents"))
}

@Test func headersMustNameColumnsOfTheQuery() throws {
    let data = ChartData(columns: ["k", "v"], rows: [[.text("a"), .integer(1)]])
    let unknown = #expect(throws: ChartError.self) {
        try ChartRenderer.render(ChartSpec(kind: .bar, x: "k", y: ["v"], headers: ["value": "Value"]), data: data, idPrefix: "c")
    }
    #expect(unknown?.message == "headers: column \"value\" is not in the query result")
    #expect(unknown?.hint == "available columns: k, v")
    let clash = #expect(throws: ChartError.self) {
        try ChartRenderer.render(ChartSpec(kind: .bar, x: "k", y: ["v"], headers: ["v": "k"]), data: data, idPrefix: "c")
    }
    #expect(clash?.message == "\"headers\" must be a name that no other column has, not \"k\"")
}

@Test func aProgressTableNamesItsRowHeaders() throws {
    let data = ChartData(columns: ["v"], rows: [[.integer(5)]])
    let chart = try ChartRenderer.render(ChartSpec(kind: .progress, y: ["v"], target: .value(10), headers: ["v": "Given"]), data: data, idPrefix: "p")
    #expect(chart.table.contains("<thead><tr><th scope=\"col\">Measure</th><th scope=\"col\">Given</th></tr></thead>"))
}

@Test func aSparklineWithoutXTakesRowsInQueryOrder() throws {
    let data = ChartData(columns: ["visits"], rows: [[.integer(3)], [.integer(5)], [.integer(4)]])
    let chart = try ChartRenderer.render(ChartSpec(kind: .sparkline, y: ["visits"]), data: data, idPrefix: "s")
    #expect(chart.svg.contains("Sparkline of Visits: 3 values, from 3 (1) to 4 (3)"))
}
