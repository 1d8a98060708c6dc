import GRDB
import GRDBSQLite
import TallyFormat
import TallyStore

/// Writes contract records into the database, inside the caller's transaction: each is inserted, updated or
/// skipped as its key finds it (`RecordKey`), and counted per table.
final class ImportWriter {
    let db: Database
    let options: ImportOptions
    /// What the rows of the file being read are recorded as coming from (`import_source`).
    var source = "" {
        didSet {
            fresh = [:]
            lastFresh = nil
            keyIndexDeferralTried = []
            seenTableReady = false
        }
    }
    var summary = ImportSummary()
    var problems: [Diagnostic] = []
    /// A name that rows refer to and the database lacks is reported once, at its first row: the index of that
    /// problem in `problems`, and how many more rows named it.
    private var missingNames: [String: (problem: Int, moreRows: Int)] = [:]
    /// Problems found, each repeat of a missing name counted too: how `write` tells that a record failed.
    private(set) var problemsFound = 0
    /// Records that had a problem, by table and external id: a row that refers to one fails without a report of
    /// its own, since the first problem is the one to fix.
    private var failedRecords: Set<String> = []
    var tables: [String: ContractTable] = [:]
    /// Caches of the rows that references name: organization slug or name, username, (user id, category name).
    var organizations: [String: Int64] = [:]
    var users: [String: Int64] = [:]
    var categories: [String: Int64] = [:]
    /// Members of Congress found so far, by `bioguide_id`/`lis_id` and the roll call's id: their id and party.
    var memberLookups: [MemberKey: (id: String, party: String?)] = [:]
    /// A member's id in a column of `representatives` (`bioguide_id`, `lis_id`): a key made without joining them.
    struct MemberKey: Hashable {
        let column: String
        let id: String
    }
    /// Per table: whether it had no row from `source` when the import began, so fingerprinted rows need no
    /// look-up before they are inserted.
    private var fresh: [String: Bool] = [:]
    /// The statements of the last row's shape: a file's rows all have one, so its SQL is built once.
    private var lastShape: (table: String, columns: [String], compared: [String], key: [String], insert: Statement, select: Statement?)?
    private var seenTableReady = false
    private var lastTable: ContractTable?
    /// The key index set aside for the file being read, if any (`DeferredKeyIndex`).
    var deferredIndex: DeferredKeyIndex?
    /// The tables whose index this file has already set aside, or found it should not.
    var keyIndexDeferralTried: Set<String> = []
    /// The size of the file being read, which decides whether a key index may be set aside.
    var fileBytes: Int64 = 0
    private var lastFresh: (table: String, isFresh: Bool)?

    init(db: Database, options: ImportOptions) {
        self.db = db
        self.options = options
    }

    func table(_ name: String) throws -> ContractTable? {
        // The last table first: a file's rows all go to one, and comparing names is cheaper than hashing one.
        if let last = lastTable, last.name == name { return last }
        if let known = tables[name] {
            lastTable = known
            return known
        }
        let table = try ContractTable(name, in: db)
        tables[name] = table
        return table
    }

    /// The row a record was written to, and whether it has no children in the database now (it was just inserted,
    /// or its children deleted to be replaced), so none of its children can be there yet.
    typealias WrittenRow = (rowID: Int64, childrenAreNew: Bool)

    /// Writes `record` and its children; problems are collected in `problems`. `parentIsNew` says that the row
    /// whose child this is was just inserted (or its children deleted), so no row can hold its id yet. Returns
    /// the row, or nil when it was left out or had a problem.
    @discardableResult
    func write(_ record: ContractRecord, parentID: Int64? = nil, parentIsNew: Bool = false) throws -> WrittenRow? {
        let problemsBefore = problemsFound
        guard let written = try writeRow(record, parentID: parentID, parentIsNew: parentIsNew) else {
            if problemsFound > problemsBefore, let externalID = record.externalID {
                failedRecords.insert(Self.recordKey(record.table, externalID))
            }
            return nil
        }
        for child in record.children { try write(child, parentID: written.rowID, parentIsNew: written.childrenAreNew) }
        return written
    }

