import ArgumentParser
import Foundation
import TallySite

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output folder.",
        discussion: """
            Reads the site config, queries the database read-only, renders content/**/*.md through the templates \
            and writes the site. The new output replaces the old one only when the whole build succeeded. \
            Every problem is printed as `file:line:col: error: message` with a hint; the exit code is 1 if any.
            """)

    @Option(name: .long, help: "The site config file; its folder is the site root.")
    var config = "tally.yaml"

    @Option(name: .customLong("db"), help: "Database to read instead of the config's `database`.")
    var database: String?

    @Option(name: .long, help: "Output folder instead of the config's `output_dir` (default public).")
    var out: String?

    @Flag(name: .long, help: "Include pages whose front matter says `draft: true`.")
    var drafts = false

    @Option(name: .customLong("base-url"), help: "Address the site is served from, instead of the config's `base_url`.")
    var baseURL: String?

    func run() throws {
        let configURL = URL(fileURLWithPath: config)
        let root = configURL.deletingLastPathComponent()
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ path: String?) -> String? {
            path.map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 }
        }
        let options = BuildOptions(root: root, configFile: configURL.lastPathComponent, databasePath: absolute(database),
                                   outputPath: absolute(out), includeDrafts: drafts, baseURL: baseURL)
        let reporter = ConsoleReporter()
        let clock = ContinuousClock()
        let start = clock.now
        switch SiteBuilder.build(options, progress: reporter) {
        case .success(let summary):
            reporter.finish()
            for warning in summary.warnings { reporter.printProblem(warning) }
            let seconds = (clock.now - start).seconds
            print("Built \(counted(summary.pagesRendered, "page")) (\(counted(summary.filesWritten, "file")) written, "
                  + "\(summary.filesUnchanged) unchanged, \(summary.staticFiles) static) in \(seconds) s → \(summary.output.path)")
        case .failure(let failure):
            reporter.finish()
            for problem in failure.diagnostics { reporter.printProblem(problem) }
            let errors = failure.diagnostics.filter { $0.severity == .error }.count
            reporter.printLine("Build failed with \(errors) error\(errors == 1 ? "" : "s"); the previous output was left as it was.")
            throw ExitCode.failure
        }
    }
}

/// "1 page", "2 pages".
func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

extension Duration {
    /// Seconds with two decimals, for the summary line.
    var seconds: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        let hundredths = (milliseconds % 1000) / 10
        return String(milliseconds / 1000) + (hundredths < 10 ? ".0" : ".") + String(hundredths)
    }
}
