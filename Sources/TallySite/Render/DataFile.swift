import Foundation
import TallyFormat
import TallyStore

/// A `content/**/*.json.sql` or `*.csv.sql` file: one query whose rows are written at the same path
/// (`content/search.json.sql` → `/search.json`): a JSON array of objects for a script to read (a search index),
/// or RFC 4180 CSV for a spreadsheet (`CSVText`).
struct DataFile: Sendable {
    enum Format: String, Sendable, CaseIterable {
        case json, csv

        /// What a content file's name ends with.
        var suffix: String { "." + rawValue + ".sql" }
    }

    /// Path from the site root, e.g. `content/search.json.sql`.
    let file: String
    /// Output path, e.g. `search.json`.
    let outputPath: String
    let sql: String
    let format: Format

    /// Runs the query and writes the file; an SQL error is located in the `.sql` file. JSON is read and written out
    /// a chunk at a time, so a file of 100,000 rows holds its text but never all its rows; CSV reads the table whole,
    /// since its money columns are converted with the currency column beside them (`CSVText`).
    func write(database: SiteDatabase, to writer: OutputWriter) -> Diagnostic? {
        let bytes: Data
        do {
            switch format {
            case .json:
                var json = JSONArray()
                try database.forEachChunk(sql, chunkSize: PageExpander.chunkSize) { columns, rows in json.append(rows, columns: columns) }
                bytes = json.finishedBytes()
            case .csv:
                bytes = Data(CSVText.make(try database.run(sql)).utf8)
            }
        } catch {
            return QueryDiagnostics.diagnostic(error, queryName: outputPath, file: file, line: 1)
        }
        do throws(Diagnostic) {
            try writer.write(bytes, to: outputPath, origin: .dataFile(source: file))
            return nil
        } catch {
            return error
        }
    }

    /// The JSON text of rows appended a chunk at a time: `[{"column": value, …}, …]`, one row per line, keys in
    /// column order, so the file diffs well and is the same on every build. Integers and reals are JSON numbers,
    /// NULL is null, text is an escaped string.
    private struct JSONArray {
        private var keys: [String] = []
        /// Bytes, not a `String`: the file is handed to the writer as it is, where the text took a second copy of
        /// itself (20 MB at 100,000 organizations) as the build ended.
        private var out = Data("[".utf8)
        private var empty = true

        mutating func append(_ rows: [[DataValue]], columns: [String]) {
            if keys.isEmpty { keys = columns.map(DataFile.jsonString) }
            for row in rows {
                add(empty ? "\n{" : ",\n{")
                empty = false
                for (column, value) in row.enumerated() {
                    if column > 0 { add(",") }
                    add(keys[column])
                    add(":")
                    switch value {
                    case .null: add("null")
                    case .integer(let number): add(String(number))
                    case .real(let number): add(number.isFinite ? String(number) : "null")
                    case .text(let text): add(DataFile.jsonString(text))
                    }
                }
                add("}")
            }
        }

        /// The whole file, its closing bracket appended in place.
        mutating func finishedBytes() -> Data {
            add(empty ? "]\n" : "\n]\n")
            return out
        }

        private mutating func add(_ text: String) { out.append(contentsOf: text.utf8) }
    }

    /// A JSON string literal. `<`, `>` and `&` are escaped too, so the text is also safe inside an HTML `<script>`.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}", _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
