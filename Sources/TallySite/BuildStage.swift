import Foundation
import TallyFormat
import TallyStore

/// The build's stages, in order. The CLI prints them as `[i/n] name` on a terminal.
public enum BuildStage: Int, CaseIterable, Sendable {
    case loadConfig, loadTemplates, loadContent, openDatabase, expandPages, renderPages, assemble, copyStatic, swapOutput

    public var name: String {
        switch self {
        case .loadConfig: return "Loading config"
        case .openDatabase: return "Opening database"
        case .loadTemplates: return "Loading templates"
        case .loadContent: return "Loading content"
        case .expandPages: return "Expanding templated pages"
        case .renderPages: return "Rendering pages"
        case .assemble: return "Writing sitemap, robots.txt, 404 page and feeds"
        case .copyStatic: return "Copying static files"
        case .swapOutput: return "Swapping output"
        }
    }
}

/// What a build is asked to do. Paths are relative to `root` unless absolute.
public struct BuildOptions: Sendable {
    public var root: URL
    public var configFile: String
    public var databasePath: String?
    public var outputPath: String?
    public var includeDrafts: Bool
    /// Replaces the config's `base_url`, e.g. with the address a CI deploy step reports.
    public var baseURL: String?
    /// Replaces the config's `locale` for this build (`tally report --locale de-DE`).
    public var locale: String?
    /// The URL of one paginated listing to write whole, on its first page (`/users/ada/statements/2025/`): a printed
    /// year-end statement (`tally report --statement`) must show every gift of the year, not the first 500.
    public var wholeListing: String?
    /// Whether the build keeps a stamp beside the output (`BuildStamp`) and stops early when nothing changed since.
    public var stamp: StampUse = .none
    /// Whether the build keeps why each page rendered (`BuildSummary.renderReasons`, for `--explain`): a reason a
    /// page, about 110 bytes each, 16 MB at 147,150 pages, that no other build needs.
    public var explain = false
    /// Pages open in a browser, which `tally serve` asks for first: the build renders them as soon as its snapshot is
    /// open, before it plans the other pages, and hands them over (`OpenPages`).
    package var openPages: OpenPages.Request?
    /// What `tally serve` keeps from one build to the next (`BuildMemory`): the snapshot still open, the content files
    /// as loaded, the incremental record. Nil for `tally build`, whose builds are processes of their own.
    package var memory: BuildMemory?

    public enum StampUse: Sendable {
        /// No stamp: builds into temporary folders (`tally check`, `tally report`) and library callers.
        case none
        /// Render everything, then record a stamp (`tally build --force`).
        case record
        /// Stop before rendering when the stamp shows nothing changed, and record a new one otherwise.
        case reuse
    }

    public init(root: URL, configFile: String = "tally.yaml", databasePath: String? = nil, outputPath: String? = nil,
                includeDrafts: Bool = false, baseURL: String? = nil) {
        self.root = root
        self.configFile = configFile
        self.databasePath = databasePath
        self.outputPath = outputPath
        self.includeDrafts = includeDrafts
        self.baseURL = baseURL
    }

    package func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }
}

/// What a successful build did.
public struct BuildSummary: Sendable {
    public let pagesRendered: Int
    public let filesWritten: Int
    public let filesUnchanged: Int
    /// True when nothing changed since the last build into the same output, so nothing was rendered.
    public var upToDate = false
    public let staticFiles: Int
    public let output: URL
    public let warnings: [Diagnostic]
    /// Those of the `warnings` that name a templated file's query reading a whole table on every page
    /// (`FullScanCheck`), which `tally check` reports as a kind of their own.
    public let fullScans: [Diagnostic]
    /// For each page written, its file inside the output (`orgs/amf/index.html`) → the content file it came from
    /// (`content/orgs/[slug].md`), so problems found in the output can name their source.
    public let pageSources: PageSourceIndex
    /// Pages whose inputs were as the last build recorded, whose files were kept rather than rendered again
    /// (`IncrementalBuild`); `pagesRendered` counts them too.
    public var pagesKept = 0
    /// Each page rendered by an incremental build (URL path) → why: `table donations changed`, `new page, …`.
    public var renderReasons: [String: String] = [:]
    /// The site files an incremental build kept, since what they are made from was as the last build recorded
    /// (`SiteFiles`): `sitemap`, `feed /feeds/posts.xml`, `data content/orgs/search.json.sql`, sorted.
    public var siteFilesKept: [String] = []
    /// The listings numbered from their end whose later pages were kept without reading their rows, since no
    /// changed row could reach them (`IncrementalBuild.keepsRestOfListing`): first page's URL path → how many.
    public var listingPagesUnread: [String: Int] = [:]
    /// True when the build copied the published snapshot its last build kept, since nothing it is made from changed
    /// (`KeptSnapshot`), rather than making it from the database again.
    public var snapshotReused = false
    /// What the build updated in a copy of the kept snapshot, when only the database's rows had changed
    /// (`SnapshotUpdate`): the tables copied again and the materialized views computed again.
    public var snapshotUpdate: SnapshotUpdate?
    /// True when the build went on with the snapshot its last build read, still open (`BuildMemory`, `tally serve`).
    public var snapshotKeptOpen = false
    /// The content files loaded from their text; the others were as the last build loaded them (`BuildMemory`).
    public var contentFilesParsed = 0
}

/// Reports progress: a stage starting, and pages rendered so far during `renderPages`.
public protocol BuildProgress: Sendable {
    func stageStarted(_ stage: BuildStage)
    func pagesRendered(_ done: Int, of total: Int)
    /// One page of `file` (`content/orgs/[slug].md`) took `duration` of its thread's CPU time to render, queries included.
    /// Only asked for when `wantsPageTimes`, so a build without `--timings` reads no clock per page.
    func pageRendered(from file: String, in duration: Duration)
    var wantsPageTimes: Bool { get }
    /// A step of the build's own work besides page renders (`manifest load`, `rows checks`) took `cpu` of its
    /// threads' CPU time over `wall`; steps of one name add up. Only asked for when `wantsPageTimes`.
    func stepTimed(_ name: String, wall: Duration, cpu: Duration)
    /// The new output is in place at `output`, complete: what remains of the build (the stamp, the incremental
    /// record, the kept snapshot) changes no file in it. `tally serve` reloads open pages here rather than after.
    func outputCommitted(_ output: URL)
}

extension BuildProgress {
    public func pageRendered(from file: String, in duration: Duration) {}
    public var wantsPageTimes: Bool { false }
    public func stepTimed(_ name: String, wall: Duration, cpu: Duration) {}
    public func outputCommitted(_ output: URL) {}
}
