import Foundation
import GRDB
import TallyFormat
@testable import TallyImport
import TallyStore
import TallyTestFolder

/// A database with Tally's schema in a temporary folder, with a user and three organizations, and files to import
/// written beside it.
struct ImportFixture {
    let folder: URL
    var databasePath: String { folder.appendingPathComponent("site.sqlite").path }

    init(seed: String = ImportFixture.seed) throws {
        folder = TestFolder.make("tally-import")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try DatabaseMigrations.migrate(databaseAt: databasePath, seedSQL: seed)
    }

    static let seed = """
        INSERT INTO users (id, username, created_at) VALUES (1, 'ada', '2024-01-01');
        INSERT INTO organizations (id, slug, name, created_at) VALUES
          (1, 'amf', 'Against Malaria Foundation', '2024-01-01'),
          (2, 'givedirectly', 'GiveDirectly', '2024-01-01'),
          (3, 'malaria-consortium', 'Malaria Consortium', '2024-01-01');
        """

    /// Writes `text` (or raw bytes) to a file named `name` beside the database; returns it as an import file.
    func file(_ name: String, _ text: String) throws -> ImportFile {
        try file(name, bytes: Array(text.utf8))
    }

    func file(_ name: String, bytes: [UInt8]) throws -> ImportFile {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return ImportFile(path: url.path, displayName: name)
    }

    /// Imports, returning the summary or the printed diagnostics.
    func run(_ options: ImportOptions, _ files: [ImportFile], dryRun: Bool = false) -> Result<ImportSummary, ImportFailure> {
        Result { () throws(ImportFailure) in try Importer.run(options, files: files, databaseAt: databasePath, dryRun: dryRun) }
    }

    /// The printed diagnostics of an import that must fail.
    func errors(_ options: ImportOptions, _ files: [ImportFile]) -> [String] {
        switch run(options, files) {
        case .success: return []
        case .failure(let failure): return failure.diagnostics.map(\.description)
        }
    }

    /// Every row of `sql`, as text, for comparing.
    func rows(_ sql: String) throws -> [[String]] {
        try DatabaseQueue(path: databasePath).read { db in
            try Row.fetchAll(db, sql: sql).map { row in row.databaseValues.map { $0.isNull ? "NULL" : String(describing: $0) } }
        }
    }

    /// The database file's bytes, to prove an import wrote nothing.
    func databaseBytes() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: databasePath))
    }

    /// Options for donations of ada, with the usual bank-export headers mapped.
    static func donations(_ extra: (inout ImportOptions) -> Void = { _ in }) -> ImportOptions {
        var options = ImportOptions(format: "csv")
        options.table = "donations"
        options.user = "ada"
        options.map = ["Date": "donated_at", "Amount": "amount", "Organization": "organization"]
        options.createdAtDefault = "2025-01-01"
        extra(&options)
        return options
    }
}
