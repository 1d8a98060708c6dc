import TallySite
import TallyTestSupport
import Testing

/// Each bad `paginate` or `per_page`, and each URL a page of a listing cannot have, with its exact diagnostic.
@Suite struct PaginationDiagnosticTests {
    static func errors(_ frontMatter: String, file: String = "content/list.md") throws -> [String] {
        try TestSite([file: "---\n\(frontMatter)\n---\n```sql items\nSELECT 1 AS i\n```\n```sql totals\nSELECT 2 AS n\n```\n{{#items}}{{i}}{{/items}}{{totals.n}}\n"]).errors()
    }

    @Test func aQueryNameThatIsNotOnThePageSuggestsTheClosest() throws {
        #expect(try Self.errors("paginate: itemz") == [
            "content/list.md:2:1: error: `paginate` names no query on this page: `itemz`\n  hint: did you mean `items`? queries on this page: items, totals",
        ])
    }

    @Test func aPageWithoutQueriesSaysSo() throws {
        let site = try TestSite(["content/list.md": "---\npaginate: items\n---\nNo queries here.\n"])
        #expect(site.errors() == [
            "content/list.md:2:1: error: `paginate` names no query on this page: `items`\n  hint: this page has no ```sql blocks",
        ])
    }

    @Test(arguments: ["0", "-5", "ten", "2.5"]) func aPageSizeMustBeAWholeNumberAboveZero(_ size: String) throws {
        #expect(try Self.errors("paginate: items\nper_page: \(size)") == [
            "content/list.md:3:11: error: front matter `per_page` must be a whole number above 0\n  hint: see `tally docs content`",
        ])
    }

    @Test func paginateMustNameAQuery() throws {
        #expect(try Self.errors("paginate: [items, totals]") == [
            "content/list.md:2:11: error: front matter `paginate` must be the name of a query on this page\n  hint: see `tally docs content`",
        ])
    }

    @Test func aPageSizeWithoutPaginateIsAnError() throws {
        #expect(try Self.errors("title: List\nper_page: 20") == [
            "content/list.md:3:1: error: `per_page` is set but the page has no `paginate`\n  hint: name the query to split into pages, e.g. `paginate: items`",
        ])
    }

    @Test func theNotFoundPageCannotBePaginated() throws {
        #expect(try Self.errors("paginate: items", file: "content/404.md") == [
            "content/404.md:2:1: error: the 404 page cannot be paginated\n  hint: remove `paginate`: hosts serve /404.html for every missing address, so it has no page 2",
        ])
    }

    @Test func aPageAtTheURLOfALaterPageOfAListingIsReported() throws {
        let site = try TestSite([
            "content/list/index.md": "---\npaginate: items\nper_page: 1\n---\n```sql items\nSELECT 1 AS i UNION ALL SELECT 2\n```\n{{#items}}{{i}}{{/items}}\n",
            "content/list/page/2.md": "Taken.\n",
        ])
        #expect(site.errors() == [
            "content/list/index.md:2:1: error: page 2 of this listing has the URL /list/page/2/, already used by content/list/page/2.md\n  hint: every page needs its own URL; move the other page, or show more rows a page with `per_page`",
        ])
    }

    @Test func aMisspeltPaginatorKeyIsAnError() throws {
        let site = try TestSite(["content/a.md": "Next: {{paginator.nxt_url}}\n"])
        #expect(site.errors() == [
            "content/a.md:1:7: error: unknown name `paginator.nxt_url`\n  hint: did you mean `next_url`? `paginator` has: first, first_row, first_url, last_row, last_url, links, next_url, number, paged, pages, per_page, previous_url, total, url",
        ])
    }
}
