import Foundation
import TallySite
import TallyStore
import TallyTestFolder

/// A small site written to a temporary folder: files given inline, a database made from SQL.
public struct TestSite {
    public let root: URL

    public static let defaultLayout = "<!DOCTYPE html><title>{{page.title}}</title><main>{{{content}}}</main>\n"

    /// - Parameters:
    ///   - files: paths relative to the site root and their text; a `tally.yaml` and `templates/default.mustache` are added when absent.
    ///   - seedSQL: run after the schema migration to fill the database.
    public init(_ files: [String: String], seedSQL: String = "") throws {
        root = TestFolder.make("tally-site")
        var all = files
        if all["tally.yaml"] == nil { all["tally.yaml"] = "title: Test\ndatabase: site.sqlite\npublish_users: [ada]\n" }
        if all["templates/default.mustache"] == nil { all["templates/default.mustache"] = TestSite.defaultLayout }
        for (path, text) in all { try write(text, to: path) }
        try DatabaseMigrations.migrate(databaseAt: root.appendingPathComponent("site.sqlite").path, seedSQL: seedSQL)
    }

    public func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    public func build(drafts: Bool = false) -> Result<BuildSummary, BuildFailure> {
        SiteBuilder.build(BuildOptions(root: root, includeDrafts: drafts))
    }

    /// The diagnostics of a build that must fail, as printed.
    public func errors() -> [String] {
        switch build() {
        case .success: return []
        case .failure(let failure): return failure.diagnostics.map(\.description)
        }
    }

    public func output(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent("public/" + path), encoding: .utf8)
    }

    /// Every file under the site root, relative, sorted.
    public func allFiles() -> [String] {
        let base = root.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(atPath: base)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue { files.append(path) }
        }
        return files.sorted()
    }

    /// Every generated file's text, concatenated.
    public func allOutput() -> String {
        allFiles().filter { $0.hasPrefix("public/") }.compactMap { output(String($0.dropFirst("public/".count))) }.joined(separator: "\n")
    }
}
