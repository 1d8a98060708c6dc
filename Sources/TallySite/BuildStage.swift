import Foundation

/// The build's stages, in order. The CLI prints them as `[i/n] name` on a terminal.
public enum BuildStage: Int, CaseIterable, Sendable {
    case loadConfig, loadTemplates, loadContent, openDatabase, expandPages, renderPages, copyStatic, swapOutput

    public var name: String {
        switch self {
        case .loadConfig: return "Loading config"
        case .openDatabase: return "Opening database"
        case .loadTemplates: return "Loading templates"
        case .loadContent: return "Loading content"
        case .expandPages: return "Expanding templated pages"
        case .renderPages: return "Rendering pages"
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

    public init(root: URL, configFile: String = "tally.yaml", databasePath: String? = nil, outputPath: String? = nil,
                includeDrafts: Bool = false) {
        self.root = root
        self.configFile = configFile
        self.databasePath = databasePath
        self.outputPath = outputPath
        self.includeDrafts = includeDrafts
    }

    func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }
}

/// What a successful build did.
public struct BuildSummary: Sendable {
    public let pagesRendered: Int
    public let filesWritten: Int
    public let filesUnchanged: Int
    public let staticFiles: Int
    public let output: URL
    public let warnings: [Diagnostic]
}

/// Reports progress: a stage starting, and pages rendered so far during `renderPages`.
public protocol BuildProgress: Sendable {
    func stageStarted(_ stage: BuildStage)
    func pagesRendered(_ done: Int, of total: Int)
}
