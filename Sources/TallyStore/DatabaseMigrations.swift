import Foundation
import GRDB

/// Creates and upgrades Tally databases. Migrations are registered here once and never edited after release.
public enum DatabaseMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: Schema.version1)
        }
        migrator.registerMigration("v2: import keys") { db in
            try db.execute(sql: Schema.version2)
        }
        migrator.registerMigration("v3: roll calls and the roster") { db in
            try db.execute(sql: Schema.version3)
        }
        // A person's own IANA time zone ("America/Los_Angeles"), so posting hours are read where they live.
        // NULL means the site's `timezone`. Self-contained here: later versions register their own blocks below.
        migrator.registerMigration("v4: per-person time zones") { db in
            try db.execute(sql: "ALTER TABLE users ADD COLUMN timezone TEXT")
        }
        migrator.registerMigration("v5: exchange rates") { db in
            try db.execute(sql: Schema.version5)
        }
        return migrator
    }

    /// Whether the database at `path` exists and has every migration: writing to it needs no upgrade first.
    public static func isCurrent(databaseAt path: String) -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        var readOnly = Configuration()
        readOnly.readonly = true
        return (try? DatabaseQueue(path: path, configuration: readOnly).read { try migrator.hasCompletedMigrations($0) }) == true
    }

    /// A copy of the database at `path` (or a new, empty one) at `copyPath`, through SQLite's backup API.
    public static func copy(databaseAt path: String, to copyPath: String) throws(StoreError) {
        do {
            let target = try DatabaseQueue(path: copyPath)
            if FileManager.default.fileExists(atPath: path) {
                var readOnly = Configuration()
                readOnly.readonly = true
                try DatabaseQueue(path: path, configuration: readOnly).backup(to: target)
            }
            try target.close()
        } catch {
            throw .database(path: path, message: "\(error)")
        }
    }

    /// Brings the database at `path` (created when missing) up to the current schema, then runs `seedSQL` if given.
    public static func migrate(databaseAt path: String, seedSQL: String? = nil) throws(StoreError) {
        do {
            // `tally migrate data/site.sqlite` in a new site: the folder is made too.
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let queue = try DatabaseQueue(path: path)
            try migrator.migrate(queue)
            if let seedSQL {
                // Seed files may hold their own BEGIN/COMMIT, so they run outside GRDB's transaction. One that fails
                // after its BEGIN leaves that transaction open: it is rolled back, so nothing of the file is kept.
                do {
                    try queue.writeWithoutTransaction { db in
                        do {
                            try db.execute(sql: seedSQL)
                        } catch {
                            if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
                            throw error
                        }
                    }
                } catch let error as DatabaseError {
                    throw StoreError.seed(path: path, message: error.message ?? "\(error)")
                }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw .database(path: path, message: error.message ?? "\(error)")
        } catch {
            throw .database(path: path, message: "\(error)")
        }
    }
}
