import Foundation
import Synchronization
import TallyFormat
import TallyStore

/// Decides, page by page, whether a page must render or can keep its files from the previous output, and
/// gathers the manifest the next build will compare with.
///
/// A page is kept only when everything recorded for it matches: the shared inputs, its content file's inputs
/// (`PageInputs`), its row of the `pages` query, and each file it wrote, still in the output as the last build
/// left it. When only tables it reads changed, it is kept if its queries are keyed on a value of its `pages` row
/// that no changed row has (`ChangedRows`); otherwise its queries run again and it is kept if they give the same
/// rows as last time: a new donation renders the pages that show it, not every page that reads `donations`.
/// A paginated listing is kept whole when none of its inputs changed; when only tables it reads changed, its
/// queries run and each of its pages is kept if it shows what it showed (`IncrementalBuild+Listings`). Anything missing or unknown renders the page: a first build, a page that had problems (so its
/// warnings show again), a page a feed lists (the feed needs its HTML), a query that does not compile or reads
/// the clock.
final class IncrementalBuild: Sendable {
    let previous: PageManifest?
    /// Why no page can be kept, when none can: the first build, `--force`, or which shared input changed.
    let everyPageReason: String?
    private let gatheredInputs: Inputs
    /// This build's inputs, waited for when they are still being gathered.
    var inputs: PageInputs { gatheredInputs.value }

    /// The inputs, or the work gathering them beside the render: a build that renders every page needs them only
    /// for its manifest (`save`), so it does not wait for them before the first page.
    enum Inputs: Sendable {
        case gathered(PageInputs)
        case gathering(BackgroundWork<PageInputs>)

        var value: PageInputs {
            switch self {
            case .gathered(let inputs): inputs
            case .gathering(let work): work.result()
            }
        }
    }
    let sources: [PageSource]
    private let database: SiteDatabase
    /// The output held open while pages are decided: each kept file is stamped from it.
    let outputFolder: OutputFolder
    let writer: OutputWriter
    private let feedPages: FeedPages
    let changedRows: ChangedRows
    /// The plan's pages by URL: a kept listing's later pages must still be free.
    let planned: [String: PageOwner]
    /// Whether `renderReasons` is kept: only `--explain` shows it.
    private let keepsReasons: Bool
    let state = Mutex(State())
    /// Each page's record for the manifest, as it renders or is kept: in a temporary file until `save`.
    let records = PageRecordLog()
    let timer: StepTimer
    /// By source index: whether its pages may show `paginator.total` (`showsListingTotal`), which is then part of
    /// what a listing's page shows.
    let showsListingTotal: [Bool]
    /// Where `save` keeps the manifest it writes for the next build (`tally serve`).
    private let memory: BuildMemory?

    struct State {
        var reasons: [String: String] = [:]
        var kept = 0
        /// The listings (first page's URL) whose pages may each be kept if they show what they showed.
        var checkable: Set<String> = []
        /// Those of them whose later pages may be kept unread (`keepsRestOfListing`), by first page's URL.
        var shortcuts: [String: ListingShortcut] = [:]
        /// The listings (first page's URL) one of whose pages showed what it showed, in this build.
        var matchedListings: Set<String> = []
        /// The listings whose later pages were kept unread: first page's URL → how many.
        var unreadListingPages: [String: Int] = [:]
        /// The later pages of the listings kept, for the sitemap.
        var keptListingPages: [String: PageOwner] = [:]
        /// The rows checked of each page that must render after all, by URL path, for its render to take.
        var queried: [String: [String: DataTable]] = [:]
        /// The pages whose rows are checked as they come to render (`keepsAfterRowsCheck`), by URL path.
        var pendingChecks: [String: (record: PageManifest.Page, reason: String)] = [:]
        /// The site files made or kept (`SiteFiles`), by name, for the manifest.
        var siteFiles: [String: PageManifest.SiteFile] = [:]
        /// The names of those kept.
        var keptSiteFiles: Set<String> = []
    }

