import Foundation
import Testing
import TallySite
import TallyStore
import TallyTestSupport

/// The bundled example site, built end to end from data/example.sql, exactly as `make site` does.
@Suite struct ExampleSiteTests {
    /// One build shared by every test that only reads the example site's output (built on first use).
    static let shared: Result<(root: URL, summary: BuildSummary), any Error> = Result { try ExampleSite.build() }

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
            for link in Self.rootRelativeLinks(in: html) where !Self.exists(link, in: output) { broken.insert("\(page) → \(link)") }
        }
        #expect(broken.isEmpty, "broken links: \(broken.sorted().prefix(10))")
        // Nothing is loaded from another site: organization photos hosted elsewhere are links, not images.
        for (page, html) in pages {
            #expect(!html.contains("src=\"http") && !html.contains("src=\"//"), "\(page) loads something from another site")
        }
    }

    @Test func theChartGalleryShowsEveryChartType() throws {
        let html = try Self.page("charts/index.html")
        #expect(html.components(separatedBy: "<figure class=\"tally-chart").count - 1 == 14)
        // aria-labelledby also ends in -desc", so skip the empty pieces it leaves; a chart drawn at two widths
        // (`width: [376, 760]`) is counted once, by its narrow drawing.
        let pieces = html.components(separatedBy: "-desc\">")
        let descriptions = zip(pieces, pieces.dropFirst()).filter { !($0.0.split(separator: "\"").last ?? "").contains("-wide") }
            .map { $0.1.prefix { $0 != " " && $0 != "<" } }
        #expect(html.components(separatedBy: "class=\"tally-svg tally-wide\"").count - 1 == 14, "all but the calendar and sparkline")
        // The line chart's gifts are in three currencies: one chart each, in one figure.
        #expect(descriptions.map(String.init).filter { !$0.isEmpty } == ["Bar", "Horizontal", "Grouped", "Stacked", "100%",
                                                  "Line", "Line", "Line", "Area", "Stacked",
                                                  "Pie", "Donut", "Calendar", "Histogram", "Sparkline", "Progress"])
        #expect(!html.contains("No data"))
        for code in ["eur", "gbp", "usd"] {
            #expect(html.contains("<title id=\"chart-6-\(code)-title\">Giving by month in 2025 (\(code.uppercased()))</title>"))
        }
    }

    @Test func aDatabaseWithOnlyOrganizationsGivesAWorkingSiteWithoutEmptySections() throws {
        let (root, summary) = try ExampleSite.build(seedSQL: """
            INSERT INTO organizations (id, slug, name, mission, country, city, rating, verified, impact_unit, cost_per_unit_cents, created_at)
            VALUES (1, 'water-first', 'Water First', 'Clean water for schools.', 'Kenya', 'Nairobi', 3.5, 1, 'water filter', 2500, '2024-01-01'),
                   (2, 'read-more', 'Read More', 'Books for village libraries.', 'India', NULL, NULL, 0, NULL, NULL, '2024-01-01');
            INSERT INTO organization_tags VALUES (1, 'water'), (1, 'health'), (2, 'education');
            """)
        #expect(summary.warnings.isEmpty)
        let output = root.appendingPathComponent("public")
        var broken: [String] = []
        for path in FileManager.default.subpaths(atPath: output.path) ?? [] where path.hasSuffix(".html") {
            let html = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
            #expect(!html.contains("tallyfragment"), "\(path) has a leftover placeholder")
            for link in Self.rootRelativeLinks(in: html) where !Self.exists(link, in: output) { broken.append("\(path) → \(link)") }
        }
        #expect(broken.isEmpty, "broken links: \(broken.prefix(10))")
        let home = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        for absent in ["Budget,", "Posting streak", "Latest roll calls", "Personal reports", "report</a>"] {
            #expect(!home.contains(absent), "home shows \(absent) with no data for it")
        }
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("orgs/water-first/index.html").path))
        // No person, so no report, budget or posting pages.
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("users").path) == ["index.html"])
    }

    /// Whether a root-relative link resolves to a file the build wrote.
    static func exists(_ link: String, in output: URL) -> Bool {
        let path = link.split(separator: "#").first.map(String.init) ?? link
        let file = path.hasSuffix("/") ? path.dropFirst() + "index.html" : path.dropFirst()
        return FileManager.default.fileExists(atPath: output.appendingPathComponent(String(file)).path)
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
