import Foundation
import Testing
import TallySite
import TallyTestSupport

/// Headings get GitHub-style ids, and `{{toc}}` lists the `##` and `###` headings of the page.
@Suite struct TableOfContentsTests {
    @Test func headingsGetIdsAndTocListsThem() throws {
        let site = try TestSite([
            "content/index.md": "# Home\n\n{{toc}}\n\n## Totals\n\nx\n\n### By year\n\n### By year\n\n## Where it went, & why\n\n#### Deep\n",
            "templates/default.mustache": "{{{content}}}",
        ])
        _ = try site.build().get()
        #expect(site.output("index.html") == "<h1 id=\"home\">Home</h1>\n"
            + "<nav class=\"toc\" aria-label=\"Contents\"><ul><li><a href=\"#totals\">Totals</a><ul><li><a href=\"#by-year\">By year</a></li>"
            + "<li><a href=\"#by-year-1\">By year</a></li></ul></li><li><a href=\"#where-it-went--why\">Where it went, &amp; why</a></li></ul></nav>"
            + "<h2 id=\"totals\">Totals</h2>\n<p>x</p>\n<h3 id=\"by-year\">By year</h3>\n<h3 id=\"by-year-1\">By year</h3>\n"
            + "<h2 id=\"where-it-went--why\">Where it went, &amp; why</h2>\n<h4 id=\"deep\">Deep</h4>\n")
    }

    /// A heading never takes an id the layout writes: `## Main` beside `<main id="main">` (the skip link's target).
    @Test func aHeadingDoesNotReuseAnIdOfTheLayout() throws {
        let site = try TestSite([
            "content/index.md": "## Main\n\n## Totals\n",
            "templates/default.mustache": "<main id=\"main\">{{{content}}}</main>",
        ])
        _ = try site.build().get()
        #expect(site.output("index.html") == "<main id=\"main\"><h2 id=\"main-1\">Main</h2>\n<h2 id=\"totals\">Totals</h2>\n</main>")
    }

    @Test func aQueryNamedTocKeepsItsName() throws {
        let site = try TestSite(["content/index.md": "```sql toc\nSELECT 'mine' AS what\n```\n{{#toc}}{{what}}{{/toc}}\n\n## A\n",
                                 "templates/default.mustache": "{{{content}}}"])
        _ = try site.build().get()
        #expect(site.output("index.html") == "<p>mine</p>\n<h2 id=\"a\">A</h2>\n")
    }
}

/// Tags in a fenced code block are rendered like any other; the documented way to show a template example is
/// Mustache's set-delimiter tag around the block.
@Suite struct CodeBlockTemplateTests {
    @Test func setDelimitersShowATemplateExampleAsWritten() throws {
        let site = try TestSite([
            "content/index.md": "{{=<% %>=}}\n```mustache\n{{#gifts}}{{money(amount_cents)}}{{/gifts}}\n```\n<%={{ }}=%>\n\n{{site.title}}\n",
            "templates/default.mustache": "{{{content}}}",
        ])
        _ = try site.build().get()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<pre><code class=\"language-mustache\">{{#gifts}}{{money(amount_cents)}}{{/gifts}}\n</code></pre>"))
        #expect(html.hasSuffix("<p>Test</p>\n"))
    }
}
