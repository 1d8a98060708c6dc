import TallyFormat
import TallySite
import TallyStore

/// Checks the rows a site publishes against the rules of docs/database.md: positive amounts, ISO 4217
/// currencies, votes on known bills by known representatives, roll-call totals that equal their positions,
/// budget categories that form a tree, URL-safe slugs, ISO 8601 dates, IANA time zone names and exchange rates that convert.
///
/// It reads the published snapshot, so rows of users not in `publish_users` are never examined or named:
/// they cannot reach the site, and check output often lands in public CI logs. For the same reason, values of
/// personal tables (those with a `user_id`) are never printed, only the table, row and column. A table or
/// column that the database does not have is skipped.
struct DataChecker {
    let database: SiteDatabase
    /// The database as the user names it, such as `data/example.sqlite`.
    let file: String

    func check() -> [CheckProblem] {
        let tables = database.tableNames().filter { !$0.hasPrefix("sqlite_") }.sorted()
        let columns = Dictionary(uniqueKeysWithValues: tables.map { ($0, columnNames(of: $0)) })
        let schema = DataSchema(columns: columns)
        var problems: [CheckProblem] = []
        problems += amountProblems(schema)
        problems += currencyProblems(schema)
        problems += referenceProblems(schema)
        problems += rollCallTotalProblems(schema)
        problems += cycleProblems(schema)
        problems += slugProblems(schema)
        problems += dateProblems(schema)
        problems += timezoneProblems(schema)
        problems += exchangeRateProblems(schema)
        return problems
    }

    /// The columns each table has, and what follows from them.
    struct DataSchema {
        let columns: [String: Set<String>]

        func has(_ table: String, _ wanted: String...) -> Bool {
            guard let found = columns[table] else { return false }
            return wanted.allSatisfy(found.contains)
        }

        /// Personal tables hold users' own rows; their values are never printed.
        func isPersonal(_ table: String) -> Bool {
            table == "users" || table == "post_deliveries" || columns[table]?.contains("user_id") == true
        }

        /// " 'value'" to put after a column name in a message, or nothing for a personal table.
        func shown(_ value: DataValue, in table: String) -> String {
            isPersonal(table) ? "" : " " + Diagnostic.quoted(value.text)
        }

        /// The column that names a row: `id` when the table has one, else SQLite's rowid.
        func key(_ table: String) -> String { has(table, "id") ? "id" : "rowid" }

        var tables: [String] { columns.keys.sorted() }
    }

    /// Rows of `SELECT key, value …`: the row's key and the value to judge.
    func rows(_ sql: String) -> [(key: DataValue, value: DataValue)] {
        guard let table = try? database.run(sql) else { return [] }
        return table.rows.compactMap { row in row.count >= 2 ? (row[0], row[1]) : nil }
    }

    /// A data problem in `table`'s row `key`: "donations row 17: …".
    func problem(_ kind: CheckProblem.Kind, _ table: String, _ key: DataValue, _ message: String, hint: String) -> CheckProblem {
        CheckProblem(kind, Diagnostic(file: file, message: "\(table) row \(DataChecker.shown(key)): \(message)", hint: hint))
    }

    /// A row key as printed: 17, or 'hr3684-117' for a text key.
    static func shown(_ key: DataValue) -> String {
        if case .integer(let number) = key { return String(number) }
        return Diagnostic.quoted(key.text)
    }

    private func columnNames(of table: String) -> Set<String> {
        let result = try? database.run("SELECT name FROM pragma_table_info(:table)", parameters: ["table": .text(table)])
        return Set(result?.rows.compactMap { $0.first?.text } ?? [])
    }
}

/// `"…"` identifiers for SQL built from table and column names the database itself reported.
func quotedIdentifier(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