    /// - Parameter previous: the last build's manifest; nil renders every page (`--force`, or none was found).
    /// - Parameter snapshot: the snapshot the last build kept beside its manifest, to find the rows that changed.
    init(previous: PageManifest?, forced: Bool, inputs: Inputs, sources: [PageSource], database: SiteDatabase,
         writer: OutputWriter, feedPages: FeedPages, planned: [String: PageOwner] = [:], keepsReasons: Bool = false,
         snapshot: String? = nil, timer: StepTimer = StepTimer(nil), memory: BuildMemory? = nil, showsListingTotal: [Bool] = []) {
        self.previous = previous
        self.memory = memory
        self.showsListingTotal = showsListingTotal
        self.keepsReasons = keepsReasons
        self.timer = timer
        self.planned = planned
        gatheredInputs = inputs
        self.sources = sources
        self.database = database
        self.writer = writer
        self.feedPages = feedPages
        outputFolder = OutputFolder(path: writer.output.path)
        if forced {
            everyPageReason = "the build was forced (--force)"
        } else if let previous {
            let global = inputs.value.global
            everyPageReason = global.keys.sorted().first { previous.global[$0] != global[$0] }.map { "the \($0) changed" }
        } else {
            everyPageReason = "no earlier build recorded its pages"
        }
        changedRows = if let previous, everyPageReason == nil {
            timer.measure("changed rows") {
                ChangedRows.find(previous: previous, inputs: inputs.value, sources: sources, database: database, snapshot: snapshot)
            }
        } else {
            ChangedRows.none
        }
    }

    /// Pages kept from the previous output.
    var keptCount: Int { state.withLock(\.kept) }

    /// Each page rendered (URL path) → why; empty unless the build was asked to explain (`BuildOptions.explain`).
    var renderReasons: [String: String] { state.withLock(\.reasons) }

    /// The pages after the first of each listing kept, which the sitemap lists as it lists those rendered.
    var keptListingPages: [String: PageOwner] { state.withLock(\.keptListingPages) }

    /// The pages of `pages` that must render; the files of the others are kept from the previous output.
    func pagesToRender(_ pages: [PageInstance]) -> [PageInstance] {
        var render: [PageInstance] = []
        var reasons: [String: String] = [:]
        var kept: [String: PageManifest.Page] = [:]
        var rowChecks: [(page: PageInstance, record: PageManifest.Page, reason: String)] = []
        var checkable: Set<String> = []
        var shortcuts: [String: ListingShortcut] = [:]
        // The inputs that changed are the same for every page of a content file: found once a file, not once a page.
        var changedInputs: [Int: [String]] = [:]
        let decisions = timer.measure("deciding pages") { pages.map { decide($0, changedInputs: &changedInputs) } }
        for (page, decision) in zip(pages, decisions) {
            switch decision {
            case .render(let reason):
                render.append(page)
                reasons[page.path] = reason
            case .keep(let record):
                kept[page.path] = record
            case .checkRows(let record, let reason):
                rowChecks.append((page, record, reason))
            case .keepListing(let records):
                kept.merge(records) { _, new in new }
            case .checkListing(let reason, let shortcut):
                render.append(page)
                reasons[page.path] = reason
                checkable.insert(page.path)
                shortcuts[page.path] = shortcut
            }
        }
        // Checked where they render, on the render's cores, while the plan goes on to the next pages: a person's
        // report runs two dozen queries over their whole history before it is known to have changed.
        var pending: [String: (record: PageManifest.Page, reason: String)] = [:]
        for check in rowChecks {
            render.append(check.page)
            pending[check.page.path] = (check.record, check.reason)
        }
        for (path, record) in kept {
            record.filePaths.forEach(writer.keep)
            records.append(path, record)
        }
        var laterPages: [String: PageOwner] = [:]
        for page in pages {
            guard var listing = page.listing, let record = kept[page.path], let count = record.listingPages else { continue }
            listing.pages = count
            for number in 2...max(2, count) where number <= count {
                laterPages[listing.path(at: number)] = PageOwner(sourceIndex: Int32(page.sourceIndex), row: listing.row, number: Int32(number))
            }
        }
        state.withLock { state in
            state.checkable.formUnion(checkable)
            state.shortcuts.merge(shortcuts) { _, new in new }
            state.pendingChecks.merge(pending) { _, new in new }
            state.keptListingPages.merge(laterPages) { _, new in new }
            if keepsReasons { state.reasons.merge(reasons) { _, new in new } }
            state.kept += kept.count
        }
        return render
    }

