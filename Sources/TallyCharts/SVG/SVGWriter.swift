/// Builds SVG or HTML text in a byte buffer: raw markup, escaped text and numbers rounded to two decimals.
/// Writing bytes rather than concatenating strings keeps rendering fast and the output byte-for-byte stable.
struct SVGWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    /// Markup written as is.
    mutating func raw(_ markup: String) { bytes.append(contentsOf: markup.utf8) }

    /// Markup from a literal, without going through String.
    mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Text from data or labels, with & < > " ' escaped so it is safe in elements and attribute values,
    /// and control characters that XML forbids dropped. Runs of safe bytes are copied in one go.
    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var runStart = 0
            for index in 0..<buffer.count {
                let byte = buffer[index]
                guard byte < 63, Self.needsEscape[Int(byte)] else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<index])) }
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "&"): raw("&amp;" as StaticString)
                case UInt8(ascii: "<"): raw("&lt;" as StaticString)
                case UInt8(ascii: ">"): raw("&gt;" as StaticString)
                case UInt8(ascii: "\""): raw("&quot;" as StaticString)
                case UInt8(ascii: "'"): raw("&#39;" as StaticString)
                default: break
                }
            }
            if runStart < buffer.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart...])) }
        }
    }

    // Bytes below 63 that cannot be copied as they are: the five XML specials and the control characters
    // XML forbids (everything below space except tab, line feed and carriage return).
    private static let needsEscape: [Bool] = (0..<63).map { byte in
        byte < 32 ? ![9, 10, 13].contains(byte) : [38, 60, 62, 34, 39].contains(byte)
    }

    /// A coordinate: rounded half away from zero to two decimals, without trailing zeros or "-0".
    mutating func number(_ value: Double) {
        let scaled = (value * 100).rounded()
        guard scaled.isFinite, abs(scaled) < 9e17 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var hundredths = Int64(scaled)
        if hundredths == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if hundredths < 0 {
            bytes.append(UInt8(ascii: "-"))
            hundredths = -hundredths
        }
        integer(hundredths / 100)
        let fraction = Int(hundredths % 100)
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(48 + fraction / 10))
        if fraction % 10 != 0 { bytes.append(UInt8(48 + fraction % 10)) }
    }

    /// A non-negative whole number.
    mutating func integer(_ value: Int64) {
        if value >= 10 { integer(value / 10) }
        bytes.append(UInt8(48 + value % 10))
    }

    mutating func integer(_ value: Int) { integer(Int64(value)) }

    /// ` name="value"` with a numeric value.
    mutating func attribute(_ name: StaticString, _ value: Double) {
        bytes.append(UInt8(ascii: " "))
        raw(name)
        raw("=\"" as StaticString)
        number(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `<title>text</title>`: the native tooltip every mark carries.
    mutating func title(_ text: String) {
        raw("<title>" as StaticString)
        self.text(text)
        raw("</title>" as StaticString)
    }

    /// `<text x=".." y=".."[ class=".."]>label</text>`.
    mutating func label(_ label: String, x: Double, y: Double, attributes: StaticString = "") {
        raw("<text" as StaticString)
        attribute("x", x)
        attribute("y", y)
        raw(attributes)
        bytes.append(UInt8(ascii: ">"))
        text(label)
        raw("</text>" as StaticString)
    }

    /// `<rect x y width height` (left open for a class or a title).
    mutating func rectStart(x: Double, y: Double, width: Double, height: Double) {
        raw("<rect" as StaticString)
        attribute("x", x)
        attribute("y", y)
        attribute("width", max(0, width))
        attribute("height", max(0, height))
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
