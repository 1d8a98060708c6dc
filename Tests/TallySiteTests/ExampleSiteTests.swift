import Foundation
import Testing
import TallySite
import TallyStore

/// The bundled example site, built end to end from data/example.sql, exactly as `make site` does.
@Suite struct ExampleSiteTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Copies the example site into a temporary folder and builds it there; `extraSQL` runs after the example data.
    static func buildExample(extraSQL: String = "") throws -> (root: URL, summary: BuildSummary) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tally-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        for item in ["tally.yaml", "content", "templates", "static"] {
            try FileManager.default.copyItem(at: repository.appendingPathComponent(item), to: root.appendingPathComponent(item))
        }
        let seed = try String(contentsOf: repository.appendingPathComponent("data/example.sql"), encoding: .utf8) + "\n" + extraSQL
        try DatabaseMigrations.migrate(databaseAt: root.appendingPathComponent("data/example.sqlite").path, seedSQL: seed)
        let summary = try SiteBuilder.build(BuildOptions(root: root)).get()
        return (root, summary)
    }

    /// One build shared by every test that only reads the example site's output (built on first use).
    static let shared: Result<(root: URL, summary: BuildSummary), any Error> = Result { try buildExample() }

    /// A page of the shared build, e.g. `page("bills/hr3684-117/index.html")`.
    static func page(_ path: String) throws -> String {
        let root = try shared.get().root
        return try String(contentsOf: root.appendingPathComponent("public/" + path), encoding: .utf8)
    }

    /// The shared build's database (the example data, before publication filtering), for computing expected figures.
    static func databasePath() throws -> String {
        try shared.get().root.appendingPathComponent("data/example.sqlite").path
    }

    @Test func theExampleSiteBuildsWithLinkedPagesAndNoPrivateData() throws {
        let (root, summary) = try Self.shared.get()
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
        // Every root-relative link points at a page or file the build wrote.
        var broken: Set<String> = []
        for (page, html) in pages {
            for link in Self.rootRelativeLinks(in: html) {
                let path = link.split(separator: "#").first.map(String.init) ?? link
                let file = path.hasSuffix("/") ? path.dropFirst() + "index.html" : path.dropFirst()
                if !FileManager.default.fileExists(atPath: output.appendingPathComponent(String(file)).path) {
                    broken.insert("\(page) → \(link)")
                }
            }
        }
        #expect(broken.isEmpty, "broken links: \(broken.sorted().prefix(10))")
    }

    static func rootRelativeLinks(in html: String) -> [String] {
        var links: [String] = []
        for attribute in ["href=\"/", "src=\"/"] {
            var rest = html[...]
            while let range = rest.range(of: attribute) {
                let start = html.index(before: range.upperBound)
                guard let end = html[start...].firstIndex(of: "\"") else { break }
                links.append(String(html[start..<end]))
                rest = html[end...]
            }
        }
        return links
    }
}