    /// Writes `record` itself, not its children.
    private func writeRow(_ record: ContractRecord, parentID: Int64?, parentIsNew: Bool) throws -> WrittenRow? {
        if let allowed = options.onlyUsers, record.values.contains(where: { if case .user(let name) = $0.value { !allowed.contains(name) } else { false } }) {
            summary.leftOut["rows of unpublished users", default: 0] += 1
            return nil
        }
        guard let table = try table(record.table) else {
            problem(record, nil, "the database has no table \(record.table)", hint: "run tally migrate on it first")
            return nil
        }
        var columns: [String] = [], values: [DatabaseValue] = []
        // Room for the key's two columns too, so a row's arrays are allocated once.
        columns.reserveCapacity(record.values.count + 3)
        values.reserveCapacity(record.values.count + 3)
        let errorsBefore = problemsFound
        for (column, value) in record.values {
            guard let resolved = try resolve(value, column: column, in: record, parentID: parentID, resolvedSoFar: zip(columns, values)) else { continue }
            columns.append(column)
            values.append(resolved)
        }
        guard problemsFound == errorsBefore else { return nil }
        if table.name == "organizations", !columns.contains("slug"), let index = columns.firstIndex(of: "name"),
           let name = String.fromDatabaseValue(values[index]) {
            columns.append("slug")
            values.append(try slug(forOrganization: name, externalID: record.externalID).databaseValue)
        }
        let isKeyed = table.hasImportKey
        var lookup: [(String, DatabaseValue)]?
        if isKeyed, let externalID = record.externalID {
            try restoreKeyIndex(on: table.name)
            if try isFresh(table.name) {
                switch try insertNew(table.name, columns: &columns, values: &values, externalID: externalID, record: record) {
                case .inserted(let rowID): return (rowID, true)
                case .failed: return nil
                case .keyTaken: break  // the file names this id twice: found and compared below, like any row found again
                }
            }
            lookup = [("import_source", source.databaseValue), ("external_id", externalID.databaseValue)]
        } else if let natural = RecordKey.naturalKeys[table.name], natural.allSatisfy(columns.contains) {
            try restoreKeyIndex(on: table.name)
            if parentIsNew, record.values.contains(where: { $0.value == .parent }), let rowID = try insertChild(table.name, columns: columns, values: values) {
                return (rowID, true)
            }
            lookup = natural.compactMap { key in columns.firstIndex(of: key).map { (key, values[$0]) } }
        } else if isKeyed {
            let identifying = columns.indices.filter { !record.insertOnly.contains(columns[$0]) }
            let fingerprint = RecordKey.fingerprint(table: table.name, source: source, columns: identifying.map { columns[$0] },
                                                    values: identifying.map { values[$0] })
            if try isFresh(table.name) {
                guard let rowID = try insertFingerprinted(table.name, columns: &columns, values: &values, fingerprint: fingerprint, record: record)
                else { return nil }
                return (rowID, true)
            }
            try restoreKeyIndex(on: table.name)
            let externalID = RecordKey.fingerprintID(fingerprint, occurrence: try occurrence(of: fingerprint))
            lookup = [("import_source", source.databaseValue), ("external_id", externalID.databaseValue)]
        } else {
            let keys = RecordKey.naturalKeys[table.name] ?? []
            problem(record, nil, "a row of \(table.name) needs \(keys.joined(separator: " and ")) to be found again on the next import",
                    hint: "map a column to each of them")
            return nil
        }
        guard let lookup else { return nil }
        if lookup.first?.0 == "import_source" {
            columns += ["import_source", "external_id"]
            values += lookup.map { $0.1 }
        }
        return try upsert(table.name, columns: columns, values: values, key: lookup, record: record)
    }