    /// Records a page that rendered: with its files when it had no problem, so the next build may keep it.
    /// - Parameter shown: for a page of a listing, the digest of what it shows (`listingDigest`).
    /// - Parameter files: the files it wrote, each with the stamp the writer gave it.
    func noteRendered(_ page: PageInstance, files: [OutputFileStamp], results: [String: DataTable], clean: Bool, shown: String? = nil) {
        guard clean else { return }
        let digest = if let listing = page.listing, let shown {
            PageManifest.Page.listingResults(pages: listing.pages, shown: shown)
        } else {
            PageInputs.resultsDigest(results)
        }
        guard page.listing == nil || shown != nil else { return }
        let record = PageManifest.Page(source: sources[page.sourceIndex].file, params: PageInputs.paramsDigest(page.params),
                                       results: digest, files: files)
        records.append(page.path, record)
    }

    /// Keeps this build's snapshot beside the output (`kept`) for the next build to compare rows with, or to copy, once
    /// every page is decided: the connection that attached the last kept snapshot closes before it is replaced.
    /// - Returns: the kept file's stamp, for the manifest; nil when it could not be written.
    func keepSnapshot(_ kept: KeptSnapshot) -> String? {
        changedRows.close()
        let snapshot = URL(fileURLWithPath: kept.path)
        guard timer.measure("snapshot kept", { database.keepSnapshot(as: kept) }) else { return nil }
        return OutputFileStamp.current(snapshot.lastPathComponent, in: snapshot.deletingLastPathComponent().path)?.stamp
    }

    /// Writes the manifest beside the committed output, each page's files stamped as they now are there, with the
    /// stamp of the snapshot `keepSnapshot` kept.
    func save(output: URL, snapshotKept: String?) {
        var manifest = PageManifest()
        manifest.snapshot = snapshotKept
        let inputs = self.inputs
        manifest.global = inputs.global
        manifest.siteFiles = state.withLock(\.siteFiles)
        for (index, source) in sources.enumerated() where inputs.sources[index].alwaysRenders == nil {
            manifest.sources[source.file] = inputs.sources[index].inputs
        }
        guard let pages = records.sorted() else {
            memory?.manifest.withLock { $0 = nil }
            return PageManifest.remove(beside: output)
        }
        // Only the files the commit moved or linked are read again: the others' stamps are those written or checked.
        // After a first build's rename none is, and the records go out as the log's bytes (`linesOf`).
        timer.measure("manifest saved") {
            manifest.save(beside: output, stampingFilesIn: writer.everyStampHolds ? nil : output.path, trusting: writer.stampHolds,
                          memory: memory, pagesOf: pages.forEachPage, linesOf: pages.forEachLine)
        }
    }

    private enum Decision {
        case render(String)
        case keep(PageManifest.Page)
        /// Only tables it reads changed: kept if its queries give the rows they gave last time.
        case checkRows(PageManifest.Page, reason: String)
        /// A listing none of whose inputs changed: every page's record, by URL.
        case keepListing([String: PageManifest.Page])
        /// A listing whose tables changed: it renders, and each page is kept if it shows what it showed; with a
        /// shortcut, its later pages may be kept unread.
        case checkListing(String, ListingShortcut?)
    }

