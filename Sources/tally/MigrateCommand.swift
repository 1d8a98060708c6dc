import ArgumentParser
import Foundation
import TallyStore

struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Create a database, or bring one up to Tally's current schema.",
        discussion: "The schema is documented in `tally docs database`. With --seed, the SQL file runs after the migrations.")

    @Argument(help: "The SQLite database file (created, with its folder, when missing).")
    var database: String

    @Option(name: .long, help: "A SQL file to run afterwards, such as data/example.sql.")
    var seed: String?

    func run() throws {
        var seedSQL: String?
        if let seed {
            guard let text = try? String(contentsOfFile: seed, encoding: .utf8) else {
                FileHandle.standardError.write(Data("\(seed): error: cannot read the seed file\n  hint: check the path\n".utf8))
                throw ExitCode.failure
            }
            seedSQL = text
        }
        do {
            try DatabaseMigrations.migrate(databaseAt: database, seedSQL: seedSQL)
        } catch {
            FileHandle.standardError.write(Data("\(seed ?? database): error: \(error.message)\n  hint: \(error.hint)\n".utf8))
            throw ExitCode.failure
        }
        print("Database ready: \(database)")
    }
}
