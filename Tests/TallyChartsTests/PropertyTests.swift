import PropertyBased
@testable import TallyCharts
import TallyFormat
import Testing

/// Properties that hold for any data: marks inside the plot, ticks covering the domain, no NaN or infinity in
/// the output, well-formed XML, and the same bytes every time.
struct PropertyTests {
    static let values = Gen.int(in: -2_000_000...2_000_000).array(of: 1...30)
    static let names = Gen.ascii.string(of: 0...12).array(of: 1...6)

    /// Renders `values` as `kind`, with a second series (the values reversed) for kinds that stack or group.
    static func render(_ kind: ChartKind, _ values: [Int], names: [String] = []) throws -> RenderedChart {
        var rows: [[ChartValue]] = []
        for (index, value) in values.enumerated() {
            let label = names.isEmpty ? "c\(index)" : names[index % names.count] + "\(index)"
            let magnitude = kind == .pie || kind == .donut || kind == .percentBar ? abs(value) : value
            rows.append([.text(label), .integer(Int64(magnitude)), .integer(Int64(values[values.count - 1 - index]) / 3),
                         .date(ISODate(daysSinceEpoch: 19_000 + index * 3))])
        }
        let data = ChartData(columns: ["k", "a", "b", "d"], rows: rows)
        let spec: ChartSpec
        switch kind {
        case .groupedBar, .stackedBar, .line, .area: spec = ChartSpec(kind: kind, x: "k", y: ["a", "b"])
        case .percentBar, .stackedArea: spec = ChartSpec(kind: kind, x: "d", y: ["a"])
        case .histogram: spec = ChartSpec(kind: kind, x: "a")
        case .progress: spec = ChartSpec(kind: kind, y: ["a"], target: .value(1000))
        case .calendar: spec = ChartSpec(kind: kind, x: "d", y: ["a"])
        default: spec = ChartSpec(kind: kind, x: "k", y: ["a"])
        }
        return try ChartRenderer.render(spec, data: data, idPrefix: "p")
    }

    @Test func everyKindGivesWellFormedDeterministicOutput() async {
        await propertyCheck(count: 200, input: Self.values, Gen<ChartKind>.case, Self.names) { values, kind, names in
            let chart = try Self.render(kind, values, names: names)
            #expect(XMLTree.parse(chart.svg).error == nil)
            #expect(XMLTree.parse(chart.html).error == nil)
            // Coordinates live in attributes; text may hold the random names, which can spell "inf".
            let attributeValues = chart.svg.components(separatedBy: "=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            for bad in ["nan", "inf", "NaN"] { #expect(!attributeValues.contains { $0.contains(bad) }) }
            #expect(try Self.render(kind, values, names: names) == chart)
        }
    }

    @Test func marksStayInsideThePlotArea() async {
        let kinds: [ChartKind] = [.bar, .groupedBar, .stackedBar, .percentBar, .line, .area, .stackedArea, .histogram]
        await propertyCheck(count: 200, input: Self.values, Gen<Int>.int(in: 0...(kinds.count - 1))) { values, index in
            let chart = try Self.render(kinds[index], values)
            let root = try #require(XMLTree.parse(chart.svg).root)
            let plot = try #require(PlotBounds(root))
            for node in root.descendants where !node.ancestors.contains(where: { $0.name == "defs" || $0.classes.contains("lg") }) {
                for point in Self.points(of: node) {
                    #expect(plot.contains(point), "\(kinds[index]): <\(node.name) \(node.attributes)> leaves \(plot)")
                }
            }
        }
    }

    @Test func ticksCoverTheDomain() async {
        // Hundredths from −10^12 to 10^12: the range of real data, without subnormal noise.
        let bound = Gen.int64(in: -100_000_000_000_000...100_000_000_000_000).map { Double($0) / 100 }
        await propertyCheck(count: 500, input: bound, bound, Gen.int(in: 2...20)) { a, b, count in
            let (lower, upper) = (min(a, b), max(a, b))
            let scale = LinearScale(lower: lower, upper: upper, range: (0, 100), tickCount: count, includeZero: false)
            // Spans lost in rounding noise are drawn as one value, so allow for that noise.
            let noise = 1e-12 * max(abs(lower), abs(upper), 1e-188)
            #expect(scale.domain.lower <= lower + noise && scale.domain.upper >= upper - noise)
            let ticks = scale.ticks
            #expect(!ticks.isEmpty)
            #expect(ticks == ticks.sorted())
            for tick in ticks { #expect(tick >= scale.domain.lower && tick <= scale.domain.upper) }
            if lower < upper {
                #expect(ticks.first == scale.domain.lower && ticks.last == scale.domain.upper)
            }
        }
    }

    /// The (x, y) points a mark touches: rectangle corners, circle centres and the vertices of straight paths.
    static func points(of node: SVGNode) -> [(Double, Double)] {
        let number = { (name: String) in Double(node.attributes[name] ?? "") }
        switch node.name {
        case "rect":
            guard let x = number("x"), let y = number("y"), let width = number("width"), let height = number("height") else { return [] }
            return [(x, y), (x + width, y + height)]
        case "circle":
            guard let x = number("cx"), let y = number("cy") else { return [] }
            return [(x, y)]
        case "path" where !node.classes.contains("grid") && !node.classes.contains("axis"):
            return PlotBounds.vertices(node.attributes["d"] ?? "")
        default:
            return []
        }
    }
}

/// The rectangle spanned by a chart's gridlines and zero line, which is its plot area.
struct PlotBounds: CustomStringConvertible {
    var left = Double.infinity, right = -Double.infinity, top = Double.infinity, bottom = -Double.infinity

    init?(_ root: SVGNode) {
        for node in root.descendants where node.classes.contains("grid") || node.classes.contains("axis") {
            for (x, y) in Self.vertices(node.attributes["d"] ?? "") {
                (left, right, top, bottom) = (min(left, x), max(right, x), min(top, y), max(bottom, y))
            }
        }
        guard left < right, top < bottom else { return nil }
    }

    func contains(_ point: (Double, Double)) -> Bool {
        point.0 >= left - 0.02 && point.0 <= right + 0.02 && point.1 >= top - 0.02 && point.1 <= bottom + 0.02
    }

    var description: String { "plot \(left)…\(right) × \(top)…\(bottom)" }

    /// Vertices of a path made of M, L, H, V and Z commands with absolute coordinates.
    static func vertices(_ d: String) -> [(Double, Double)] {
        var result: [(Double, Double)] = []
        var current = (0.0, 0.0)
        var command: Character = "M"
        var numbers: [Double] = []
        func flush() {
            switch command {
            case "M", "L":
                var index = 0
                while index + 1 < numbers.count {
                    current = (numbers[index], numbers[index + 1])
                    result.append(current)
                    index += 2
                }
            case "H": for value in numbers { current.0 = value; result.append(current) }
            case "V": for value in numbers { current.1 = value; result.append(current) }
            default: break
            }
            numbers = []
        }
        var token = ""
        for character in d + " " {
            if character.isLetter {
                if !token.isEmpty { numbers.append(Double(token) ?? 0); token = "" }
                flush()
                command = character
            } else if character == " " || character == "," || (character == "-" && !token.isEmpty) {
                if !token.isEmpty { numbers.append(Double(token) ?? 0) }
                token = character == "-" ? "-" : ""
            } else {
                token.append(character)
            }
        }
        if !token.isEmpty { numbers.append(Double(token) ?? 0) }
        flush()
        return result
    }
}
