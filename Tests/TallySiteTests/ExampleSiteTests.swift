import Foundation
import Testing
import TallySite
import TallyStore

/// The bundled example site, built end to end from data/example.sql, exactly as `make site` does.
@Suite struct ExampleSiteTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Copies the example site into a temporary folder, with its database made from data/example.sql.
    static func copyExample() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tally-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        for item in ["tally.yaml", "content", "templates", "static"] {
            try FileManager.default.copyItem(at: repository.appendingPathComponent(item), to: root.appendingPathComponent(item))
        }
        let seed = try String(contentsOf: repository.appendingPathComponent("data/example.sql"), encoding: .utf8)
        try DatabaseMigrations.migrate(databaseAt: root.appendingPathComponent("data/example.sqlite").path, seedSQL: seed)
        return root
    }

    /// Copies the example site into a temporary folder and builds it there.
    static func buildExample() throws -> (root: URL, summary: BuildSummary) {
        let root = try copyExample()
        return (root, try SiteBuilder.build(BuildOptions(root: root)).get())
    }

    @Test func theExampleSiteBuildsItsPagesWithNoPrivateData() throws {
        let (root, summary) = try Self.buildExample()
        let output = root.appendingPathComponent("public")
        #expect(summary.pagesRendered > 100)
        #expect(summary.warnings.isEmpty)
        var pages: [String: String] = [:]
        for path in FileManager.default.subpaths(atPath: output.path) ?? [] where path.hasSuffix(".html") {
            pages[path] = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
        }
        for required in ["index.html", "orgs/index.html", "orgs/against-malaria-foundation/index.html", "bills/index.html", "about/index.html"] {
            #expect(pages[required] != nil, "missing \(required)")
        }
        let everything = pages.values.joined()
        for secret in ["@example.com", "riley", "Riley", "auth_token", "tok_"] {
            #expect(!everything.contains(secret), "leaked \(secret)")
        }
    }

    /// `tally check` on the example: every link, anchor, asset and title, and every data rule.
    @Test func theExampleSitePassesTallyCheck() throws {
        let report = SiteChecker.check(BuildOptions(root: try Self.copyExample()))
        #expect(report.problems.map(\.diagnostic.description) == [])
        #expect(report.pages > 100)
    }
}
