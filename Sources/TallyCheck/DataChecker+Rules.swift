import TallyFormat
import TallySite

extension DataChecker {
    /// Columns of the contract that hold ISO 8601 dates.
    static let dateColumns: [(table: String, column: String)] = [
        ("organizations", "created_at"), ("users", "created_at"), ("donations", "donated_at"), ("incomes", "month"),
        ("expenses", "spent_on"), ("bills", "introduced_on"), ("bills", "last_action_on"), ("bill_votes", "voted_on"),
        ("questions", "asked_at"), ("questions", "answered_at"), ("posts", "created_at"), ("posts", "scheduled_for"),
        ("post_deliveries", "published_at"),
    ]

    func amountProblems(_ schema: DataSchema) -> [CheckProblem] {
        ["donations", "expenses"].filter { schema.has($0, "amount_cents") }.flatMap { table in
            rows("SELECT \(schema.key(table)), amount_cents FROM \(table) WHERE typeof(amount_cents) <> 'integer' OR amount_cents <= 0 ORDER BY 1")
                .map { row in
                    var what = "amount_cents is not a whole number"
                    if case .integer = row.value { what = "amount_cents is zero or negative" }
                    return problem(.badAmount, table, row.key, what,
                                   hint: "amounts are whole minor units (cents) greater than zero; fix or delete the row")
                }
        }
    }

    func currencyProblems(_ schema: DataSchema) -> [CheckProblem] {
        schema.tables.filter { schema.has($0, "currency") }.flatMap { table in
            rows("SELECT \(schema.key(table)), currency FROM \(quotedIdentifier(table)) ORDER BY 1")
                .filter { Currency.lookup($0.value.text) == nil }
                .map { row in
                    let value = schema.shown(row.value, in: table)
                    return problem(.unknownCurrency, table, row.key, "currency\(value) is not an ISO 4217 code",
                                   hint: "use a three-letter code such as USD, EUR or JPY")
                }
        }
    }

    func referenceProblems(_ schema: DataSchema) -> [CheckProblem] {
        [("bill_id", "bills"), ("representative_id", "representatives")].flatMap { column, target in
            guard schema.has("bill_votes", column), schema.has(target, "id") else { return [CheckProblem]() }
            return rows("SELECT rowid, \(column) FROM bill_votes WHERE \(column) IS NULL OR \(column) NOT IN (SELECT id FROM \(target)) ORDER BY 1")
                .map { row in
                    problem(.unknownReference, "bill_votes", row.key, "\(column) \(Diagnostic.quoted(row.value.text)) is not in \(target)",
                            hint: "add the row to \(target), or fix or delete the vote")
                }
        }
    }

    func cycleProblems(_ schema: DataSchema) -> [CheckProblem] {
        guard schema.has("budget_categories", "id", "parent_id"),
              let table = try? database.run("SELECT id, parent_id FROM budget_categories WHERE parent_id IS NOT NULL") else { return [] }
        var parents: [Int64: Int64] = [:]
        for row in table.rows { if let id = row[0].integer, let parent = row[1].integer { parents[id] = parent } }
        return CategoryCycles.find(parents: parents).map { cycle in
            let message = cycle.count == 1
                ? "parent_id is the row itself"
                : "rows " + (cycle + [cycle[0]]).map(String.init).joined(separator: " → ") + " form a cycle through parent_id"
            let diagnostic = Diagnostic(file: file, message: "budget_categories " + (cycle.count == 1 ? "row \(cycle[0]): " : "") + message,
                                        hint: "set parent_id to NULL in one of them, so that the categories form a tree")
            return CheckProblem(.categoryCycle, diagnostic)
        }
    }

    func slugProblems(_ schema: DataSchema) -> [CheckProblem] {
        schema.tables.filter { schema.has($0, "slug") }.flatMap { table in
            rows("SELECT \(schema.key(table)), slug FROM \(quotedIdentifier(table)) ORDER BY 1")
                .filter { !Route.isSafeSegment($0.value.text) }
                .map { row in
                    let value = schema.shown(row.value, in: table)
                    return problem(.unsafeSlug, table, row.key, "slug\(value) is not URL-safe",
                                   hint: "use only letters, digits, '-', '_', '.' and '~', not starting with '.'; slugify(name) in SQL makes one")
                }
        }
    }

    func dateProblems(_ schema: DataSchema) -> [CheckProblem] {
        DataChecker.dateColumns.filter { schema.has($0.table, $0.column) }.flatMap { table, column in
            rows("SELECT \(schema.key(table)), \(column) FROM \(table) WHERE \(column) IS NOT NULL ORDER BY 1")
                .filter { ISODate($0.value.text) == nil }
                .map { row in
                    let value = schema.shown(row.value, in: table)
                    return problem(.badDate, table, row.key, "\(column)\(value) is not an ISO 8601 date",
                                   hint: "write dates as 2024-03-05, 2024-03 or 2024-03-05T14:30:00Z")
                }
        }
    }
}
