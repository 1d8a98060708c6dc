import TallyCharts
import TallyFormat
import Testing

/// Reading chart blocks, and the exact diagnostics for blocks that are wrong.
struct ChartSpecTests {
    @Test func readsAFullBlock() throws {
        let spec = try ChartSpec(fields: [
            "type": .string("bar"), "x": .string("year"), "y": .string("total_cents"), "format": .string("currency"),
            "currency": .string("USD"), "title": .string("Giving by year"), "labels": .bool(false), "width": .number(640),
            "data": .string("gifts_by_year"),
        ])
        #expect(spec == ChartSpec(kind: .bar, title: "Giving by year", x: "year", y: ["total_cents"],
                                  format: .currency(.code(Currency.lookup("USD")!)), width: 640, valueLabels: false))
    }

    @Test func readsListsColumnsAndTargets() throws {
        let grouped = try ChartSpec(fields: ["type": .string("grouped-bar"), "x": .string("q"),
                                             "y": .list([.string("income"), .string("spending")])])
        #expect(grouped.y == ["income", "spending"])
        let progress = try ChartSpec(fields: ["type": .string("progress"), "y": .string("given"), "target": .number(500_000),
                                              "currency_column": .string("currency")])
        #expect(progress.target == .value(500_000))
        #expect(progress.format == .currency(.column("currency")))
        let fromColumn = try ChartSpec(fields: ["type": .string("progress"), "y": .string("given"), "target": .string("pledge")])
        #expect(fromColumn.target == .column("pledge"))
        let histogram = try ChartSpec(fields: ["type": .string("histogram"), "x": .string("amount"), "bins": .number(12)])
        #expect(histogram.bins == 12)
        let calendar = try ChartSpec(fields: ["type": .string("calendar"), "x": .string("date"), "year": .number(2023)])
        #expect(calendar.year == 2023 && calendar.y.isEmpty)
    }

    @Test func aCalendarShowsAYearOrTheMonthsUpToTheLatestDate() throws {
        let rolling = try ChartSpec(fields: ["type": .string("calendar"), "x": .string("date"), "months": .number(12)])
        #expect(rolling.months == 12 && rolling.year == nil)
        #expect(Self.error(["type": .string("calendar"), "x": .string("d"), "months": .number(12), "year": .number(2024)])
            == .conflictingKeys("year", "months"))
        #expect(Self.error(["type": .string("calendar"), "x": .string("d"), "months": .number(0)])
            == .invalidValue(key: "months", value: "0", expected: "a whole number from 1 to 24"))
        #expect(Self.error(["type": .string("calendar"), "x": .string("d"), "months": .number(1.5)])
            == .invalidValue(key: "months", value: "1.5", expected: "a whole number from 1 to 24"))
        let notCalendar = try #require(Self.error(["type": .string("bar"), "x": .string("a"), "y": .string("b"), "months": .number(3)]))
        #expect(notCalendar == .notApplicable("months", kind: .bar) && notCalendar.hint == "remove it; it is used by: calendar")
    }

    @Test func everyKindNameParses() throws {
        for kind in ChartKind.allCases { #expect(ChartKind(rawValue: kind.rawValue) == kind) }
        #expect(ChartKind.allCases.map(\.rawValue) == ["bar", "hbar", "grouped-bar", "stacked-bar", "percent-bar", "line", "area",
                                                       "stacked-area", "pie", "donut", "calendar", "histogram", "sparkline", "progress"])
    }

    static func error(_ fields: [String: SpecValue]) -> ChartSpecError? {
        do {
            _ = try ChartSpec(fields: fields)
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownChartType() throws {
        let error = try #require(Self.error(["type": .string("pi"), "x": .string("a"), "y": .string("b")]))
        #expect(error == .unknownKind("pi"))
        #expect(error.message == "unknown chart type \"pi\"")
        #expect(error.hint == "did you mean \"pie\"? Chart types: bar, hbar, grouped-bar, stacked-bar, percent-bar, line, "
            + "area, stacked-area, pie, donut, calendar, histogram, sparkline, progress")
        let far = try #require(Self.error(["type": .string("radar")]))
        #expect(far.hint.hasPrefix("chart types: bar, hbar"))
    }

    @Test func missingY() throws {
        let error = try #require(Self.error(["type": .string("bar"), "x": .string("year")]))
        #expect(error == .missingKey("y", kind: .bar))
        #expect(error.message == "a bar chart needs \"y\"")
        #expect(error.hint == "name the column with the values, e.g. \"y: total\"; a list such as "
            + "\"y: [income, spending]\" draws one series per column")
        #expect(error.description == error.message + " (hint: " + error.hint + ")")
    }

    @Test func missingXAndType() {
        #expect(Self.error(["type": .string("line"), "y": .string("v")]) == .missingKey("x", kind: .line))
        #expect(Self.error(["x": .string("a")]) == .missingKey("type", kind: .bar))
        #expect(Self.error(["type": .string("progress"), "y": .string("v")]) == .missingKey("target", kind: .progress))
    }

    @Test func unknownKeySuggestsTheClosest() throws {
        let error = try #require(Self.error(["type": .string("bar"), "x": .string("a"), "y": .string("b"), "titel": .string("T")]))
        #expect(error == .unknownKey("titel"))
        #expect(error.message == "unknown key \"titel\" in chart block")
        #expect(error.hint.hasPrefix("did you mean \"title\"? Keys: type, title, description, x, y, series"))
    }

    @Test func keysThatDoNotApply() throws {
        let error = try #require(Self.error(["type": .string("bar"), "x": .string("a"), "y": .string("b"), "bins": .number(5)]))
        #expect(error.message == "\"bins\" does not apply to a bar chart")
        #expect(error.hint == "remove it; it is used by: histogram")
        #expect(Self.error(["type": .string("pie"), "x": .string("a"), "y": .string("b"), "series": .string("s")])
            == .notApplicable("series", kind: .pie))
    }

    @Test func invalidValues() throws {
        let currency = try #require(Self.error(["type": .string("bar"), "x": .string("a"), "y": .string("b"),
                                                "currency": .string("DOLLARS")]))
        #expect(currency.message == "\"currency\" must be an ISO 4217 currency code, not \"DOLLARS\"")
        #expect(currency.hint == "use an ISO 4217 code such as USD, EUR, JPY or CHF")
        let format = try #require(Self.error(["type": .string("bar"), "x": .string("a"), "y": .string("b"),
                                              "format": .string("money")]))
        #expect(format.message == "\"format\" must be one of plain, compact, currency, percent, not \"money\"")
        #expect(Self.error(["type": .string("histogram"), "x": .string("a"), "bins": .number(0)])
            == .invalidValue(key: "bins", value: "0", expected: "a whole number from 1 to 200"))
        #expect(Self.error(["type": .string("bar"), "x": .string("a"), "y": .string("b"), "labels": .string("yes")])
            == .invalidValue(key: "labels", value: "yes", expected: "true or false"))
        #expect(Self.error(["type": .string("bar"), "x": .string("a"), "y": .list([.string("b"), .string("c")])])
            == .invalidValue(key: "y", value: "b, c", expected: "one column for a bar chart"))
    }

    @Test func currencyFormatNeedsACurrency() throws {
        let error = try #require(Self.error(["type": .string("bar"), "x": .string("a"), "y": .string("b"),
                                             "format": .string("currency")]))
        #expect(error.message == "a bar chart needs \"currency\"")
        #expect(error.hint.hasPrefix("\"format: currency\" needs \"currency: USD\""))
        #expect(Self.error(["type": .string("bar"), "x": .string("a"), "y": .string("b"), "currency": .string("USD"),
                            "currency_column": .string("c")]) == .conflictingKeys("currency", "currency_column"))
        #expect(Self.error(["type": .string("bar"), "x": .string("a"), "y": .string("b"), "currency": .string("USD"),
                            "format": .string("percent")]) == .conflictingKeys("format: percent", "currency"))
    }

    @Test func seriesAndSeveralYColumnsConflict() {
        #expect(Self.error(["type": .string("line"), "x": .string("a"), "y": .list([.string("b"), .string("c")]),
                            "series": .string("s")]) == .conflictingKeys("series", "a list of y columns"))
    }
}
