import Foundation
import Testing
@testable import TallySite
import TallyTestSupport
import TallyStore

/// Sites with more rows than one render chunk, more URLs than one sitemap holds and more dated pages than a feed
/// lists: what streaming the pages must not change.
@Suite struct ManyPagesTests {
    /// Organizations `org-0001` … named "Org 1" …, enough for several chunks of `PageExpander.chunkSize`.
    private static func organizations(_ count: Int, extra: String = "") -> String {
        let rows = (1...count).map { "(\($0), 'org-\(String(format: "%04d", $0))', 'Org \($0)', '2024-01-01')" }
        return "INSERT INTO organizations (id, slug, name, created_at) VALUES " + rows.joined(separator: ", ") + ";" + extra
    }

    private static let orgPages = [
        "content/orgs/index.md": "---\ntitle: Organizations\n---\nAll.",
        "content/orgs/[slug].md": "---\npages: SELECT slug, name FROM organizations ORDER BY id\ntitle: \"{{params.name}}\"\n---\nAbout {{params.name}}.",
        "content/orgs/[slug]/gifts.md": "---\npages: SELECT slug FROM organizations ORDER BY id\ntitle: Gifts\n---\nGifts.",
        "templates/default.mustache": "{{#page.breadcrumbs}}{{title}} > {{/page.breadcrumbs}}{{page.title}}|{{{content}}}",
    ]

    @Test func everyRowOfAQueryLongerThanAChunkGivesItsPageWithItsAncestorsTitles() throws {
        let count = PageExpander.chunkSize * 2 + 45
        let site = try TestSite(Self.orgPages, seedSQL: Self.organizations(count))
        let summary = try site.build().get()
        #expect(summary.pagesRendered == 2 * count + 1)
        for number in [1, PageExpander.chunkSize, PageExpander.chunkSize + 1, count] {
            let slug = "org-" + String(format: "%04d", number)
            #expect(site.output("orgs/\(slug)/index.html") == "Home > Organizations > Org \(number)|<p>About Org \(number).</p>\n")
            #expect(site.output("orgs/\(slug)/gifts/index.html") == "Home > Organizations > Org \(number) > Gifts|<p>Gifts.</p>\n")
        }
        #expect(summary.pageSources["orgs/org-0300/gifts/index.html"] == "content/orgs/[slug]/gifts.md")
        #expect(summary.pageSources["orgs/index.html"] == "content/orgs/index.md")
        #expect(summary.pageSources["index.html"] == nil)
    }

