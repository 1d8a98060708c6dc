import Foundation

/// What the last build into an output folder knew of each page it rendered without a problem: the inputs of its
/// content file and the files it wrote, kept beside the output as `.public.tally-pages` (never inside it, so it
/// is not deployed). The next build keeps a page whose inputs all match from the previous output instead of
/// rendering it again (`IncrementalBuild`).
///
/// The text format, one record a line, fields separated by tabs:
/// `tally-pages 4`, then the kept snapshot's stamp as `snapshot <stamp>`, the shared inputs as `global <name> <digest>`,
/// the site files as `site-file <name> <inputs digest> <file> <stamp> [<file> <stamp>…]` (`SiteFile`), then per content
/// file `source <file>` followed by its inputs as `input <name> <digest>`, then per page
/// `page <path> <params digest> <rows digest> <file> <stamp> [<file> <stamp>…]`.
struct PageManifest: Equatable {
    static let format = "tally-pages 4"

    /// One page's record. Its fields are kept as one tab-separated text, as the manifest writes them: a build of
    /// 147,150 pages holds a record of each until it ends, and five strings and an array a record took twice the
    /// memory (docs/performance.md#the-incremental-record-in-less-memory).
    struct Page: Equatable {
        let source: String
        /// `params`, `results`, then each file and its stamp.
        private let fields: String

        init(source: String, params: String, results: String, files: [OutputFileStamp]) {
            self.source = source
            fields = ([params, results] + files.flatMap { [$0.path, $0.stamp] }).joined(separator: "\t")
        }

        /// A record from its fields as `line` gives them (`PageRecordLog`).
        init(source: String, line: String) {
            self.source = source
            fields = line
        }

        /// The digest of its row of the `pages` query (`PageInputs.paramsDigest`).
        var params: String { field(0) }
        /// The digest of the rows its queries gave (`PageInputs.resultsDigest`); for a page of a paginated listing,
        /// `listing <page count> <digest of what it shows>` (`listingResults`).
        var results: String { field(1) }

        /// Field `number` (0 or 1), found without splitting the others: every page's record is asked for them.
        private func field(_ number: Int) -> String {
            let bytes = fields.utf8
            var start = bytes.startIndex
            for _ in 0..<number {
                guard let tab = bytes[start...].firstIndex(of: UInt8(ascii: "\t")) else { return "" }
                start = bytes.index(after: tab)
            }
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\t")) ?? bytes.endIndex
            return String(Substring(bytes[start..<end]))
        }
        /// Each file the page wrote inside the output (the page, its CSV downloads), with its stamp after the build.
        var files: [OutputFileStamp] {
            let list = fieldList
            return stride(from: 2, to: list.count - 1, by: 2).map { OutputFileStamp(path: String(list[$0]), stamp: String(list[$0 + 1])) }
        }

        /// The same record with each file stamped as it is now inside `folder`; nil when one is missing.
        /// - Parameter holds: whether a file's recorded stamp is known to be current, so it need not be read again.
        func stamped(in folder: String, trusting holds: @escaping (String) -> Bool = { _ in false }) -> Page? {
            let recorded = files
            if recorded.allSatisfy({ !$0.stamp.isEmpty && holds($0.path) }) { return self }
            let current = recorded.compactMap { file in
                !file.stamp.isEmpty && holds(file.path) ? file : OutputFileStamp.current(file.path, in: folder)
            }
            guard current.count == recorded.count else { return nil }
            return Page(source: source, params: params, results: results, files: current)
        }

        /// Its fields as a `page` line writes them after the URL path.
        var line: String { fields }

        /// Split by its bytes: `String.split` compares whole characters, and every kept page's files are asked for
        /// (a third of the page decisions' CPU time at 20,000 organizations).
        private var fieldList: [Substring] {
            fields.utf8.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { Substring($0) }
        }

        /// A listing page's `results`: its listing's page count and the digest of what it shows.
        static func listingResults(pages: Int, shown: String) -> String { "listing \(pages) \(shown)" }

        /// The page count of the listing this page is one of; nil for a page that is not one.
        var listingPages: Int? {
            let fields = results.split(separator: " ")
            return (3...4).contains(fields.count) && fields[0] == "listing" ? Int(fields[1]) : nil
        }

        /// The row count recorded on the first page of a listing numbered from its end (`IncrementalBuild.recordedShown`).
        var listingTotal: Int? {
            let fields = results.split(separator: " ")
            return fields.count == 4 && fields[0] == "listing" ? Int(fields[3]) : nil
        }
    }

