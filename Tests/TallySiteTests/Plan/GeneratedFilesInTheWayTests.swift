import Foundation
import Testing
import TallySite
import TallyTestSupport

/// A page whose URL is a file Tally generates, as a folder (`content/robots.txt.md` is /robots.txt/, written as
/// robots.txt/index.html), is an error that names the page, before anything is written.
@Suite struct GeneratedFilesInTheWayTests {
    static let config = """
        title: Test
        base_url: https://example.org/
        database: site.sqlite
        feeds:
          - {title: Updates, path: /updates, pages: /}

        """

    @Test(arguments: [
        ("content/robots.txt.md", "content/robots.txt.md: error: the page /robots.txt/ needs a folder named robots.txt, where Tally writes robots.txt\n  hint: rename content/robots.txt.md; to write robots.txt yourself, put it in static/robots.txt"),
        ("content/sitemap.xml/index.md", "content/sitemap.xml/index.md: error: the page /sitemap.xml/ needs a folder named sitemap.xml, where Tally writes the sitemap\n  hint: rename content/sitemap.xml/index.md: Tally writes one whenever `base_url` is a full address"),
        ("content/404.html/about.md", "content/404.html/about.md: error: the page /404.html/about/ needs a folder named 404.html, where Tally writes the 404 page\n  hint: rename content/404.html/about.md; to write the 404 page yourself, add content/404.md"),
        ("content/charts.css.md", "content/charts.css.md: error: the page /charts.css/ needs a folder named charts.css, where Tally writes the chart stylesheet\n  hint: rename content/charts.css.md"),
        ("content/updates.md", "content/updates.md: error: the page /updates/ needs a folder named updates, where Tally writes the feed /updates\n  hint: rename content/updates.md, or give the feed another `path` in tally.yaml"),
        ("content/orgs/search.json.md", "content/orgs/search.json.md: error: the page /orgs/search.json/ needs a folder named orgs/search.json, where Tally writes the data of content/orgs/search.json.sql\n  hint: rename content/orgs/search.json.md, or rename content/orgs/search.json.sql"),
    ])
    func aPageInTheWayOfAGeneratedFileIsNamed(_ page: String, _ expected: String) throws {
        let site = try TestSite([
            "tally.yaml": Self.config,
            "content/index.md": "Home",
            "content/orgs/search.json.sql": "SELECT 1 AS one",
            page: "---\ntitle: In the way\n---\nText",
        ])
        #expect(site.errors() == [expected])
        #expect(site.output("index.html") == nil)
    }

    /// Built once without the page, then with it: the incremental build must not keep the file's stamp and then
    /// replace the file with the page's folder.
    @Test func anIncrementalBuildRefusesThePageAndKeepsTheLastOutput() throws {
        let site = try TestSite(["tally.yaml": Self.config, "content/index.md": "Home"])
        _ = try site.build().get()
        let robots = try #require(site.output("robots.txt"))
        try site.write("Text", to: "content/robots.txt.md")
        #expect(site.errors() == [
            "content/robots.txt.md: error: the page /robots.txt/ needs a folder named robots.txt, where Tally writes robots.txt\n  hint: rename content/robots.txt.md; to write robots.txt yourself, put it in static/robots.txt",
        ])
        #expect(site.output("robots.txt") == robots)
    }

    /// A feed's `path` that is another generated file's: a full build kept whichever it wrote last, and an
    /// incremental one could keep the other (found by an independent review).
    @Test(arguments: [
        ("/about/index.html", "the page generated from content/about.md"),
        ("/sitemap.xml", "the sitemap"),
        ("/robots.txt", "robots.txt"),
        ("/orgs/search.json", "the data of content/orgs/search.json.sql"),
    ])
    func aFeedAtAnotherFilesPathIsNamed(_ path: String, _ other: String) throws {
        let site = try TestSite([
            "tally.yaml": "title: Test\nbase_url: https://example.org/\ndatabase: site.sqlite\nfeeds:\n  - {title: Updates, path: \(path), pages: /}\n",
            "content/index.md": "Home",
            "content/about.md": "About",
            "content/orgs/search.json.sql": "SELECT 1 AS one",
        ])
        #expect(site.errors() == [
            "tally.yaml:5:5: error: the feed \(path) would be written where Tally writes \(other)\n  hint: give the feed another `path` in tally.yaml",
        ])
    }

    /// The 404 page is a file too, whether Tally's or the site's own.
    @Test func aPageInTheWayOfThe404PageIsNamed() throws {
        let site = try TestSite(["content/index.md": "Home", "content/404.md": "Not found", "content/404.html/more.md": "More"])
        #expect(site.errors() == [
            "content/404.html/more.md: error: the page /404.html/more/ needs a folder named 404.html, where Tally writes the page /404.html (content/404.md)\n  hint: rename content/404.html/more.md",
        ])
    }

    /// Without an absolute `base_url` there is no sitemap and no feed, so a page may have those names.
    @Test func aNameTallyDoesNotWriteIsFree() throws {
        let site = try TestSite([
            "tally.yaml": "title: Test\ndatabase: site.sqlite\n",
            "content/index.md": "Home",
            "content/sitemap.xml.md": "Our own map",
            "content/updates.md": "Updates",
        ])
        _ = try site.build().get()
        #expect(site.output("sitemap.xml/index.html")?.contains("Our own map") == true)
        #expect(site.output("updates/index.html") != nil)
    }
}