    /// Inserts a child of a row just inserted without looking its key up first: the key holds the parent's new id,
    /// so only the file itself can have used it (a member listed twice in one roll call). Then the key, which is
    /// the table's primary key in the contract (`roll_call_positions`, `organization_tags`), refuses the row, and
    /// nil sends it the usual way, where it is found and compared. A whole Congress is 700,000 positions.
    private func insertChild(_ table: String, columns: [String], values: [DatabaseValue]) throws -> Int64? {
        guard StatementBinding.step(try statements(table, columns: columns, key: []).insert, values) == SQLITE_DONE else { return nil }
        summary.tables[table, default: .init()].inserted += 1
        return sqlite3_last_insert_rowid(db.sqliteConnection)
    }

    /// An organization without an id of its own is found again by `slugify(name)`. One with an id (an EIN) keeps
    /// the slug it was given the first time, so its URL never moves; a new one gets `slugify(name)`, made unique,
    /// since registers hold many organizations of one name.
    private func slug(forOrganization name: String, externalID: String?) throws -> String {
        guard let externalID else { return Slug.make(name) }
        if let kept = try String.fetchOne(db, sql: "SELECT slug FROM organizations WHERE import_source = ? AND external_id = ?",
                                                         arguments: [source, externalID]) {
            return kept
        }
        return try uniqueSlug(for: name, externalID: externalID)
    }

