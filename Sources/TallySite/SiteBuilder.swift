import Foundation
import GRDB
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
        // Stamped before anything is read, so a file that changes during the build makes the next one run.
        let stamp = options.stamp == .none ? nil : BuildStamp(options: options, config: config)
        if options.stamp == .reuse, let previous = stamp?.unchangedBuild(at: options.outputFolder(config)) {
            var summary = BuildSummary(pagesRendered: previous.pages, filesWritten: 0, filesUnchanged: previous.files,
                                       staticFiles: previous.staticFiles, output: options.outputFolder(config), warnings: [],
                                       fullScans: [], pageSources: PageSourceIndex(owners: [:], files: []))
            summary.upToDate = true
            return .success(summary)
        }

        // The snapshot is copied while the content loads; it needs the pages only for its `site_pages` rows.
        let siteContent = Handoff<(pages: [SitePage], views: [SiteView])>()
        // An incremental build copies the snapshot its last build kept when nothing the snapshot is made from changed.
        let keptSnapshot = options.stamp == .none ? nil : KeptSnapshot.beside(options.outputFolder(config), options: options)
        let opening = BackgroundWork {
            StepTimer(progress).measure("snapshot made or copied") {
                openDatabase(options, config, kept: keptSnapshot, siteContent: { siteContent.wait() })
            }
        }
        progress?.stageStarted(.loadTemplates)
        let templates = TemplateLoader.load(root: options.root, directory: config.templatesDirectory)
        progress?.stageStarted(.loadContent)
        let content = ContentLoader.load(root: options.root, contentDirectory: config.contentDirectory, includeDrafts: options.includeDrafts,
                                         memory: options.memory)
        let views = ViewLoader.load(root: options.root, directory: config.viewsDirectory)
        siteContent.deliver((content.pages.compactMap(\.sitePage), views.views))
        // The snapshot now writes the pages' `site_pages` rows on one core: the other makes the plain pages' folders.
        // A writer that cannot be made here is made again below, after the plan, where its error is reported.
        func makeWriter() throws(Diagnostic) -> OutputWriter {
            try OutputWriter(output: options.outputFolder(config), siteRoot: options.root, recordsFolders: options.stamp != .none,
                             trustsFolderRecord: options.stamp != .record)
        }
        // Only where its parent folder is there already: the writer makes the folders above the output, which a build
        // that then fails on the database would leave behind (`--out deep/new/public`); such a build makes it below.
        let earlyWriter = FileManager.default.fileExists(atPath: options.outputFolder(config).deletingLastPathComponent().path)
            ? try? makeWriter() : nil
        earlyWriter?.makeFoldersAhead(of: PageExpander.singlePageFiles(content.pages))
        let site = SiteContext.make(config)
        var problems = templates.problems + content.problems + views.problems + partialProblems(content.pages, templates.library)
        problems += UnknownKeys.problems(templates: templates.library, templateFiles: templates.files, pages: content.pages,
                                         site: site, frontMatterKeys: content.frontMatterKeys)
        // Pages that loaded still render even when others did not, so one build reports every problem.

        progress?.stageStarted(.openDatabase)
        let database: SiteDatabase
        switch opening.result() {
        case .success(let opened):
            database = opened.0
            problems += opened.warnings
            problems += PublicationWarnings.check(config, published: database,
                                                  source: options.resolve(options.databasePath ?? config.database).path,
                                                  configFile: options.configFile)
        case .failure(let failure):
            earlyWriter?.discard()
            return .failure(BuildFailure(problems + failure.diagnostics))
        }
        // Pages that use a broken view would each fail with "no such table"; the view's own error says it once.
        let viewProblems = database.viewErrors.map { ViewLoader.diagnostic($0, directory: config.viewsDirectory) }
        guard viewProblems.isEmpty else {
            earlyWriter?.discard()
            return .failure(BuildFailure(problems + viewProblems))
        }
        problems += CurrencyReadWarnings.check(content.pages, database: database)

        var renderer = PageRenderer(config: config, sources: content.pages, database: database, templates: templates.library,
                                    templateFiles: templates.files, site: site,
                                    formatSettings: formatSettings(config), placeholderSeed: placeholderSeed())
        let rewriter = SitePathRewriter(basePath: config.basePath)
        if let open = options.openPages, !problems.hasErrors {
            open.rendered(StepTimer(progress).measure("open pages rendered") {
                OpenPages.render(open.paths, renderer: renderer, rewriter: rewriter)
            })
        }
        // Deferred for the open pages (`deferViews`): the plan and the incremental record read them. Timed only when
        // there are some, so a build without open pages does not list a step it never takes.
        let staleViews = database.staleViews.isEmpty ? .success(()) : StepTimer(progress).measure("materialized views computed after the open pages") {
            Result { () throws(StoreError) in try database.computeStaleViews() }
        }
        if case .failure(let error) = staleViews {
            earlyWriter?.discard()
            return .failure(BuildFailure(problems + [Diagnostic(file: options.databasePath ?? config.database, message: error.message, hint: error.hint)]))
        }

        progress?.stageStarted(.expandPages)
        var (plan, planProblems) = PageExpander.plan(content.pages, database: database)
        problems += planProblems
        // A page whose folder would take a generated file's name stops the build here: rendered, it would make the
        // folder, and the file's write would fail with a message that names neither.
        let inTheWay = GeneratedFilesInTheWay.problems(plan, sources: content.pages, dataFiles: content.dataFiles, config: config,
                                                       configFile: options.configFile)
        guard inTheWay.isEmpty else {
            earlyWriter?.discard()
            return .failure(BuildFailure(problems + inTheWay))
        }
        let fullScans = FullScanCheck.warnings(plan, content.pages, database: database)
        problems += fullScans

        let writer: OutputWriter
        do throws(Diagnostic) {
            if let earlyWriter {
                writer = earlyWriter
            } else {
                writer = try makeWriter()
            }
        } catch {
            return .failure(BuildFailure(problems + [error]))
        }
        progress?.stageStarted(.renderPages)
        renderer.titles = renderer.titlesKnownBeforeQueries(ancestorPages(plan, content.pages, database))
        let feedPages = FeedPages(config: config)
        // Pages whose inputs are as the last build recorded keep their files; only the others render.
        let incremental = IncrementalBuild.start(options, sources: content.pages, templates: templates.library,
                                                 templateFiles: templates.files, database: database, titles: renderer.titles,
                                                 writer: writer, feedPages: feedPages, planned: plan.owners,
                                                 siteQueries: content.dataFiles.map(\.sql) + config.feeds.compactMap(\.query), progress: progress)
        let pageWriter = PageWriter(renderer: renderer, rewriter: rewriter, writer: writer,
                                    feedPages: feedPages, planned: plan.owners, progress: progress, incremental: incremental,
                                    wholeListing: options.wholeListing)
        pageWriter.renderAndWrite(incremental?.pagesToRender(plan.singlePages) ?? plan.singlePages)
        for index in plan.templatedSources {
            PageExpander.forEachChunk(of: index, content.pages, plan: plan, database: database, timer: StepTimer(progress)) { pages in
                pageWriter.renderAndWrite(incremental?.pagesToRender(pages) ?? pages)
            }
        }
        pageWriter.finish()
        MallocArenas.releaseFreed()
        problems += pageWriter.problems
        plan.listingPages = pageWriter.listingPages.merging(incremental?.keptListingPages ?? [:]) { rendered, _ in rendered }

        progress?.stageStarted(.assemble)
        // The sitemap, the feeds of a query and the data files are kept, as pages are, when what they are made from is.
        let siteFiles = SiteFiles(incremental: incremental)
        let assembler = SiteAssembler(config: config, configFile: options.configFile, database: database, writer: writer,
                                      siteFiles: siteFiles, timer: StepTimer(progress))
        problems += assembler.assemble(plan, sources: content.pages, feedPages: pageWriter.feedPages)
        problems += StepTimer(progress).measure("data files") {
            content.dataFiles.compactMap { $0.write(database: database, to: writer, siteFiles: siteFiles) }
        }
        problems += writeChartStylesheet(to: writer)
        MallocArenas.releaseFreed()
        let pageSources = PageSourceIndex(owners: plan.owners, files: content.pages.map(\.file), listingPages: plan.listingPages)
        progress?.stageStarted(.copyStatic)
        let staticFiles = StaticFiles.copy(from: options.root.appendingPathComponent(config.staticDirectory),
                                           displayDirectory: config.staticDirectory, rewriter: pageWriter.rewriter,
                                           pages: pageSources, to: writer)
        problems += staticFiles.problems
        guard !problems.hasErrors else {
            writer.discard()
            return .failure(BuildFailure(problems))
        }

        progress?.stageStarted(.swapOutput)
        // Every page is decided: the snapshot is kept beside the output while the output is committed. A commit that
        // fails leaves the last manifest, whose record of the kept snapshot no longer matches it: the next build then
        // compares rows without it.
        let keeping = keptSnapshot.flatMap { kept in incremental.map { incremental in BackgroundWork { incremental.keepSnapshot(kept) } } }
        do throws(Diagnostic) {
            try writer.commit()
        } catch {
            writer.discard()
            _ = keeping?.result()
            return .failure(BuildFailure(problems + [error]))
        }
        progress?.outputCommitted(writer.output)
        stamp?.record(pages: plan.pageCount, staticFiles: staticFiles.count, output: writer.output, known: writer.outputDigest,
                      reusable: problems.isEmpty && !readsClockOrRandom(content.pages, content.dataFiles, config, views.views))
        if let keeping { incremental?.save(output: writer.output, snapshotKept: keeping.result()) }
        var summary = BuildSummary(pagesRendered: plan.pageCount, filesWritten: writer.written,
                                   filesUnchanged: writer.unchanged, staticFiles: staticFiles.count,
                                   output: writer.output, warnings: problems.sortedByLocation(),
                                   fullScans: fullScans, pageSources: pageSources)
        summary.pagesKept = incremental?.keptCount ?? 0
        summary.renderReasons = incremental?.renderReasons ?? [:]
        summary.siteFilesKept = incremental?.keptSiteFiles ?? []
        summary.listingPagesUnread = incremental?.unreadListingPages ?? [:]
        summary.snapshotReused = database.reusedSnapshot != nil
        summary.snapshotUpdate = database.snapshotUpdate
        summary.snapshotKeptOpen = database.continued
        summary.contentFilesParsed = content.parsed
        options.memory?.keep(database)
        return .success(summary)
    }

    /// Opens the published snapshot, with the loaded Markdown pages as its `site_pages` and `site_page_tags` tables
    /// and the site's views.
    private static func openDatabase(_ options: BuildOptions, _ config: SiteConfig, kept: KeptSnapshot?,
                                     siteContent: () -> (pages: [SitePage], views: [SiteView]))
        -> Result<(SiteDatabase, warnings: [Diagnostic]), BuildFailure> {
        let databasePath = options.databasePath ?? config.database
        // `tally serve` goes on with the snapshot its last good build read, when that gives the same rows.
        if let kept, config.sources.isEmpty, let previous = options.memory?.takeDatabase(),
           let database = SiteDatabase.continuing(previous, path: options.resolve(databasePath).path, policy: config.publicationPolicy,
                                                  siteContent: siteContent, kept: kept, deferViews: options.openPages != nil) {
            return .success((database, []))
        }
        let sources = SourceImports(config, root: options.root)
        let importSources: ((Database) throws -> Void)? = config.sources.isEmpty ? nil : { db in try sources.importAll(into: db) }
        do throws(StoreError) {
            let database = try SiteDatabase(path: options.resolve(databasePath).path, policy: config.publicationPolicy,
                                            siteContent: siteContent,
                                            utcOffset: formatSettings(config).utcOffset,
                                            importSources: importSources, kept: kept,
                                            deferViews: options.openPages != nil)
            return .success((database, sources.warnings))
        } catch {
            if case .sources(let problems) = error { return .failure(BuildFailure(problems)) }
            return .failure(BuildFailure([Diagnostic(file: options.databasePath == nil ? options.configFile : databasePath,
                                                     message: error.message, hint: error.hint)]))
        }
    }

    /// The pages whose titles other pages' breadcrumbs show; a templated one is read again from its query.
    private static func ancestorPages(_ plan: PagePlan, _ sources: [PageSource], _ database: SiteDatabase) -> [PageInstance] {
        let ancestors = plan.ancestors
        var pages = plan.singlePages.filter { ancestors.contains($0.path) }
        let owners = Set(ancestors.compactMap { plan.owners[$0].map { Int($0.sourceIndex) } })
        for index in plan.templatedSources where owners.contains(index) {
            PageExpander.forEachChunk(of: index, sources, plan: plan, database: database, wanted: ancestors.contains) { pages += $0 }
        }
        return pages
    }

    private static func readsClockOrRandom(_ pages: [PageSource], _ dataFiles: [DataFile], _ config: SiteConfig, _ views: [SiteView]) -> Bool {
        let sql = pages.flatMap { page in page.queries.map(\.sql) + [page.frontMatter.pagesQuery].compactMap { $0 } }
            + dataFiles.map(\.sql) + config.feeds.compactMap(\.query) + views.map(\.sql)
        return sql.contains(where: BuildStamp.isVolatile)
    }

    /// Charts carry class names only; their stylesheet is written once, as `charts.css`, for layouts to link.
    private static func writeChartStylesheet(to writer: OutputWriter) -> [Diagnostic] {
        do throws(Diagnostic) {
            try writer.write(ChartTheme.stylesheet, to: GeneratedFilesInTheWay.chartStylesheet, origin: .chartStylesheet)
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
        return FormatSettings(defaultCurrency: config.currency, locale: config.locale) { seconds in
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
    package init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sortedByLocation() }
}
