import ArgumentParser
import Foundation
import TallyCheck
import TallySite

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Build into a temporary folder and check links, assets, titles and data.",
        discussion: """
            Reports broken internal links and anchors, missing assets, pages without a title, and data problems: \
            amounts of zero or less, unknown currency codes, votes on unknown bills or by unknown representatives, \
            budget category cycles, slugs that are not URL-safe and dates that do not parse. The output folder is \
            not touched. One line per problem; the exit code is 1 if there is any.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var site: SiteArguments

    @Option(name: .long, help: "`text` (one line per problem, with a hint) or `json` (for machines, on stdout).")
    var format = Format.text

    func run() throws {
        MallocArenas.limitForBuild()
        let reporter = format == .text ? ConsoleReporter() : nil
        let clock = ContinuousClock()
        let start = clock.now
        let report = SiteChecker.check(site.buildOptions(), progress: reporter)
        reporter?.finish()
        switch format {
        case .json:
            print(report.json())
        case .text:
            let reporter = reporter ?? ConsoleReporter()
            for problem in report.problems { reporter.printProblem(problem.diagnostic) }
            let checked = "\(counted(report.pages, "page")), \(counted(report.internalLinks, "internal link")) and the data"
            if report.problems.isEmpty {
                print("Checked \(checked) in \((clock.now - start).seconds) s: no problems")
            } else {
                reporter.printLine("Check found \(counted(report.problems.count, "problem")) in \(checked).")
            }
        }
        if !report.problems.isEmpty { throw ExitCode.failure }
    }
}
