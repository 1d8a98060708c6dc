/// The root of one chart's SVG: `role="img"` labelled by its `<title>` and `<desc>`, which come first,
/// a viewBox so the chart scales to its container, and ids that all start with the chart's prefix.
struct ChartCanvas: ~Copyable {
    let prefix: String
    let width: Double
    let height: Double
    var svg: SVGWriter

    /// `extraClass` (such as " tally-cal") follows "tally-svg" in the class attribute.
    init(prefix: String, width: Double, height: Double, title: String, description: String, capacity: Int = 4096,
         extraClass: StaticString = "") {
        self.prefix = prefix
        self.width = width
        self.height = height
        svg = SVGWriter(capacity: capacity)
        svg.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tally-svg" as StaticString)
        svg.raw(extraClass)
        svg.raw("\" viewBox=\"0 0 " as StaticString)
        svg.number(width)
        svg.raw(" " as StaticString)
        svg.number(height)
        svg.raw("\" role=\"img\" aria-labelledby=\"" as StaticString)
        svg.text(prefix)
        svg.raw("-title " as StaticString)
        svg.text(prefix)
        svg.raw("-desc\"><title id=\"" as StaticString)
        svg.text(prefix)
        svg.raw("-title\">" as StaticString)
        svg.text(title)
        svg.raw("</title><desc id=\"" as StaticString)
        svg.text(prefix)
        svg.raw("-desc\">" as StaticString)
        svg.text(description)
        svg.raw("</desc>" as StaticString)
    }

    /// The centred message of a chart with nothing to draw.
    mutating func writeNoData() {
        svg.label("No data", x: width / 2, y: height / 2 + 6, attributes: " class=\"m mu big\"")
    }

    /// Closes the root element and returns the SVG text.
    mutating func finish() -> String {
        svg.raw("</svg>" as StaticString)
        return svg.string
    }

    /// `prefix` made safe for ids and `url(#…)` references: letters, digits, `-` and `_` are kept, anything
    /// else becomes `-`, and an empty prefix becomes "chart".
    static func sanitizedPrefix(_ prefix: String) -> String {
        guard !prefix.isEmpty else { return "chart" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prefix.utf8.count)
        for byte in prefix.utf8 {
            let allowed = (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            bytes.append(allowed ? byte : UInt8(ascii: "-"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
