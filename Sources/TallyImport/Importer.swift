import Foundation
import GRDB
import TallyFormat
import TallyStore

/// Reads files in one of `ImportFormats` into contract tables: the one importer behind `tally import` (into the
/// user's database) and `sources:` (into a build's published snapshot, before it is scrubbed).
public enum Importer {
    /// Imports `files` into the database at `path` in one transaction, creating it (and its folders) with Tally's
    /// schema when missing and bringing an older one up to date first. With `dryRun` nothing is written, and an
    /// import that fails writes nothing either: a database that needs creating or upgrading is first imported
    /// into as a scratch copy, and only an import that worked there is done again for real.
    public static func run(_ options: ImportOptions, files: [ImportFile], databaseAt path: String, dryRun: Bool,
                           progress: ((ImportFile, Int64, Int64) -> Void)? = nil) throws(ImportFailure) -> ImportSummary {
        if !DatabaseMigrations.isCurrent(databaseAt: path) {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tally-import-\(UUID().uuidString).sqlite").path
            defer { for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: scratch + suffix) } }
            do throws(StoreError) {
                try DatabaseMigrations.copy(databaseAt: path, to: scratch)
                try DatabaseMigrations.migrate(databaseAt: scratch)
            } catch {
                throw ImportFailure([Diagnostic(file: path, message: error.message, hint: error.hint)])
            }
            let tried = try importInTransaction(options, files: files, databaseAt: scratch, commit: false, progress: progress)
            if dryRun { return tried }
        } else if dryRun {
            return try importInTransaction(options, files: files, databaseAt: path, commit: false, progress: progress)
        }
        do throws(StoreError) {
            try DatabaseMigrations.migrate(databaseAt: path)
        } catch {
            throw ImportFailure([Diagnostic(file: path, message: error.message, hint: error.hint)])
        }
        return try importInTransaction(options, files: files, databaseAt: path, commit: true, progress: progress)
    }

    /// Imports into the database at `path` in one transaction, committed only when `commit` and the import worked.
    private static func importInTransaction(_ options: ImportOptions, files: [ImportFile], databaseAt path: String, commit: Bool,
                                            progress: ((ImportFile, Int64, Int64) -> Void)?) throws(ImportFailure) -> ImportSummary {
        var result: Result<ImportSummary, ImportFailure> = .success(ImportSummary())
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.inTransaction { db in
                do throws(ImportFailure) {
                    result = .success(try run(options, files: files, in: db, progress: progress))
                } catch {
                    result = .failure(error)
                }
                if case .success = result, commit { return .commit }
                return .rollback
            }
        } catch let error as DatabaseError {
            throw ImportFailure([Diagnostic(file: path, message: error.message ?? "\(error)",
                                            hint: "check that the file is a SQLite database Tally can write")])
        } catch {
            throw ImportFailure([Diagnostic(file: path, message: "\(error)", hint: "check that the file is a SQLite database Tally can write")])
        }
        return try result.get()
    }

    /// Imports `files` inside the caller's transaction on `db`. Any error fails the whole import, so the caller
    /// rolls back and the database stays as it was; `--dry-run` callers roll back a successful one too.
    /// - Parameter progress: bytes read and the file's size, as reading goes on.
    public static func run(_ options: ImportOptions, files: [ImportFile], in db: Database,
                           progress: ((ImportFile, Int64, Int64) -> Void)? = nil) throws(ImportFailure) -> ImportSummary {
        guard let format = ImportFormats.named(options.format) else {
            let suggestion = NameSuggestion.nearest(to: options.format, among: ImportFormats.names).map { "did you mean '\($0)'? " } ?? ""
            throw ImportFailure([Diagnostic(file: files.first?.displayName ?? options.format, message: "unknown import format '\(options.format)'",
                                            hint: suggestion + "the formats are " + ImportFormats.names.joined(separator: ", "))])
        }
        if !format.isTabular {
            let unsettable = options.set.keys.filter { !format.settableColumns.contains($0) }.sorted()
            if options.table != nil || !options.map.isEmpty || (!unsettable.isEmpty && format.settableColumns.isEmpty) {
                throw ImportFailure([Diagnostic(file: files.first?.displayName ?? options.format,
                                                message: "\(format.name) files go into tables of their own: --table, --map and --set do not apply",
                                                hint: "leave them out; `tally docs import` says which tables each format fills")])
            }
            if let column = unsettable.first {
                throw ImportFailure([Diagnostic(file: files.first?.displayName ?? options.format,
                                                message: "--set '\(column)' does not apply to \(format.name) files",
                                                hint: "they can set " + format.settableColumns.joined(separator: ", ") + "; `tally docs import` says what each means")])
            }
        }
        if let currency = options.currency, Currency.lookup(currency) == nil {
            throw ImportFailure([Diagnostic(file: files.first?.displayName ?? "--currency", message: "--currency '\(currency)' is not an ISO 4217 code",
                                            hint: "write codes such as USD, EUR, GBP")])
        }
        let writer = ImportWriter(db: db, options: options)
        do {
            for file in files {
                writer.source = options.source ?? format.defaultSource ?? file.defaultSource
                let session = ImportSession(file: file, options: options, writer: writer,
                                            progress: progress.map { report in { report(file, $0, $1) } })
                var info = stat()
                writer.fileBytes = stat(file.path, &info) == 0 ? Int64(info.st_size) : 0
                try format.read(file, into: session)
                if session.hasTooManyErrors { break }
                try writer.restoreKeyIndex()
            }
        } catch let failure as ImportFailure {
            throw ImportFailure(writer.reportedProblems + failure.diagnostics + writer.summary.warnings)
        } catch let error as DatabaseError {
            throw ImportFailure(writer.reportedProblems + [Diagnostic(file: files.first?.displayName ?? "", message: error.message ?? "\(error)",
                                                              hint: "the database refused the import; nothing was written")])
        } catch {
            throw ImportFailure(writer.reportedProblems + [Diagnostic(file: files.first?.displayName ?? "", message: "\(error)", hint: "nothing was written")])
        }
        guard writer.problems.isEmpty else {
            throw ImportFailure(Array(writer.reportedProblems.prefix(ImportSession.errorLimit)) + writer.summary.warnings)
        }
        return writer.summary
    }
}
