import CCSV
import Foundation
import TallyFormat

/// RFC 4180 CSV through libcsv, read 64 KiB at a time, so a file of any size is imported in bounded memory.
///
/// The header row names the columns. Positions are `line:field`: the physical line where a row starts, counting
/// the line breaks inside quoted fields, and the field's number in the row.
enum CSVFormat: ImportFormat {
    static let name = "csv"
    static let summary = "RFC 4180 CSV with a header row; UTF-8 with or without a BOM; comma, semicolon or tab (guessed from the header, or --delimiter)"
    static let isTabular = true
    static let chunkSize = 1 << 16

    static func read(_ file: ImportFile, into session: ImportSession) throws {
        let (stream, size) = try file.open()
        defer { fclose(stream) }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var count = fread(&chunk, 1, chunkSize, stream)
        var start = 0
        if count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { start = 3 }
        let delimiter = session.options.delimiter ?? guessDelimiter(chunk[start..<count])

        // The callbacks reach the rows through this pointer (see `CSVRows`).
        let rows = UnsafeMutablePointer<CSVRows>.allocate(capacity: 1)
        rows.initialize(to: CSVRows())
        defer {
            rows.deinitialize(count: 1)
            rows.deallocate()
        }
        var parser = csv_parser()
        guard csv_init(&parser, UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL)) == 0 else {
            throw ImportFailure([Diagnostic(file: file.displayName, message: "cannot start the CSV parser", hint: "the machine is out of memory")])
        }
        defer { csv_free(&parser) }
        csv_set_delim(&parser, delimiter)
        csv_set_space_func(&parser) { _ in 0 }
        let context = UnsafeMutableRawPointer(rows)
        var reader = CSVRowReader(file: file, session: session, delimiter: delimiter)
        var done: Int64 = 0
        while count > 0 {
            let parsed = chunk.withUnsafeBytes { bytes in
                bytes.baseAddress.map { csv_parse(&parser, $0 + start, count - start, CSVRows.field, CSVRows.row, context) } ?? 0
            }
            try reader.take(&rows.pointee)
            if parsed < count - start {
                throw ImportFailure([Diagnostic(file: file.displayName, line: rows.pointee.line, column: rows.pointee.fieldsInRow + 1,
                                                message: "a quote stands inside a field that does not start with one",
                                                hint: "a field holding quotes must be quoted whole, with each quote doubled: \"say \"\"hi\"\"\"")])
            }
            if session.hasTooManyErrors { return }
            done += Int64(count)
            session.progress?(done, size)
            start = 0
            count = fread(&chunk, 1, chunkSize, stream)
        }
        if csv_fini(&parser, CSVRows.field, CSVRows.row, context) != 0 {
            throw ImportFailure([Diagnostic(file: file.displayName, line: rows.pointee.line, column: rows.pointee.fieldsInRow + 1,
                                            message: "the file ends inside a quoted field",
                                            hint: "the file may be cut short, or a quote is not closed")])
        }
        try reader.take(&rows.pointee)
        if reader.header == nil {
            throw ImportFailure([Diagnostic(file: file.displayName, message: "the file has no header row", hint: "the first line names the columns")])
        }
    }

    /// The most frequent of comma, semicolon and tab on the first line, outside quotes; comma on a tie.
    static func guessDelimiter(_ bytes: ArraySlice<UInt8>) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, UInt8(ascii: "\t"): 0]
        var quoted = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, byte == 10 || byte == 13 { break }
            if !quoted, counts[byte] != nil { counts[byte, default: 0] += 1 }
        }
        let best = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }
        return best.map { $0.value > 0 ? $0.key : UInt8(ascii: ",") } ?? UInt8(ascii: ",")
    }
}

/// Turns the rows libcsv finished into the header and records.
private struct CSVRowReader {
    let file: ImportFile
    let session: ImportSession
    let delimiter: UInt8
    var header: [String]?
    var fieldNumbers: [String: Int] = [:]
    var targets: [TableMapping.Target?] = []
    /// How this file's common rows are written without the general path; nil when the import is not that case.
    var plan: RowPlan?

    init(file: ImportFile, session: ImportSession, delimiter: UInt8) {
        self.file = file
        self.session = session
        self.delimiter = delimiter
    }

    mutating func take(_ rows: inout CSVRows) throws {
        defer {
            rows.dropFinished()
            plan?.countWritten()
        }
        try rows.withFields { bytes, bounds in
            for row in rows.finished {
                // The common row goes straight from its bytes into the insert; any other, and every row with a
                // problem, is read below exactly as before.
                if row.isASCII, row.fields.count == header?.count, try plan?.write(row, bytes: bytes, bounds: bounds) == true { continue }
                let fields = rows.texts(of: row)
                if let bad = fields.firstIndex(where: { $0 == nil }) {
                    throw ImportFailure([Diagnostic(file: file.displayName, line: row.line, column: bad + 1,
                                                    message: "the file is not UTF-8",
                                                    hint: "save it as UTF-8 (a spreadsheet's \"CSV UTF-8\"), or convert it: iconv -f latin1 -t utf-8")])
                }
                guard let header else {
                    try readHeader(fields.map { $0 ?? "" }, line: row.line)
                    continue
                }
                let location = SourceLocation(file: file.displayName, line: row.line, fields: fieldNumbers)
                guard fields.count == header.count else {
                    session.fail(Diagnostic(file: file.displayName, line: row.line, column: min(fields.count, header.count) + 1,
                                            message: "the row has \(fields.count) fields, but the header has \(header.count)",
                                            hint: "a field holding the delimiter '\(Character(Unicode.Scalar(delimiter)))' must be quoted"))
                    continue
                }
                // One array a row: every field is text here, since a field that is not UTF-8 stopped the file above.
                try session.row(names: header, targets: targets, values: fields.map { .text($0 ?? "") }, at: location)
                if session.hasTooManyErrors { return }
            }
        }
    }

    private mutating func readHeader(_ names: [String], line: Int) throws {
        var seen: [String: Int] = [:]
        for (index, raw) in names.enumerated() {
            let name = raw.trimmed
            if name.isEmpty {
                throw ImportFailure([Diagnostic(file: file.displayName, line: line, column: index + 1, message: "column \(index + 1) has no name",
                                                hint: "the first line names every column")])
            }
            if let first = seen[name] {
                throw ImportFailure([Diagnostic(file: file.displayName, line: line, column: index + 1,
                                                message: "column '\(name)' is named twice (columns \(first) and \(index + 1))",
                                                hint: "give each column a name of its own")])
            }
            seen[name] = index + 1
        }
        let header = names.map(\.trimmed)
        self.header = header
        fieldNumbers = seen
        let location = SourceLocation(file: file.displayName, line: line, fields: seen)
        try session.checkColumns(header, at: location)
        targets = try session.targets(of: header, at: location)
        plan = try session.rowPlan(targets: targets)
    }
}
