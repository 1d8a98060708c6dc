import ArgumentParser
import Foundation
import TallyReport
import TallySite

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one person's report as a single self-contained HTML file.",
        discussion: """
            Builds the site into a temporary folder and takes the user's report page. Stylesheets and images are \
            inlined and scripts left out, so the file opens anywhere without any request and can be emailed, \
            printed or archived. Links into the site point at the config's base_url when it is an absolute URL. \
            The user must be named in the config's publish_users.
            """)

    @OptionGroup var site: SiteArguments

    @Option(name: .long, help: "The username whose report to write.")
    var user: String

    @Option(name: .long, help: "The report page's URL, with {user} for the username.")
    var page = "/users/{user}/"

    @Option(name: .long, help: "The file to write (default: <user>-report.html).")
    var out: String?

    @Option(name: .long, help: "Write numbers, money and dates for this locale instead of the config's (de-DE, fr-FR, …).")
    var locale: String?

    func run() throws {
        var options = site.buildOptions()
        options.locale = locale
        let reporter = ConsoleReporter()
        switch ReportBuilder.make(options, user: user, pagePattern: page) {
        case .success(let html):
            let path = out ?? "\(user)-report.html"
            do {
                try Data(html.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                reporter.printLine("\(path): error: cannot write the report: \(error.localizedDescription)\n  hint: check that the folder exists and is writable")
                throw ExitCode.failure
            }
            print("Wrote \(user)'s report (\(html.utf8.count / 1024) KB, no external requests) → \(path)")
        case .failure(let failure):
            for problem in failure.diagnostics { reporter.printProblem(problem) }
            throw ExitCode.failure
        }
    }
}
