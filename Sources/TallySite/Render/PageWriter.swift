import Foundation
import Synchronization
import TallyFormat

/// The render stage's worker: renders pages on every core and writes each as soon as it is done, so memory does
/// not grow with the site. What outlives a page is its problems and, for the feeds that list it, its entry.
final class PageWriter: Sendable {
    let renderer: PageRenderer
    let rewriter: SitePathRewriter?
    let writer: OutputWriter
    let feedPages: FeedPages
    /// The plan's pages by URL, which the later pages of a listing must not take.
    let planned: [String: PageOwner]
    let progress: (any BuildProgress)?
    /// Told of each page rendered, so the next build can keep it when its inputs stay the same.
    let incremental: IncrementalBuild?
    /// The first page's URL of the one listing written whole (`BuildOptions.wholeListing`), if any.
    let wholeListing: String?
    let found = Mutex<Set<DiagnosticKey>>([])
    private let done = Atomic<Int>(0)
    private let rendering = DispatchGroup()
    /// Pages handed to the cores and not yet written: one more than the cores, so a core that finishes a page finds
    /// the next one waiting. Not more: a listing holds up to 4,096 of its rows while it renders, and at 20,000
    /// organizations four pages a core under way (mostly listings) took peak memory from 182 to 238 MiB.
    private let pagesUnderWay = DispatchSemaphore(value: PageWriter.pagesUnderWayLimit)
    static var pagesUnderWayLimit: Int { ProcessInfo.processInfo.activeProcessorCount + 1 }
    private let laterPages = Mutex<[String: PageOwner]>([:])

    init(renderer: PageRenderer, rewriter: SitePathRewriter?, writer: OutputWriter, feedPages: FeedPages, planned: [String: PageOwner],
         progress: (any BuildProgress)?, incremental: IncrementalBuild? = nil, wholeListing: String? = nil) {
        self.renderer = renderer
        self.rewriter = rewriter
        self.writer = writer
        self.feedPages = feedPages
        self.planned = planned
        self.progress = progress
        self.incremental = incremental
        self.wholeListing = wholeListing
    }

    /// Every problem found so far, each once however many pages had it.
    var problems: [Diagnostic] { found.withLock { $0.map(\.diagnostic) } }

    /// The pages of listings past their first, which the plan could not know: they belong in the sitemap too.
    var listingPages: [String: PageOwner] { laterPages.withLock { $0 } }

    /// Starts rendering `pages` and writing them, on every core, and returns once they are all under way;
    /// `finish()` waits for them. A paginated page stands for its whole listing (`writeListing`): its queries run
    /// once and each of its pages renders its window of the paginated one, so a listing costs its queries once,
    /// not per page, and never holds all its rows.
    ///
    /// Pages of one call do not wait for each other, nor for the next call's: a long page (a person's report, a
    /// listing) renders on one core while the other goes on with the pages after it, where waiting for every page
    /// of a chunk before the next left a core idle behind each long one.
    ///
    /// Plain pages go to the cores a few at a time: one work item a page cost a thread wake-up and a semaphore wait
    /// each, 86,000 futex calls for 10,103 Markdown pages. A listing is an item of its own, as it holds its rows.
    func renderAndWrite(_ pages: [PageInstance]) {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // Small enough that the last items of a call still spread over the cores.
        let batchSize = max(1, min(Self.pagesPerItem, pages.count / (cores * 4)))
        var start = pages.startIndex
        while start < pages.endIndex {
            var end = start + 1
            if pages[start].listing == nil {
                while end < pages.endIndex, end - start < batchSize, pages[end].listing == nil { end += 1 }
            }
            let batch = pages[start..<end]
            start = end
            pagesUnderWay.wait()
            Self.queue.async(group: rendering) { [self] in
                defer { pagesUnderWay.signal() }
                for page in batch {
                    if page.listing == nil { write(page) } else { writeListing(page) }
                }
            }
        }
    }

    /// Where the pages render: not the default global queue, whose threads, as many as the cores, include the one
    /// this build waits on. `tally build` runs its command on Swift's global executor, and `tally serve` its builds
    /// on `DispatchQueue.global()`: both default-QoS threads of libdispatch, which on Linux adds a thread to a pool
    /// whose threads are blocked only after about a second. On the default queue, the 10,000-page Markdown build
    /// rendered on one core for its first 0.5 to 0.65 s (docs/performance.md). Each QoS has a pool of its own;
    /// libdispatch gives user-initiated threads a nice value of -2 where it may (as root).
    static let queue = DispatchQueue.global(qos: .userInitiated)

    /// The most plain pages handed to a core at once. Each item done wakes the thread that hands them out, which then
    /// takes the core from the next page for a moment: at 8, a 10,000-page build made about 1,500 voluntary context
    /// switches, at 32 about 500. A core's last item is still a few milliseconds of pages.
    static let pagesPerItem = 32

