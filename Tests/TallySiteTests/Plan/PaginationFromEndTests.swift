import Foundation
import TallySite
import TallyTestSupport
import Testing

/// `paginate_from: end` numbers a listing's pages from its query's last row: the last `per_page` rows are
/// `page/1/`, and the listing's own URL, with the highest number, shows the rows left over at the start together
/// with the full page after them.
@Suite struct PaginationFromEndTests {
    static func listing(rows: Int, perPage: Int, extra: [String: String] = [:]) throws -> TestSite {
        var files = ["content/list/index.md": "---\ntitle: List\npaginate: items\nper_page: \(perPage)\npaginate_from: end\n---\n"
                        + PaginationTests.numbers(upTo: String(rows)) + "{{#items}}{{i}} {{/items}}{{^items}}Nothing listed yet.{{/items}}\n",
                     "templates/default.mustache": PaginationTests.layout]
        files.merge(extra) { $1 }
        return try TestSite(files)
    }

    static func paragraph(_ html: String?) -> String? { PaginationTests.paragraph(html) }

    @Test func theLastRowsAreThePageNumberedOneAndTheFirstPageHasTheRestWithAFullPage() throws {
        let site = try Self.listing(rows: 35, perPage: 10)
        #expect(try site.build().get().pagesRendered == 3)
        #expect(Self.paragraph(site.output("list/index.html")) == (1...15).map(String.init).joined(separator: " "),
                "the five left over join the first full page: the page a reader lands on is never a stub")
        #expect(Self.paragraph(site.output("list/page/2/index.html")) == "16 17 18 19 20 21 22 23 24 25")
        #expect(Self.paragraph(site.output("list/page/1/index.html")) == "26 27 28 29 30 31 32 33 34 35")
        #expect(site.output("list/page/3/index.html") == nil, "the first page's number has no URL but the listing's own")
        #expect(site.output("list/page/4/index.html") == nil && site.output("list/page/0/index.html") == nil)
    }

    @Test func fewerRowsThanTwoPagesAreOnePage() throws {
        let site = try Self.listing(rows: 19, perPage: 10)
        #expect(try site.build().get().pagesRendered == 1)
        #expect(Self.paragraph(site.output("list/index.html")) == (1...19).map(String.init).joined(separator: " "))
        #expect(site.output("list/page/1/index.html") == nil)
    }

    @Test func thePaginatorCountsFromTheEndAndLinksInReadingOrder() throws {
        let site = try Self.listing(rows: 35, perPage: 10)
        _ = try site.build().get()
        let first = try #require(site.output("list/index.html"))
        #expect(first.contains("<title>List</title>"))
        #expect(!first.contains("rel=\"prev\""))
        #expect(first.contains("<link rel=\"next\" href=\"/list/page/2/\">"))
        #expect(first.contains("<p>3/3, rows 21-35 of 35, 10 a page, first /list/, last /list/page/1/, here /list/</p>"))
        #expect(first.contains("<ol>[3] 2 1 </ol>"))
        let middle = try #require(site.output("list/page/2/index.html"))
        #expect(middle.contains("<title>List, page 2</title>"))
        #expect(middle.contains("<link rel=\"prev\" href=\"/list/\">"))
        #expect(middle.contains("<link rel=\"next\" href=\"/list/page/1/\">"))
        #expect(middle.contains("<p>2/3, rows 11-20 of 35, 10 a page, first /list/, last /list/page/1/, here /list/page/2/</p>"))
        let last = try #require(site.output("list/page/1/index.html"))
        #expect(last.contains("<link rel=\"prev\" href=\"/list/page/2/\">"))
        #expect(!last.contains("rel=\"next\""))
        #expect(last.contains("<p>1/3, rows 1-10 of 35"))
        #expect(last.contains("<ol>3 2 [1] </ol>"))
    }

    /// The point of numbering from the end: with rows added at the start, an older page keeps its rows and URL.
    @Test func rowsAddedAtTheStartLeaveTheOlderPagesAsTheyWere() throws {
        // No `paginator.total`, which every page would show.
        let layout = ["templates/default.mustache": "<main>{{{content}}}</main>{{paginator.number}}/{{paginator.pages}} {{paginator.first_row}}-{{paginator.last_row}}\n"]
        let before = try Self.listing(rows: 35, perPage: 10, extra: layout)
        _ = try before.build().get()
        // Rows 0 and -1 added before row 1: the query gives -1 … 35.
        let after = try Self.listing(rows: 25, perPage: 10, extra: layout.merging([
            "content/list/index.md": "---\ntitle: List\npaginate: items\nper_page: 10\npaginate_from: end\n---\n```sql items\n"
                + "WITH RECURSIVE s(i) AS (SELECT -1 UNION ALL SELECT i + 1 FROM s WHERE i < 35) SELECT i FROM s\n```\n"
                + "{{#items}}{{i}} {{/items}}\n",
        ]) { $1 })
        _ = try after.build().get()
        #expect(Self.paragraph(after.output("list/index.html")) == (-1...15).map(String.init).joined(separator: " "))
        for page in ["list/page/1/index.html", "list/page/2/index.html"] {
            #expect(after.output(page) == before.output(page), "\(page)")
        }
    }

    @Test func rowsThatFillEveryPageExactlyMakeAFullFirstPage() throws {
        let site = try Self.listing(rows: 20, perPage: 10)
        #expect(try site.build().get().pagesRendered == 2)
        #expect(Self.paragraph(site.output("list/index.html")) == "1 2 3 4 5 6 7 8 9 10")
        #expect(Self.paragraph(site.output("list/page/1/index.html")) == "11 12 13 14 15 16 17 18 19 20")
        #expect(site.output("list/page/2/index.html") == nil)
    }

    @Test func anEmptyListingIsOnePageWithItsOwnEmptyText() throws {
        let site = try Self.listing(rows: 0, perPage: 10)
        #expect(try site.build().get().pagesRendered == 1)
        #expect(Self.paragraph(site.output("list/index.html")) == "Nothing listed yet.")
        #expect(site.output("list/page/1/index.html") == nil)
    }

    /// Windows of 16 pages whose edges fall inside a page, since the first page holds 150 rows.
    @Test func aLongListingIsWrittenWindowByWindowWithPagesCountedFromTheEnd() throws {
        let site = try Self.listing(rows: 4_150, perPage: 100)
        #expect(try site.build().get().pagesRendered == 41)
        func rows(_ range: ClosedRange<Int>) -> String { range.map(String.init).joined(separator: " ") }
        #expect(Self.paragraph(site.output("list/index.html")) == rows(1...150))
        #expect(Self.paragraph(site.output("list/page/40/index.html")) == rows(151...250))
        #expect(Self.paragraph(site.output("list/page/26/index.html")) == rows(1_551...1_650))
        #expect(Self.paragraph(site.output("list/page/25/index.html")) == rows(1_651...1_750))
        #expect(Self.paragraph(site.output("list/page/1/index.html")) == rows(4_051...4_150))
        #expect(site.output("list/page/41/index.html") == nil)
    }

    @Test func laterPagesAreInTheSitemapByTheirNumbers() throws {
        let site = try Self.listing(rows: 35, perPage: 10, extra: [
            "tally.yaml": "title: Test\nbase_url: https://example.org/\ndatabase: site.sqlite\npublish_users: [ada]\n",
        ])
        _ = try site.build().get()
        #expect(site.output("list/page/1/index.html")?.contains("<nav>Home > List > </nav>") == true)
        let sitemap = try #require(site.output("sitemap.xml"))
        for url in ["https://example.org/list/", "https://example.org/list/page/1/", "https://example.org/list/page/2/"] {
            #expect(sitemap.contains("<loc>\(url)</loc>"), "\(url)")
        }
        #expect(!sitemap.contains("page/3"))
    }

    @Test func paginateFromIsStartOrEnd() throws {
        #expect(try PaginationDiagnosticTests.errors("paginate: items\npaginate_from: last") == [
            "content/list.md:3:16: error: front matter `paginate_from` must be `start` or `end`\n  hint: see `tally docs content`",
        ])
        #expect(try PaginationDiagnosticTests.errors("paginate: items\npaginate_from: start").isEmpty)
    }

    @Test func paginateFromWithoutPaginateIsAnError() throws {
        #expect(try PaginationDiagnosticTests.errors("title: List\npaginate_from: end") == [
            "content/list.md:3:1: error: `paginate_from` is set but the page has no `paginate`\n  hint: name the query to split into pages, e.g. `paginate: items`",
        ])
    }

    /// A URL another page has would move every page's number: the listing keeps its first page only, and says why.
    @Test func aPageAtTheURLOfALaterPageIsReported() throws {
        let site = try TestSite([
            "content/list/index.md": "---\npaginate: items\nper_page: 1\npaginate_from: end\n---\n```sql items\nSELECT 1 AS i UNION ALL SELECT 2 UNION ALL SELECT 3\n```\n{{#items}}{{i}}{{/items}}\n",
            "content/list/page/1.md": "Taken.\n",
        ])
        #expect(site.errors() == [
            "content/list/index.md:2:1: error: page 1 of this listing has the URL /list/page/1/, already used by content/list/page/1.md\n  hint: every page needs its own URL; move the other page, or show more rows a page with `per_page`",
        ])
    }
}
