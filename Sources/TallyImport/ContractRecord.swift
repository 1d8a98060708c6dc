import TallyFormat

/// One row for a contract table, as a format read it: typed values, references still to resolve, and where it
/// came from, so the writer's problems point at the file.
struct ContractRecord {
    var table: String
    var values: [(column: String, value: ImportValue)]
    var location: SourceLocation
    /// The row's id in its source (a transaction id, an EIN, a Mastodon note's URL), when it has one.
    var externalID: String?
    /// Rows that belong to this one and are written after it (an organization's tags), with `.parent` for its id.
    var children: [ContractRecord] = []
    /// Contract column → the source column it was read from, to point a problem at the right field.
    var origins: [String: String] = [:]
    /// Columns whose value only fills a new row: the import's date in a `created_at` that no column maps to. A row
    /// found again keeps its own value, and the value is no part of the row's fingerprint, so importing the same
    /// file on another day changes nothing.
    var insertOnly: Set<String> = []
    /// A row found again with other values is an error rather than an update (a roll call the chamber corrected
    /// needs `--replace`).
    var refusesChange = false
    /// On an update, the rows of this table whose column holds the record's id are deleted before the children
    /// are written, so a replaced roll call keeps no position of the old file.
    var replacesChildren: (table: String, column: String)?

    subscript(column: String) -> ImportValue? {
        values.first { $0.column == column }?.value
    }

    mutating func set(_ column: String, _ value: ImportValue) {
        if let index = values.firstIndex(where: { $0.column == column }) {
            values[index].value = value
        } else {
            values.append((column, value))
        }
    }
}

/// A value on its way into the database. References name a row that the writer looks up (and may create).
enum ImportValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// An organization by slug or name.
    case organization(String)
    /// A user by username.
    case user(String)
    /// A budget category by name, among the record's user's categories.
    case category(String)
    /// A row of `table` imported from the same source with this external id (a Mastodon post, say).
    case record(table: String, externalID: String)
    /// The id of the record whose child this one is.
    case parent
}

/// A place in a source file: `gifts.csv:17:3` (line and field for CSV), or a line and a JSON path.
struct SourceLocation: Sendable {
    var file: String
    var line: Int
    /// Each source column's field number (1-based), for CSV; empty for JSON.
    var fields: [String: Int] = [:]
    /// The JSON path of the record, such as `$.orderedItems[12]`; nil for CSV.
    var path: String?

    func column(of sourceColumn: String?) -> Int {
        sourceColumn.flatMap { fields[$0] } ?? 1
    }

    /// A problem at this place: at the source column's field (CSV), or behind the JSON path (`$[3].amount: …`).
    func problem(_ message: String, hint: String, sourceColumn: String? = nil) -> Diagnostic {
        let prefix = path.map { "\($0)\(sourceColumn.map { "." + $0 } ?? ""): " } ?? ""
        return Diagnostic(file: file, line: line, column: column(of: sourceColumn), message: prefix + message, hint: hint)
    }
}
