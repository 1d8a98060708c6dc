import Foundation
import TallySite
import TallyTestSupport
import Testing

/// ```` ```sql name first_page ````: a paginated page's other query shown on the listing's first page only, its
/// later pages getting no rows of it, with `paginator.first` to tell the first page in a template.
@Suite struct FirstPageQueryTests {
    static let body = """
        ```sql total first_page
        SELECT 3 AS n
        ```
        {{#total}}Total {{n}}.{{/total}}{{#paginator.first}}{{^total}}No total.{{/total}}{{/paginator.first}}
        {{#items}}{{i}} {{/items}}{{^paginator.first}}(continued){{/paginator.first}}

        """

    static func listing(fromEnd: Bool = false) throws -> TestSite {
        try TestSite([
            "content/list.md": "---\ntitle: List\npaginate: items\nper_page: 2\n" + (fromEnd ? "paginate_from: end\n" : "") + "---\n"
                + PaginationTests.numbers(upTo: "5") + body,
            "templates/default.mustache": "<main>{{{content}}}</main>\n",
        ])
    }

    @Test func onlyTheFirstPageShowsTheQuery() throws {
        let site = try Self.listing()
        #expect(try site.build().get().pagesRendered == 3)
        #expect(site.output("list/index.html") == "<main><p>Total 3.\n1 2</p>\n</main>\n")
        #expect(site.output("list/page/2/index.html") == "<main><p>3 4 (continued)</p>\n</main>\n")
        #expect(site.output("list/page/3/index.html") == "<main><p>5 (continued)</p>\n</main>\n")
    }

    /// Numbered from its end, the first page is still the one at the listing's own URL, which readers land on.
    @Test func aListingNumberedFromItsEndShowsItOnThePageAtItsOwnURL() throws {
        let site = try Self.listing(fromEnd: true)
        _ = try site.build().get()
        #expect(site.output("list/index.html") == "<main><p>Total 3.\n1 2 3</p>\n</main>\n")
        #expect(site.output("list/page/1/index.html") == "<main><p>4 5 (continued)</p>\n</main>\n")
    }

    /// A chart of such a query, between `{{#paginator.first}}` lines, is drawn on the first page and left out of
    /// the others, without an error for the rows they lack.
    @Test func aChartOfTheQueryIsLeftOutOfLaterPages() throws {
        let site = try TestSite([
            "content/list.md": "---\ntitle: List\npaginate: items\nper_page: 2\n---\n" + PaginationTests.numbers(upTo: "5")
                + "```sql split first_page\nSELECT 'a' AS part, 3 AS n UNION ALL SELECT 'b', 5\n```\n"
                + "{{#paginator.first}}\n```chart\ntype: bar\ndata: split\nx: part\ny: n\ntitle: Parts\n```\n{{/paginator.first}}\n"
                + "{{#items}}{{i}} {{/items}}\n",
            "templates/default.mustache": "<main>{{{content}}}</main>\n",
        ])
        #expect(try site.build().get().pagesRendered == 3)
        #expect(site.output("list/index.html")?.contains("<figcaption>Parts</figcaption><svg") == true)
        #expect(site.output("list/page/2/index.html") == "<main><p>3 4</p>\n</main>\n")
    }

    @Test func aQueryMarkedFirstPageOnAPageWithoutPaginateIsAnError() throws {
        let site = try TestSite(["content/list.md": "---\ntitle: List\n---\n```sql total first_page\nSELECT 3 AS n\n```\n{{#total}}{{n}}{{/total}}\n"])
        #expect(site.errors() == [
            "content/list.md:4:1: error: `first_page` is set on query `total` but the page has no `paginate`\n  hint: `first_page` shows a query on a listing's first page only: split another query into pages with `paginate`, or remove `first_page`",
        ])
    }

    @Test func theQuerySplitIntoPagesCannotBeFirstPage() throws {
        let site = try TestSite(["content/list.md": "---\ntitle: List\npaginate: items\n---\n```sql items first_page\nSELECT 1 AS i\n```\n{{#items}}{{i}}{{/items}}\n"])
        #expect(site.errors() == [
            "content/list.md:5:1: error: `first_page` is set on `items`, the query split into pages\n  hint: every page shows its own rows of `items`: mark the page's other queries `first_page`, not this one",
        ])
    }
}
