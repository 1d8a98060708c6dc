/// Builds SVG or HTML text in a byte buffer: raw markup, escaped text and numbers rounded to two decimals.
/// Writing bytes rather than concatenating strings keeps rendering fast and the output byte-for-byte stable.
/// The writer owns its memory directly and cannot be copied, so appending costs a bounds check and a copy,
/// with no reference counting; rendering appends a few hundred short pieces per chart.
struct SVGWriter: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = max(64, capacity)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Markup written as is.
    mutating func raw(_ markup: String) {
        var markup = markup
        markup.withUTF8 { append($0) }
    }

    /// Markup from a literal, without going through String.
    mutating func raw(_ markup: StaticString) {
        append(UnsafeBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount))
    }

    /// Text from data or labels, with & < > " ' escaped so it is safe in elements and attribute values,
    /// and control characters that XML forbids dropped. Runs of safe bytes are copied in one go.
    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { source in
            var runStart = 0
            for index in 0..<source.count {
                let byte = source[index]
                guard byte < 63 else { continue }
                let escape: StaticString
                switch byte {
                case UInt8(ascii: "&"): escape = "&amp;"
                case UInt8(ascii: "<"): escape = "&lt;"
                case UInt8(ascii: ">"): escape = "&gt;"
                case UInt8(ascii: "\""): escape = "&quot;"
                case UInt8(ascii: "'"): escape = "&#39;"
                // Control characters other than tab and newlines are not allowed in XML at all.
                case 0..<9, 11, 12, 14..<32: escape = ""
                default: continue
                }
                if runStart < index { append(UnsafeBufferPointer(rebasing: source[runStart..<index])) }
                runStart = index + 1
                raw(escape)
            }
            if runStart < source.count { append(UnsafeBufferPointer(rebasing: source[runStart...])) }
        }
    }

    /// A coordinate: rounded half away from zero to two decimals, without trailing zeros or "-0".
    mutating func number(_ value: Double) {
        let scaled = (value * 100).rounded()
        guard scaled.isFinite, abs(scaled) < 9e17 else {
            append(UInt8(ascii: "0"))
            return
        }
        var hundredths = Int64(scaled)
        if hundredths == 0 {
            append(UInt8(ascii: "0"))
            return
        }
        if hundredths < 0 {
            append(UInt8(ascii: "-"))
            hundredths = -hundredths
        }
        appendDigits(UInt64(hundredths / 100))
        let fraction = Int(hundredths % 100)
        guard fraction != 0 else { return }
        append(UInt8(ascii: "."))
        append(UInt8(48 + fraction / 10))
        if fraction % 10 != 0 { append(UInt8(48 + fraction % 10)) }
    }

    /// A non-negative whole number.
    mutating func integer(_ value: Int64) { appendDigits(value.magnitude) }

    mutating func integer(_ value: Int) { integer(Int64(value)) }

    /// ` name="value"` with a numeric value.
    mutating func attribute(_ name: StaticString, _ value: Double) {
        append(UInt8(ascii: " "))
        raw(name)
        raw("=\"" as StaticString)
        number(value)
        append(UInt8(ascii: "\""))
    }

    /// `<title>text</title>`: the native tooltip every mark carries.
    mutating func title(_ text: String) {
        raw("<title>" as StaticString)
        self.text(text)
        raw("</title>" as StaticString)
    }

    /// `<title>label: value</title>`, written without building the joined string first.
    mutating func title(_ label: String, value: String) {
        raw("<title>" as StaticString)
        text(label)
        raw(": " as StaticString)
        text(value)
        raw("</title>" as StaticString)
    }

    /// `<text x=".." y=".."[ class=".."]>label</text>`.
    mutating func label(_ label: String, x: Double, y: Double, attributes: StaticString = "") {
        raw("<text" as StaticString)
        attribute("x", x)
        attribute("y", y)
        raw(attributes)
        append(UInt8(ascii: ">"))
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

    /// The text written so far.
    var string: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// The decimal digits of `value`, written in place from the last one.
    private mutating func appendDigits(_ value: UInt64) {
        var digits = 1
        var scale: UInt64 = 10
        while digits < 20, value >= scale {
            digits += 1
            scale = scale &* 10
        }
        if count + digits > capacity { grow(to: count + digits) }
        var remaining = value
        var index = count + digits - 1
        while index >= count {
            storage[index] = UInt8(48 + remaining % 10)
            remaining /= 10
            index -= 1
        }
        count += digits
    }

    private mutating func grow(to minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
