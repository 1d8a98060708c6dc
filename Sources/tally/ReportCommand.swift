import ArgumentParser
import Foundation
import TallyFormat
import TallyReport
import TallySite

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one person's report as a single self-contained HTML file, or as a PDF.",
        discussion: """
            Builds the site into a temporary folder and takes the user's report page. Stylesheets and images are \
            inlined and scripts left out, so the file opens anywhere without any request and can be emailed, \
            printed or archived. Links into the site point at the config's base_url when it is an absolute URL. \
            The user must be named in the config's publish_users. With --pdf, headless Chromium prints the page \
            (page numbers and the title in the footer); with --statement YEAR, the page is the year-end giving statement.
            """)

    @OptionGroup var site: SiteArguments

    @Option(name: .long, help: "The username whose report to write.")
    var user: String

    @Option(name: .long, help: "The report page's URL, with {user} for the username.")
    var page = "/users/{user}/"

    @Option(name: .long, help: "Write the year-end giving statement for this year (the page /users/{user}/statements/YEAR/).")
    var statement: Int?

    @Option(name: .long, help: "The file to write (default: <user>-report.html).")
    var out: String?

    @Option(name: .long, help: "Write numbers, money and dates for this locale instead of the config's (de-DE, fr-FR, …).")
    var locale: String?

    @Option(name: .long, help: "Print the page to this PDF file with headless Chromium instead of writing HTML.")
    var pdf: String?

    @Option(name: .long, help: "The PDF's paper: a4 or letter (default: letter for a US, Canadian… site, else a4).")
    var paper: PaperSize?

    @Option(name: .long, help: "The Chromium binary (default: $TALLY_CHROMIUM, else chromium on the PATH).")
    var chromium: String?

    @Option(name: .customLong("pdf-timeout"), help: "Seconds Chromium may take to print before the run fails.")
    var pdfTimeout = 120

    func run() throws {
        MallocArenas.limitForBuild()
        var options = site.buildOptions()
        options.locale = locale
        let reporter = ConsoleReporter()
        let pagePattern = statement.map { "/users/{user}/statements/\($0)/" } ?? page
        let printer: PDFPrinter?
        if pdf != nil {
            // Found before the build, so a machine without Chromium hears it at once.
            guard let path = PDFPrinter.locate(option: chromium), FileManager.default.isExecutableFile(atPath: path) else {
                reporter.printProblem(PDFPrinter.missing(PDFPrinter.locate(option: chromium)))
                throw ExitCode.failure
            }
            printer = PDFPrinter(chromium: path, timeout: .seconds(pdfTimeout))
        } else {
            printer = nil
        }
        switch ReportBuilder.make(options, user: user, pagePattern: pagePattern) {
        case .success(let html):
            if let printer, let pdf {
                try printPDF(html, printer: printer, to: pdf, options: options, reporter: reporter)
                return
            }
            let path = out ?? "\(user)-report.html"
            do {
                try Data(html.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                reporter.printLine("\(path): error: cannot write the report: \(error.localizedDescription)\n  hint: check that the folder exists and is writable")
                throw ExitCode.failure
            }
            print("Wrote \(user)'s report (\(html.utf8.count / 1024) KB, no external requests) → \(path)")
        case .failure(let failure):
            for problem in failure.diagnostics { reporter.printProblem(statement.map { statementHint(problem, year: $0) } ?? problem) }
            throw ExitCode.failure
        }
    }

    private func printPDF(_ html: String, printer: PDFPrinter, to path: String, options: BuildOptions, reporter: ConsoleReporter) throws {
        let sheet = paper ?? (try? options.loadConfig().get()).map(PaperSize.default(for:)) ?? .a4
        do throws(Diagnostic) {
            try printer.print(html, title: PDFPrinter.footerTitle(of: html), paper: sheet, to: path)
        } catch {
            reporter.printProblem(error)
            throw ExitCode.failure
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print("Wrote \(user)'s report as a PDF (\(sheet.rawValue), \(size / 1024) KB) → \(path)")
    }

    /// A statement's page is missing because the user gave nothing that year, or because the site has no statements.
    private func statementHint(_ problem: Diagnostic, year: Int) -> Diagnostic {
        guard problem.message.hasPrefix("the site has no page at ") else { return problem }
        return Diagnostic(file: problem.file, line: problem.line, column: problem.column, message: problem.message,
                          hint: "a statement is made for each year with a gift: check that \(user) gave in \(year), and that the site has "
                              + "content/users/[username]/statements/[year].md (the example site's does; `tally docs content#year-end-giving-statements`)")
    }
}

extension PaperSize: ExpressibleByArgument {}
