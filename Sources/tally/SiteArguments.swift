import ArgumentParser
import Foundation
import TallySite

/// The options every command that reads a site shares: `--config` and `--db`.
struct SiteArguments: ParsableArguments {
    @Option(name: .long, help: "The site config file; its folder is the site root.")
    var config = "tally.yaml"

    @Option(name: .customLong("db"), help: "Database to read instead of the config's `database`.")
    var database: String?

    /// Build options rooted at the config's folder; `--db` and `out` are relative to the current directory.
    func buildOptions(out: String? = nil, drafts: Bool = false) -> BuildOptions {
        let configURL = URL(fileURLWithPath: config)
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ path: String?) -> String? {
            path.map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 }
        }
        return BuildOptions(root: configURL.deletingLastPathComponent(), configFile: configURL.lastPathComponent,
                            databasePath: absolute(database), outputPath: absolute(out), includeDrafts: drafts)
    }
}
