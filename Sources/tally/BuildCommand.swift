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

    @OptionGroup var site: SiteArguments

    @Option(name: .long, help: "Output folder instead of the config's `output_dir` (default public).")
    var out: String?

    @Flag(name: .long, help: "Include pages whose front matter says `draft: true`.")
    var drafts = false

    @Option(name: .customLong("base-url"), help: "Address the site is served from, instead of the config's `base_url`.")
    var baseURL: String?

    @Flag(name: .long, help: "Print how long each stage took, on standard error.")
    var timings = false

    @Flag(name: .long, help: "Render every page, even those whose inputs did not change since the last build into the same folder.")
    var force = false

    @Flag(name: .long, help: "List each page rendered and why: which of its inputs changed since the last build.")
    var explain = false

    func run() throws {
        MallocArenas.limitForBuild()
        var options = site.buildOptions(out: out, drafts: drafts)
        options.baseURL = baseURL
        options.stamp = force ? .record : .reuse
        options.explain = explain
        let reporter = ConsoleReporter(timings: timings)
        let clock = ContinuousClock()
        let start = clock.now
        switch SiteBuilder.build(options, progress: reporter) {
        case .success(let summary):
            reporter.finish()
            for warning in summary.warnings { reporter.printProblem(warning) }
            let seconds = (clock.now - start).seconds
            if summary.upToDate {
                if explain { print("No page rendered: no input changed since the last build.") }
                print("Up to date: \(counted(summary.pagesRendered, "page")), nothing changed since the last build (checked in \(seconds) s) → \(summary.output.path)")
                return
            }
            if explain { print(RenderExplanation.text(summary.renderReasons) + RenderExplanation.unread(summary.listingPagesUnread), terminator: "") }
            if explain, !summary.siteFilesKept.isEmpty {
                print("Kept, since what they are made from did not change: \(summary.siteFilesKept.joined(separator: ", "))")
            }
            if explain, let update = summary.snapshotUpdate, !update.tablesCopied.isEmpty {
                let groups = update.groupsComputed.isEmpty ? "" : " (only their changed groups: \(update.groupsComputed.joined(separator: ", ")))"
                let views = update.viewsComputed.isEmpty ? "" : "; materialized views computed again: " + update.viewsComputed.joined(separator: ", ") + groups
                print("Snapshot updated from the last build's: rows copied from \(update.tablesCopied.joined(separator: ", "))\(views)")
            }
            let kept = summary.pagesKept == 0 ? "" : "\(summary.pagesRendered - summary.pagesKept) rendered, \(summary.pagesKept) kept; "
            print("Built \(counted(summary.pagesRendered, "page")) (\(kept)\(counted(summary.filesWritten, "file")) written, "
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
