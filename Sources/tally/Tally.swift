import ArgumentParser

@main
struct Tally: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Builds a static site and reports from a SQLite database, Markdown content and Mustache templates.",
        discussion: "Run `tally init mysite` for a new site, then `tally build` inside it. Docs: docs/cli.md.",
        subcommands: [BuildCommand.self, CheckCommand.self, ServeCommand.self, ReportCommand.self, ImportCommand.self, InitCommand.self, MigrateCommand.self],
        defaultSubcommand: BuildCommand.self)
}