    /// What every page depends on, as name → digest: the binary, the options, the config, the templates' literal
    /// ids and the breadcrumb titles.
    var global: [String: String] = [:]
    /// Content file → its pages' inputs (`PageInputs.SourceInputs.inputs`), as name → digest.
    var sources: [String: [String: String]] = [:]
    /// URL path → page.
    var pages: [String: Page] = [:]
    /// The files made from the whole site or a query (`SiteFiles`), by name: `sitemap`, `feed /feeds/posts.xml`, ….
    var siteFiles: [String: SiteFile] = [:]
    /// The stamp of the published snapshot this build kept beside the manifest (`snapshotFile`), which the next
    /// build compares row by row with its own to find the rows that changed; nil when none was kept.
    var snapshot: String?

    static func file(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).tally-pages")
    }

    /// The copy of the published snapshot kept beside the output, as `.public.tally-rows`: published rows only.
    static func snapshotFile(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).tally-rows")
    }

    /// The kept snapshot's path when its stamp is the one this manifest recorded: the rows the last build read.
    func keptSnapshot(beside output: URL) -> String? {
        let file = Self.snapshotFile(for: output)
        guard let snapshot, OutputFileStamp.current(file.lastPathComponent, in: file.deletingLastPathComponent().path)?.stamp == snapshot
        else { return nil }
        return file.path
    }

    /// The manifest beside `output`: the one `memory` holds when the file is still the one the last build wrote with
    /// it (its stamp: size, times, inode), otherwise read from the file.
    static func load(beside output: URL, memory: BuildMemory?) -> PageManifest? {
        let file = file(for: output)
        if let (kept, stamp) = memory?.manifest.withLock({ $0 }),
           OutputFileStamp.current(file.lastPathComponent, in: file.deletingLastPathComponent().path)?.stamp == stamp {
            return kept
        }
        return load(beside: output)
    }

    /// The manifest beside `output`, or nil when there is none or it is not one this build can read.
    static func load(beside output: URL) -> PageManifest? {
        guard let text = try? String(contentsOf: file(for: output), encoding: .utf8) else { return nil }
        // Split by byte: by `Character`, the 7 MB of a 20,000-organization site's record took most of the load (each
        // line ends in a bare "\n": no name the manifest holds has a line break).
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Substring.init)[...]
        guard lines.popFirst() == Substring(format) else { return nil }
        var manifest = PageManifest()
        var source: String?
        for line in lines where !line.isEmpty {
            // A page's fields stay one text, as `Page` keeps them: split into strings and joined again, they were
            // most of the load's time (docs/performance.md).
            if line.utf8.starts(with: "page\t".utf8) {
                let rest = line.utf8.dropFirst(5)
                guard let source, let tab = rest.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
                let fields = rest[rest.index(after: tab)...]
                // The params, the results and pairs of file and stamp: an odd number of tabs, three or more.
                let tabs = fields.reduce(0) { $1 == UInt8(ascii: "\t") ? $0 + 1 : $0 }
                guard tabs >= 3, tabs % 2 == 1 else { return nil }
                manifest.pages[String(Substring(rest[..<tab]))] = Page(source: source, line: String(Substring(fields)))
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields[0], fields.count) {
            case ("snapshot", 2):
                manifest.snapshot = fields[1]
            case ("global", 3):
                manifest.global[fields[1]] = fields[2]
            case ("site-file", 3...):
                guard let file = SiteFile(fields: fields[2...]) else { return nil }
                manifest.siteFiles[fields[1]] = file
            case ("source", 2):
                source = fields[1]
                manifest.sources[fields[1], default: [:]] = [:]
            case ("input", 3):
                guard let source else { return nil }
                manifest.sources[source]?[fields[1]] = fields[2]
            default:
                return nil
            }
        }
        return manifest
    }

    /// Writes the manifest beside `output`, replacing the previous one in one rename.
    /// - Parameter stampingFilesIn: a folder to stamp each page's files in as they are now; a page with a file
    ///   missing there is left out. Nil writes the stamps the records hold.
    /// - Parameter trusting: whether a file's recorded stamp still holds after the commit (`OutputWriter.stampHolds`);
    ///   a file with a stamp that holds is not read again.
    ///
    /// The text goes to the file a block at a time, each page stamped as its line is written: built whole, it took
    /// twice its size (35 MB at 147,150 pages) and a stamped copy of every record beside them.
    func save(beside output: URL, stampingFilesIn folder: String? = nil, trusting holds: @escaping (String) -> Bool = { _ in false }) {
        var pagesBySource: [String: [String]] = [:]
        for (path, page) in pages { pagesBySource[page.source, default: []].append(path) }
        save(beside: output, stampingFilesIn: folder, trusting: holds) { source, body in
            for path in pagesBySource.removeValue(forKey: source)?.sorted() ?? [] {
                if let page = pages[path] { body(path, page) }
            }
        }
    }

    /// The same, with the pages of each content file given by `pagesOf`, sorted by path, in place of `pages`: a
    /// build's records are read back from its `PageRecordLog` (`SortedPageRecords.forEachPage`) one at a time.
    /// - Parameter memory: where to keep the manifest as written, with its file's stamp, for the next build to take
    ///   rather than read (`load(beside:memory:)`); left empty when the file was not written.
    /// - Parameter linesOf: the same pages as the bytes of their lines after `page\t` (`SortedPageRecords.forEachLine`),
    ///   written as they are when no file is stamped and nothing is kept: no `String` or record is made for them.
    func save(beside output: URL, stampingFilesIn folder: String? = nil, trusting holds: @escaping (String) -> Bool = { _ in false },
              memory: BuildMemory? = nil, pagesOf: (_ source: String, _ body: (_ path: String, _ page: Page) -> Void) -> Void,
              linesOf: ((_ source: String, _ body: (_ line: ArraySlice<UInt8>) -> Void) -> Void)? = nil) {
        memory?.manifest.withLock { $0 = nil }
        // As `load` would read the file back: the names it cannot read (a tab or a line break) are left out, and a
        // manifest with such an input is not kept, since `load` reads none of it.
        // Only files still there as they are now stamped: one a later write or the commit left missing is made next time.
        let siteFiles = siteFiles.compactMapValues { file in folder.map { file.stamped(in: $0, trusting: holds) } ?? file }
            .filter { Self.isPlain($0.key) && $0.value.line != nil }
        var written = PageManifest(global: global, sources: sources.filter { Self.isPlain($0.key) }, pages: [:], siteFiles: siteFiles,
                                   snapshot: snapshot)
        let readable = (global.map { ($0.key, $0.value) } + sources.values.flatMap { $0.map { ($0.key, $0.value) } })
            .allSatisfy { Self.isPlain($0.0) && Self.isPlain($0.1) }
        let file = Self.file(for: output)
        let partial = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".partial")
        guard let out = BlockWriter(path: partial.path) else { return }
        out.append(Self.format + "\n")
        if let snapshot { out.append("snapshot\t" + snapshot + "\n") }
        for (name, digest) in global.sorted(by: { $0.key < $1.key }) { out.append("global\t" + name + "\t" + digest + "\n") }
        for (name, file) in siteFiles.sorted(by: { $0.key < $1.key }) {
            if let line = file.line { out.append("site-file\t" + name + "\t" + line + "\n") }
        }
        // A name with a tab or a line break would not read back: its pages are left out, to render next time.
        for source in sources.keys.sorted() where Self.isPlain(source) {
            // Piece by piece: a `String` made of the pieces first was a third of this loop.
            out.append("source\t")
            out.append(source)
            out.append("\n")
            for (name, digest) in sources[source, default: [:]].sorted(by: { $0.key < $1.key }) {
                out.append("input\t")
                out.append(name)
                out.append("\t")
                out.append(digest)
                out.append("\n")
            }
            if folder == nil, memory == nil, let linesOf {
                linesOf(source) { line in
                    out.append("page\t")
                    out.append(line)
                    out.append("\n")
                }
                continue
            }
            pagesOf(source) { path, recorded in
                // The fields' bytes, not each file's path split out: a line break in any of them would not read back.
                guard Self.isPlain(path), !recorded.line.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }),
                      let page = folder.map({ recorded.stamped(in: $0, trusting: holds) }) ?? recorded else { return }
                out.append("page\t" + path + "\t" + page.line + "\n")
                if memory != nil { written.pages[path] = page }
            }
        }
        guard out.finish() else {
            try? FileManager.default.removeItem(at: partial)
            return
        }
        if rename(partial.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: partial)
            return
        }
        if readable, let stamp = OutputFileStamp.current(file.lastPathComponent, in: file.deletingLastPathComponent().path)?.stamp {
            memory?.manifest.withLock { $0 = (written, stamp) }
        }
    }

    static func isPlain(_ text: String) -> Bool { OutputWriter.isPlain(text) }

    /// Removes the manifest and the kept snapshot, so the next build renders every page.
    static func remove(beside output: URL) {
        try? FileManager.default.removeItem(at: file(for: output))
        try? FileManager.default.removeItem(at: snapshotFile(for: output))
    }
}