    @Test func badRowsInLaterChunksAreReportedOnceWithTheirRowNumbers() throws {
        let count = PageExpander.chunkSize * 2
        // Slugs are unique in the database, so the last row's duplicate comes from the query.
        let slug = "CASE id WHEN \(count) THEN 'org-0001' ELSE slug END AS slug"
        var files = Self.orgPages
        files["content/orgs/[slug].md"] = "---\npages: SELECT \(slug), name FROM organizations ORDER BY id\n---\nx"
        files["content/orgs/[slug]/gifts.md"] = "---\npages: SELECT \(slug) FROM organizations ORDER BY id\n---\nx"
        let site = try TestSite(files, seedSQL: Self.organizations(count, extra: "UPDATE organizations SET slug = 'bad slug' WHERE id = \(count - 1);"))
        #expect(site.errors() == [
            "content/orgs/[slug].md:2:1: error: row \(count - 1) of the `pages` query gives slug = 'bad slug', which is not a safe URL segment\n  hint: use only letters, digits, '-', '_', '.' and '~' (not starting with '.'); slugify(slug) in SQL makes one",
            "content/orgs/[slug].md:2:1: error: row \(count) of the `pages` query gives the URL /orgs/org-0001/, which row 1 gives too\n  hint: two values make the same URL segment: GROUP BY the segment to give them one page, or tell them apart in the database",
            "content/orgs/[slug]/gifts.md:2:1: error: row \(count - 1) of the `pages` query gives slug = 'bad slug', which is not a safe URL segment\n  hint: use only letters, digits, '-', '_', '.' and '~' (not starting with '.'); slugify(slug) in SQL makes one",
            "content/orgs/[slug]/gifts.md:2:1: error: row \(count) of the `pages` query gives the URL /orgs/org-0001/gifts/, which row 1 gives too\n  hint: two values make the same URL segment: GROUP BY the segment to give them one page, or tell them apart in the database",
        ])
    }

    @Test func pastTheSitemapLimitSitemapXMLIndexesNumberedSitemaps() throws {
        let site = try TestSite([
            "tally.yaml": "title: T\nbase_url: https://example.org/\ndatabase: site.sqlite\n",
            "content/index.md": "Home",
            "content/orgs/[slug].md": "---\npages: SELECT slug FROM organizations\n---\nx",
            "content/hidden.md": "---\nsitemap: false\n---\nNot listed",
        ], seedSQL: Self.organizations(4))
        let config = try BuildOptions(root: site.root).loadConfig().get()
        let content = ContentLoader.load(root: site.root, contentDirectory: "content", includeDrafts: false)
        let database = try SiteDatabase(path: site.root.appendingPathComponent("site.sqlite").path, policy: config.publicationPolicy)
        let plan = PageExpander.plan(content.pages, database: database).plan
        var files: [(file: String, xml: String)] = []
        #expect(Sitemap.write(plan: plan, sources: content.pages, config: config, urlsPerFile: 2) { files.append(($0, $1)) })
        #expect(files.map(\.file) == ["sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"], "each part as it is made, the index last")
        #expect(files[3].xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            <sitemap><loc>https://example.org/sitemap-1.xml</loc></sitemap>
            <sitemap><loc>https://example.org/sitemap-2.xml</loc></sitemap>
            <sitemap><loc>https://example.org/sitemap-3.xml</loc></sitemap>
            </sitemapindex>

            """)
        #expect(files[0].xml.contains("<loc>https://example.org/</loc>") && files[0].xml.contains("/orgs/org-0001/"))
        #expect(files[2].xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            <url><loc>https://example.org/orgs/org-0004/</loc></url>
            </urlset>

            """)
        var single: [String] = []
        #expect(Sitemap.write(plan: plan, sources: content.pages, config: config) { file, _ in single.append(file) })
        #expect(single == ["sitemap.xml"])
    }

    @Test func aPageFeedWithALimitListsTheNewestOfManyDatedPages() throws {
        var files = ["tally.yaml": """
            title: T
            base_url: https://example.org/
            database: site.sqlite
            feeds:
              - {title: News, path: /news.xml, pages: /news/, limit: 3}
            """]
        // Dates out of file order, two pages on the newest day (ties go by link), and pages outside /news/.
        for day in 1...60 {
            let date = String(format: "2024-03-%02d", (day * 7) % 28 + 1)
            files["content/news/item-\(day).md"] = "---\ntitle: Item \(day)\ndate: \(date)\n---\nBody \(day)"
        }
        files["content/about.md"] = "---\ntitle: About\ndate: 2030-01-01\n---\nNot news"
        let site = try TestSite(files)
        _ = try site.build().get()
        let feed = try #require(site.output("news.xml"))
        let titles = feed.components(separatedBy: "<title>").dropFirst(2).map { $0.prefix { $0 != "<" } }
        // Day d is dated (7d mod 28) + 1; the 28th comes from 7d ≡ 27 (mod 28), never; the newest are the 22nd: d ≡ 3 (mod 4).
        let newest = (1...60).filter { ($0 * 7) % 28 + 1 == 22 }.map { "https://example.org/news/item-\($0)/" }.sorted()
        #expect(newest.count == 15)
        #expect(titles.map(String.init) == newest.prefix(3).map { "Item " + $0.dropFirst("https://example.org/news/item-".count).dropLast() })
        #expect(!feed.contains("Not news"))
    }
}
