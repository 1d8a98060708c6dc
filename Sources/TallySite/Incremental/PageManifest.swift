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

    struct Page: Equatable {
        let source: String
        let params: String
        /// The digest of the rows its queries gave (`PageInputs.resultsDigest`); for a page of a paginated listing,
        /// `listing <page count> <digest of what it shows>` (`listingResults`).
        let results: String
        /// Each file the page wrote inside the output (the page, its CSV downloads), with its stamp after the build.
        var files: [OutputFileStamp]

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
    func save(beside output: URL) {
        var text = Self.format + "\n"
        if let snapshot { text += "snapshot\t" + snapshot + "\n" }
        for (name, digest) in global.sorted(by: { $0.key < $1.key }) { text += "global\t" + name + "\t" + digest + "\n" }
        var pagesBySource: [String: [String]] = [:]
        for (path, page) in pages { pagesBySource[page.source, default: []].append(path) }
        // A name with a tab or a line break would not read back: its pages are left out, to render next time.
        for file in sources.keys.sorted() where Self.isPlain(file) {
            text += "source\t" + file + "\n"
            for (name, digest) in sources[file, default: [:]].sorted(by: { $0.key < $1.key }) {
                text += "input\t" + name + "\t" + digest + "\n"
            }
            for path in pagesBySource[file, default: []].sorted() {
                guard let page = pages[path], Self.isPlain(path), page.files.allSatisfy({ Self.isPlain($0.path) }) else { continue }
                text += "page\t" + path + "\t" + page.params + "\t" + page.results
                for file in page.files { text += "\t" + file.path + "\t" + file.stamp }
                text += "\n"
            }
        }
        try? Data(text.utf8).write(to: Self.file(for: output), options: .atomic)
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
