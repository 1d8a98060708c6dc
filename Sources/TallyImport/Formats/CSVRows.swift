/// The rows libcsv reports through its C callbacks, with the line each starts on.
///
/// Fields are kept as byte ranges of one buffer that every chunk of the file reuses: a row that `RowPlan` can
/// write needs no `String` at all, and only the rows that go the general way are turned into text. A struct that
/// the callbacks reach through a pointer, rather than a class: Swift checks every access to a class's stored
/// property at run time, which was a tenth of a million-row import.
struct CSVRows {
    struct Row {
        /// The row's fields: indices into `fieldBounds`.
        let fields: Range<Int>
        let line: Int
        /// Whether every byte is ASCII, which is valid UTF-8 as it is.
        let isASCII: Bool
    }

    /// The bytes of every field of the rows read from the current chunk, and of the row still being read.
    private(set) var bytes: [UInt8] = []
    /// Each field's bytes in `bytes`.
    private(set) var fieldBounds: [Range<Int>] = []
    var finished: [Row] = []
    /// The physical line the row being read starts on.
    var line = 1
    /// How many fields the row being read has so far, for the column of an error that stops the file.
    var fieldsInRow: Int { fieldBounds.count - rowStart }
    private var rowStart = 0
    private var rowIsASCII = true
    private var breaksInFields = 0
    private var lastTerminator: Int32 = -1

    init() {
        bytes.reserveCapacity(1 << 17)
        fieldBounds.reserveCapacity(1 << 13)
    }

    /// The field's text; nil when it is not UTF-8. ASCII fields skip Swift's (slower) validation.
    func text(ofField index: Int) -> String? {
        bytes.withUnsafeBufferPointer { all in
            let field = UnsafeBufferPointer(rebasing: all[fieldBounds[index]])
            return field.allSatisfy { $0 < 0x80 } ? String(decoding: field, as: UTF8.self) : String(validating: field, as: UTF8.self)
        }
    }

    /// Runs `body` with the fields' bytes and bounds, for `RowPlan` to read every row of the chunk in place.
    func withFields<Result>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Range<Int>>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { bytes in try fieldBounds.withUnsafeBufferPointer { try body(bytes, $0) } }
    }

    /// Every field of `row` as text, nil where a field is not UTF-8: what the general path reads.
    func texts(of row: Row) -> [String?] {
        row.fields.map(text(ofField:))
    }

    /// Forgets the finished rows once they are written, keeping the bytes of a row that runs on into the next chunk.
    mutating func dropFinished() {
        finished.removeAll(keepingCapacity: true)
        let keptBytes = rowStart < fieldBounds.count ? fieldBounds[rowStart].lowerBound : bytes.count
        bytes.removeSubrange(0..<keptBytes)
        fieldBounds.removeSubrange(0..<rowStart)
        if keptBytes > 0 {
            for index in fieldBounds.indices {
                fieldBounds[index] = fieldBounds[index].lowerBound - keptBytes..<fieldBounds[index].upperBound - keptBytes
            }
        }
        rowStart = 0
    }

    private mutating func add(field: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count
        bytes.append(contentsOf: field)
        fieldBounds.append(start..<start + field.count)
        // One pass for both questions: any byte above 0x7F (not ASCII), any below 14 (LF and CR among them).
        var bits: UInt8 = 0, mayBreak = false
        for byte in field {
            bits |= byte
            if byte < 14 { mayBreak = true }
        }
        if bits >= 0x80 { rowIsASCII = false }
        if mayBreak { breaksInFields += Self.lineBreaks(in: field) }
    }

    private mutating func endRow(_ terminator: Int32) {
        defer { lastTerminator = terminator }
        guard fieldsInRow > 0 else {
            // libcsv reports every line break on its own (CSV_REPALL_NL): a blank line, or the LF of a CRLF.
            if !(terminator == 10 && lastTerminator == 13) { line += 1 }
            return
        }
        finished.append(Row(fields: rowStart..<fieldBounds.count, line: line, isASCII: rowIsASCII))
        line += breaksInFields + 1
        rowStart = fieldBounds.count
        rowIsASCII = true
        breaksInFields = 0
    }

    /// Line breaks inside a quoted field: LF, CRLF or a lone CR each count once.
    private static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var breaks = 0
        for index in bytes.indices where bytes[index] == 10 || (bytes[index] == 13 && (index + 1 == bytes.count || bytes[index + 1] != 10)) {
            breaks += 1
        }
        return breaks
    }

    /// libcsv's field callback; `context` points at the `CSVRows`.
    static let field: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = { bytes, count, context in
        guard let rows = context?.assumingMemoryBound(to: CSVRows.self) else { return }
        rows.pointee.add(field: UnsafeRawBufferPointer(start: bytes, count: count).bindMemory(to: UInt8.self))
    }

    /// libcsv's end-of-row callback.
    static let row: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { terminator, context in
        guard let rows = context?.assumingMemoryBound(to: CSVRows.self) else { return }
        rows.pointee.endRow(terminator)
    }
}
