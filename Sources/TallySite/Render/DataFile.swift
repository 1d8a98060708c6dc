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

    /// Runs the query and writes the file, unless `siteFiles` keeps it (its query's tables and SQL as the last build's);
    /// an SQL error is located in the `.sql` file.
    func write(database: SiteDatabase, to writer: OutputWriter, siteFiles: SiteFiles = SiteFiles(incremental: nil)) -> Diagnostic? {
        var problem: Diagnostic?
        siteFiles.make("data " + file, origin: .dataFile(source: file), inputs: { inputs(siteFiles) }) {
            switch write(database: database, to: writer) {
            case .success(let stamp): return [OutputFileStamp(path: outputPath, stamp: stamp)]
            case .failure(let error):
                problem = error
                return nil
            }
        }
        return problem
    }

    /// What the file is made from besides the shared inputs: its path, format and query, and the rows the query reads.
    private func inputs(_ siteFiles: SiteFiles) -> String? {
        siteFiles.inputs(ofQuery: sql).map { ContentDigest.of([outputPath, format.rawValue, $0].joined(separator: "\n")) }
    }

    /// JSON is read and written out a chunk at a time, so a file of 100,000 rows holds neither all its rows nor all its
    /// text; CSV reads the table whole, since its money columns are converted with the currency column beside them
    /// (`CSVText`). Returns the file's stamp as the writer gave it.
    private func write(database: SiteDatabase, to writer: OutputWriter) -> Result<String, Diagnostic> {
        if format == .json { return writeJSON(database: database, to: writer) }
        let bytes: Data
        do {
            bytes = Data(CSVText.make(try database.run(sql)).utf8)
        } catch {
            return .failure(QueryDiagnostics.diagnostic(error, queryName: outputPath, file: file, line: 1))
        }
        return Result { () throws(Diagnostic) in try writer.write(bytes, to: outputPath, origin: .dataFile(source: file)) }
    }

    /// The rows as JSON, each chunk's text handed to the output as it is made (`OutputWriter.writeStreamed`).
    private func writeJSON(database: SiteDatabase, to writer: OutputWriter) -> Result<String, Diagnostic> {
        do throws(StreamedWriteError<QueryError>) {
            return .success(try writer.writeStreamed(to: outputPath, origin: .dataFile(source: file)) { (append) throws(QueryError) in
                var json = JSONArray()
                try database.forEachChunk(sql, chunkSize: PageExpander.chunkSize) { columns, rows in
                    json.append(rows, columns: columns)
                    append(json.take())
                }
                append(json.finished())
            })
        } catch {
            switch error {
            case .produce(let failure): return .failure(QueryDiagnostics.diagnostic(failure, queryName: outputPath, file: file, line: 1))
            case .output(let problem): return .failure(problem)
            }
        }
    }

    /// The JSON text of rows made a chunk at a time: `[{"column": value, …}, …]`, one row per line, keys in
    /// column order, so the file diffs well and is the same on every build. Integers and reals are JSON numbers,
    /// NULL is null, text is an escaped string.
    private struct JSONArray {
        private var keys: [String] = []
        /// The text made since the last `take()`.
        private var out = Array("[".utf8)
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

        /// The text made since the last call, handed over.
        mutating func take() -> [UInt8] {
            defer { out = [] }
            return out
        }

        /// The rest of the text, with the closing bracket.
        mutating func finished() -> [UInt8] {
            add(empty ? "]\n" : "\n]\n")
            return take()
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
