import Foundation
import Synchronization
import TallyCharts
import TallyFormat
import TallyStore
import TallyTemplates

/// Builds a site: load → query → render → assemble → write, then swap the new output in.
///
/// Every problem is collected as a `Diagnostic`; the build fails only after all of them are known, and a
/// failed build leaves the previous output untouched.
public enum SiteBuilder {
    public static func build(_ options: BuildOptions, progress: (any BuildProgress)? = nil) -> Result<BuildSummary, BuildFailure> {
        progress?.stageStarted(.loadConfig)
        let config: SiteConfig
        switch options.loadConfig() {
        case .success(let loaded): config = loaded
        case .failure(let failure): return .failure(failure)
        }

        progress?.stageStarted(.loadTemplates)
        let templates = TemplateLoader.load(root: options.root, directory: config.templatesDirectory)
        progress?.stageStarted(.loadContent)
        let content = ContentLoader.load(root: options.root, contentDirectory: config.contentDirectory, includeDrafts: options.includeDrafts)
        let views = ViewLoader.load(root: options.root, directory: config.viewsDirectory)
        var problems = templates.problems + content.problems + views.problems + partialProblems(content.pages, templates.library)
        // Pages that loaded still render even when others did not, so one build reports every problem.

        progress?.stageStarted(.openDatabase)
        let database: SiteDatabase
        switch openDatabase(options, config, pages: content.pages, views: views.views) {
        case .success(let opened): database = opened
        case .failure(let diagnostic): return .failure(BuildFailure(problems + [diagnostic]))
        }
        // Pages that use a broken view would each fail with "no such table"; the view's own error says it once.
        let viewProblems = database.viewErrors.map { ViewLoader.diagnostic($0, directory: config.viewsDirectory) }
        guard viewProblems.isEmpty else { return .failure(BuildFailure(problems + viewProblems)) }

        progress?.stageStarted(.expandPages)
        let expanded = PageExpander.expand(content.pages, database: database)
        problems += expanded.problems

        let writer: OutputWriter
        do throws(Diagnostic) {
            writer = try OutputWriter(output: options.outputFolder(config), siteRoot: options.root)
        } catch {
            return .failure(BuildFailure(problems + [error]))
        }
        progress?.stageStarted(.renderPages)
        var renderer = PageRenderer(config: config, sources: content.pages, database: database, templates: templates.library,
                                    templateFiles: templates.files, site: SiteContext.make(config),
                                    formatSettings: formatSettings(config), placeholderSeed: placeholderSeed())
        renderer.titles = renderer.titlesKnownBeforeQueries(expanded.pages)
        let rewriter = SitePathRewriter(basePath: config.basePath)
        let rendered = renderAndWrite(expanded.pages, renderer: renderer, rewriter: rewriter, writer: writer, progress: progress)
        problems += rendered.problems

        progress?.stageStarted(.assemble)
        let assembler = SiteAssembler(config: config, configFile: options.configFile, database: database, writer: writer)
        problems += assembler.assemble(rendered.pages)

        problems += content.dataFiles.compactMap { $0.write(database: database, to: writer) }
        problems += writeChartStylesheet(to: writer)
        progress?.stageStarted(.copyStatic)
        let staticFiles = StaticFiles.copy(from: options.root.appendingPathComponent(config.staticDirectory),
                                           displayDirectory: config.staticDirectory, rewriter: rewriter, to: writer)
        problems += staticFiles.problems
        guard !problems.hasErrors else {
            writer.discard()
            return .failure(BuildFailure(problems))
        }

        progress?.stageStarted(.swapOutput)
        do throws(Diagnostic) {
            try writer.commit()
        } catch {
            writer.discard()
            return .failure(BuildFailure(problems + [error]))
        }
        return .success(BuildSummary(pagesRendered: expanded.pages.count, filesWritten: writer.written,
                                     filesUnchanged: writer.unchanged, staticFiles: staticFiles.count,
                                     output: writer.output, warnings: problems.sortedByLocation(),
                                     pageSources: Dictionary(expanded.pages.map { ($0.outputFile, content.pages[$0.sourceIndex].file) },
                                                             uniquingKeysWith: { first, _ in first })))
    }

