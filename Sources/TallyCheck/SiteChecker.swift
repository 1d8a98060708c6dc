import Foundation
import TallyFormat
import TallyHTML
import TallySite
import TallyStore

/// `tally check`: builds the site into a temporary folder, then checks its links, anchors, assets and titles,
/// and the published data. The configured output folder is never touched.
public enum SiteChecker {
    public static func check(_ options: BuildOptions, progress: (any BuildProgress)? = nil) -> CheckReport {
        let config: SiteConfig
        switch options.loadConfig() {
        case .success(let loaded): config = loaded
        case .failure(let failure): return CheckReport(problems: failure.diagnostics.map { CheckProblem(.build, $0) }, pages: 0, internalLinks: 0)
        }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("tally-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        var buildOptions = options
        buildOptions.outputPath = temporary.appendingPathComponent("public").path

        var problems: [CheckProblem] = []
        var pages = 0, internalLinks = 0
        switch SiteBuilder.build(buildOptions, progress: progress) {
        case .success(let summary):
            problems += summary.warnings.map { CheckProblem(summary.fullScans.contains($0) ? .fullScan : .build, $0) }
            let links = LinkChecker(basePath: config.basePath).check(output: summary.output)
            let describer = LinkDiagnostics(outputDirectory: options.outputPath ?? config.outputDirectory,
                                            staticDirectory: config.staticDirectory, basePath: config.basePath,
                                            pageSources: summary.pageSources)
            problems += describer.problems(links.problems)
            pages = summary.pagesRendered
            internalLinks = links.internalReferences
        case .failure(let failure):
            problems += failure.diagnostics.map { CheckProblem(.build, $0) }
        }

        let databasePath = options.databasePath ?? config.database
        // The build has already reported a database that cannot be opened.
        let sources = SourceImports(config, root: options.root)
        if let database = try? SiteDatabase(path: options.resolve(databasePath).path, policy: config.publicationPolicy,
                                            importSources: config.sources.isEmpty ? nil : { db in try sources.importAll(into: db) }) {
            problems += DataChecker(database: database, file: databasePath).check()
        }
        return CheckReport(problems: problems, pages: pages, internalLinks: internalLinks)
    }
}