    /// Inserts the row, updates it when its key finds it with other values, or skips it; returns its rowid, and
    /// whether it has no children in the table now (it was inserted, or its children were deleted to be replaced).
    private func upsert(_ table: String, columns: [String], values: [DatabaseValue], key: [(String, DatabaseValue)],
                        record: ContractRecord) throws -> (rowID: Int64, childrenAreNew: Bool)? {
        // A row found again is compared and updated without the record's insert-only columns.
        let kept = record.insertOnly.isEmpty ? Array(columns.indices) : columns.indices.filter { !record.insertOnly.contains(columns[$0]) }
        let keptColumns = kept.map { columns[$0] }, keptValues = kept.map { values[$0] }
        let shape = try statements(table, columns: columns, compared: keptColumns, key: key.map { $0.0 })
        if let select = shape.select {
            if let row = try StatementBinding.firstRow(select, key.map { $0.1 }), let rowID = Int64.fromDatabaseValue(row[0]) {
                var childrenAreNew = false
                if row.dropFirst().elementsEqual(keptValues) {
                    summary.tables[table, default: .init()].skipped += 1
                } else if record.refusesChange {
                    problem(record, nil, "this \(table.replacingOccurrences(of: "_", with: " ").dropLast()) was imported before, and the file now says something else",
                            hint: "if the chamber corrected it, import again with --replace")
                    return nil
                } else {
                    if let (children, column) = record.replacesChildren {
                        try db.execute(sql: "DELETE FROM \(children.quotedDatabaseIdentifier) WHERE \(column.quotedDatabaseIdentifier) = ?", arguments: [rowID])
                        childrenAreNew = record.children.allSatisfy { $0.table == children }
                    }
                    let update = "UPDATE \(table.quotedDatabaseIdentifier) SET " + keptColumns.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: ", ")
                        + " WHERE rowid = ?"
                    guard try execute(db.cachedStatement(sql: update), keptValues + [rowID.databaseValue], record: record) else { return nil }
                    summary.tables[table, default: .init()].updated += 1
                }
                return (rowID, childrenAreNew)
            }
        }
        guard try execute(shape.insert, values, record: record) else { return nil }
        summary.tables[table, default: .init()].inserted += 1
        return (sqlite3_last_insert_rowid(db.sqliteConnection), true)
    }

    /// Inserts a fingerprinted row into a table that had no row from this source. With the key's index set aside
    /// (`DeferredKeyIndex`), the row goes in as its fingerprint's first occurrence, and repeats are numbered when
    /// the index is built again; otherwise `insertNumbered` numbers it now.
    private func insertFingerprinted(_ table: String, columns: inout [String], values: inout [DatabaseValue], fingerprint: UInt64,
                                     record: ContractRecord) throws -> Int64? {
        guard try deferKeyIndex(of: table) else {
            return try insertNumbered(table, columns: &columns, values: &values, fingerprint: fingerprint, record: record)
        }
        switch try insertNew(table, columns: &columns, values: &values, externalID: RecordKey.fingerprintID(fingerprint, occurrence: 1),
                             record: record) {
        case .inserted(let rowID):
            wroteDeferred(rowID)
            return rowID
        case .failed: return nil
        case .keyTaken: throw DatabaseError(message: "\(table): a key was refused while its index was set aside")
        }
    }

    /// Inserts a fingerprinted row into a table that had no row from this source: nothing to look up, and the
    /// key's unique index tells when the file repeats a row, which is then numbered (`row-…-2`). A file's first
    /// import needs no count of the fingerprints it has seen.
    private func insertNumbered(_ table: String, columns: inout [String], values: inout [DatabaseValue], fingerprint: UInt64,
                                record: ContractRecord) throws -> Int64? {
        for occurrence in 1... {
            switch try insertNew(table, columns: &columns, values: &values, externalID: RecordKey.fingerprintID(fingerprint, occurrence: occurrence),
                                 record: record) {
            case .inserted(let rowID): return rowID
            case .keyTaken: continue
            case .failed: return nil
            }
        }
        return nil
    }

    enum NewRowOutcome {
        case inserted(Int64)
        /// An earlier row of this import has the key.
        case keyTaken
        /// A problem was recorded.
        case failed
    }

    /// Inserts a row keyed by `(source, externalID)` into a table that had no row from this source when the import
    /// began, without looking the key up first: only the file itself can have used it, and then the key's unique
    /// index refuses the row. The key's two columns are added to `columns` and `values` for the insert and taken
    /// off again, so the arrays a row has are not copied.
    private func insertNew(_ table: String, columns: inout [String], values: inout [DatabaseValue], externalID: String,
                           record: ContractRecord) throws -> NewRowOutcome {
        columns.append("import_source")
        columns.append("external_id")
        values.append(source.databaseValue)
        values.append(externalID.databaseValue)
        defer {
            columns.removeLast(2)
            values.removeLast(2)
        }
        let shape = try statements(table, columns: columns, key: [])
        let code = StatementBinding.step(shape.insert, values)
        if code == SQLITE_DONE {
            summary.tables[table, default: .init()].inserted += 1
            return .inserted(sqlite3_last_insert_rowid(db.sqliteConnection))
        }
        let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
        if code & 0xFF == SQLITE_CONSTRAINT, message.hasSuffix(".external_id") { return .keyTaken }
        try report(code, message, record: record)
        return .failed
    }

    /// The insert and look-up statements for rows of this table, columns and key.
    private func statements(_ table: String, columns: [String], compared: [String]? = nil, key: [String]) throws -> (insert: Statement, select: Statement?) {
        let compared = compared ?? columns
        if let last = lastShape, last.table == table, last.columns == columns, last.compared == compared, last.key == key {
            return (last.insert, last.select)
        }
        let quotedTable = table.quotedDatabaseIdentifier
        let insert = try insertStatement(table, columns: columns)
        let select = key.isEmpty ? nil : try db.cachedStatement(sql: "SELECT rowid, " + compared.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")
            + " FROM \(quotedTable) WHERE " + key.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: " AND "))
        lastShape = (table, columns, compared, key, insert, select)
        return (insert, select)
    }

    /// `INSERT INTO table (columns) VALUES (?, …)`, prepared once for the connection.
    func insertStatement(_ table: String, columns: [String]) throws -> Statement {
        try db.cachedStatement(sql: "INSERT INTO \(table.quotedDatabaseIdentifier) (" + columns.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")
            + ") VALUES (" + databaseQuestionMarks(count: columns.count) + ")")
    }

    /// Runs a statement; a constraint SQLite enforces (a slug taken, a user id unknown) becomes a located problem.
    private func execute(_ statement: Statement, _ values: [DatabaseValue], record: ContractRecord) throws -> Bool {
        let code = StatementBinding.step(statement, values)
        if code == SQLITE_DONE || code == SQLITE_ROW { return true }
        try report(code, String(cString: sqlite3_errmsg(db.sqliteConnection)), record: record)
        return false
    }

    /// A failed statement: a broken constraint is the row's problem; anything else stops the import.
    private func report(_ code: Int32, _ message: String, record: ContractRecord) throws {
        guard code & 0xFF == SQLITE_CONSTRAINT else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message) }
        problem(record, nil, "\(record.table): \(message)", hint: "another row already has this value, or a column the table requires is missing")
    }

    /// How many rows with this fingerprint this import has written before, plus one. Counted in a temporary
    /// table, so a file of any size is numbered in bounded memory.
    private func occurrence(of fingerprint: UInt64) throws -> Int {
        if !seenTableReady {
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS tally_import_seen (fingerprint INTEGER PRIMARY KEY, count INTEGER NOT NULL)")
            try db.execute(sql: "DELETE FROM temp.tally_import_seen")
            seenTableReady = true
        }
        let statement = try db.cachedStatement(sql: """
            INSERT INTO temp.tally_import_seen VALUES (?, 1) ON CONFLICT (fingerprint) DO UPDATE SET count = count + 1 RETURNING count
            """)
        return try StatementBinding.firstRow(statement, [Int64(bitPattern: fingerprint).databaseValue]).flatMap { Int.fromDatabaseValue($0[0]) } ?? 1
    }

    func isFresh(_ table: String) throws -> Bool {
        if let last = lastFresh, last.table == table { return last.isFresh }
        let isFresh: Bool
        if let known = fresh[table] {
            isFresh = known
        } else {
            isFresh = !(try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table.quotedDatabaseIdentifier) WHERE import_source = ?)",
                                          arguments: [source]) ?? false)
            fresh[table] = isFresh
        }
        lastFresh = (table, isFresh)
        return isFresh
    }

    func problem(_ record: ContractRecord, _ column: String?, _ message: String, hint: String) {
        problemsFound += 1
        problems.append(record.location.problem(message, hint: hint, sourceColumn: column.flatMap { record.origins[$0] }))
    }

    /// A reference to a row the database lacks (`name`, such as `organization` and its name), `message` saying so:
    /// reported at the first row that names it, and counted at the others, so 500 gifts to one unknown organization
    /// make one error, not the 100 the import stops at.
    func missingName(_ record: ContractRecord, _ column: String?, _ name: String, _ message: String, hint: String) {
        missingNames[record.location.file + "\u{1}" + name] = (problems.count, 0)
        problem(record, column, message, hint: hint)
    }

    /// Whether `name` was found missing at an earlier row of this file: then this row is counted with that report
    /// and fails, before any look-up. A file that names one unknown organization in every row would otherwise look
    /// it up, and make its "did you mean" among every organization, once a row, never stopping at 100 errors.
    func isKnownMissing(_ record: ContractRecord, _ name: String) -> Bool {
        let key = record.location.file + "\u{1}" + name
        guard let first = missingNames[key] else { return false }
        problemsFound += 1
        missingNames[key] = (first.problem, first.moreRows + 1)
        return true
    }

    /// A row that refers to a record which failed: counted as failing, not reported again. False for any other.
    func refersToFailedRecord(_ table: String, _ externalID: String) -> Bool {
        guard failedRecords.contains(Self.recordKey(table, externalID)) else { return false }
        problemsFound += 1
        return true
    }

    private static func recordKey(_ table: String, _ externalID: String) -> String { table + "\u{1}" + externalID }

    /// `problems`, a missing name's first report saying how many more rows named it.
    var reportedProblems: [Diagnostic] {
        var reported = problems
        for (problem, moreRows) in missingNames.values where moreRows > 0 {
            let first = reported[problem]
            reported[problem] = Diagnostic(file: first.file, line: first.line, column: first.column, severity: first.severity,
                                           message: first.message + " (and \(moreRows) more row\(moreRows == 1 ? "" : "s"))",
                                           hint: first.hint)
        }
        return reported
    }
}