    /// - Parameter changedInputs: by source index, the inputs that changed since the last build, filled as found.
    private func decide(_ page: PageInstance, changedInputs: inout [Int: [String]]) -> Decision {
        if let everyPageReason { return .render(everyPageReason) }
        let source = inputs.sources[page.sourceIndex]
        if let always = source.alwaysRenders { return .render(always) }
        // A feed takes only pages with a `date` (`FeedPages.offer`): `pages: /` must not render every page.
        if feedPages.wants(page.path), sources[page.sourceIndex].frontMatter.date != nil { return .render("a feed lists it") }
        guard let previous, let record = previous.pages[page.path] else {
            return .render("new page, or it had problems in the last build")
        }
        let file = sources[page.sourceIndex].file
        guard record.source == file, let before = previous.sources[file] else { return .render("its content file changed") }
        let changed = changedInputs[page.sourceIndex] ?? Self.changes(from: before, to: source.inputs)
        changedInputs[page.sourceIndex] = changed
        if let first = changed.first, !changed.allSatisfy({ $0.hasPrefix("table ") && before[$0] != nil && source.inputs[$0] != nil }) {
            return .render(Self.describe(first, before: before, after: source.inputs))
        }
        guard record.params == PageInputs.paramsDigest(page.params) else { return .render("its row of the pages query changed") }
        if let file = record.firstFileChanged(in: outputFolder) { return .render("\(file) was changed or deleted outside Tally") }
        let tables = changed.map { String($0.dropFirst("table ".count)) }
        if page.listing != nil {
            // A listing whose queries are keyed on values no changed row has shows what it showed: kept whole.
            let unaffected = !changed.isEmpty && changedRows.verdict(for: page, tables: tables) == .unaffected
            let change = unaffected ? nil : changed.first.map { Self.describe($0, before: before, after: source.inputs) }
            switch decideListingPage(page, record: record, change: change) {
            case .render(let reason): return .render(reason)
            case .check(let reason): return .checkListing(reason, listingShortcut(page, record: record))
            case .keep(let records): return .keepListing(records)
            }
        }
        guard let first = changed.first else { return .keep(record) }
        let unproven: String
        switch changedRows.verdict(for: page, tables: tables) {
        case .unaffected: return .keep(record)
        case .affected(let reason): return .render(reason)
        case .unproven(let why): unproven = why.isEmpty ? "" : "; " + why
        }
        return .checkRows(record, reason: "the rows its queries read changed (\(Self.describe(first, before: before, after: source.inputs))"
            + (changed.count > 1 ? "; tables changed: \(tables.joined(separator: ", "))" : "") + unproven + ")")
    }

    /// The page's queries run again with its row of the `pages` query, or nil when one fails (it then renders, and
    /// reports the failure at its line).
    private func queriedTables(of page: PageInstance) -> [String: DataTable]? {
        // On every core: a person's report is two dozen queries over their whole history, the last to be decided.
        let queries = sources[page.sourceIndex].queries
        let database = self.database, timer = self.timer
        // Timed query by query, on the thread that runs each: a step's CPU time is its own thread's.
        let results = queries.concurrentMap { query in
            timer.measure("rows checks") { try? database.run(query.sql, parameters: page.params) }
        }
        var tables: [String: DataTable] = [:]
        for (query, table) in zip(queries, results) {
            guard let table else { return nil }
            tables[query.name] = table
        }
        return tables
    }

    /// Whether `page`, whose only changed inputs are tables its queries read, shows the rows it showed: its queries run
    /// again and their digest is compared with its record. Kept with its files when it does; otherwise the rows read
    /// are handed to its render (`takeQueried`) and its reason noted. False for any page not waiting for the check.
    func keepsAfterRowsCheck(_ page: PageInstance) -> Bool {
        guard let check = state.withLock({ $0.pendingChecks.removeValue(forKey: page.path) }) else { return false }
        let tables = queriedTables(of: page)
        if let tables, PageInputs.resultsDigest(tables) == check.record.results {
            check.record.filePaths.forEach(writer.keep)
            records.append(page.path, check.record)
            state.withLock { $0.kept += 1 }
            return true
        }
        state.withLock { state in
            if keepsReasons { state.reasons[page.path] = check.reason }
            state.queried[page.path] = tables
        }
        return false
    }

    /// The rows the rows check read for `path`, which must render: handed to its render once, then forgotten.
    func takeQueried(_ path: String) -> [String: DataTable] {
        state.withLock { $0.queried.removeValue(forKey: path) } ?? [:]
    }

    /// The inputs added, removed or changed, in name order.
    private static func changes(from before: [String: String], to after: [String: String]) -> [String] {
        Set(before.keys).union(after.keys).sorted().filter { before[$0] != after[$0] }
    }

    /// One changed input in words: `table donations changed`.
    static func describe(_ name: String, before: [String: String], after: [String: String]) -> String {
        let label = name == "content" ? "its content file" : name
        if before[name] == nil { return "\(label) is read now" }
        if after[name] == nil { return "\(label) is no longer read" }
        return "\(label) changed"
    }
}
