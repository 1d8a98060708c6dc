import GRDB
import TallyFormat
import TallyStore

/// Writes contract records into the database, inside the caller's transaction: each is inserted, updated or
/// skipped as its key finds it (`RecordKey`), and counted per table.
final class ImportWriter {
    let db: Database
    let options: ImportOptions
    /// What the rows of the file being read are recorded as coming from (`import_source`).
    var source = ""
    var summary = ImportSummary()
    var problems: [Diagnostic] = []
    var tables: [String: ContractTable] = [:]
    /// Caches of the rows that references name: organization slug or name, username, (user id, category name).
    var organizations: [String: Int64] = [:]
    var users: [String: Int64] = [:]
    var categories: [String: Int64] = [:]
    /// Per (table, source): whether the table had no row from this source when the import began, so fingerprinted
    /// rows need no look-up before they are inserted.
    private var fresh: [String: Bool] = [:]
    private var seenTableReady = false

    init(db: Database, options: ImportOptions) {
        self.db = db
        self.options = options
    }

    func table(_ name: String) throws -> ContractTable? {
        if let known = tables[name] { return known }
        let table = try ContractTable(name, in: db)
        tables[name] = table
        return table
    }

    /// Writes `record` and its children; problems are collected in `problems`.
    func write(_ record: ContractRecord, parentID: Int64? = nil) throws {
        guard let table = try table(record.table) else {
            problem(record, nil, "the database has no table \(record.table)", hint: "run tally migrate on it first")
            return
        }
        var columns: [String] = [], values: [DatabaseValue] = []
        let errorsBefore = problems.count
        for (column, value) in record.values {
            guard let resolved = try resolve(value, column: column, in: record, parentID: parentID, resolvedSoFar: zip(columns, values)) else { continue }
            columns.append(column)
            values.append(resolved)
        }
        guard problems.count == errorsBefore else { return }
        if table.name == "organizations", !columns.contains("slug"), let index = columns.firstIndex(of: "name"),
           let name = String.fromDatabaseValue(values[index]) {
            columns.append("slug")
            values.append(try slug(forOrganization: name, externalID: record.externalID).databaseValue)
        }
        let isKeyed = Schema.importKeyedTables.contains(table.name) && table.column("external_id") != nil
        var lookup: [(String, DatabaseValue)]?
        var mayExist = true
        if isKeyed, let externalID = record.externalID {
            lookup = [("import_source", source.databaseValue), ("external_id", externalID.databaseValue)]
        } else if let natural = RecordKey.naturalKeys[table.name], natural.allSatisfy(columns.contains) {
            lookup = natural.compactMap { key in columns.firstIndex(of: key).map { (key, values[$0]) } }
        } else if isKeyed {
            let identifying = columns.indices.filter { !record.insertOnly.contains(columns[$0]) }
            let fingerprint = RecordKey.fingerprint(table: table.name, columns: identifying.map { columns[$0] },
                                                    values: identifying.map { values[$0] })
            let externalID = RecordKey.fingerprintID(fingerprint, occurrence: try occurrence(of: fingerprint))
            lookup = [("import_source", source.databaseValue), ("external_id", externalID.databaseValue)]
            mayExist = try !isFresh(table.name)
        } else {
            let keys = RecordKey.naturalKeys[table.name] ?? []
            problem(record, nil, "a row of \(table.name) needs \(keys.joined(separator: " and ")) to be found again on the next import",
                    hint: "map a column to each of them")
            return
        }
        if isKeyed, let lookup {
            columns += ["import_source", "external_id"]
            values += [lookup[0].1, lookup[1].1]
        }
        let rowID = try upsert(table.name, columns: columns, values: values, key: lookup ?? [], mayExist: mayExist, record: record)
        guard let rowID else { return }
        for child in record.children { try write(child, parentID: rowID) }
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

    /// Inserts the row, updates it when its key finds it with other values, or skips it; returns its rowid. A row
    /// found again is compared and updated without the record's insert-only columns.
    private func upsert(_ table: String, columns: [String], values: [DatabaseValue], key: [(String, DatabaseValue)],
                        mayExist: Bool, record: ContractRecord) throws -> Int64? {
        let quotedTable = table.quotedDatabaseIdentifier
        if mayExist {
            let kept = columns.indices.filter { !record.insertOnly.contains(columns[$0]) }
            let keptColumns = kept.map { columns[$0] }, keptValues = kept.map { values[$0] }
            let sql = "SELECT " + (["rowid"] + keptColumns.map(\.quotedDatabaseIdentifier)).joined(separator: ", ") + " FROM \(quotedTable) WHERE "
                + key.map { "\($0.0.quotedDatabaseIdentifier) = ?" }.joined(separator: " AND ")
            if let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: StatementArguments(key.map(\.1))) {
                let rowID: Int64 = row[0]
                let current = (0..<keptColumns.count).map { row[$0 + 1] as DatabaseValue }
                if current == keptValues {
                    summary.tables[table, default: .init()].skipped += 1
                } else {
                    let update = "UPDATE \(quotedTable) SET " + keptColumns.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: ", ") + " WHERE rowid = ?"
                    try execute(update, keptValues + [rowID.databaseValue], record: record)
                    summary.tables[table, default: .init()].updated += 1
                }
                return rowID
            }
        }
        let insert = "INSERT INTO \(quotedTable) (" + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ") VALUES ("
            + databaseQuestionMarks(count: columns.count) + ")"
        guard try execute(insert, values, record: record) else { return nil }
        summary.tables[table, default: .init()].inserted += 1
        return db.lastInsertedRowID
    }

    /// Runs a statement; a constraint SQLite enforces (a slug taken, a user id unknown) becomes a located problem.
    @discardableResult
    private func execute(_ sql: String, _ values: [DatabaseValue], record: ContractRecord) throws -> Bool {
        do {
            try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(values))
            return true
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            problem(record, nil, "\(record.table): \(error.message ?? "constraint failed")",
                    hint: "another row already has this value, or a column the table requires is missing")
            return false
        }
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
        return try Int.fetchOne(statement, arguments: [Int64(bitPattern: fingerprint)]) ?? 1
    }

    private func isFresh(_ table: String) throws -> Bool {
        let key = table + "\u{1}" + source
        if let known = fresh[key] { return known }
        let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table.quotedDatabaseIdentifier) WHERE import_source = ?)",
                                       arguments: [source]) ?? false
        fresh[key] = !exists
        return !exists
    }

    func problem(_ record: ContractRecord, _ column: String?, _ message: String, hint: String) {
        let sourceColumn = column.flatMap { record.origins[$0] }
        let prefix = record.location.path.map { "\($0)\(sourceColumn.map { "." + $0 } ?? ""): " } ?? ""
        problems.append(Diagnostic(file: record.location.file, line: record.location.line,
                                   column: record.location.column(of: sourceColumn), message: prefix + message, hint: hint))
    }
}
