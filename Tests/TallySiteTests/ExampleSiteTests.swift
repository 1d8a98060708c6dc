import Foundation
import Testing
import TallySite
import TallyStore

/// The bundled example site, built end to end from data/example.sql, exactly as `make site` does.
@Suite struct ExampleSiteTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Copies the example site into a temporary folder and builds it there.
    static func buildExample(baseURL: String? = nil) throws -> (root: URL, summary: BuildSummary) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tally-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        for item in ["tally.yaml", "content", "templates", "static"] {
            try FileManager.default.copyItem(at: repository.appendingPathComponent(item), to: root.appendingPathComponent(item))
        }
        let seed = try String(contentsOf: repository.appendingPathComponent("data/example.sql"), encoding: .utf8)
        try DatabaseMigrations.migrate(databaseAt: root.appendingPathComponent("data/example.sqlite").path, seedSQL: seed)
        let summary = try SiteBuilder.build(BuildOptions(root: root, baseURL: baseURL)).get()
        return (root, summary)
    }

    @Test func theExampleSiteBuildsWithLinkedPagesAndNoPrivateData() throws {
        let (root, summary) = try Self.buildExample()
        let output = root.appendingPathComponent("public")
        #expect(summary.pagesRendered > 100)
        #expect(summary.warnings.isEmpty)
        var generated: [String: String] = [:]
        for path in FileManager.default.subpaths(atPath: output.path) ?? [] where [".html", ".xml", ".txt"].contains(where: path.hasSuffix) {
            generated[path] = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
        }
        for required in ["index.html", "orgs/index.html", "orgs/against-malaria-foundation/index.html", "bills/index.html", "about/index.html",
                         "404.html", "sitemap.xml", "robots.txt", "feeds/posts.xml", "feeds/updates.xml"] {
            #expect(generated[required] != nil, "missing \(required)")
        }
        #expect(generated["feeds/posts.xml"]?.contains("<entry>") == true)
        let pages = generated.filter { $0.key.hasSuffix(".html") }
        let everything = generated.values.joined()
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

    @Test func aSubPathBuildOfTheExampleSitePrefixesEveryLink() throws {
        let (root, _) = try Self.buildExample(baseURL: "https://user.github.io/repo/")
        let output = root.appendingPathComponent("public")
        var wrong: Set<String> = []
        for path in FileManager.default.subpaths(atPath: output.path) ?? [] where path.hasSuffix(".html") {
            let html = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
            for link in Self.rootRelativeLinks(in: html) where !link.hasPrefix("/repo/") {
                wrong.insert("\(path) → \(link)")
            }
        }
        #expect(wrong.isEmpty, "links without the sub-path: \(wrong.sorted().prefix(10))")
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
