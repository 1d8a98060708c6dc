import Foundation

/// What the last build into an output folder knew of each page it rendered without a problem: the inputs of its
/// content file and the files it wrote, kept beside the output as `.public.tally-pages` (never inside it, so it
/// is not deployed). The next build keeps a page whose inputs all match from the previous output instead of
/// rendering it again (`IncrementalBuild`).
///
/// The text format, one record a line, fields separated by tabs:
/// `tally-pages 3`, then the kept snapshot's stamp as `snapshot <stamp>`, the shared inputs as `global <name> <digest>`, then per content file `source <file>` followed by its inputs as
/// `input <name> <digest>`, then per page `page <path> <params digest> <rows digest> <file> <stamp> [<file> <stamp>…]`.
struct PageManifest: Equatable {
    static let format = "tally-pages 3"

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

        /// The digest of its row of the `pages` query (`PageInputs.paramsDigest`).
        var params: String { String(fieldList[0]) }
        /// The digest of the rows its queries gave (`PageInputs.resultsDigest`); for a page of a paginated listing,
        /// `listing <page count> <digest of what it shows>` (`listingResults`).
        var results: String { String(fieldList[1]) }
        /// Each file the page wrote inside the output (the page, its CSV downloads), with its stamp after the build.
        var files: [OutputFileStamp] {
            let list = fieldList
            return stride(from: 2, to: list.count - 1, by: 2).map { OutputFileStamp(path: String(list[$0]), stamp: String(list[$0 + 1])) }
        }

        /// The same record with each file stamped as it is now inside `folder`; nil when one is missing.
        func stamped(in folder: String) -> Page? {
            let current = files.compactMap { OutputFileStamp.current($0.path, in: folder) }
            guard current.count == files.count else { return nil }
            return Page(source: source, params: params, results: results, files: current)
        }

        /// Its fields as a `page` line writes them after the URL path.
        var line: String { fields }

        private var fieldList: [Substring] { fields.split(separator: "\t", omittingEmptySubsequences: false) }

        /// A listing page's `results`: its listing's page count and the digest of what it shows.
        static func listingResults(pages: Int, shown: String) -> String { "listing \(pages) \(shown)" }

        /// The page count of the listing this page is one of; nil for a page that is not one.
        var listingPages: Int? {
            let fields = results.split(separator: " ")
            return fields.count == 3 && fields[0] == "listing" ? Int(fields[1]) : nil
        }
    }

    /// What every page depends on, as name → digest: the binary, the options, the config, the templates' literal
    /// ids and the breadcrumb titles.
    var global: [String: String] = [:]
    /// Content file → its pages' inputs (`PageInputs.SourceInputs.inputs`), as name → digest.
    var sources: [String: [String: String]] = [:]
    /// URL path → page.
    var pages: [String: Page] = [:]
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

    /// The manifest beside `output`, or nil when there is none or it is not one this build can read.
    static func load(beside output: URL) -> PageManifest? {
        guard let text = try? String(contentsOf: file(for: output), encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == Substring(format) else { return nil }
        var manifest = PageManifest()
        var source: String?
        for line in lines where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields[0], fields.count) {
            case ("snapshot", 2):
                manifest.snapshot = fields[1]
            case ("global", 3):
                manifest.global[fields[1]] = fields[2]
            case ("source", 2):
                source = fields[1]
                manifest.sources[fields[1], default: [:]] = [:]
            case ("input", 3):
                guard let source else { return nil }
                manifest.sources[source]?[fields[1]] = fields[2]
            case ("page", let count) where count >= 6 && count % 2 == 0:
                let files = stride(from: 4, to: count, by: 2).map { OutputFileStamp(path: fields[$0], stamp: fields[$0 + 1]) }
                guard let source else { return nil }
                manifest.pages[fields[1]] = Page(source: source, params: fields[2], results: fields[3], files: files)
            default:
                return nil
            }
        }
        return manifest
    }

    /// Writes the manifest beside `output`, replacing the previous one in one rename.
    /// - Parameter stampingFilesIn: a folder to stamp each page's files in as they are now; a page with a file
    ///   missing there is left out. Nil writes the stamps the records hold.
    ///
    /// The text goes to the file a block at a time, each page stamped as its line is written: built whole, it took
    /// twice its size (35 MB at 147,150 pages) and a stamped copy of every record beside them.
    func save(beside output: URL, stampingFilesIn folder: String? = nil) {
        let file = Self.file(for: output)
        let partial = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".partial")
        guard let out = BlockWriter(path: partial.path) else { return }
        out.append(Self.format + "\n")
        if let snapshot { out.append("snapshot\t" + snapshot + "\n") }
        for (name, digest) in global.sorted(by: { $0.key < $1.key }) { out.append("global\t" + name + "\t" + digest + "\n") }
        var pagesBySource: [String: [String]] = [:]
        for (path, page) in pages { pagesBySource[page.source, default: []].append(path) }
        // A name with a tab or a line break would not read back: its pages are left out, to render next time.
        for source in sources.keys.sorted() where Self.isPlain(source) {
            out.append("source\t" + source + "\n")
            for (name, digest) in sources[source, default: [:]].sorted(by: { $0.key < $1.key }) {
                out.append("input\t" + name + "\t" + digest + "\n")
            }
            for path in pagesBySource.removeValue(forKey: source)?.sorted() ?? [] {
                guard let recorded = pages[path], Self.isPlain(path), recorded.files.allSatisfy({ Self.isPlain($0.path) }),
                      let page = folder.map(recorded.stamped) ?? recorded else { continue }
                out.append("page\t" + path + "\t" + page.line + "\n")
            }
        }
        guard out.finish() else {
            try? FileManager.default.removeItem(at: partial)
            return
        }
        if rename(partial.path, file.path) != 0 { try? FileManager.default.removeItem(at: partial) }
    }

    private static func isPlain(_ text: String) -> Bool {
        !text.contains { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }

    /// Removes the manifest and the kept snapshot, so the next build renders every page.
    static func remove(beside output: URL) {
        try? FileManager.default.removeItem(at: file(for: output))
        try? FileManager.default.removeItem(at: snapshotFile(for: output))
    }
}
