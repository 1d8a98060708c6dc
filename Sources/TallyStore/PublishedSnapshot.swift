import Foundation
import GRDB

/// A private copy of the site database holding only what may be published.
///
/// The build never queries the user's database directly: it copies it with SQLite's backup API into a
/// temporary file, deletes unpublished users and their rows, drops private columns, and then opens the copy
/// read-only. Whatever SQL a page runs, private data is simply not there, and the source is never written.
/// The site's own pages are added as the `site_pages` and `site_page_tags` tables, and its views last.
enum PublishedSnapshot {
    /// Makes the snapshot; returns the views that could not be created (the others are in it).
    /// - Parameters:
    ///   - functions: adds Tally's SQL functions to a connection, since views may call them.
    ///   - importSources: writes the config's `sources:` into the copy, before anything is scrubbed, so imported
    ///     rows obey the same privacy rules as the database's own; throws `StoreError.sources` on failure.
    ///   - siteContent: the site's pages and views, asked for only once the copy is scrubbed and indexed, so the
    ///     copy can be made while the build is still loading the content files.
    ///   - digestsSource: whether to digest the copy's rows before scrubbing, for the record of a kept snapshot
    ///     (`SourceDigests`): the copy is read rather than the database, so the digests are of exactly what was copied.
    static func make(from sourcePath: String, policy: PublicationPolicy, siteContent: () -> (pages: [SitePage], views: [SiteView]),
                     functions: @escaping @Sendable (Database) -> Void, importSources: ((Database) throws -> Void)? = nil,
                     digestsSource: Bool = false, at snapshotPath: String) throws(StoreError) -> (viewErrors: [ViewError], source: SourceDigests?) {
        guard FileManager.default.fileExists(atPath: sourcePath) else { throw .missingDatabase(path: sourcePath) }
        do {
            var readOnly = Configuration()
            readOnly.readonly = true
            let source = try DatabaseQueue(path: sourcePath, configuration: readOnly)
            // A temporary file, built again by every build: no fsync (12 of them, half a second on a busy disk).
            var writable = Configuration()
            writable.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = OFF")
                functions(db)
            }
            let snapshot = try DatabaseQueue(path: snapshotPath, configuration: writable)
            if let reserved = try source.read({ db in try SitePagesTables.collision(in: db) }) {
                throw StoreError.reservedTable(path: sourcePath, name: reserved)
            }
            // An empty file (a zero-byte database, or one made with plain sqlite3) would fail every page with
            // "no such table"; one error that says what to run is better.
            if try source.read({ db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") }) == 0 {
                throw StoreError.emptyDatabase(path: sourcePath)
            }
            try source.backup(to: snapshot)
            let made = try snapshot.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                let digests = digestsSource && importSources == nil ? SourceDigests.read(db, schema: "main") : nil
                if let importSources {
                    try db.inTransaction {
                        try Schema.addImportKeys(db)
                        try importSources(db)
                        return .commit
                    }
                }
                try db.inTransaction {
                    try removeUnpublishedUsers(db, published: policy.publishedUsers)
                    try removePrivateColumns(db, policy.privateColumns)
                    try indexForeignKeys(db)
                    try indexGiftsByDate(db)
                    return .commit
                }
                let (pages, views) = siteContent()
                try db.inTransaction {
                    try SitePagesTables.create(in: db, pages: pages)
                    return .commit
                }
                // In WAL mode before the views: the workers that compute materialized views read the snapshot while
                // this connection writes it.
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                // Each view is created in its own statement, so one that fails leaves the others in place.
                let viewErrors = try SiteViews.create(views, in: db, workers: MaterializedViewWorkers(snapshotPath: snapshotPath, functions: functions))
                return (viewErrors, digests)
            }
            try snapshot.close()
            return made
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw .database(path: sourcePath, message: error.message ?? "\(error)")
        } catch {
            throw .database(path: sourcePath, message: "\(error)")
        }
    }

    /// - Parameter only: when updating a snapshot (`SnapshotUpdate`), the tables whose rows were copied again; the
    ///   others were scrubbed when the kept snapshot was made.
    static func removeUnpublishedUsers(_ db: Database, published: [String], only: Set<String>? = nil) throws {
        // Uses `keyColumns` only to match rows: keep the two in step. SQLite's names are ASCII case-insensitive, so a
        // table `Users` is the `users` every page's `FROM users` reads: names are matched lowercased, and written in
        // SQL as the schema spells them (a `Users` table was left unscrubbed, its unpublished rows on the pages).
        let tables = try String.fetchAll(db, sql: "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        let spelled = Dictionary(tables.map { (SQLText.asciiLowercased($0), $0) }, uniquingKeysWith: { first, _ in first })
        guard spelled["users"] != nil else { return }
        let only = only.map { Set($0.map(SQLText.asciiLowercased)) }
        let columnsByTable = try Dictionary(uniqueKeysWithValues: spelled.filter { only?.contains($0.key) ?? true }.map { name, table in
            (name, Set(try db.columns(in: table, in: "main").map { SQLText.asciiLowercased($0.name) }))
        })
        func named(_ table: String) -> String { "main." + (spelled[table] ?? table).quotedDatabaseIdentifier }
        if let columns = columnsByTable["users"] {
            if columns.contains("username") {
                let placeholders = databaseQuestionMarks(count: published.count)
                try db.execute(sql: "DELETE FROM \(named("users")) WHERE username NOT IN (\(placeholders))", arguments: StatementArguments(published))
            } else {
                // Without usernames nobody can be named in the config, so nobody is published.
                try db.execute(sql: "DELETE FROM \(named("users"))")
            }
        }
        for table in columnsByTable.keys.sorted() where table != "users" && columnsByTable[table]?.contains("user_id") == true {
            try db.execute(sql: "DELETE FROM \(named(table)) WHERE user_id IS NULL OR user_id NOT IN (SELECT id FROM \(named("users")))")
        }
        // Rows that reach a user only through another personal table.
        if let columns = columnsByTable["post_deliveries"] {
            if columns.contains("post_id"), spelled["posts"] != nil {
                try db.execute(sql: "DELETE FROM \(named("post_deliveries")) WHERE post_id NOT IN (SELECT id FROM \(named("posts")))")
            }
            if columns.contains("account_id"), spelled["social_accounts"] != nil {
                try db.execute(sql: "DELETE FROM \(named("post_deliveries")) WHERE account_id NOT IN (SELECT id FROM \(named("social_accounts")))")
            }
        }
    }

    /// The columns `removeUnpublishedUsers` matches rows by: one made private (blanked) changes which rows it finds.
    static let keyColumns: Set = ["id", "user_id", "username", "post_id", "account_id"]

    /// The tables whose rows the scrub of `changed` tables' rows can change: a changed `users` decides every personal
    /// table's rows, and a changed `posts` or `social_accounts` those of `post_deliveries` (`removeUnpublishedUsers`).
    static func scrubbedWith(_ changed: Set<String>, personalTables: Set<String>) -> Set<String> {
        var tables = changed
        let lowered = Set(changed.map(SQLText.asciiLowercased))
        if lowered.contains("users") { tables.formUnion(personalTables) }
        if !lowered.isDisjoint(with: ["posts", "social_accounts", "users"]),
           let deliveries = personalTables.first(where: { SQLText.asciiLowercased($0) == "post_deliveries" }) {
            tables.insert(deliveries)
        }
        return tables
    }

    /// Indexes every foreign-key column that no index starts with. Pages look rows up by them
    /// (`WHERE representative_id = :id`), and without an index each lookup scans the whole table.
    private static func indexForeignKeys(_ db: Database) throws {
        let unindexed = try Row.fetchAll(db, sql: """
            SELECT DISTINCT m.name AS tableName, f."from" AS columnName
            FROM sqlite_master m, pragma_foreign_key_list(m.name) f
            WHERE m.type = 'table' AND f.seq = 0 AND NOT EXISTS (
              SELECT 1 FROM pragma_index_list(m.name) l, pragma_index_info(l.name) i WHERE i.seqno = 0 AND i.name = f."from")
            ORDER BY 1, 2
            """)
        for row in unindexed {
            let table: String = row["tableName"], column: String = row["columnName"]
            try db.execute(sql: """
                CREATE INDEX IF NOT EXISTS \("tally_fk_\(table)_\(column)".quotedDatabaseIdentifier) \
                ON \(table.quotedDatabaseIdentifier)(\(column.quotedDatabaseIdentifier))
                """)
        }
    }

    /// Indexes a person's gifts by date, `donations (user_id, donated_at)`, unless an index already starts with those
    /// columns. A report's latest gifts and every page of a person's gift history read them newest first: without it
    /// SQLite sorts all of a person's gifts (200,000 in the 20,000-organization benchmark) for each. Made here rather
    /// than by a migration, which would slow every import into the file (entries in random date order, several
    /// seconds at a million rows) and change query plans under sites that were already built. Made after the
    /// foreign keys' indexes: the one on `user_id` alone stays for reading all of a person's gifts in any order
    /// (their sums), which it does in rowid order, where the dated index would visit the table at random.
    ///
    /// Whether an index already serves is SQLite's to say: a partial index, or one in another collation, does not.
    /// The index only makes pages faster, so a table it cannot be made on (a virtual one) or a name already taken
    /// leaves the snapshot as it was.
    private static func indexGiftsByDate(_ db: Database) throws {
        guard let statement = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND lower(name) = 'donations'"),
              !statement.uppercased().hasPrefix("CREATE VIRTUAL"),
              Set(try db.columns(in: "donations").map { SQLText.asciiLowercased($0.name) }).isSuperset(of: ["user_id", "donated_at"]),
              let plan = try? Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT 1 FROM donations WHERE user_id = 1 ORDER BY donated_at DESC LIMIT 1")
                .map({ ($0["detail"] as String?) ?? "" }) else { return }
        guard plan.contains(where: { $0.contains("TEMP B-TREE") }) || !plan.contains(where: { $0.hasPrefix("SEARCH") }) else { return }
        try? db.inSavepoint {
            try db.execute(sql: "CREATE INDEX tally_donations_by_user_date ON donations (user_id, donated_at)")
            return .commit
        }
    }

    private static func removePrivateColumns(_ db: Database, _ privateColumns: [PublicationPolicy.PrivateColumn]) throws {
        for column in privateColumns {
            // Matched as SQLite matches names, whatever their case: an `Email` column is the `email` a page can select.
            guard try db.tableExists(column.table),
                  let spelled = try db.columns(in: column.table).first(where: { SQLText.sameName($0.name, column.column) })?.name
            else { continue }
            let table = column.table.quotedDatabaseIdentifier, name = spelled.quotedDatabaseIdentifier
            // DROP COLUMN fails while an index uses the column; the snapshot is a copy, so its indexes can go.
            let indexes = try String.fetchAll(db, sql: """
                SELECT DISTINCT l.name FROM pragma_index_list(?) l, pragma_index_info(l.name) i
                WHERE i.name = ? COLLATE NOCASE AND l.origin = 'c'
                """, arguments: [column.table, spelled])
            for index in indexes { try db.execute(sql: "DROP INDEX \(index.quotedDatabaseIdentifier)") }
            // It also fails on a column that a constraint names; then blank every value instead.
            do {
                try db.execute(sql: "ALTER TABLE \(table) DROP COLUMN \(name)")
            } catch {
                try blank(column, in: db)
            }
        }
    }

    /// Blanks every value of a private column that could not be dropped: NULL, or '' where a constraint refuses NULL.
    static func blank(_ column: PublicationPolicy.PrivateColumn, in db: Database) throws {
        let table = "main." + column.table.quotedDatabaseIdentifier, name = column.column.quotedDatabaseIdentifier
        do {
            try db.execute(sql: "UPDATE \(table) SET \(name) = NULL")
        } catch {
            try db.execute(sql: "UPDATE \(table) SET \(name) = ''")
        }
    }
}
