import ArgumentParser
import Foundation
import TallySite
import TallyStore

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new site: config, a database with the schema and an example user, content and templates.",
        discussion: "Refuses to overwrite existing files. Then run `tally build` in the new folder.")

    @Argument(help: "Folder for the new site (created when missing).")
    var directory = "."

    func run() throws {
        let root = URL(fileURLWithPath: directory)
        do {
            let written = try StarterSite.write(to: root)
            try DatabaseMigrations.migrate(databaseAt: root.appendingPathComponent(StarterSite.databasePath).path,
                                           seedSQL: StarterSite.seedSQL)
            for file in written { print("created \(directory)/\(file)") }
            print("created \(directory)/\(StarterSite.databasePath) (with an example user, `\(StarterSite.exampleUser)`)")
            print("Next: cd \(directory) && tally build")
            print("Then `tally report --user \(StarterSite.exampleUser)` writes the example user's report as one file.")
        } catch let error as StarterSite.Conflict {
            FileHandle.standardError.write(Data("\(directory)/\(error.file): error: already exists\n  hint: run `tally init` in an empty folder\n".utf8))
            throw ExitCode.failure
        } catch let error as StoreError {
            FileHandle.standardError.write(Data("\(directory): error: \(error.message)\n  hint: \(error.hint)\n".utf8))
            throw ExitCode.failure
        }
    }
}
