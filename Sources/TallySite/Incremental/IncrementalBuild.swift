import Foundation
import Synchronization

/// Decides, page by page, whether a page must render or can keep its files from the previous output, and
/// gathers the manifest the next build will compare with.
///
/// A page is kept only when everything recorded for it matches: the shared inputs, its content file's inputs
/// (`PageInputs`), its row of the `pages` query, and each file it wrote, still in the output as the last build
/// left it. Anything missing or unknown renders the page: a first build, a page that had problems (so its
/// warnings show again), a paginated listing, a page a feed lists (the feed needs its HTML), a query that does
/// not compile or reads the clock.
final class IncrementalBuild: Sendable {
    private let previous: PageManifest?
    /// Why no page can be kept, when none can: the first build, `--force`, or which shared input changed.
    private let everyPageReason: String?
    private let inputs: PageInputs
    private let sourceFiles: [String]
    private let outputPath: String
    private let writer: OutputWriter
    private let feedPages: FeedPages
    private let state = Mutex(State())

    private struct State {
        var pages: [String: PageManifest.Page] = [:]
        var reasons: [String: String] = [:]
        var kept = 0
    }

    /// - Parameter previous: the last build's manifest; nil renders every page (`--force`, or none was found).
    init(previous: PageManifest?, forced: Bool, inputs: PageInputs, sourceFiles: [String], writer: OutputWriter, feedPages: FeedPages) {
        self.previous = previous
        self.inputs = inputs
        self.sourceFiles = sourceFiles
        self.writer = writer
        self.feedPages = feedPages
        outputPath = writer.output.path
        if forced {
            everyPageReason = "the build was forced (--force)"
        } else if let previous {
            everyPageReason = inputs.global.keys.sorted().first { previous.global[$0] != inputs.global[$0] }.map { "the \($0) changed" }
        } else {
            everyPageReason = "no earlier build recorded its pages"
        }
    }

    /// Pages kept from the previous output.
    var keptCount: Int { state.withLock(\.kept) }

    /// Each page rendered (URL path) → why.
    var renderReasons: [String: String] { state.withLock(\.reasons) }

    /// The pages of `pages` that must render; the files of the others are kept from the previous output.
    func pagesToRender(_ pages: [PageInstance]) -> [PageInstance] {
        var render: [PageInstance] = []
        var reasons: [String: String] = [:]
        var kept: [String: PageManifest.Page] = [:]
        for page in pages {
            switch decide(page) {
            case .render(let reason):
                render.append(page)
                reasons[page.path] = reason
            case .keep(let record):
                kept[page.path] = record
            }
        }
        for record in kept.values { record.files.forEach { writer.keep($0.path) } }
        state.withLock { state in
            state.reasons.merge(reasons) { _, new in new }
            state.pages.merge(kept) { _, new in new }
            state.kept += kept.count
        }
        return render
    }

    /// Records a page that rendered: with its files when it had no problem, so the next build may keep it.
    func noteRendered(_ page: PageInstance, files: [String], clean: Bool) {
        guard clean, page.listing == nil else { return }
        let record = PageManifest.Page(source: sourceFiles[page.sourceIndex], params: PageInputs.paramsDigest(page.params),
                                       files: files.map { OutputFileStamp(path: $0, stamp: "") })
        state.withLock { $0.pages[page.path] = record }
    }

    /// Writes the manifest beside the committed output, each page's files stamped as they now are there.
    func save(output: URL) {
        var manifest = PageManifest()
        manifest.global = inputs.global
        for (index, file) in sourceFiles.enumerated() where inputs.sources[index].alwaysRenders == nil {
            manifest.sources[file] = inputs.sources[index].inputs
        }
        let path = output.path
        for (url, page) in state.withLock(\.pages) where manifest.sources[page.source] != nil {
            let files = page.files.compactMap { OutputFileStamp.current($0.path, in: path) }
            guard files.count == page.files.count else { continue }
            manifest.pages[url] = PageManifest.Page(source: page.source, params: page.params, files: files)
        }
        manifest.save(beside: output)
    }

    private enum Decision {
        case render(String)
        case keep(PageManifest.Page)
    }

    private func decide(_ page: PageInstance) -> Decision {
        if let everyPageReason { return .render(everyPageReason) }
        let source = inputs.sources[page.sourceIndex]
        if let always = source.alwaysRenders { return .render(always) }
        if page.listing != nil { return .render("it is a paginated listing") }
        if feedPages.wants(page.path) { return .render("a feed lists it") }
        guard let previous, let record = previous.pages[page.path] else {
            return .render("new page, or it had problems in the last build")
        }
        let file = sourceFiles[page.sourceIndex]
        guard record.source == file, let before = previous.sources[file] else { return .render("its content file changed") }
        if let changed = Self.firstChange(from: before, to: source.inputs) { return .render(changed) }
        guard record.params == PageInputs.paramsDigest(page.params) else { return .render("its row of the pages query changed") }
        for file in record.files where OutputFileStamp.current(file.path, in: outputPath) != file {
            return .render("\(file.path) was changed or deleted outside Tally")
        }
        return .keep(record)
    }

    /// The first input, in name order, added, removed or changed, in words: `table donations changed`.
    private static func firstChange(from before: [String: String], to after: [String: String]) -> String? {
        let names = Set(before.keys).union(after.keys).sorted()
        guard let name = names.first(where: { before[$0] != after[$0] }) else { return nil }
        let label = name == "content" ? "its content file" : name
        if before[name] == nil { return "\(label) is read now" }
        if after[name] == nil { return "\(label) is no longer read" }
        return "\(label) changed"
    }
}
