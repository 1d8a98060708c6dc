import TallyCharts
import TallyFormat
import Testing

/// `width: [376, 760]`: one figure holding a phone drawing and a wider one, which the stylesheet chooses between.
struct TwoWidthsTests {
    private static let data = ChartData(columns: ["year", "total"], rows: [
        [.integer(2023), .integer(1200)], [.integer(2024), .integer(1800)],
    ])

    @Test func readsAPhoneWidthAndAWiderOne() throws {
        let spec = try ChartSpec(fields: ["type": .string("bar"), "x": .string("year"), "y": .string("total"),
                                          "width": .list([.number(376), .number(760)])])
        #expect(spec.width == 376 && spec.wideWidth == 760)
    }

    @Test(arguments: [
        (SpecValue.list([.number(760), .number(376)]), "bar",
         "\"width\" must be a phone width then a wider one, such as [376, 760], not \"[760, 376]\""),
        (.list([.number(376)]), "bar", "\"width\" must be a number or two numbers, not \"[376]\""),
        (.list([.number(376), .string("wide")]), "bar", "\"width\" must be a number or two numbers, not \"[376, wide]\""),
        (.list([.number(376), .number(5000)]), "bar", "\"width\" must be a number from 40 to 4000, not \"5000\""),
        (.list([.number(120), .number(240)]), "sparkline", "\"width\" must be one number for a sparkline, not \"[120, 240]\""),
    ])
    func refusesWidthsThatAreNotAPair(width: SpecValue, type: String, message: String) {
        #expect(throws: ChartSpecError.self) {
            try ChartSpec(fields: ["type": .string(type), "x": .string("year"), "y": .string("total"), "width": width])
        }
        do {
            _ = try ChartSpec(fields: ["type": .string(type), "x": .string("year"), "y": .string("total"), "width": width])
        } catch {
            #expect(error.message == message)
            #expect(error.hint == "sizes are in SVG user units; the chart still scales to the page width; [376, 760] draws it for phones and for wider screens")
            #expect(error.key == "width")
        }
    }

    @Test func drawsBothWidthsInOneFigureWithOneTable() throws {
        let spec = ChartSpec(kind: .bar, title: "Giving", x: "year", y: ["total"], width: 376, wideWidth: 760)
        let chart = try ChartRenderer.render(spec, data: Self.data, idPrefix: "chart-2")
        let html = chart.html
        #expect(html.hasPrefix("<figure class=\"tally-chart tally-duo\"><figcaption>Giving</figcaption>"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tally-svg tally-narrow\" viewBox=\"0 0 376 320\" role=\"img\" "
            + "aria-labelledby=\"chart-2-title chart-2-desc\">"))
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tally-svg tally-wide\" viewBox=\"0 0 760 320\" "
            + "role=\"img\" aria-labelledby=\"chart-2-wide-title chart-2-wide-desc\">"))
        #expect(html.split(separator: "<table").count == 2, "one data table")
        let single = try ChartRenderer.render(ChartSpec(kind: .bar, title: "Giving", x: "year", y: ["total"], width: 376),
                                              data: Self.data, idPrefix: "chart-2")
        #expect(chart.table == single.table)
        #expect(chart.svg.hasPrefix(single.svg.replacing("class=\"tally-svg\"", with: "class=\"tally-svg tally-narrow\"")))
    }

    @Test func drawsEachCurrencyAtBothWidths() throws {
        let spec = ChartSpec(kind: .bar, x: "year", y: ["total"], format: .currency(.column("currency")), width: 376, wideWidth: 760)
        let data = ChartData(columns: ["year", "total", "currency"], rows: [
            [.integer(2024), .integer(1200), .text("USD")], [.integer(2024), .integer(900), .text("EUR")],
        ])
        let html = try ChartRenderer.render(spec, data: data, idPrefix: "c").html
        let order = ["c-usd-title", "c-wide-usd-title", "<table", "c-eur-title", "c-wide-eur-title", "<table"]
        var rest = html[...]
        for part in order {
            let found = try #require(rest.firstRange(of: part), "\(part) in order")
            rest = rest[found.upperBound...]
        }
    }

    @Test func theStylesheetShowsTheWideDrawingWhereTheFigureHasRoom() {
        #expect(ChartTheme.stylesheet.contains(".tally-duo{container-type:inline-size}.tally-duo>.tally-wide{display:none}\n"
            + "@container (min-width:44rem){.tally-duo>.tally-narrow{display:none}.tally-duo>.tally-wide{display:block;min-width:0;max-width:60rem}}"))
    }
}
