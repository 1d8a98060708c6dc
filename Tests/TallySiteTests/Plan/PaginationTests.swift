import Foundation
import TallySite
import TallyTestSupport
import Testing

/// `paginate:` and `per_page:` split a query's rows over `/x/`, `/x/page/2/`, …: each page its slice, with
/// `paginator` for the navigation, `rel` links, breadcrumbs and sitemap entries, and no page past the end.
@Suite struct PaginationTests {
    /// A layout that shows what a paginated page knows.
    static let layout = """
        <title>{{page.title}}{{#paginator.previous_url}}, page {{paginator.number}}{{/paginator.previous_url}}</title>
        {{#paginator.previous_url}}<link rel="prev" href="{{paginator.previous_url}}">{{/paginator.previous_url}}
        {{#paginator.next_url}}<link rel="next" href="{{paginator.next_url}}">{{/paginator.next_url}}
        <nav>{{#page.breadcrumbs}}{{title}} > {{/page.breadcrumbs}}</nav>
        <main>{{{content}}}</main>
        {{#paginator.paged}}<p>{{paginator.number}}/{{paginator.pages}}, rows {{paginator.first_row}}-{{paginator.last_row}} of {{paginator.total}}, \
        {{paginator.per_page}} a page, first {{paginator.first_url}}, last {{paginator.last_url}}, here {{paginator.url}}</p>
        <ol>{{#paginator.links}}{{#gap}}… {{/gap}}{{#current}}[{{number}}]{{/current}}{{^current}}{{number}}{{/current}} {{/paginator.links}}</ol>{{/paginator.paged}}

        """

    /// `n` numbered rows, from a recursive query: no table needed.
    static func numbers(_ name: String = "items", upTo n: String) -> String {
        "```sql \(name)\nWITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < \(n)) SELECT i FROM s WHERE \(n) > 0\n```\n"
    }

    static func listing(rows: Int, perPage: Int, extra: [String: String] = [:]) throws -> TestSite {
        var files = ["content/list/index.md": "---\ntitle: List\npaginate: items\nper_page: \(perPage)\n---\n" + numbers(upTo: String(rows))
                        + "{{#items}}{{i}} {{/items}}{{^items}}Nothing listed yet.{{/items}}\n",
                     "templates/default.mustache": layout]
        files.merge(extra) { $1 }
        return try TestSite(files)
    }

    static func paragraph(_ html: String?) -> String? {
        html.flatMap { $0.components(separatedBy: "<main><p>").dropFirst().first?.components(separatedBy: "</p>").first }
    }

    @Test func eachPageShowsItsSliceAndThePagesEndWithTheRows() throws {
        let site = try Self.listing(rows: 25, perPage: 10)
        let summary = try site.build().get()
        #expect(summary.pagesRendered == 3)
        #expect(Self.paragraph(site.output("list/index.html")) == "1 2 3 4 5 6 7 8 9 10")
        #expect(Self.paragraph(site.output("list/page/2/index.html")) == "11 12 13 14 15 16 17 18 19 20")
        #expect(Self.paragraph(site.output("list/page/3/index.html")) == "21 22 23 24 25")
        #expect(site.output("list/page/4/index.html") == nil)
        #expect(site.output("list/page/1/index.html") == nil, "page 1 is the listing's own URL")
    }

