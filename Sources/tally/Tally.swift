import ArgumentParser

@main
struct Tally: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Builds a static site and reports from a SQLite database, Markdown content and Mustache templates.",
        discussion: "Run `tally init mysite` for a new site, then `tally build` inside it. The docs: `tally docs`.",
        version: Tally.version,
        subcommands: [BuildCommand.self, CheckCommand.self, ServeCommand.self, ReportCommand.self, ImportCommand.self, InitCommand.self, MigrateCommand.self, DocsCommand.self],
        defaultSubcommand: BuildCommand.self)

    /// `tally --version`: the release, and the database contract version it reads and migrates to.
    static let version = "0.5.0 (database contract version 3)"
}
