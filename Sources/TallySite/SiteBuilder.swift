import Foundation
import Synchronization
import TallyFormat
import TallyStore
import TallyTemplates

/// Builds a site: load → query → render → write, then swap the new output in.
///
/// Every problem is collected as a `Diagnostic`; the build fails only after all of them are known, and a
/// failed build leaves the previous output untouched.
public enum SiteBuilder {
    public static func build(_ options: BuildOptions, progress: (any BuildProgress)? = nil) -> Result<BuildSummary, BuildFailure> {
        progress?.stageStarted(.loadConfig)
        let config: SiteConfig
        switch SiteConfig.load(path: options.resolve(options.configFile).path, displayPath: options.configFile) {
        case .success(let loaded): config = loaded
        case .failure(let failure): return .failure(failure)
        }

        progress?.stageStarted(.loadTemplates)
        let templates = TemplateLoader.load(root: options.root, directory: config.templatesDirectory)
        progress?.stageStarted(.loadContent)
        let content = ContentLoader.load(root: options.root, contentDirectory: config.contentDirectory, includeDrafts: options.includeDrafts)
        var problems = templates.problems + content.problems + partialProblems(content.pages, templates.library)
        // Pages that loaded still render even when others did not, so one build reports every problem.

        progress?.stageStarted(.openDatabase)
        let database: SiteDatabase
        switch openDatabase(options, config, pages: content.pages) {
        case .success(let opened): database = opened
        case .failure(let diagnostic): return .failure(BuildFailure(problems + [diagnostic]))
        }

        progress?.stageStarted(.expandPages)
        let expanded = PageExpander.expand(content.pages, database: database)
        problems += expanded.problems

        let writer: OutputWriter
        do throws(Diagnostic) {
            writer = try OutputWriter(output: options.resolve(options.outputPath ?? config.outputDirectory), siteRoot: options.root)
        } catch {
            return .failure(BuildFailure(problems + [error]))
        }
        progress?.stageStarted(.renderPages)
        let renderer = PageRenderer(config: config, sources: content.pages, database: database, templates: templates.library,
                                    templateFiles: templates.files, site: SiteContext.make(config),
                                    formatSettings: formatSettings(config), placeholderSeed: placeholderSeed())
        problems += renderAndWrite(expanded.pages, renderer: renderer, writer: writer, progress: progress)

        progress?.stageStarted(.copyStatic)
        let staticFiles = StaticFiles.copy(from: options.root.appendingPathComponent(config.staticDirectory),
                                           displayDirectory: config.staticDirectory, to: writer)
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
                                     output: writer.output, warnings: problems.sortedByLocation()))
    }

    /// Opens the published snapshot, with the loaded Markdown pages as its `site_pages` and `site_page_tags` tables.
    private static func openDatabase(_ options: BuildOptions, _ config: SiteConfig, pages: [PageSource]) -> Result<SiteDatabase, Diagnostic> {
        let databasePath = options.databasePath ?? config.database
        do throws(StoreError) {
            return .success(try SiteDatabase(path: options.resolve(databasePath).path, policy: config.publicationPolicy,
                                             pages: pages.compactMap(\.sitePage)))
        } catch {
            return .failure(Diagnostic(file: options.databasePath == nil ? options.configFile : databasePath,
                                       message: error.message, hint: error.hint))
        }
    }

    /// Renders pages on every core and writes each as soon as it is done, so memory does not grow with the site.
    private static func renderAndWrite(_ pages: [PageInstance], renderer: PageRenderer, writer: OutputWriter,
                                       progress: (any BuildProgress)?) -> [Diagnostic] {
        let problems = Mutex<Set<DiagnosticKey>>([])
        let done = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: pages.count) { index in
            let page = pages[index]
            var found = renderer.render(page)
            if let html = found.html {
                do throws(Diagnostic) { try writer.write(html, to: page.outputFile) } catch { found.problems.append(error) }
            }
            if !found.problems.isEmpty { problems.withLock { $0.formUnion(found.problems.map(DiagnosticKey.init)) } }
            let count = done.add(1, ordering: .relaxed).newValue
            if count % 64 == 0 || count == pages.count { progress?.pagesRendered(count, of: pages.count) }
        }
        return problems.withLock { $0.map(\.diagnostic) }
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