    /// Waits until every page handed to `renderAndWrite` is written.
    func finish() { rendering.wait() }

    /// Renders one page and writes it, keeping its problems and its feed entry.
    func write(_ instance: PageInstance, listing: ListingPage? = nil) {
        // A page an incremental build checks as it comes: kept when its queries give the rows they gave.
        if listing == nil, incremental?.keepsAfterRowsCheck(instance) == true { return }
        let timed = progress?.wantsPageTimes == true ? progress : nil
        let start = timed == nil ? nil : ThreadCPUTime.now()
        var result = renderer.render(instance, listing: listing, queried: incremental?.takeQueried(instance.path) ?? [:])
        if let timed, let start {
            timed.pageRendered(from: renderer.sources[instance.sourceIndex].file, in: ThreadCPUTime.now() - start)
        }
        if let page = result.page {
            // No origin: the plan knows every page's source without a table that grows with the site.
            var files: [OutputFileStamp] = []
            do throws(Diagnostic) {
                let stamp = try writer.write(Data(rewriter?.htmlBytes(page.html) ?? page.html), to: page.outputFile)
                files.append(OutputFileStamp(path: page.outputFile, stamp: stamp))
                for download in page.downloads {
                    files.append(OutputFileStamp(path: download.file, stamp: try writer.write(download.text, to: download.file)))
                }
            } catch { result.problems.append(error) }
            if page.summary.date != nil { feedPages.offer(page.summary, bodyHTML: page.bodyHTML) }
            if let incremental {
                incremental.noteRendered(instance, files: files, results: page.queryResults,
                                         clean: result.problems.isEmpty, shown: listing.map { incremental.recordedShown(instance, $0) })
            }
        }
        if !result.problems.isEmpty { found.withLock { $0.formUnion(result.problems.map(DiagnosticKey.init)) } }
        let count = done.add(1, ordering: .relaxed).newValue
        let total = planned.count + laterPages.withLock(\.count)
        if count % 64 == 0 || count == total { progress?.pagesRendered(count, of: total) }
    }

    /// Takes the URLs of a listing's pages after its first, as many as its rows fill; a URL another page has
    /// ends the listing there, with an error at its `paginate` line. A listing numbered from its end takes every
    /// page's number from its page count, so cut short it keeps its first page only.
    func claimPages(of page: PageInstance, rows: Int) -> Int {
        guard var listing = page.listing, let size = renderer.sources[page.sourceIndex].pagination?.size else { return 1 }
        let source = renderer.sources[page.sourceIndex]
        listing.pages = Pagination.pageCount(rows: rows, size: size, fromEnd: listing.fromEnd)
        var claimed: [String: PageOwner] = [:]
        while claimed.count + 1 < listing.pages {
            let position = claimed.count + 2
            let path = listing.path(at: position)
            if let other = planned[path] {
                let problem = Diagnostic(file: source.file, line: source.frontMatter.lines["paginate"] ?? 1,
                                         message: "page \(listing.shownNumber(at: position)) of this listing has the URL \(path), already used by \(renderer.sources[Int(other.sourceIndex)].file)",
                                         hint: "every page needs its own URL; move the other page, or show more rows a page with `per_page`")
                found.withLock { _ = $0.insert(DiagnosticKey(diagnostic: problem)) }
                if listing.fromEnd { return 1 }
                break
            }
            claimed[path] = PageOwner(sourceIndex: Int32(page.sourceIndex), row: listing.row, number: Int32(position))
        }
        laterPages.withLock { $0.merge(claimed) { _, new in new } }
        return claimed.count + 1
    }
}

/// Lets identical diagnostics from many pages (a layout problem, say) collapse into one.
struct DiagnosticKey: Hashable {
    let diagnostic: Diagnostic
    func hash(into hasher: inout Hasher) { hasher.combine(diagnostic.description) }
    static func == (a: Self, b: Self) -> Bool { a.diagnostic == b.diagnostic }
}

/// For each page written, its file inside the output (`orgs/amf/index.html`) → the content file it came from
/// (`content/orgs/[slug].md`), so problems found in the output can name their source.
public struct PageSourceIndex: Sendable {
    let owners: [String: PageOwner]
    let files: [String]
    /// The pages of listings past their first (`PagePlan.listingPages`).
    var listingPages: [String: PageOwner] = [:]

    public subscript(outputFile: String) -> String? {
        let path = outputFile.hasSuffix("index.html") && (outputFile == "index.html" || outputFile.hasSuffix("/index.html"))
            ? "/" + outputFile.dropLast("index.html".count)
            : "/" + outputFile
        return (owners[path] ?? listingPages[path]).map { files[Int($0.sourceIndex)] }
    }
}
