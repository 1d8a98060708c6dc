import GRDB
import TallyFormat

/// References: rows named in the source (an organization, a user, a budget category, another imported record)
/// become their ids, created with `--create-missing` when the database lacks them.
extension ImportWriter {
    /// The database value for `value`; nil after recording a problem.
    func resolve(_ value: ImportValue, column: String, in record: ContractRecord, parentID: Int64?,
                 resolvedSoFar: some Sequence<(String, DatabaseValue)>) throws -> DatabaseValue? {
        switch value {
        case .null: return .null
        case .integer(let number): return number.databaseValue
        case .real(let number): return number.databaseValue
        case .text(let text): return text.databaseValue
        case .parent: return parentID?.databaseValue ?? .null
        case .organization(let name): return try organizationID(name, record: record, column: column)?.databaseValue
        case .user(let username): return try userID(username, record: record, column: column)?.databaseValue
        case .category(let name):
            guard let userID = resolvedSoFar.first(where: { $0.0 == "user_id" }).flatMap({ Int64.fromDatabaseValue($0.1) }) else {
                problem(record, column, "a budget category is named, but not whose", hint: "give the user with --user")
                return nil
            }
            return try categoryID(name, userID: userID, record: record, column: column)?.databaseValue
        case .record(let table, let externalID):
            try restoreKeyIndex(on: table)
            let id = try Int64.fetchOne(db, sql: "SELECT rowid FROM \(table.quotedDatabaseIdentifier) WHERE import_source = ? AND external_id = ?",
                                        arguments: [source, externalID])
            let name = table + "\u{1}" + externalID
            if id == nil, !refersToFailedRecord(table, externalID), !isKnownMissing(record, name) {
                missingName(record, column, name, "no \(table) row \(Diagnostic.quoted(externalID)) was imported from \(source)",
                            hint: "import it first")
            }
            return id?.databaseValue
        }
    }

    private func organizationID(_ reference: String, record: ContractRecord, column: String) throws -> Int64? {
        if let known = organizations[reference] { return known }
        let name = "organization\u{1}" + reference
        if isKnownMissing(record, name) { return nil }
        var id = try Int64.fetchOne(db, sql: "SELECT id FROM organizations WHERE slug = ?", arguments: [reference])
        if id == nil {
            let matches = try Int64.fetchAll(db, sql: "SELECT id FROM organizations WHERE name = ? COLLATE NOCASE LIMIT 2", arguments: [reference])
            if matches.count > 1 {
                missingName(record, column, name, "more than one organization is named \(Diagnostic.quoted(reference))", hint: "name it by its slug")
                return nil
            }
            id = matches.first
        }
        if id == nil, options.createMissing, let created = createdAt(for: record) {
            try db.execute(sql: "INSERT INTO organizations (slug, name, created_at) VALUES (?, ?, ?)",
                           arguments: [try uniqueSlug(for: reference, externalID: nil), reference, created])
            summary.tables["organizations", default: .init()].inserted += 1
            id = db.lastInsertedRowID
        }
        guard let id else {
            let names = try String.fetchAll(db, sql: "SELECT name FROM organizations ORDER BY name")
            let suggestion = NameSuggestion.closest(to: reference, among: names).map { "did you mean '\($0)'? " } ?? ""
            missingName(record, column, name, "no organization is named \(Diagnostic.quoted(reference))",
                    hint: suggestion + "name one by its slug or name, or add missing ones with --create-missing")
            return nil
        }
        organizations[reference] = id
        return id
    }

    private func userID(_ username: String, record: ContractRecord, column: String) throws -> Int64? {
        if let known = users[username] { return known }
        let name = "user\u{1}" + username
        if isKnownMissing(record, name) { return nil }
        var id = try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE username = ?", arguments: [username])
        if id == nil, options.createMissing, let created = createdAt(for: record) {
            try db.execute(sql: "INSERT INTO users (username, display_name, created_at) VALUES (?, ?, ?)", arguments: [username, username, created])
            summary.tables["users", default: .init()].inserted += 1
            id = db.lastInsertedRowID
        }
        guard let id else {
            let names = try String.fetchAll(db, sql: "SELECT username FROM users ORDER BY username")
            let suggestion = NameSuggestion.closest(to: username, among: names).map { "did you mean '\($0)'? " } ?? ""
            missingName(record, column, name, "no user is named \(Diagnostic.quoted(username))", hint: suggestion + "add it with --create-missing, or check --user")
            return nil
        }
        users[username] = id
        return id
    }

    private func categoryID(_ name: String, userID: Int64, record: ContractRecord, column: String) throws -> Int64? {
        let key = "\(userID)\u{1}\(name)"
        if let known = categories[key] { return known }
        let name = "category\u{1}" + key
        if isKnownMissing(record, name) { return nil }
        var id = try Int64.fetchOne(db, sql: "SELECT id FROM budget_categories WHERE user_id = ? AND name = ?", arguments: [userID, name])
        if id == nil, options.createMissing {
            try db.execute(sql: "INSERT INTO budget_categories (user_id, name) VALUES (?, ?)", arguments: [userID, name])
            summary.tables["budget_categories", default: .init()].inserted += 1
            id = db.lastInsertedRowID
        }
        guard let id else {
            let names = try String.fetchAll(db, sql: "SELECT name FROM budget_categories WHERE user_id = ? ORDER BY name", arguments: [userID])
            let suggestion = NameSuggestion.closest(to: name, among: names).map { "did you mean '\($0)'? " } ?? ""
            missingName(record, column, name, "the user has no budget category \(Diagnostic.quoted(name))", hint: suggestion + "add missing ones with --create-missing")
            return nil
        }
        categories[key] = id
        return id
    }

    /// A created row's `created_at`: the import's date (`tally import`), or the record's own date (a gift's
    /// `donated_at`), so a build from `sources:` never depends on the day it ran.
    private func createdAt(for record: ContractRecord) -> String? {
        if let today = options.createdAtDefault { return today }
        for (_, value) in record.values {
            if case .text(let text) = value, let date = DateText.parse(text, as: .date, format: nil) { return date }
        }
        problem(record, nil, "a row to create needs a date, and this one has none", hint: "give one with --set created_at=2024-01-01")
        return nil
    }

    /// `slugify(name)`, or with the external id (an EIN) or a number added when another organization has it.
    func uniqueSlug(for name: String, externalID: String?) throws -> String {
        let base = Slug.make(name)
        let candidates = [base] + (externalID.map { [base + "-" + Slug.make($0)] } ?? []) + (2...9_999).map { "\(base)-\($0)" }
        for candidate in candidates where try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM organizations WHERE slug = ?)",
                                                             arguments: [candidate]) ?? false) {
            return candidate
        }
        return base + "-" + (externalID.map(Slug.make) ?? "10000")
    }
}