    /// A listing is counted by SQLite, then read 16 pages at a time (`PageWriter.pagesPerWindow`): the pages of a
    /// long one are those of a listing read whole.
    @Test func aListingLongerThanTheRowsHeldIsWrittenWindowByWindowWithTheSamePages() throws {
        let site = try Self.listing(rows: 4_100, perPage: 100)
        let summary = try site.build().get()
        #expect(summary.pagesRendered == 41)
        func rows(_ range: ClosedRange<Int>) -> String { range.map(String.init).joined(separator: " ") }
        #expect(Self.paragraph(site.output("list/index.html")) == rows(1...100))
        #expect(Self.paragraph(site.output("list/page/16/index.html")) == rows(1_501...1_600))
        #expect(Self.paragraph(site.output("list/page/17/index.html")) == rows(1_601...1_700))
        #expect(Self.paragraph(site.output("list/page/41/index.html")) == rows(4_001...4_100))
        #expect(site.output("list/page/17/index.html")?.contains("<p>17/41, rows 1601-1700 of 4100, 100 a page, first /list/, "
            + "last /list/page/41/, here /list/page/17/</p>") == true)
        #expect(site.output("list/page/41/index.html")?.contains("rows 4001-4100 of 4100") == true)
        #expect(site.output("list/page/42/index.html") == nil)
    }

    @Test func thePaginatorGivesNumbersURLsAndRelLinks() throws {
        let site = try Self.listing(rows: 25, perPage: 10)
        _ = try site.build().get()
        let first = try #require(site.output("list/index.html"))
        #expect(first.contains("<title>List</title>"))
        #expect(!first.contains("rel=\"prev\""))
        #expect(first.contains("<link rel=\"next\" href=\"/list/page/2/\">"))
        #expect(first.contains("<p>1/3, rows 1-10 of 25, 10 a page, first /list/, last /list/page/3/, here /list/</p>"))
        let middle = try #require(site.output("list/page/2/index.html"))
        #expect(middle.contains("<title>List, page 2</title>"))
        #expect(middle.contains("<link rel=\"prev\" href=\"/list/\">"))
        #expect(middle.contains("<link rel=\"next\" href=\"/list/page/3/\">"))
        #expect(middle.contains("<p>2/3, rows 11-20 of 25, 10 a page, first /list/, last /list/page/3/, here /list/page/2/</p>"))
        #expect(middle.contains("<ol>1 [2] 3 </ol>"))
        let last = try #require(site.output("list/page/3/index.html"))
        #expect(last.contains("<link rel=\"prev\" href=\"/list/page/2/\">"))
        #expect(!last.contains("rel=\"next\""))
        #expect(last.contains("rows 21-25 of 25"))
    }

    @Test func aLongListingLinksTheEndsAndTwoPagesEachSide() throws {
        let site = try Self.listing(rows: 90, perPage: 10)
        _ = try site.build().get()
        #expect(site.output("list/page/5/index.html")?.contains("<ol>1 … 3 4 [5] 6 7 … 9 </ol>") == true)
        #expect(site.output("list/index.html")?.contains("<ol>[1] 2 3 … 9 </ol>") == true)
        #expect(site.output("list/page/8/index.html")?.contains("<ol>1 … 6 7 [8] 9 </ol>") == true)
        #expect(site.output("list/page/4/index.html")?.contains("<ol>1 2 3 [4] 5 6 … 9 </ol>") == true)
    }

    @Test func rowsThatFillTheLastPageExactlyMakeNoEmptyPage() throws {
        let site = try Self.listing(rows: 20, perPage: 10)
        #expect(try site.build().get().pagesRendered == 2)
        #expect(site.output("list/page/3/index.html") == nil)
    }

    @Test func anEmptyListingIsOnePageWithItsOwnEmptyText() throws {
        let site = try Self.listing(rows: 0, perPage: 10)
        #expect(try site.build().get().pagesRendered == 1)
        let html = try #require(site.output("list/index.html"))
        #expect(Self.paragraph(html) == "Nothing listed yet.")
        #expect(!html.contains("<ol>"), "one page has no page navigation")
        #expect(site.output("list/page/2/index.html") == nil)
    }

    @Test func laterPagesSitBelowTheFirstInBreadcrumbsAndAllAreInTheSitemap() throws {
        let site = try Self.listing(rows: 25, perPage: 10, extra: [
            "tally.yaml": "title: Test\nbase_url: https://example.org/\ndatabase: site.sqlite\npublish_users: [ada]\n",
        ])
        _ = try site.build().get()
        #expect(site.output("list/page/3/index.html")?.contains("<nav>Home > List > </nav>") == true)
        #expect(site.output("list/index.html")?.contains("<nav>Home > </nav>") == true)
        let sitemap = try #require(site.output("sitemap.xml"))
        for url in ["https://example.org/list/", "https://example.org/list/page/2/", "https://example.org/list/page/3/"] {
            #expect(sitemap.contains("<loc>\(url)</loc>"), "\(url)")
        }
        #expect(!sitemap.contains("page/4"))
    }

    @Test func templatedPagesArePaginatedEachOnItsOwnRows() throws {
        let site = try TestSite([
            "content/tags/[tag].md": "---\npages: SELECT 'big' AS tag, 12 AS n UNION ALL SELECT 'small', 2 UNION ALL SELECT 'none', 0\n"
                + "title: \"{{params.tag}}\"\npaginate: items\nper_page: 5\n---\n" + Self.numbers(upTo: ":n") + "{{#items}}{{i}} {{/items}}{{^items}}No items.{{/items}}\n",
            "templates/default.mustache": Self.layout,
        ])
        #expect(try site.build().get().pagesRendered == 5)
        #expect(Self.paragraph(site.output("tags/big/index.html")) == "1 2 3 4 5")
        #expect(Self.paragraph(site.output("tags/big/page/3/index.html")) == "11 12")
        #expect(site.output("tags/big/page/3/index.html")?.contains("<link rel=\"prev\" href=\"/tags/big/page/2/\">") == true)
        #expect(site.output("tags/big/page/3/index.html")?.contains("<nav>Home > Tags > big > </nav>") == true)
        #expect(Self.paragraph(site.output("tags/small/index.html")) == "1 2")
        #expect(site.output("tags/small/page/2/index.html") == nil)
        #expect(Self.paragraph(site.output("tags/none/index.html")) == "No items.")
    }

    @Test func otherQueriesOnThePageAreWholeOnEveryPage() throws {
        let site = try Self.listing(rows: 15, perPage: 10, extra: [
            "content/list/index.md": "---\npaginate: items\nper_page: 10\n---\n" + Self.numbers(upTo: "15") + Self.numbers("all", upTo: "15")
                + "{{#items}}{{i}} {{/items}}\n\n{{count(all)}} in all, {{paginator.total}} listed\n",
        ])
        _ = try site.build().get()
        #expect(site.output("list/page/2/index.html")?.contains("<p>15 in all, 15 listed</p>") == true)
    }

    @Test func pagesWithoutPaginationSeeANullPaginator() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n---\nx{{#paginator.paged}}paged{{/paginator.paged}}{{paginator.number}}y\n",
                                 "templates/default.mustache": Self.layout])
        _ = try site.build().get()
        #expect(Self.paragraph(site.output("a/index.html")) == "xy")
    }

    @Test func theSitesPaginationPartialMarksTheCurrentPageAndLabelsItsSteps() throws {
        func partial(_ name: String) throws -> String {
            try String(contentsOf: ExampleSite.repository.appendingPathComponent("templates/partials/\(name).mustache"), encoding: .utf8)
        }
        let site = try Self.listing(rows: 25, perPage: 10, extra: [
            "templates/partials/pagination.mustache": try partial("pagination"),
            "templates/partials/pagination-links.mustache": try partial("pagination-links"),
            "templates/default.mustache": "<title>{{page.title}}</title><main>{{{content}}}</main>\n{{> partials/pagination}}\n",
        ])
        _ = try site.build().get()
        let nav = try #require(site.output("list/page/2/index.html")?.components(separatedBy: "<nav").last)
        #expect(nav == """
             class="pagination" aria-label="Pages">
            <p class="pagination-status">Page 2 of 3 · 11–20 of 25</p>
            <ul>
            <li class="pagination-step"><a href="/list/" rel="prev"><span aria-hidden="true">←</span> Previous<span class="visually-hidden"> page</span></a></li>
            <li><a href="/list/"><span class="visually-hidden">Page </span>1</a></li>
            <li><a href="/list/page/2/" aria-current="page"><span class="visually-hidden">Page </span>2</a></li>
            <li><a href="/list/page/3/"><span class="visually-hidden">Page </span>3</a></li>
            <li class="pagination-step"><a href="/list/page/3/" rel="next">Next<span class="visually-hidden"> page</span> <span aria-hidden="true">→</span></a></li>
            </ul>
            </nav>

            """)
        #expect(site.output("list/index.html")?.contains("rel=\"prev\"") == false)
    }
}
