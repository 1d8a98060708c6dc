import Foundation
import Testing
import TallySite
import TallyTestSupport

/// sitemap.xml, robots.txt, the 404 page and the head values every layout can use.
@Suite struct SiteEssentialsTests {
    static let config = "title: Test\ndescription: A test site.\nbase_url: https://example.org/\ndatabase: site.sqlite\n"
    static let layout = """
        <!DOCTYPE html><title>{{page.title}}</title>\
        {{#page.canonical_url}}<link rel="canonical" href="{{page.canonical_url}}">{{/page.canonical_url}}\
        <meta name="description" content="{{page.meta_description}}">\
        {{#site.feeds}}<link rel="alternate" type="application/atom+xml" title="{{title}}" href="{{url}}">{{/site.feeds}}\
        <main>{{{content}}}</main>

        """

    @Test func theSitemapListsEveryPageButThe404AndOptedOutPagesWithTheirDates() throws {
        let site = try TestSite([
            "tally.yaml": Self.config,
            "content/index.md": "Home",
            "content/about.md": "---\ndate: 2024-03-05\n---\nAbout",
            "content/guide/my-page.md": "Nested",
            "content/hidden.md": "---\nsitemap: false\n---\nNot listed",
            "content/404.md": "---\ntitle: Not found\n---\nNothing here",
        ])
        _ = try site.build().get()
        #expect(site.output("sitemap.xml") == """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            <url><loc>https://example.org/</loc></url>
            <url><loc>https://example.org/about/</loc><lastmod>2024-03-05</lastmod></url>
            <url><loc>https://example.org/guide/my-page/</loc></url>
            </urlset>

            """)
        #expect(site.output("robots.txt") == "User-agent: *\nDisallow:\n\nSitemap: https://example.org/sitemap.xml\n")
        #expect(site.output("hidden/index.html") != nil)
    }

    @Test func withoutAnAbsoluteBaseURLThereIsNoSitemapAndNoCanonicalLink() throws {
        let site = try TestSite(["content/index.md": "Home", "templates/default.mustache": Self.layout])
        _ = try site.build().get()
        #expect(site.output("sitemap.xml") == nil)
        #expect(site.output("robots.txt") == "User-agent: *\nDisallow:\n")
        #expect(site.output("index.html")?.contains("canonical") == false)
    }

    @Test func content404BecomesThe404PageThroughTheLayout() throws {
        let site = try TestSite([
            "tally.yaml": Self.config,
            "templates/default.mustache": Self.layout,
            "content/404.md": "---\ntitle: Not found\n---\nTry [the home page](/).",
        ])
        _ = try site.build().get()
        #expect(site.output("404/index.html") == nil)
        #expect(site.output("404.html") == """
            <!DOCTYPE html><title>Not found</title><meta name="description" content="A test site."><main><p>Try <a href="/">the home page</a>.</p>
            </main>

            """)
    }

    @Test func aSiteWithoutA404PageGetsAPlainOne() throws {
        let site = try TestSite(["tally.yaml": Self.config + "language: de\n", "content/index.md": "Home"])
        _ = try site.build().get()
        let page = try #require(site.output("404.html"))
        #expect(page.contains("<html lang=\"de\">"))
        #expect(page.contains("<title>Page not found · Test</title>"))
        #expect(page.contains("<a href=\"/\">Go to the home page of Test</a>"))
    }

    @Test func staticFilesReplaceTheGeneratedRobotsFileAndFallback404Page() throws {
        let site = try TestSite(["tally.yaml": Self.config, "content/index.md": "Home", "static/robots.txt": "User-agent: *\nDisallow: /\n",
                                 "static/404.html": "<!DOCTYPE html><title>Lost</title>"])
        // The second build writes each of them twice again, generated then static, with both equal to the
        // previous output's file or not: the static file, written last, wins every time.
        for _ in 1...2 {
            _ = try site.build().get()
            #expect(site.output("robots.txt") == "User-agent: *\nDisallow: /\n")
            #expect(site.output("404.html") == "<!DOCTYPE html><title>Lost</title>")
        }
        try site.write("More", to: "content/more.md")
        _ = try site.build().get()
        #expect(site.output("robots.txt") == "User-agent: *\nDisallow: /\n")
        #expect(site.output("404.html") == "<!DOCTYPE html><title>Lost</title>")
    }

    @Test func pagesGetACanonicalURLAndADescriptionThatFallsBackToTheSite() throws {
        let site = try TestSite([
            "tally.yaml": Self.config + "feeds:\n  - {title: Updates & news, path: /feeds/updates.xml, pages: /}\n",
            "templates/default.mustache": Self.layout,
            "content/index.md": "Home",
            "content/about.md": "---\ndescription: All about \"us\"\n---\nAbout",
        ])
        _ = try site.build().get()
        let feedLink = #"<link rel="alternate" type="application/atom+xml" title="Updates &amp; news" href="/feeds/updates.xml">"#
        #expect(site.output("index.html") == """
            <!DOCTYPE html><title>Home</title><link rel="canonical" href="https://example.org/">\
            <meta name="description" content="A test site.">\(feedLink)<main><p>Home</p>
            </main>

            """)
        #expect(site.output("about/index.html")?.contains(#"<link rel="canonical" href="https://example.org/about/">"#) == true)
        #expect(site.output("about/index.html")?.contains(#"<meta name="description" content="All about &quot;us&quot;">"#) == true)
    }

    @Test func baseURLCanBeGivenForOneBuild() throws {
        let site = try TestSite(["content/index.md": "Home", "templates/default.mustache": Self.layout])
        _ = try SiteBuilder.build(BuildOptions(root: site.root, baseURL: "https://example.net/site")).get()
        #expect(site.output("index.html")?.contains(#"<link rel="canonical" href="https://example.net/site/">"#) == true)
        #expect(site.output("sitemap.xml")?.contains("<loc>https://example.net/site/</loc>") == true)
    }
}
