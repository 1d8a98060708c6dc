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
