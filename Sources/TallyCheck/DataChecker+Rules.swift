import Foundation
import TallyFormat
import TallySite

extension DataChecker {
    /// Columns of the contract that hold ISO 8601 dates.
    static let dateColumns: [(table: String, column: String)] = [
        ("organizations", "created_at"), ("users", "created_at"), ("donations", "donated_at"), ("incomes", "month"),
        ("expenses", "spent_on"), ("bills", "introduced_on"), ("bills", "last_action_on"), ("bill_votes", "voted_on"),
        ("questions", "asked_at"), ("questions", "answered_at"), ("posts", "created_at"), ("posts", "scheduled_for"),
        ("post_deliveries", "published_at"), ("roll_calls", "voted_at"),
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

    /// Votes and positions that name a bill, member or roll call the database lacks. A roll call's bill may be
    /// NULL (a quorum call is on no bill); a vote's or position's references may not.
    func referenceProblems(_ schema: DataSchema) -> [CheckProblem] {
        let references: [(table: String, column: String, target: String, nullable: Bool, key: String)] = [
            ("bill_votes", "bill_id", "bills", false, "rowid"), ("bill_votes", "representative_id", "representatives", false, "rowid"),
            ("roll_calls", "bill_id", "bills", true, "id"),
            ("roll_call_positions", "roll_call_id", "roll_calls", false, "rowid"),
            ("roll_call_positions", "representative_id", "representatives", false, "rowid"),
        ]
        return references.flatMap { reference in
            guard schema.has(reference.table, reference.column), schema.has(reference.target, "id") else { return [CheckProblem]() }
            let missing = "\(reference.column) NOT IN (SELECT id FROM \(reference.target))"
            return rows("""
                SELECT \(reference.key), \(reference.column) FROM \(reference.table)
                WHERE \(reference.nullable ? missing : "\(reference.column) IS NULL OR " + missing) ORDER BY 1
                """)
                .map { row in
                    problem(.unknownReference, reference.table, row.key,
                            "\(reference.column) \(Diagnostic.quoted(row.value.text)) is not in \(reference.target)",
                            hint: "add the row to \(reference.target), or fix or delete the \(reference.table == "roll_calls" ? "roll call's bill_id" : "vote")")
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

    /// `users.timezone` (contract v4): an IANA name, or NULL or blank for the site's `timezone`. A page that reads a
    /// person's hours in a zone that is no zone fails at its query; this names the row that causes it.
    func timezoneProblems(_ schema: DataSchema) -> [CheckProblem] {
        guard schema.has("users", "timezone") else { return [] }
        return rows("SELECT id, timezone FROM users WHERE trim(timezone) <> '' ORDER BY 1")
            .filter { TimeZone(identifier: $0.value.text.trimmingCharacters(in: .whitespaces)) == nil }
            .map { row in
                let value = schema.shown(row.value, in: "users")
                return problem(.unknownTimezone, "users", row.key, "timezone\(value) is not an IANA time zone name",
                               hint: "use a name such as America/Los_Angeles, or leave it empty for the site's `timezone`")
            }
    }
}
