import Foundation
import Testing
import TallySite
import TallyTestSupport

/// ```chart and ```table blocks: drawn in place from a page query, or handed to the layout by id.
@Suite struct PageBlockTests {
    static let gifts = """
        INSERT INTO users (id, username, created_at) VALUES (1, 'ada', '2024-01-01');
        INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'amf', 'Against Malaria <Foundation>', '2024-01-01');
        INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES
          (1, 1, 12500, 'USD', '2023-03-05'), (1, 1, 5000, 'USD', '2024-07-01'), (1, 1, 900, 'EUR', '2024-08-09');
        """

    static let byYear = "```sql by_year\nSELECT substr(donated_at, 1, 4) AS year, SUM(amount_cents) AS total_cents\n"
        + "FROM donations WHERE currency = 'USD' GROUP BY year ORDER BY year\n```\n"

    @Test func aChartBlockIsDrawnInPlaceAsAFigureWithItsTable() throws {
        let site = try TestSite(["content/index.md": Self.byYear + "Before.\n```chart\ntype: bar\ndata: by_year\nx: year\ny: total_cents\n"
                                    + "currency: USD\ntitle: Giving by year\n```\nAfter.\n"], seedSQL: Self.gifts)
        _ = try site.build().get()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<p>Before.</p>\n<figure class=\"tally-chart\"><figcaption>Giving by year</figcaption><svg"))
        #expect(html.contains("</figure><p>After.</p>"))
        #expect(html.contains("role=\"img\" aria-labelledby=\"chart-1-title chart-1-desc\""))
        #expect(html.contains("<title>2023: $125.00</title>"))
        #expect(!html.contains("tallyfragment"))
        #expect(site.output("charts.css")?.contains("--tally-series-1") == true)
    }

    @Test func aBlockTitleCanUseThePageData() throws {
        let site = try TestSite(["content/index.md": "---\ntitle: Ada's gifts\n---\n" + Self.byYear
                                    + "```chart\ntype: bar\ndata: by_year\nx: year\ny: total_cents\ncurrency: USD\n"
                                    + "title: \"{{page.title}} from {{by_year.year}} <on>\"\n```\n"], seedSQL: Self.gifts)
        _ = try site.build().get()
        #expect(site.output("index.html")?.contains("<figcaption>Ada&#39;s gifts from 2023 &lt;on&gt;</figcaption>") == true)
    }

    @Test func twoChartsOnAPageHaveTheirOwnIds() throws {
        let chart = "```chart\ntype: line\ndata: by_year\nx: year\ny: total_cents\n```\n"
        let site = try TestSite(["content/index.md": Self.byYear + chart + "\n" + chart], seedSQL: Self.gifts)
        _ = try site.build().get()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("id=\"chart-1-title\""))
        #expect(html.contains("id=\"chart-2-title\""))
    }

    @Test func aTableBlockFormatsMoneyDatesAndNumbersAndEscapesText() throws {
        let site = try TestSite(["content/index.md": """
            ```sql gifts
            SELECT o.name AS organization, d.donated_at, d.amount_cents, d.currency, 3 AS units
            FROM donations d JOIN organizations o ON o.id = d.organization_id ORDER BY d.donated_at
            ```

            ```table
            data: gifts
            title: Every gift
            headers: {donated_at: Date}
            ```
            """], seedSQL: Self.gifts)
        _ = try site.build().get()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<div class=\"tally-table\" role=\"region\" tabindex=\"0\" aria-label=\"Every gift\"><table><caption>Every gift</caption><thead><tr><th scope=\"col\">Organization</th>"
                              + "<th scope=\"col\">Date</th><th scope=\"col\" class=\"num\">Amount</th><th scope=\"col\" class=\"num\">Units</th></tr></thead>"))
        #expect(html.contains("<tr><td>Against Malaria &lt;Foundation&gt;</td><td>Mar 5, 2023</td><td class=\"num\">$125.00</td><td class=\"num\">3</td></tr>"))
        #expect(html.contains("<td class=\"num\">€9.00</td>"))
    }

    @Test func anEmptyTableSaysSo() throws {
        let site = try TestSite(["content/index.md": "```sql none\nSELECT name FROM organizations WHERE 0\n```\n\n```table\ndata: none\ncolumns: [name]\n```\n"])
        _ = try site.build().get()
        #expect(site.output("index.html")?.contains("<tbody><tr><td colspan=\"1\">No rows</td></tr></tbody>") == true)
    }

    @Test func aTableWithoutTitleIsARegionNamedByItsColumns() throws {
        let site = try TestSite(["content/index.md": "```sql orgs\nSELECT name, 1 AS gift_cents FROM organizations LIMIT 1\n```\n\n```table\ndata: orgs\n```\n"])
        _ = try site.build().get()
        #expect(site.output("index.html")?.contains(
            "<div class=\"tally-table\" role=\"region\" tabindex=\"0\" aria-label=\"Table: Name, Gift\"><table><thead>") == true)
    }

    @Test func markdownTablesAndCodeOnAPageAreFocusableRegions() throws {
        let site = try TestSite(["content/index.md": "## Gifts\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```yaml\nx: 1\n```\n"])
        _ = try site.build().get()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<div class=\"tally-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Gifts\">\n<table>"))
        #expect(html.contains("<div class=\"tally-scroll tally-code\" role=\"region\" tabindex=\"0\" aria-label=\"Code: yaml\">\n<pre>"))
    }

    @Test func aBlockWithAnIdGoesToTheLayoutInstead() throws {
        let site = try TestSite([
            "content/index.md": Self.byYear + "Body.\n\n```chart\nid: trend\ntype: sparkline\ndata: by_year\ny: total_cents\n```\n",
            "templates/default.mustache": "<main>{{{content}}}</main><aside>{{{charts.trend}}}</aside>\n",
        ], seedSQL: Self.gifts)
        _ = try site.build().get()
        let html = try #require(site.output("index.html"))
        #expect(html.hasPrefix("<main><p>Body.</p>\n</main><aside><figure class=\"tally-chart tally-spark\"><svg"))
    }

    @Test(arguments: [
        ("```chart\ntype: pi\ndata: by_year\nx: year\ny: total_cents\n```\n",
         "content/a.md:6:1: error: unknown chart type \"pi\"\n  hint: did you mean \"pie\"? Chart types: bar, hbar, grouped-bar, stacked-bar, percent-bar, line, area, stacked-area, pie, donut, calendar, histogram, sparkline, progress"),
        ("```chart\ntype: bar\ndata: by_year\nx: year\ny: totl\n```\n",
         "content/a.md:9:1: error: y: column \"totl\" is not in the query result (in chart of 'by_year')\n  hint: available columns: year, total_cents"),
        ("```chart\ntype: bar\ndata: by_yaer\nx: year\ny: total_cents\n```\n",
         "content/a.md:7:1: error: no query named `by_yaer` on this page\n  hint: queries on this page: by_year"),
        ("```chart\ntype: bar\nx: year\ny: total_cents\n```\n",
         "content/a.md:5:1: error: a chart block needs `data`, the query it shows\n  hint: queries on this page: by_year"),
        ("```chart\ntype: bar\ndata: by_year\nx: year\ntitel: Gifts\n```\n",
         "content/a.md:9:1: error: unknown key \"titel\" in chart block\n  hint: did you mean \"title\"? Keys: type, title, description, x, y, series, format, currency, currency_column, bins, target, limit, color, year, months, width, height, labels, headers, data"),
        ("```chart\ntype: bar\ndata: by_year\ny: {a: 1}\n```\n",
         "content/a.md:8:1: error: `y` cannot be a mapping\n  hint: write a single value or a list such as [income, spending]"),
        ("```chart\ntype: bar\ndata: by_year\nx: year\ny: total_cents\nheaders: {totl: Total}\n```\n",
         "content/a.md:10:1: error: headers: column \"totl\" is not in the query result (in chart of 'by_year')\n  hint: available columns: year, total_cents"),
        ("```chart\ntype: bar\ndata: by_year\nx: year\ny: total_cents\nheaders: Total\n```\n",
         "content/a.md:10:1: error: \"headers\" must be a mapping of column: header text, not \"Total\"\n  hint: see `tally docs charts` for the values \"headers\" takes"),
        ("```chart gifts\ntype: bar\n```\n",
         "content/a.md:5:1: error: a chart block takes no name after ```chart\n  hint: name its query inside the block: `data: gifts`"),
        ("```chart\ntype: [bar\n```\n",
         "content/a.md:6:7: error: invalid YAML: while parsing a flow sequence did not find expected ',' or ']'\n  hint: check that what starts on this line is closed"),
        ("```table\ndata: by_year\ncolumn: [year]\n```\n",
         "content/a.md:7:1: error: unknown key `column` in table block\n  hint: did you mean `columns`? Keys: data, id, title, columns, headers, formats, csv"),
        ("```table\ndata: by_year\ncolumns: [year, totl]\n```\n",
         "content/a.md:7:1: error: columns: column \"totl\" is not in the query result (in table of 'by_year')\n  hint: available columns: year, total_cents"),
        ("```table\ndata: by_year\nformats: {year: calendar}\n```\n",
         "content/a.md:7:10: error: unknown format `calendar` for column `year`\n  hint: formats: auto, text, number, money, percent, date, month, stars"),
        ("```table\nid: Big Table\ndata: by_year\n```\n",
         "content/a.md:6:5: error: `id` must be a name of lowercase letters, digits and _\n  hint: the layout then shows the block with {{{charts.<id>}}}"),
    ])
    func blockMistakesPointAtTheKey(block: String, expected: String) throws {
        let site = try TestSite(["content/a.md": Self.byYear + block], seedSQL: Self.gifts)
        #expect(site.errors() == [expected])
    }

    @Test func everyBadKeyOfAChartBlockIsReportedAtItsLine() throws {
        let block = "```chart\ntype: bar\ndata: by_year\ntitel: Gifts\nx: year\ny: total_cents\nbins: 4\ncurency: USD\n```\n"
        let site = try TestSite(["content/a.md": Self.byYear + block], seedSQL: Self.gifts)
        let keys = "Keys: type, title, description, x, y, series, format, currency, currency_column, bins, target, limit, color, year, months, width, height, labels, headers, data"
        #expect(site.errors() == [
            "content/a.md:8:1: error: unknown key \"titel\" in chart block\n  hint: did you mean \"title\"? " + keys,
            "content/a.md:11:1: error: \"bins\" does not apply to a bar chart\n  hint: remove it; it is used by: histogram",
            "content/a.md:12:1: error: unknown key \"curency\" in chart block\n  hint: did you mean \"currency\"? " + keys,
        ])
    }

    /// `currency: USD` over rows whose currency column says EUR would draw €9.00 as $9.00.
    @Test func aDeclaredCurrencyTheRowsContradictIsAnErrorAtItsLine() throws {
        let query = "```sql all\nSELECT substr(donated_at, 1, 4) AS year, currency, SUM(amount_cents) AS total_cents\n"
            + "FROM donations GROUP BY 1, 2 ORDER BY 1, 2\n```\n"
        let site = try TestSite(["content/a.md": query + "```chart\ntype: bar\ndata: all\nx: year\ny: total_cents\ncurrency: USD\n```\n"],
                                seedSQL: Self.gifts)
        #expect(site.errors() == [
            "content/a.md:10:1: error: column \"currency\" has \"EUR\" in row 2, but the chart says \"currency: USD\"; its amounts "
                + "would be drawn as USD (in chart of 'all')\n  hint: write \"currency_column: currency\" instead to draw one chart per "
                + "currency, or keep one currency with WHERE currency = 'USD' in the query",
        ])
    }
}