    /// Opens the published snapshot, with the loaded Markdown pages as its `site_pages` and `site_page_tags` tables
    /// and the site's views.
    private static func openDatabase(_ options: BuildOptions, _ config: SiteConfig, pages: [PageSource],
                                     views: [SiteView]) -> Result<SiteDatabase, Diagnostic> {
        let databasePath = options.databasePath ?? config.database
        do throws(StoreError) {
            return .success(try SiteDatabase(path: options.resolve(databasePath).path, policy: config.publicationPolicy,
                                             pages: pages.compactMap(\.sitePage), views: views,
                                             utcOffset: formatSettings(config).utcOffset))
        } catch {
            return .failure(Diagnostic(file: options.databasePath == nil ? options.configFile : databasePath,
                                       message: error.message, hint: error.hint))
        }
    }

    /// Renders pages on every core and writes each as soon as it is done, so memory does not grow with the site.
    /// Returns what the assemble stage needs of each page, sorted by path.
    private static func renderAndWrite(_ pages: [PageInstance], renderer: PageRenderer, rewriter: SitePathRewriter?,
                                       writer: OutputWriter, progress: (any BuildProgress)?) -> (pages: [PageSummary], problems: [Diagnostic]) {
        let problems = Mutex<Set<DiagnosticKey>>([])
        let summaries = Mutex<[PageSummary]>([])
        let done = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: pages.count) { index in
            var found = renderer.render(pages[index])
            if let page = found.page {
                do throws(Diagnostic) {
                    if let rewriter {
                        try writer.write(Data(rewriter.htmlBytes(page.html)), to: page.outputFile)
                    } else {
                        try writer.write(page.html, to: page.outputFile)
                    }
                } catch { found.problems.append(error) }
                summaries.withLock { $0.append(page.summary) }
            }
            if !found.problems.isEmpty { problems.withLock { $0.formUnion(found.problems.map(DiagnosticKey.init)) } }
            let count = done.add(1, ordering: .relaxed).newValue
            if count % 64 == 0 || count == pages.count { progress?.pagesRendered(count, of: pages.count) }
        }
        return (summaries.withLock { $0.sorted { $0.path < $1.path } }, problems.withLock { $0.map(\.diagnostic) })
    }

    /// Charts carry class names only; their stylesheet is written once, as `charts.css`, for layouts to link.
    /// A `static/charts.css` of the site's own replaces it.
    private static func writeChartStylesheet(to writer: OutputWriter) -> [Diagnostic] {
        do throws(Diagnostic) {
            try writer.write(ChartTheme.stylesheet, to: "charts.css")
            return []
        } catch {
            return [error]
        }
    }

    private static func partialProblems(_ pages: [PageSource], _ library: TemplateLibrary) -> [Diagnostic] {
        pages.flatMap { page in
            page.body.missingReferences(in: library).map { missing in
                Diagnostic(file: page.file, line: missing.line + page.bodyLine - 1, column: missing.column,
                           message: "no partial named `\(missing.name)`", hint: "create templates/\(missing.name).mustache")
            }
        }
    }

    private static func formatSettings(_ config: SiteConfig) -> FormatSettings {
        let zone = config.timezone
        return FormatSettings(defaultCurrency: config.currency) { seconds in
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
    }

    private static func placeholderSeed() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36) + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }
}

/// A failed build: every problem found, sorted by location.
public struct BuildFailure: Error, Sendable {
    public let diagnostics: [Diagnostic]
    init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sortedByLocation() }
}

/// Lets identical diagnostics from many pages (a layout problem, say) collapse into one.
private struct DiagnosticKey: Hashable {
    let diagnostic: Diagnostic
    func hash(into hasher: inout Hasher) { hasher.combine(diagnostic.description) }
    static func == (a: Self, b: Self) -> Bool { a.diagnostic == b.diagnostic }
}
