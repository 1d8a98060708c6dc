import Foundation
import Testing
import TallySite
import TallyTestSupport

/// `content/**/*.json.sql`: a query's rows written as JSON beside the pages.
@Suite struct DataFileTests {
    @Test func aJSONQueryFileWritesItsRowsInColumnOrder() throws {
        let site = try TestSite(["content/search.json.sql": "SELECT name, slug, rating, verified, city\nFROM organizations ORDER BY slug\n"],
                                seedSQL: """
            INSERT INTO organizations (slug, name, rating, verified, city, created_at) VALUES
              ('a', 'A "quoted" <b>name</b>', 3.5, 1, NULL, '2024-01-01'), ('b', 'Line\nbreak & tab\t', NULL, 0, 'Köln', '2024-01-01');
            """)
        _ = try site.build().get()
        #expect(site.output("search.json") == """
            [
            {"name":"A \\"quoted\\" \\u003cb\\u003ename\\u003c/b\\u003e","slug":"a","rating":3.5,"verified":1,"city":null},
            {"name":"Line\\nbreak \\u0026 tab\\t","slug":"b","rating":null,"verified":0,"city":"Köln"}
            ]

            """)
        let parsed = try JSONSerialization.jsonObject(with: Data(try #require(site.output("search.json")).utf8)) as? [[String: Any]]
        #expect(parsed?.first?["name"] as? String == "A \"quoted\" <b>name</b>")
    }

    @Test func anEmptyResultIsAnEmptyArray() throws {
        let site = try TestSite(["content/data/none.json.sql": "SELECT name FROM organizations"])
        _ = try site.build().get()
        #expect(site.output("data/none.json") == "[]\n")
    }

    @Test func anSQLErrorPointsIntoTheFile() throws {
        let site = try TestSite(["content/search.json.sql": "SELECT name,\n  nmae\nFROM organizations\n"])
        #expect(site.errors() == [
            "content/search.json.sql:2:1: error: no such column: nmae (in query 'search.json')\n  hint: check the column names; `tally docs database` lists every table's columns",
        ])
    }
}

/// `content/**/*.csv.sql`, ```` ```sql name csv ```` and a table block's `csv: true`: rows as RFC 4180 CSV.
@Suite struct CSVFileTests {
    static let seed = """
        INSERT INTO organizations (slug, name, city, created_at) VALUES
          ('a', '=HYPERLINK("http://x")', 'Köln, DE', '2024-01-01'), ('b', 'Plain', NULL, '2024-01-02');
        """

    @Test func aCSVQueryFileWritesRFC4180WithoutABOM() throws {
        let site = try TestSite(["content/data/orgs.csv.sql": "SELECT slug, name, city, -12.5 AS change FROM organizations ORDER BY slug\n"],
                                seedSQL: Self.seed)
        _ = try site.build().get()
        let text = try #require(site.output("data/orgs.csv"))
        #expect(text == "slug,name,city,change\r\na,\"'=HYPERLINK(\"\"http://x\"\")\",\"Köln, DE\",-12.5\r\nb,Plain,,-12.5\r\n")
        #expect(!text.hasPrefix("\u{FEFF}"))
        let again = try TestSite(["content/data/orgs.csv.sql": "SELECT slug, name, city, -12.5 AS change FROM organizations ORDER BY slug\n"],
                                 seedSQL: Self.seed)
        _ = try again.build().get()
        #expect(again.output("data/orgs.csv") == text)
    }

    @Test func aCSVQueryErrorPointsIntoTheFile() throws {
        let site = try TestSite(["content/data/orgs.csv.sql": "SELECT slug,\n  nmae\nFROM organizations\n"])
        #expect(site.errors() == [
            "content/data/orgs.csv.sql:2:1: error: no such column: nmae (in query 'data/orgs.csv')\n  hint: check the column names; `tally docs database` lists every table's columns",
        ])
    }

    @Test func aTableBlockWithCSVLinksToItsRowsBesideThePage() throws {
        let site = try TestSite(["content/list.md": """
            ```sql orgs
            SELECT name, city FROM organizations ORDER BY slug
            ```
            ```table
            data: orgs
            title: Organizations
            csv: true
            ```
            """], seedSQL: Self.seed)
        _ = try site.build().get()
        let html = try #require(site.output("list/index.html"))
        #expect(html.contains("<p class=\"tally-download\"><a href=\"orgs.csv\" download>Download Organizations as CSV</a> (2 rows)</p>"))
        #expect(site.output("list/orgs.csv") == "name,city\r\n\"'=HYPERLINK(\"\"http://x\"\")\",\"Köln, DE\"\r\nPlain,\r\n")
    }

    /// The home page's folder is the output's own: its file is `orgs.csv`, with no folder before it.
    @Test func anSQLBlockMarkedCSVOnTheHomePageIsWrittenAtTheTop() throws {
        let site = try TestSite(["content/index.md": """
            ```sql orgs csv
            SELECT name FROM organizations ORDER BY slug
            ```
            [Download](orgs.csv)
            """], seedSQL: Self.seed)
        _ = try site.build().get()
        #expect(site.output("orgs.csv") == "name\r\n\"'=HYPERLINK(\"\"http://x\"\")\"\r\nPlain\r\n")
    }

    @Test func anSQLBlockMarkedCSVIsWrittenBesideEachTemplatedPage() throws {
        let site = try TestSite(["content/o/[slug].md": """
            ---
            pages: SELECT slug FROM organizations
            ---
            ```sql org csv
            SELECT name FROM organizations WHERE slug = :slug
            ```
            [Download](org.csv)
            """], seedSQL: Self.seed)
        _ = try site.build().get()
        #expect(site.output("o/b/org.csv") == "name\r\nPlain\r\n")
        #expect(site.output("o/a/org.csv") == "name\r\n\"'=HYPERLINK(\"\"http://x\"\")\"\r\n")
    }

    @Test func csvInATableBlockMustBeTrueOrFalse() throws {
        let site = try TestSite(["content/list.md": """
            ```sql orgs
            SELECT name FROM organizations
            ```
            ```table
            data: orgs
            csv: sometimes
            ```
            """])
        #expect(site.errors() == [
            "content/list.md:6:6: error: `csv` must be true or false\n  hint: see `tally docs charts#table-blocks`",
        ])
    }

    @Test(arguments: ["```sql orgs json", "```sql orgs csv csv", "```sql orgs first_page csv json"])
    func anSQLBlockTakesOnlyCSVAndFirstPageAfterItsName(_ fence: String) throws {
        let site = try TestSite(["content/list.md": fence + "\nSELECT name FROM organizations\n```\n"])
        #expect(site.errors() == [
            "content/list.md:1:1: error: an sql query block takes one name, then `csv` and `first_page`, each at most once\n  hint: write ```sql gifts — the rows are then available as {{#gifts}}…{{/gifts}}; ```sql gifts csv also writes them beside the page as gifts.csv, and on a paginated page ```sql total first_page shows them on the listing's first page only",
        ])
    }
}
