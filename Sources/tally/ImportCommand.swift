import ArgumentParser
import Foundation
import TallyFormat
import TallyImport
import TallySite

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import CSV, JSON, a Mastodon archive or Congress's roll calls and roster into the site's database.",
        discussion: """
            Formats: \(ImportFormats.descriptions.joined(separator: "; ")).

            Everything is written in one transaction: any error imports nothing. Importing the same file again \
            changes nothing. The database is the config's `database` (or --db), created with Tally's schema when \
            missing. Docs: `tally docs import`.
            """)

    @Argument(help: "The format: \(ImportFormats.names.joined(separator: ", ")).")
    var format: String

    @Argument(help: "The files to import.")
    var files: [String]

    @OptionGroup var site: SiteArguments

    @Option(help: "The table that CSV and JSON rows go into, such as donations.")
    var table: String?

    @Option(help: "The username whose rows these are.")
    var user: String?

    @Option(help: ArgumentHelp("Source column to contract column: 'Amount=amount,Date=donated_at'; 'Reference=' leaves a column out.",
                               valueName: "pairs"))
    var map: [String] = []

    @Option(name: .customLong("set"), help: ArgumentHelp("A value for every row: 'country=United States'.", valueName: "pairs"))
    var constants: [String] = []

    @Option(help: "The CSV field separator: ',', ';' or 'tab' (default: guessed from the header).")
    var delimiter: String?

    @Flag(help: "Amounts are written 1.234,56: comma for decimals.")
    var decimalComma = false

    @Option(help: "A strptime format for dates that are not ISO 8601, such as '%m/%d/%Y'.")
    var dateFormat: String?

    @Option(help: "The currency of amounts that name none and have no currency column, such as EUR.")
    var currency: String?

    @Flag(help: "Create organizations, users and budget categories that rows name but the database lacks.")
    var createMissing = false

    @Option(help: "What the rows are recorded as coming from (default: the file's name; 'mastodon' for archives).")
    var source: String?

    @Flag(help: "Mastodon: import unlisted posts too. Followers-only posts and private mentions never are.")
    var unlisted = false

    @Flag(help: "Mastodon: import replies too.")
    var replies = false

    @Flag(help: "Roll calls: replace one imported before whose file now says something else, instead of refusing it.")
    var replace = false

    @Flag(help: "Print what would be inserted, updated and skipped, and write nothing.")
    var dryRun = false

    func run() throws {
        let options: ImportOptions
        do {
            options = try importOptions()
        } catch let error as ValidationError {
            fail([Diagnostic(file: "tally import", message: error.message, hint: "see tally import --help")])
        }
        let (databasePath, shownDatabase) = resolveDatabase()
        let cwd = FileManager.default.currentDirectoryPath
        let importFiles = files.map { ImportFile(path: $0.hasPrefix("/") ? $0 : cwd + "/" + $0, displayName: $0) }
        let progress = ImportProgress()
        let summary: ImportSummary
        do throws(ImportFailure) {
            summary = try Importer.run(options, files: importFiles, databaseAt: databasePath, dryRun: dryRun, progress: progress.report)
            progress.clear()
        } catch {
            progress.clear()
            fail(error.diagnostics, database: shownDatabase)
        }
        for warning in summary.warnings { FileHandle.standardError.write(Data((warning.description + "\n").utf8)) }
        print((dryRun ? "Would import into \(shownDatabase): " : "Imported into \(shownDatabase): ") + summary.description)
    }

    private func importOptions() throws -> ImportOptions {
        var options = ImportOptions(format: format)
        options.table = table
        options.user = user
        for text in map {
            for (from, to) in try pairs(text, option: "--map") { options.map[from] = to }
        }
        for text in constants {
            for (column, value) in try pairs(text, option: "--set") { options.set[column] = value }
        }
        if let delimiter {
            guard let byte = ImportOptions.delimiter(named: delimiter) else {
                throw ValidationError("--delimiter must be ',', ';' or 'tab', not '\(delimiter)'")
            }
            options.delimiter = byte
        }
        options.decimalComma = decimalComma
        options.dateFormat = dateFormat
        options.currency = currency
        options.createMissing = createMissing
        options.source = source
        options.includeUnlisted = unlisted
        options.includeReplies = replies
        options.replace = replace
        options.createdAtDefault = ImportCommand.today()
        return options
    }

    private func pairs(_ text: String, option: String) throws -> [(String, String)] {
        switch ImportOptions.pairs(text) {
        case .success(let pairs): return pairs
        case .failure(let error): throw ValidationError("\(option) takes NAME=VALUE pairs; '\(error.item)' has no '='")
        }
    }

    /// `--db`, or the database the config names: its path, and the path as the user wrote it, for messages.
    private func resolveDatabase() -> (path: String, shown: String) {
        let options = site.buildOptions()
        if let path = options.databasePath, let shown = site.database { return (path, shown) }
        switch options.loadConfig() {
        case .success(let config): return (options.databaseURL(config).path, config.database)
        case .failure(let failure):
            fail(failure.diagnostics.map { diagnostic in
                diagnostic.message.hasPrefix("cannot read") || diagnostic.message.contains("no such file")
                    ? Diagnostic(file: site.config, message: "no --db given and no site config here", hint: "pass --db data/site.sqlite, or run inside a site")
                    : diagnostic
            })
        }
    }

    /// Today's date in UTC, for the `created_at` of rows the import creates.
    static func today() -> String {
        ISODate(daysSinceEpoch: Int(Date().timeIntervalSince1970 / 86_400)).isoDate
    }

    private func fail(_ diagnostics: [Diagnostic], database: String? = nil) -> Never {
        for diagnostic in diagnostics { FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8)) }
        let count = diagnostics.filter { $0.severity == .error }.count
        let tail = database.map { "; nothing was written to \($0)" } ?? ""
        FileHandle.standardError.write(Data("Import failed with \(count) error\(count == 1 ? "" : "s")\(tail).\n".utf8))
        Foundation.exit(1)
    }
}

/// A progress line on a terminal while large files are read; nothing when standard error is not one (CI).
final class ImportProgress: @unchecked Sendable {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var lastPercent = -1
    private var shown = false

    func report(_ file: ImportFile, _ done: Int64, _ total: Int64) {
        guard isTerminal, total > 8 << 20 else { return }
        let percent = Int(done * 100 / max(total, 1))
        guard percent != lastPercent else { return }
        lastPercent = percent
        shown = true
        FileHandle.standardError.write(Data("\rReading \(file.displayName): \(percent) %".utf8))
    }

    func clear() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
